import {readPage} from '../../model/page-reading';
import {withoutDeliberate} from './deliberate';
import {
  formatFact,
  worldPath,
  type World,
  type WorldObject,
} from '../openapi-reference/world';

/**
 * A fact of the sample world typed by hand in a page's prose: a sentence (or
 * a table row) that names an object of the world (its name, SKU, reference,
 * file name, email or order number; a stock record by its SKU and its
 * warehouse's name) and writes one of that object's figures itself (a
 * quantity as `12 ×`, a count or figure of 2 or more, a time as `10:30` in
 * UTC or the company's time) rather than
 * drawing it with `<World fact="…" />`. Such a sentence goes on stating the
 * old figure when the world's story changes; the placeholder follows it.
 * Code, `<World>`, `<Limit>` and `<ErrorMeaning>` placeholders, link targets and lines marked
 * deliberately wrong are not read.
 */

type Fields = Record<string, unknown>;

interface Mentioned {
  key: string;
  /** How a page names the object; each alternative is every part in the sentence. */
  names: string[][];
  /**
   * What a page would write for each of its figures, with the `<World>`
   * that draws it and whether the figure is fixed (a line's quantity) or
   * changes (a stock figure).
   */
  figures: Map<string, {placeholder: string; fixed: boolean; field: string}>;
}

/** An object's moments, the fixed values first, each with whether it is fixed. */
const moments = (object: WorldObject): [Fields, boolean][] => [
  ...(object.fixed ? [[object.fixed, true] as [Fields, boolean]] : []),
  ...[object.now, ...(object.earlier ?? [])].flatMap((moment) =>
    moment ? [[moment, false] as [Fields, boolean]] : [],
  ),
];

const timestamp = /^\d{4}-\d\d-\d\dT\d\d:\d\d/;

/** Each world object a page can name, its names and its figures as written. */
function mentionable(world: World): Mentioned[] {
  const fixedOf = (key: string) => (world.objects[key]?.fixed ?? {}) as Fields;
  return Object.entries(world.objects).flatMap(([key, object]) => {
    const fixed = fixedOf(key);
    const names: string[][] = [
      ...(key.includes(':') ? [] : [key]),
      ...['name', 'sku', 'reference', 'filename', 'email']
        .map((field) => fixed[field])
        .filter((name): name is string => typeof name === 'string'),
    ].map((name) => [name]);
    if (typeof fixed.number === 'string') {
      names.push([`order ${fixed.number}`]);
    }
    const [variant, warehouse] = key.split(':');
    if (variant && warehouse) {
      const {sku} = fixedOf(variant);
      const {name} = fixedOf(warehouse);
      if (typeof sku === 'string' && typeof name === 'string') {
        names.push([sku, name]);
      }
    }
    const figures: Mentioned['figures'] = new Map();
    for (const [moment, fixed] of moments(object)) {
      for (const [field, value] of Object.entries(moment)) {
        const fact = `${key}.${field}`;
        // The first field that has a figure draws it: the fixed ones
        // (a line's quantity) before those that change.
        const set = (figure: string, placeholder: string) => {
          if (!figures.has(figure)) {
            figures.set(figure, {placeholder, fixed, field});
          }
        };
        if (typeof value === 'number') {
          set(`${value} ×`, `<World fact="${fact}" /> ×`);
          if (value >= 2) {
            set(String(value), `<World fact="${fact}" />`);
          }
        }
        if (typeof value === 'string' && timestamp.test(value)) {
          for (const zone of ['UTC', 'Europe/London']) {
            set(
              formatFact(value, 'time', zone),
              `<World fact="${fact}" format="time"${zone === 'UTC' ? '' : ` zone="${zone}"`} />`,
            );
          }
        }
      }
    }
    return [{key, names, figures}];
  });
}

/**
 * The objects that belong to each object (their fixed fields name it): an
 * order's lines, dispatches and sales, so a sentence that names order
 * 10482 names its line's quantity too.
 */
function partsOf(world: World): Map<string, string[]> {
  const parts = new Map<string, string[]>();
  for (const [key, object] of Object.entries(world.objects)) {
    // A stock record, `variant:warehouse`, belongs to both.
    for (const owner of key.includes(':') ? key.split(':') : []) {
      parts.set(owner, [...(parts.get(owner) ?? []), key]);
    }
    for (const value of Object.values(object.fixed ?? {})) {
      if (typeof value === 'string' && value in world.objects) {
        parts.set(value, [...(parts.get(value) ?? []), key]);
      }
    }
  }
  return parts;
}

const mentionCache = new WeakMap<
  World,
  {mentions: Mentioned[]; parts: Map<string, string[]>}
>();

/** A figure as prose writes it: a quantity, a time, a number. */
const figurePattern = /\b\d+ ×|\b\d{1,2}:\d\d\b|\b\d[\d,]*\b/g;

/** What of a line is prose: without code, placeholders, links' targets and comments. */
const proseOf = (line: string) =>
  line
    .replace(/`[^`]*`/g, ' ')
    .replace(/<(World|Limit|ErrorMeaning)\b[^>]*\/>/g, ' ')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/\{\/\*.*?\*\/\}/g, ' ')
    .replace(
      /\b\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December)( \d{4})?\b/g,
      ' ',
    );

export function worldFactProblems(
  file: string,
  source: string,
  world: World,
): string[] {
  let cached = mentionCache.get(world);
  if (!cached) {
    cached = {mentions: mentionable(world), parts: partsOf(world)};
    mentionCache.set(world, cached);
  }
  const {mentions, parts} = cached;
  const byKey = new Map(mentions.map((mention) => [mention.key, mention]));
  const problems: string[] = [];
  const {lines: kinds} = readPage(source);
  withoutDeliberate({source})
    .source.split('\n')
    .forEach((line, index) => {
      if (kinds[index] !== 'prose') {
        return;
      }
      // A table row is read whole (an order in one cell, its line in the
      // next); prose sentence by sentence.
      const units = line.trimStart().startsWith('|')
        ? [line]
        : line.split(/(?<=[.!?;])\s+/);
      for (const raw of units) {
        const sentence = proseOf(raw);
        // Names count in code too (a SKU, a transfer's reference); figures
        // only in prose.
        const lower = raw.toLowerCase();
        // An object a placeholder of the sentence draws is named too, and
        // first: `<World fact="trf_3Kw9Hn5.reference" />` names the transfer.
        const drawnKeys = [...raw.matchAll(/<World fact="([^".]+)/g)].map(
          (match) => match[1],
        );
        const direct = [
          ...drawnKeys.flatMap((key) => (key ? [key] : [])),
          ...mentions
            .filter(({names}) =>
              names.some((words) =>
                words.every((word) => lower.includes(word.toLowerCase())),
              ),
            )
            .map(({key}) => key),
        ];
        const mentioned = (keys: string[]) =>
          keys.flatMap((key) => {
            const mention = byKey.get(key);
            return mention ? [mention] : [];
          });
        const named = mentioned([...new Set(direct)]);
        // The parts of a named object (an order's line, a warehouse's stock
        // records) count only for a quantity ("1 ×").
        const partsNamed = mentioned(
          [...new Set(direct.flatMap((key) => parts.get(key) ?? []))].filter(
            (key) => !direct.includes(key),
          ),
        );
        const written = new Set(
          named.flatMap(({names}) => names.flat().map((n) => n.toLowerCase())),
        );
        for (const [figure] of sentence.matchAll(figurePattern)) {
          if (
            [...written].some((name) => name.includes(figure.toLowerCase()))
          ) {
            continue;
          }
          const fieldNamed = (field: string) =>
            lower.includes(field.replaceAll('_', ' '));
          const candidates = [
            ...named.flatMap(({figures}) => {
              const found = figures.get(figure);
              return found ? [found] : [];
            }),
            ...partsNamed.flatMap(({figures}) => {
              const found = figures.get(figure);
              return found && figure.endsWith('×') ? [found] : [];
            }),
          ];
          // The figure the sentence names by its field ("12 incoming"),
          // else a fixed one (a line's quantity), else the first.
          const drawn = (
            candidates.find(({field}) => fieldNamed(field)) ??
            candidates.find(({fixed}) => fixed) ??
            candidates[0]
          )?.placeholder;
          if (drawn) {
            problems.push(
              `${file}:${index + 1}: "${figure}" types a figure of the sample world by hand. Write ${drawn} instead, so the page follows ${worldPath}.`,
            );
          }
        }
      }
    });
  return problems;
}
