import {parseQuery} from '../../lib/query-language';
import {
  fieldsAt,
  instant,
  isObject,
  type Candidate,
  type Fields,
  type ListOrder,
} from '../../lib/world/lists';
import type {JsonValue, LoadedSpec} from '../../model/openapi-types';
import {readPage, type CodeBlock} from '../../model/page-reading';
import {listOperation, worldAnswerTo} from '../openapi-reference/rules/lists';
import {worldPath, type World} from '../openapi-reference/world';

/**
 * Export samples are the world's rows, and the whole answer to their filter
 * (issue 30).
 *
 * What an export exported is said once, by its JSON sample (a JSON block
 * with `exported_at`, on any page): its moment (`exported_at`), its filter
 * (`filter`, an Advanced query of the kind's list; empty or absent for no
 * filter, which is every object of the kind the company can see) and its
 * kind (the array that holds its objects: `orders`, `products`, `sales` or
 * `stock`, in `exportKinds`). A CSV sample on an export-formats page is the
 * same export as its page's first JSON sample; prose above it may repeat
 * the filter, but the JSON is what is checked. A CSV whose header lacks the
 * kind's key columns (`order_id` and `line_id`, `product_id` and
 * `variant_id`, `sale_id`, or `variant_id` and `warehouse_id`) is no export
 * (the stock page's import file) and is not checked.
 *
 * The answer is the kind's list's (rules/lists.ts and lib/world/lists.ts,
 * which the list examples and Try it answer with): the world's objects of
 * the kind that exist at the moment, that the company of the rows can see
 * and that match the filter, in the list's declared order (`x-order`), as a
 * view with no sort exports them. An order gives a row per line and a
 * product a row per variant, in the world's order; the JSON nests them in
 * `items` and `variants`, and a filter reads them as `item_ids` and
 * `variant_ids`. A CSV sample holds every row of the answer, in order. A
 * JSON sample beside its page's CSV shows the answer's first objects, each
 * whole (the CSV has the rest: "the first row of the same export"); any
 * other JSON sample holds it all. One line per sample, at its first
 * difference: a row the answer leaves out, a row it does not hold, or rows
 * in the wrong order.
 *
 * Each row shows the world's objects as they are at the export's moment. A
 * row names its objects by its ID columns: `id` and each `<kind>_id`
 * (a stock row's variant and warehouse name its stock record, which comes
 * first), and the objects those name in turn (a variant's product and
 * brand). A column `<kind>_<field>` is that object's field
 * (`product_title`, `warehouse_code`); another column is the field of the
 * first of the row's objects that declares it, except `created_at` and
 * `updated_at`, which are the row's own record's. A field the world does
 * not declare is as the sample shows it (the answer reads it from the JSON
 * sample's objects). Lists are joined by a vertical bar in CSV, and an
 * empty cell is null. One line per row at its first difference.
 */

/** Columns every record has, which are the row's own record's. */
const ownColumns = new Set(['created_at', 'updated_at']);

/** A row of a sample: its columns in order, with the line each is written on. */
interface Row {
  cells: [string, JsonValue][];
  line: (column: string) => number;
}

/** The rows of a CSV text (RFC 4180), header first. */
function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        cell += char;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === ',') {
      record.push(cell);
      cell = '';
    } else if (char === '\n') {
      records.push([...record, cell.replace(/\r$/, '')]);
      record = [];
      cell = '';
    } else {
      cell += char;
    }
  }
  if (cell !== '' || record.length > 0) {
    records.push([...record, cell]);
  }
  return records;
}

function csvRows(block: CodeBlock): Row[] {
  const [header = [], ...records] = csvRecords(block.value);
  return records.map((record, index) => ({
    cells: header.map((column, at) => [column, record[at] ?? '']),
    // Line by line: a sample's cells hold no line breaks.
    line: () => block.line + 1 + index,
  }));
}

/** The rows of a JSON export: every object with scalar columns, in the text's order. */
function jsonRows(block: CodeBlock, value: JsonValue): Row[] {
  const lines = block.value.split('\n');
  let from = 0;
  const rows: Row[] = [];
  const visit = (item: JsonValue) => {
    if (Array.isArray(item)) {
      item.forEach(visit);
      return;
    }
    if (!isObject(item)) {
      return;
    }
    const cells = Object.entries(item).filter(
      ([, cell]) =>
        !isObject(cell) &&
        !(Array.isArray(cell) && cell.some((entry) => isObject(entry))),
    );
    const [first] = cells.filter(([column]) => isIdColumn(column));
    if (first) {
      const text = `"${first[0]}": ${JSON.stringify(first[1])}`;
      const found = lines.findIndex(
        (line, index) => index >= from && line.includes(text),
      );
      const start = found < 0 ? from : found;
      from = start + 1;
      rows.push({
        cells,
        line: (column) => {
          const at = lines.findIndex(
            (line, index) => index >= start && line.includes(`"${column}":`),
          );
          return block.line + (at < 0 ? start : at);
        },
      });
    }
    Object.values(item).forEach(visit);
  };
  visit(value);
  return rows;
}

const isIdColumn = (column: string) =>
  column === 'id' || column.endsWith('_id');

/** The kind an ID column names: `product` for `product_id`, `` for `id`. */
const kindOf = (column: string) => column.replace(/_?id$/, '');

/** The objects of a row, by kind, in order: its stock record, its ID columns', then those they name. */
function rowObjects(
  world: World,
  row: Row,
  at: number,
): {kind: string; key: string; fields: Fields}[] | string {
  const objects: {kind: string; key: string; fields: Fields}[] = [];
  const add = (kind: string, key: string) => {
    const object = world.objects[key];
    if (object && !objects.some((found) => found.key === key)) {
      objects.push({kind, key, fields: fieldsAt(object, at)});
    }
  };
  const value = (column: string) =>
    row.cells.find(([name]) => name === column)?.[1];
  const variant = value('variant_id');
  const warehouse = value('warehouse_id');
  if (variant !== undefined && warehouse !== undefined) {
    add('stock', `${String(variant)}:${String(warehouse)}`);
  }
  for (const [column, cell] of row.cells) {
    if (!isIdColumn(column) || cell === null || cell === '') {
      continue;
    }
    if (!(String(cell) in world.objects)) {
      return `${column} ${String(cell)}, which the sample world does not hold; declare it in ${worldPath}, or show what the world holds`;
    }
    add(kindOf(column), String(cell));
  }
  // The objects they name: a variant's product and brand.
  for (const {fields} of [...objects]) {
    for (const [field, named] of Object.entries(fields)) {
      if (field.endsWith('_id') && typeof named === 'string') {
        add(kindOf(field), named);
      }
    }
  }
  return objects;
}

/** A world value as a cell of the sample writes it. */
const asCell = (value: JsonValue, csv: boolean): string =>
  csv
    ? value === null
      ? ''
      : Array.isArray(value)
        ? value.map(String).join('|')
        : String(value)
    : JSON.stringify(value);

/** The first difference between a row and the world at the moment, if any. */
function rowProblem(
  world: World,
  row: Row,
  at: number,
  csv: boolean,
): {column: string; problem: string} | undefined {
  const objects = rowObjects(world, row, at);
  const [idColumn = 'id'] = row.cells
    .map(([column]) => column)
    .filter(isIdColumn);
  if (typeof objects === 'string') {
    return {column: idColumn, problem: objects};
  }
  const [own] = objects;
  if (!own) {
    return undefined;
  }
  const moment = new Date(at).toISOString().replace('.000Z', 'Z');
  if (instant(own.fields.created_at) > at) {
    return {
      column: idColumn,
      problem: `shows ${own.key}, which the world creates at ${String(own.fields.created_at)}, after the export's moment ${moment}`,
    };
  }
  for (const [column, cell] of row.cells) {
    if (isIdColumn(column)) {
      continue;
    }
    const prefixed = objects.find(({kind}) => column.startsWith(`${kind}_`));
    const field = prefixed ? column.slice(prefixed.kind.length + 1) : column;
    const holder =
      prefixed && prefixed.fields[field] !== undefined
        ? prefixed
        : ownColumns.has(column)
          ? own
          : objects.find(({fields}) => fields[column] !== undefined);
    const name = holder === prefixed ? field : column;
    const expected = holder?.fields[name];
    if (expected === undefined || isObject(expected)) {
      continue;
    }
    const written = csv ? String(cell) : JSON.stringify(cell);
    if (written !== asCell(expected, csv)) {
      return {
        column,
        problem: `shows ${column} ${csv ? JSON.stringify(written) : written} for ${own.key}, but the world has ${holder!.key}'s ${name} ${JSON.stringify(expected)} at ${moment}`,
      };
    }
  }
  return undefined;
}

/** The JSON of a block, or undefined when it does not parse. */
function parsed(block: CodeBlock): JsonValue | undefined {
  try {
    return JSON.parse(block.value) as JsonValue;
  } catch {
    return undefined;
  }
}

/**
 * An export's kind, by the array its JSON holds its objects in: the list
 * whose objects, filter and order it follows; the columns that name a row's
 * object in the CSV and in the JSON (joined by `:`, as the world keys a
 * stock record); and, where one object gives several rows, its lines: the
 * world's objects of `prefix` whose `of` names it, in the world's order, a
 * CSV row each (named by the `csv` column), nested in the JSON object's
 * `json` array, and the field a filter reads them by (an order's `sku` is
 * its items').
 */
interface ExportKind {
  list: string;
  csvKey: string[];
  jsonKey: string[];
  lines?: {
    prefix: string;
    of: string;
    csv: string;
    json: string;
    field: string;
  };
}

const exportKinds: Record<string, ExportKind> = {
  orders: {
    list: '/orders',
    csvKey: ['order_id'],
    jsonKey: ['id'],
    lines: {
      prefix: 'oit_',
      of: 'order_id',
      csv: 'line_id',
      json: 'items',
      field: 'item_ids',
    },
  },
  products: {
    list: '/products',
    csvKey: ['product_id'],
    jsonKey: ['id'],
    lines: {
      prefix: 'var_',
      of: 'product_id',
      csv: 'variant_id',
      json: 'variants',
      field: 'variant_ids',
    },
  },
  sales: {list: '/sales', csvKey: ['sale_id'], jsonKey: ['sale_id']},
  stock: {
    list: '/stock',
    csvKey: ['variant_id', 'warehouse_id'],
    jsonKey: ['variant_id', 'warehouse_id'],
  },
};

/** An export as its JSON sample says it: its kind, moment and filter. */
interface Export {
  block: CodeBlock;
  value: Fields;
  /** The array of its objects, which names its kind. */
  array: string;
  at: string;
  filter: string | undefined;
}

/** A row of an export: its object, and its line where the object gives several. */
interface RowId {
  object: string;
  line?: string;
}

/** A row a sample shows, with the page's line it is written on. */
interface ShownRow extends RowId {
  at: number;
}

const rowName = (row: RowId) =>
  row.line === undefined ? row.object : `${row.line} of ${row.object}`;

const sameRow = (a: RowId, b: RowId) =>
  a.object === b.object && a.line === b.line;

/** The world key of a JSON export sample's object, by its kind's key columns. */
const jsonKeyOf = (kind: ExportKind, item: Fields) =>
  kind.jsonKey.map((column) => String(item[column])).join(':');

/** The world's lines of an object that exist at the moment, in the world's order. */
const linesOf = (
  world: World,
  lines: NonNullable<ExportKind['lines']>,
  parent: string,
  at: number,
) =>
  Object.entries(world.objects)
    .filter(([key]) => key.startsWith(lines.prefix) && !key.includes(':'))
    .filter(([, object]) => {
      const fields = fieldsAt(object, at);
      return fields[lines.of] === parent && !(instant(fields.created_at) > at);
    })
    .map(([key]) => key);

/** The objects a JSON export sample shows, in its order. */
function exportObjects(sample: Export): Fields[] {
  const objects = sample.value[sample.array];
  return Array.isArray(objects) ? objects.filter(isObject) : [];
}

/** The world's answer to an export: its rows in order, the candidates, and the list's order; or why it has none. */
type Answer =
  {rows: RowId[]; candidates: Candidate[]; order: ListOrder} | string;

function exportAnswer(spec: LoadedSpec, world: World, sample: Export): Answer {
  const kind = exportKinds[sample.array]!;
  const list = listOperation(spec, kind.list);
  if (typeof list === 'string') {
    return `is an export of ${sample.array}, but ${list}`;
  }
  const {entry, kind: keys, order} = list;
  const query =
    sample.filter === undefined ? undefined : parseQuery(sample.filter);
  if (query && !query.ok) {
    return `has a filter that does not parse: ${query.error.message}`;
  }
  const at = instant(sample.at);
  const {lines} = kind;
  const {candidates, problem} = worldAnswerTo(
    world,
    entry,
    keys,
    {expression: query?.expression ?? null, parameters: []},
    order,
    at,
    new Map(exportObjects(sample).map((item) => [jsonKeyOf(kind, item), item])),
    (key) => (lines ? {[lines.field]: linesOf(world, lines, key, at)} : {}),
  );
  if (problem) {
    return problem;
  }
  return {
    candidates,
    order,
    rows: candidates
      .filter(({out}) => out === undefined)
      .flatMap(({key}) =>
        lines
          ? linesOf(world, lines, key, at).map((line) => ({object: key, line}))
          : [{object: key}],
      ),
  };
}

/** The rows a CSV export sample shows, or undefined when it is no export (an import file). */
function csvSequence(
  block: CodeBlock,
  kind: ExportKind,
): ShownRow[] | undefined {
  const [header = []] = csvRecords(block.value);
  const columns = [...kind.csvKey, ...(kind.lines ? [kind.lines.csv] : [])];
  if (!columns.every((column) => header.includes(column))) {
    return undefined;
  }
  return csvRows(block).map((row) => {
    const cell = (column: string) =>
      String(row.cells.find(([name]) => name === column)?.[1]);
    return {
      object: kind.csvKey.map(cell).join(':'),
      ...(kind.lines ? {line: cell(kind.lines.csv)} : {}),
      at: row.line(''),
    };
  });
}

/** The index of a JSON block's first line, from an index on, that holds a text (else that index). */
const lineIndex = (block: CodeBlock, text: string, from = 0) =>
  Math.max(
    from,
    block.value
      .split('\n')
      .findIndex((line, index) => index >= from && line.includes(text)),
  );

/** The rows a JSON export sample shows: its objects, or each object's lines. */
function jsonSequence(sample: Export, kind: ExportKind): ShownRow[] {
  const {block} = sample;
  const {lines} = kind;
  const [column = 'id'] = kind.jsonKey;
  return exportObjects(sample).flatMap((item) => {
    const object = jsonKeyOf(kind, item);
    const start = lineIndex(
      block,
      `"${column}": ${JSON.stringify(item[column])}`,
    );
    if (!lines) {
      return [{object, at: block.line + start}];
    }
    const nested = item[lines.json];
    return (Array.isArray(nested) ? nested.filter(isObject) : []).map(
      (line) => ({
        object,
        line: String(line.id),
        at:
          block.line +
          lineIndex(block, `"id": ${JSON.stringify(line.id)}`, start),
      }),
    );
  });
}

/**
 * The first difference between the rows a sample shows and the world's
 * answer, at its line; a `prefix` sample may stop after any whole object.
 * A row of an object the world does not hold, or creates after the export,
 * is the rows check's (rowProblem) to report.
 */
function sequenceProblem(
  shown: ShownRow[],
  answer: Exclude<Answer, string>,
  prefix: boolean,
  blockLine: number,
): {at: number; problem: string} | undefined {
  const {rows, candidates, order} = answer;
  const isShown = (row: RowId) => shown.some((found) => sameRow(found, row));
  const leavesOut = (row: RowId) =>
    `leaves out the row of ${rowName(row)}, which matches it`;
  for (const [index, row] of shown.entries()) {
    const wanted = rows[index];
    if (wanted && sameRow(row, wanted)) {
      continue;
    }
    if (!rows.some((found) => sameRow(found, row))) {
      const candidate = candidates.find(({key}) => key === row.object);
      if (!candidate || candidate.because === 'created') {
        return undefined;
      }
      if (candidate.out !== undefined) {
        return {
          at: row.at,
          problem:
            candidate.because === 'filter'
              ? `shows the row of ${rowName(row)}, which its filter does not match`
              : `shows the row of ${rowName(row)}, which the export leaves out: ${candidate.out}`,
        };
      }
      return {
        at: row.at,
        problem:
          wanted && !isShown(wanted)
            ? leavesOut(wanted)
            : `shows the row of ${rowName(row)}, which is no line of ${row.object} in the sample world`,
      };
    }
    if (wanted && !isShown(wanted)) {
      return {at: row.at, problem: leavesOut(wanted)};
    }
    return {
      at: row.at,
      problem: `shows its rows in the wrong order: the row of ${rowName(row)} comes ${index === 0 ? 'first' : `after ${rowName(shown[index - 1]!)}`}, but by ${order.field} ${order.descending ? 'desc' : 'asc'}, the list's order, the row of ${rowName(wanted!)} comes there`,
    };
  }
  const last = shown.at(-1);
  // A prefix ends after the last shown object's last line.
  const required = prefix
    ? rows.length -
      [...rows].reverse().findIndex((row) => row.object === last?.object)
    : rows.length;
  const missing = rows[shown.length];
  return shown.length < required && missing
    ? {at: last?.at ?? blockLine, problem: leavesOut(missing)}
    : undefined;
}

export function exportSampleProblems(
  file: string,
  source: string,
  spec: LoadedSpec,
  world: World,
): string[] {
  const {codeBlocks} = readPage(source);
  const problems: string[] = [];
  const exports = codeBlocks.flatMap((block): Export[] => {
    const value = block.lang === 'json' ? parsed(block) : undefined;
    if (!isObject(value) || typeof value.exported_at !== 'string') {
      return [];
    }
    const array = Object.keys(value).find((key) => Array.isArray(value[key]));
    if (array === undefined || !(array in exportKinds)) {
      problems.push(
        `${file}:${block.line}: the export sample holds no array of ${Object.keys(exportKinds).join(', ')}, which names the export's kind. Hold its rows in one of them.`,
      );
      return [];
    }
    const filter = value.filter;
    return [
      {
        block,
        value,
        array,
        at: value.exported_at,
        filter:
          typeof filter === 'string' && filter !== '' ? filter : undefined,
      },
    ];
  });
  // A page's CSV samples are the export of its first JSON sample.
  const [csvExport] = exports;
  const orphan = codeBlocks.find(
    (block) =>
      block.lang === 'csv' &&
      (csvRecords(block.value)[0] ?? []).some(isIdColumn),
  );
  if (/export-formats/.test(file) && !csvExport && orphan) {
    problems.push(
      `${file}:${orphan.line}: the CSV export sample has no JSON export sample on its page to say its moment, filter and kind. Show the same export as JSON, with exported_at, filter and the array of its objects.`,
    );
  }
  const csvSamples =
    /export-formats/.test(file) && csvExport
      ? codeBlocks
          .filter((block) => block.lang === 'csv')
          .flatMap((block) => {
            const sequence = csvSequence(block, exportKinds[csvExport.array]!);
            return sequence
              ? [
                  {
                    block,
                    rows: csvRows(block),
                    sequence,
                    sample: csvExport,
                    csv: true,
                  },
                ]
              : [];
          })
      : [];
  const samples = [
    ...csvSamples,
    ...exports.map((sample) => ({
      block: sample.block,
      rows: jsonRows(sample.block, sample.value),
      sequence: jsonSequence(sample, exportKinds[sample.array]!),
      sample,
      csv: false,
    })),
  ];
  const answers = new Map(
    exports.map((sample) => [sample, exportAnswer(spec, world, sample)]),
  );
  for (const {block, rows, sequence, sample, csv} of samples) {
    const at = instant(sample.at);
    for (const row of rows) {
      const found = rowProblem(world, row, at, csv);
      if (found) {
        problems.push(
          `${file}:${row.line(found.column)}: the export sample ${found.problem}. Write the world's row at the export's moment, or change the world.`,
        );
      }
    }
    const asked = `the export sample ${sample.filter === undefined ? 'with no filter' : `filtered with \`${sample.filter}\``} at ${sample.at}`;
    const answer = answers.get(sample)!;
    if (typeof answer === 'string') {
      // Once, at the JSON sample, which says what the export asks.
      if (!csv) {
        problems.push(
          `${file}:${sample.block.line}: ${asked} ${answer}. Make the export one the world can answer.`,
        );
      }
      continue;
    }
    // A JSON sample beside its page's CSV shows the export's first objects.
    const prefix = !csv && sample === csvExport && csvSamples.length > 0;
    const found = sequenceProblem(sequence, answer, prefix, block.line);
    if (found) {
      problems.push(
        `${file}:${found.at}: ${asked} ${found.problem}. Show every row of the world's answer to its filter, in the list's order${prefix ? ' (beside its CSV, the JSON shows the first whole objects)' : ''}, or change the filter.`,
      );
    }
  }
  return problems;
}
