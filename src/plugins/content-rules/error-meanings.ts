// Pages draw what an error code means from its catalogue, never type it: the content rule, and the placeholders it reads.
import {
  catalogueKeys,
  errorCodes,
  errorMeaningElement,
  rowErrorCodes,
  type ErrorCatalogue,
} from '../../model/error-codes';
import {type OpenApiDocument} from '../../model/openapi-types';
import {readPage} from '../../model/page-reading';
import {deliberateLines} from './deliberate';

/** A cell or a list item that is exactly one code in backticks. */
const codeAlone = /^`([a-z][a-z0-9_]*)`$/;

/** A list item that defines a code: "- `code`: meaning", "- `code` means …", "- `code` — …". */
const listDefinition =
  /^\s*(?:[-*+]|\d+[.)])\s+(?:\*\*)?`([a-z][a-z0-9_]*)`(?:\*\*)?(?:\s*:|\s+means\b|\s+[—–]\s)\s*(.*)$/;

/** A list item of any kind, to tell where a list ends. */
const listItem = /^\s*(?:[-*+]|\d+[.)])\s+/;

/** A column of field or file-column names (an export's), not of codes. */
const namesColumn = /\b(?:column|field|header|property|parameter)s?\b/i;

/** A cell that says no meaning: empty, a value in backticks, a number or a status. */
const noMeaning = /^(?:|`[^`]*`|\d+|—|-)$/;

/** A line without its inline code, where an element is shown, not written. */
const withoutInlineCode = (line: string) =>
  line.replace(/(`+)(?:(?!\1).)+\1/g, '');

const placeholder = /<ErrorMeaning\b([^>]*?)\/>/g;

interface Drawn {
  code: string | undefined;
  catalogue: ErrorCatalogue;
}

/** The `<ErrorMeaning … />` elements of a stretch of Markdown. */
function drawnIn(text: string): Drawn[] {
  return [...text.matchAll(placeholder)].map(([, attributes]) => ({
    code: /\bcode="([^"]*)"/.exec(attributes!)?.[1],
    catalogue: /(?:^|\s)row(?=\s|$|\/)/.test(attributes!) ? 'row' : 'api',
  }));
}

/** The cells of a table row, without its outer pipes (`\|` stays in its cell). */
function cells(line: string): string[] {
  const inner = line.trim().replace(/^\|/, '').replace(/\|$/, '');
  return inner.split(/(?<!\\)\|/).map((cell) => cell.trim());
}

const separatorRow = (row: string[]) =>
  row.every((cell) => /^:?-+:?$/.test(cell));

interface Definition {
  line: number;
  code: string;
  /** What the page says the code means. */
  says: string;
}

/**
 * Where a page defines error codes, block by block (a table, a list): a
 * table row whose cell is exactly a code in backticks and whose next cell
 * says what it means (in a column not of field or file-column names), or a
 * list item "`code`: meaning" or "`code` means …".
 */
function definitions(
  source: string,
  known: (code: string) => boolean,
): Definition[][] {
  const {lines: kinds} = readPage(source);
  const skipped = deliberateLines(source);
  const lines = source.split('\n');
  const prose = (index: number) =>
    kinds[index] === 'prose' && !skipped.has(index + 1);
  const blocks: Definition[][] = [];
  let index = 0;
  while (index < lines.length) {
    if (prose(index) && /^\s*\|/.test(lines[index]!)) {
      const header = cells(lines[index]!);
      const block: Definition[] = [];
      for (
        index += 1;
        index < lines.length && prose(index) && /^\s*\|/.test(lines[index]!);
        index += 1
      ) {
        const row = cells(lines[index]!);
        if (separatorRow(row)) {
          continue;
        }
        row.forEach((cell, column) => {
          const code = codeAlone.exec(cell)?.[1];
          const next = row[column + 1];
          if (
            code &&
            known(code) &&
            next !== undefined &&
            !noMeaning.test(next) &&
            !namesColumn.test(header[column] ?? '')
          ) {
            block.push({line: index + 1, code, says: next});
          }
        });
      }
      blocks.push(block);
      continue;
    }
    if (prose(index) && listItem.test(lines[index]!)) {
      const block: Definition[] = [];
      for (
        ;
        index < lines.length &&
        prose(index) &&
        (listItem.test(lines[index]!) || /^\s+\S/.test(lines[index]!));
        index += 1
      ) {
        const match = listDefinition.exec(lines[index]!);
        if (match && known(match[1]!) && match[2]!.trim()) {
          block.push({line: index + 1, code: match[1]!, says: match[2]!});
        }
      }
      blocks.push(block);
      continue;
    }
    index += 1;
  }
  return blocks.filter((block) => block.length > 0);
}

const shortened = (text: string) =>
  text.length > 60 ? `${text.slice(0, 57)}…` : text;

/**
 * A page that defines an error code draws its meaning from the catalogue of
 * its release (`x-error-codes`, or `x-row-error-codes` for the codes of a
 * file's rows and a batch's lines) with `<ErrorMeaning … />`, so no two
 * pages can say it in words of their own: one message per typed meaning,
 * with the element to write. A code merely mentioned in a sentence is no
 * definition. Every `<ErrorMeaning>` names a code its catalogue has.
 */
export function errorMeaningProblems(
  file: string,
  source: string,
  document: OpenApiDocument,
  release: string,
): string[] {
  const catalogues: Record<ErrorCatalogue, Record<string, unknown>> = {
    api: errorCodes(document),
    row: rowErrorCodes(document),
  };
  const has = (catalogue: ErrorCatalogue, code: string) =>
    Object.hasOwn(catalogues[catalogue], code);
  const known = (code: string) => has('api', code) || has('row', code);
  const only = (code: string): ErrorCatalogue | undefined =>
    has('api', code) === has('row', code)
      ? undefined
      : has('row', code)
        ? 'row'
        : 'api';

  const typed = definitions(source, known).flatMap((block) => {
    // A code both catalogues have (duplicate_sku) takes its block's: a
    // table or list that holds a row-only code (unknown_sku) is of rows.
    const blockCatalogue = block
      .map(({code}) => only(code))
      .find((found) => found !== undefined);
    return block.flatMap(({line, code, says}) => {
      const drawn = drawnIn(says);
      if (drawn.some((element) => element.code === code)) {
        return [];
      }
      const catalogue = only(code) ?? blockCatalogue;
      const write = catalogue
        ? errorMeaningElement(code, catalogue)
        : `${errorMeaningElement(code, 'row')} (a row's or line's code) or ${errorMeaningElement(code, 'api')} (the API's)`;
      const what =
        drawn.length > 0
          ? `draws the meaning of ${drawn.map((element) => element.code).join(', ')}`
          : `types its meaning ("${shortened(says)}")`;
      return [
        `${file}:${line}: \`${code}\` ${what}. Write ${write} instead, so the page says what ${catalogue ? catalogueKeys[catalogue] : 'the catalogue'} of release ${release} says.`,
      ];
    });
  });

  const {lines: kinds} = readPage(source);
  const drawnWrong = source.split('\n').flatMap((text, index) =>
    kinds[index] === 'prose'
      ? drawnIn(withoutInlineCode(text)).flatMap(({code, catalogue}) => {
          if (code !== undefined && has(catalogue, code)) {
            return [];
          }
          const other: ErrorCatalogue = catalogue === 'row' ? 'api' : 'row';
          const instead =
            code !== undefined && has(other, code)
              ? `It is in ${catalogueKeys[other]}: write ${errorMeaningElement(code, other)}.`
              : `Name a code of ${catalogueKeys[catalogue]}, or catalogue it there with its meaning and action.`;
          return [
            `${file}:${index + 1}: <ErrorMeaning${catalogue === 'row' ? ' row' : ''} code="${code ?? ''}" /> names no code of release ${release}'s ${catalogueKeys[catalogue]}. ${instead}`,
          ];
        })
      : [],
  );
  return [...typed, ...drawnWrong];
}
