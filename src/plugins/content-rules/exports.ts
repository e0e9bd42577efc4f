import {fieldsAt, instant, isObject, type Fields} from '../../lib/world/lists';
import type {JsonValue} from '../../model/openapi-types';
import {readPage, type CodeBlock} from '../../model/page-reading';
import {worldPath, type World} from '../openapi-reference/world';

/**
 * Export samples are the world's rows (issue 30): each row of a CSV sample
 * on an export-formats page, and each row of a JSON export sample (a JSON
 * block with `exported_at`) on any page, shows the sample world's objects
 * as they are at the export's moment: its `exported_at`; a CSV, the
 * `exported_at` of its page's JSON sample (the same export), else now.
 *
 * A row names its objects by its ID columns: `id` and each `<kind>_id`
 * (a stock row's variant and warehouse name its stock record, which comes
 * first), and the objects those name in turn (a variant's product and
 * brand). A column `<kind>_<field>` is that object's field
 * (`product_title`, `warehouse_code`); another column is the field of the
 * first of the row's objects that declares it, except `created_at` and
 * `updated_at`, which are the row's own record's. A field the world does
 * not declare is as the sample shows it. Lists are joined by a vertical bar
 * in CSV, and an empty cell is null. One line per row at its first
 * difference.
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

export function exportSampleProblems(
  file: string,
  source: string,
  world: World,
): string[] {
  const {codeBlocks} = readPage(source);
  const stamped = codeBlocks.flatMap((block) => {
    const value = block.lang === 'json' ? parsed(block) : undefined;
    return isObject(value) && typeof value.exported_at === 'string'
      ? [{block, value, at: value.exported_at}]
      : [];
  });
  const csvAt = stamped[0]?.at ?? world.now;
  const samples = [
    ...(/export-formats/.test(file)
      ? codeBlocks
          .filter((block) => block.lang === 'csv')
          .map((block) => ({rows: csvRows(block), at: csvAt, csv: true}))
      : []),
    ...stamped.map(({block, value, at}) => ({
      rows: jsonRows(block, value),
      at,
      csv: false,
    })),
  ];
  return samples.flatMap(({rows, at, csv}) =>
    rows.flatMap((row) => {
      const found = rowProblem(world, row, instant(at), csv);
      return found
        ? [
            `${file}:${row.line(found.column)}: the export sample ${found.problem}. Write the world's row at the export's moment, or change the world.`,
          ]
        : [];
    }),
  );
}
