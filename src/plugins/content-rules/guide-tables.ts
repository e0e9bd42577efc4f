import type {Table} from 'mdast';
import {visit} from 'unist-util-visit';
import {readPage} from '../../model/page-reading';
import {withoutDeliberate} from './deliberate';
import {worldPath, type World} from '../openapi-reference/world';

/**
 * A guide's table of the sample world's figures is one moment of the world
 * (issue 30): every `<World fact="…" />` of the table that draws a field
 * that changes (one of its object's moments, not its fixed values) draws
 * it at the same `at`, or all at now. A table whose rows are steps of a
 * worked sequence (its first column a date or time, or headed "Step")
 * shows a moment per step, before and after, and is read as a story, not
 * a moment; typed figures in any table are the world-facts check's
 * (world-facts.ts).
 */

const placeholder = /<World\b([^>]*)\/>/g;
const attribute = (attributes: string, name: string) =>
  new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1];

const months =
  'January|February|March|April|May|June|July|August|September|October|November|December';

/** Whether a row's first cell is a step's date or time: a worked sequence. */
const isStep = (cell: string) =>
  /format="(time|date)"/.test(cell) ||
  new RegExp(`^\\s*\\|?\\s*\\d{1,2} (${months})\\b`).test(cell);

/** Whether a header's first cell names the steps of a worked sequence. */
const headsSteps = (cell: string) => /^\s*\|?\s*Step\s*$/i.test(cell);

/** A table's rows as the page writes them: each row's line, its text and its first cell. */
export function tableRows(table: Table, lines: readonly string[]) {
  return table.children.map((row) => {
    const line = row.position!.start.line;
    const [first] = row.children;
    const text = lines[line - 1] ?? '';
    const firstCell = first?.position
      ? text.slice(
          first.position.start.column - 1,
          first.position.end.column - 1,
        )
      : '';
    return {line, text, firstCell};
  });
}

/** Whether a table's rows are the steps of a worked sequence: headed "Step", or a row opening with a date or time. */
export function isWorkedSequence(
  rows: readonly {firstCell: string}[],
): boolean {
  const [header, ...body] = rows;
  return (
    (header !== undefined && headsSteps(header.firstCell)) ||
    body.some(({firstCell}) => isStep(firstCell))
  );
}

/** Whether a fact names a field that changes: one of its object's moments declares it. */
function changes(world: World, fact: string): boolean {
  const [key, field] = fact.split('.');
  const object = world.objects[key ?? ''];
  if (!object || field === undefined || field in (object.fixed ?? {})) {
    return false;
  }
  return [object.now, ...(object.earlier ?? [])].some(
    (moment) => moment !== undefined && field in moment,
  );
}

export function guideTableProblems(
  file: string,
  source: string,
  world: World,
): string[] {
  const {tree} = readPage(source);
  const lines = withoutDeliberate({source}).source.split('\n');
  const problems: string[] = [];
  visit(tree, 'table', (table: Table) => {
    const rows = tableRows(table, lines);
    if (isWorkedSequence(rows)) {
      return;
    }
    let seen: {at: string; fact: string; line: number} | undefined;
    for (const {line, text} of rows) {
      for (const [, attributes = ''] of text.matchAll(placeholder)) {
        const fact = attribute(attributes, 'fact');
        if (fact === undefined || !changes(world, fact)) {
          continue;
        }
        const at = attribute(attributes, 'at') ?? world.now;
        if (!seen) {
          seen = {at, fact, line};
        } else if (Date.parse(at) !== Date.parse(seen.at)) {
          problems.push(
            `${file}:${line}: the table draws ${fact} at ${at}, but ${seen.fact} at ${seen.at} (line ${seen.line}): a table of the sample world's figures is one moment of ${worldPath}. Draw every figure at="${seen.at}", or split the table.`,
          );
          return;
        }
      }
    }
  });
  return problems;
}
