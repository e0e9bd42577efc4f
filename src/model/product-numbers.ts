// The product's numbers (src/data/product-numbers.yaml): their declaration, how they are written, and the checks of numbers stated in pages and spec texts.
import path from 'node:path';
import * as z from 'zod';
import {AuthoringError} from './authoringError';
import {inWords, numberWords} from './number-words';
import {queryLimits, type QueryLimitName} from './query-limits';
import {readYaml, where} from './yaml';
import {readDataFile} from './dataFile';
import {readPage} from './page-reading';
import {type JsonValue} from './openapi-types';
import {months} from './dates';

/**
 * The product's numbers (src/data/product-numbers.yaml): its limits,
 * durations and dates, declared once. Pages state them with
 * `<Limit name="…" />` (remark.ts replaces it with text at build time); the
 * content rules fail a page that types one by hand or contradicts it, and
 * the API model's load fails a spec text that contradicts one.
 */

export const productNumbersPath = 'src/data/product-numbers.yaml';
/** The spec document that `schema:` pointers are read from. */
const rootSpecPath = 'openapi/openapi.yaml';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const valueMessage = 'a value is a number, or a date as YYYY-MM-DD';

/**
 * One declared number: exactly one source of its value (the number or
 * date itself, a pointer into the spec's root document, or a limit of the
 * Advanced query language), the words after it and how prose states it.
 */
const declaredNumberSchema = z
  .strictObject({
    value: z
      .union([z.number(), z.string().regex(isoDate, {error: valueMessage})], {
        error: valueMessage,
      })
      .optional(),
    schema: z
      .string()
      .startsWith('#/', 'a pointer into the spec starts #/')
      .optional(),
    /** A limit of the Advanced query language (src/model/query-limits.ts). */
    language: z.enum(Object.keys(queryLimits) as [QueryLimitName]).optional(),
    unit: z.string().min(1),
    says: z
      .array(
        z.string().includes('{n}', {
          message: 'each phrasing has {n} where the number stands',
        }),
      )
      .min(1),
  })
  .refine(
    (entry) =>
      [entry.value, entry.schema, entry.language].filter(
        (source) => source !== undefined,
      ).length === 1,
    'give one of value (a number or a YYYY-MM-DD date), schema (a pointer into openapi/openapi.yaml) or language (a query-language limit)',
  );

const productNumbersSchema = z.record(
  z.string().regex(/^[a-z][a-z0-9_]*$/, 'a name is snake_case'),
  declaredNumberSchema,
);

export interface ProductNumber {
  name: string;
  /** A number, or a date as `YYYY-MM-DD`. */
  value: number | string;
  unit: string;
  /** The phrasings prose states it with; the number is their first group. */
  says: RegExp[];
}

const numberPattern = `(\\d{1,3}(?:,\\d{3})+|\\d+|${numberWords.join('|')})`;
const datePattern = `(\\d{4}-\\d{2}-\\d{2}|\\d{1,2} (?:${months.join('|')}) \\d{4})`;

/** A number as prose writes it (digits or a word), or a date, as `YYYY-MM-DD`. */
function parseStated(text: string): number | string {
  const lower = text.toLowerCase();
  const word = numberWords.findIndex((candidate) => candidate === lower);
  if (word >= 0) {
    return word;
  }
  const long = /^(\d{1,2}) (\w+) (\d{4})$/.exec(text);
  if (long) {
    const month = String(months.indexOf(long[2]!) + 1).padStart(2, '0');
    return `${long[3]}-${month}-${long[1]!.padStart(2, '0')}`;
  }
  return isoDate.test(text) ? text : Number(text.replaceAll(',', ''));
}

/** The value a JSON pointer (`#/components/…`) names in a document. */
function pointed(document: JsonValue, pointer: string): JsonValue | undefined {
  return pointer
    .replace(/^#\//, '')
    .split('/')
    .reduce<JsonValue | undefined>(
      (value, part) =>
        value !== null && typeof value === 'object' && !Array.isArray(value)
          ? value[part]
          : undefined,
      document,
    );
}

export function loadProductNumbers(siteDir: string): ProductNumber[] {
  const file = path.join(siteDir, productNumbersPath);
  const declared = readDataFile(
    siteDir,
    productNumbersPath,
    productNumbersSchema,
    'the product numbers',
  );
  let root: JsonValue | undefined;
  const problems: string[] = [];
  const numbers = Object.entries(declared).flatMap(([name, entry]) => {
    let value: JsonValue | undefined = entry.value;
    if (entry.schema !== undefined) {
      root ??= readYaml<JsonValue>(path.join(siteDir, rootSpecPath));
      value = pointed(root, entry.schema);
    }
    if (entry.language !== undefined) {
      value = queryLimits[entry.language];
    }
    const isDate = typeof value === 'string' && isoDate.test(value);
    if (typeof value !== 'number' && !isDate) {
      problems.push(
        `${where(entry, file)}: ${name}'s schema pointer ${entry.schema ?? ''} names no number or YYYY-MM-DD date in ${rootSpecPath}.`,
      );
      return [];
    }
    return [
      {
        name,
        value: value as number | string,
        unit: entry.unit,
        says: entry.says.map(
          (phrase) =>
            new RegExp(
              phrase.replace('{n}', isDate ? datePattern : numberPattern),
              'giu',
            ),
        ),
      },
    ];
  });
  if (problems.length > 0) {
    throw new AuthoringError('The product numbers are malformed', problems);
  }
  return numbers;
}

/** How `<Limit>` writes a number: with its unit, `bare`, in `words`, or a date in words. */
export function formatNumber(
  number: ProductNumber,
  options: {bare?: boolean; format?: string} = {},
): string {
  const {value, unit} = number;
  if (typeof value === 'string') {
    const [year, month, day] = value.split('-').map(Number);
    return options.format === 'date'
      ? `${day} ${months[month! - 1]} ${year}`
      : value;
  }
  let text: string;
  if (options.format === 'words') {
    text = inWords(value);
  } else if (options.format === undefined) {
    text = value.toLocaleString('en-GB');
  } else {
    throw new Error(
      `unknown format "${options.format}" (words for a number, date for a date)`,
    );
  }
  if (options.bare) {
    return text;
  }
  return unit === '%' ? `${text}%` : `${text} ${unit}`;
}

/** A number stated in some text, where, and whether it agrees. */
interface Stated {
  number: ProductNumber;
  /** Where the number itself begins. */
  index: number;
  /** Where the phrase that states it begins. */
  start: number;
  phrase: string;
  agrees: boolean;
}

/**
 * Every declared number that a text states: the first declared number whose
 * phrasing matches at a place, one finding per place.
 */
export function statedNumbers(
  text: string,
  numbers: readonly ProductNumber[],
): Stated[] {
  const found = new Map<number, Stated>();
  for (const number of numbers) {
    for (const pattern of number.says) {
      for (const match of text.matchAll(pattern)) {
        const group = match[1]!;
        const index = match.index + match[0].lastIndexOf(group);
        if (!found.has(index)) {
          found.set(index, {
            number,
            index,
            start: match.index,
            phrase: match[0],
            agrees: parseStated(group) === number.value,
          });
        }
      }
    }
  }
  return [...found.values()].sort((a, b) => a.index - b.index);
}

const limitTag = (number: ProductNumber) => `<Limit name="${number.name}" />`;

/**
 * A page's source with what is not prose blanked out, line for line: front
 * matter, fenced code, inline code with a figure in it, MDX import and export lines, JSX tags
 * (such as `<Limit … />` itself) and HTML comments. Sample data lives in
 * code, so it is never read as a rule.
 */
export function proseOf(source: string): string {
  const blank = (text: string) => text.replace(/[^\n]/g, ' ');
  const {lines: kinds} = readPage(source);
  return source
    .split('\n')
    .map((line, index) => {
      if (kinds[index] !== 'prose') {
        return blank(line);
      }
      return line
        .replace(/`[^`\n]*`/g, (code) =>
          // Code with a figure is sample data; names (`limit`) stay, as
          // phrasings quote them.
          /\d/.test(code) ? blank(code) : code,
        )
        .replace(/<[A-Z][^>]*>|<!--.*?-->/g, blank);
    })
    .join('\n');
}

const lineAt = (text: string, index: number) =>
  text.slice(0, index).split('\n').length;

/**
 * The product's numbers that a page types by hand (it should write
 * `<Limit>`) or contradicts, one message per place with its file and line.
 */
export function pageNumberProblems(
  file: string,
  source: string,
  numbers: readonly ProductNumber[],
): string[] {
  const prose = proseOf(source);
  return statedNumbers(prose, numbers).map(
    ({number, index, start, ...found}) => {
      // Quoted from the source: the prose has its code and tags blanked.
      const phrase = source.slice(start, start + found.phrase.length);
      return found.agrees
        ? `${file}:${lineAt(prose, index)}: "${phrase}" types the product's ${number.name} (${formatNumber(number)}) by hand. Write ${limitTag(number)} instead, so the number is stated once, in ${productNumbersPath}.`
        : `${file}:${lineAt(prose, index)}: "${phrase}" contradicts the product's ${number.name}, declared as ${formatNumber(number)} in ${productNumbersPath}. Write ${limitTag(number)}, or change the declaration if the product changed.`;
    },
  );
}

/**
 * The texts of a spec document (descriptions, summaries, the error
 * catalogue's meanings, examples' messages) that contradict a declared
 * number, each at the line of the object it was written in. A spec text may
 * state the declared value: the check keeps it equal.
 */
export function specNumberProblems(
  document: unknown,
  numbers: readonly ProductNumber[],
  fallbackFile: string,
): string[] {
  const problems: string[] = [];
  const seen = new Set<object>();
  const visit = (value: unknown) => {
    if (value === null || typeof value !== 'object' || seen.has(value)) {
      return;
    }
    seen.add(value);
    for (const [key, child] of Object.entries(value)) {
      if (typeof child === 'string') {
        statedNumbers(child, numbers)
          .filter((stated) => !stated.agrees)
          .forEach(({number, phrase}) =>
            problems.push(
              `${where(value, fallbackFile)}: ${key} "${phrase}" contradicts the product's ${number.name}, declared as ${formatNumber(number)} in ${productNumbersPath}. Write ${formatNumber(number)}, or change the declaration if the product changed.`,
            ),
          );
      } else {
        visit(child);
      }
    }
  };
  visit(document);
  return [...new Set(problems)];
}
