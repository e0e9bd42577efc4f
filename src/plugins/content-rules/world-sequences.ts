import type {Table} from 'mdast';
import {visit} from 'unist-util-visit';
import type {JsonValue} from '../../model/openapi-types';
import {readPage} from '../../model/page-reading';
import {withoutDeliberate} from './deliberate';
import {isWorkedSequence, tableRows} from './guide-tables';
import {worldPath, type World} from '../openapi-reference/world';

/**
 * A worked sequence hides no change (issue 30). Where a page shows a field
 * of the sample world at one moment and then at another, as a change
 * (`<World fact="F" at="A" /> → <World fact="F" at="B" />`, or "from … to …"
 * in one line) or as successive steps of a worked sequence (a table whose
 * rows are steps, as guide-tables.ts reads them), the story changes that
 * field once at most between the two: otherwise the reader sees one step
 * do what two did (an order of one unit taking allocated from 0 to 3).
 * The moments are the story's (`world.story`), so a change the world does
 * not declare as a moment counts too. `updated_at` is a step's time, not a
 * figure, and is not held to this.
 */

const placeholder = /<World\b([^>]*)\/>/g;
const attribute = (attributes: string, name: string) =>
  new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1];

/** Two facts of one field shown as a change, in one line. */
const change = /<World\b([^>]*)\/>\s*(?:→|to)\s*(?:<World\b[^>]*\/>\s*)?/g;

interface Shown {
  fact: string;
  at: string;
  line: number;
}

const show = (value: JsonValue | undefined) =>
  value === undefined ? 'absent' : JSON.stringify(value);

/** The facts a line draws, with the moment each is drawn at (now without `at`). */
function drawn(text: string, line: number, world: World): Shown[] {
  return [...text.matchAll(placeholder)].flatMap(([, attributes = '']) => {
    const fact = attribute(attributes, 'fact');
    return fact === undefined
      ? []
      : [{fact, at: attribute(attributes, 'at') ?? world.now, line}];
  });
}

/**
 * The story's changes of a fact's field after the earlier of two moments,
 * up to the later: one step shows one change, so more than one is a
 * change the page hides.
 */
function changesBetween(world: World, first: Shown, second: Shown) {
  const [key = '', field, ...deeper] = first.fact.split('.');
  const told = world.story.moments.get(key);
  if (!told || field === undefined || field === 'updated_at') {
    return [];
  }
  const [from, to] = [Date.parse(first.at), Date.parse(second.at)].sort(
    (a, b) => a - b,
  );
  const valueAt = (state: Record<string, JsonValue>) =>
    [field, ...deeper].reduce<JsonValue | undefined>(
      (value, part) =>
        value !== null && typeof value === 'object' && !Array.isArray(value)
          ? value[part]
          : undefined,
      state,
    );
  const start = told.filter((moment) => Date.parse(moment.at) <= from!).at(-1);
  let value = start ? valueAt(start.state) : undefined;
  const changes: {
    at: string;
    before: JsonValue | undefined;
    after: JsonValue | undefined;
  }[] = [];
  for (const moment of told) {
    const at = Date.parse(moment.at);
    const after = valueAt(moment.state);
    if (
      at > from! &&
      at <= to! &&
      JSON.stringify(after) !== JSON.stringify(value)
    ) {
      changes.push({at: moment.at, before: value, after});
      value = after;
    }
  }
  return changes;
}

export function worldSequenceProblems(
  file: string,
  source: string,
  world: World,
): string[] {
  const lines = withoutDeliberate({source}).source.split('\n');
  const problems: string[] = [];
  const check = (first: Shown, second: Shown, how: string) => {
    if (
      first.fact !== second.fact ||
      Date.parse(first.at) === Date.parse(second.at)
    ) {
      return;
    }
    const changes = changesBetween(world, first, second);
    if (changes.length > 1) {
      const told = changes
        .map(
          ({at, before, after}) =>
            `at ${at} (${show(before)} → ${show(after)})`,
        )
        .join(', ');
      problems.push(
        `${file}:${second.line}: ${how} ${first.fact} from ${first.at} (line ${first.line}) to ${second.at} in one step, but the story of ${worldPath} changes it ${changes.length} times between them: ${told}. Show each change as a step, or start from the last moment before it.`,
      );
    }
  };

  // A change written in one line: F at A → F at B.
  lines.forEach((text, index) => {
    for (const match of text.matchAll(change)) {
      const [first, second] = drawn(match[0], index + 1, world);
      if (first && second) {
        check(first, second, 'the change shows');
      }
    }
  });

  // The steps of a worked sequence: each fact from one step to the next.
  const {tree} = readPage(source);
  visit(tree, 'table', (table: Table) => {
    const rows = tableRows(table, lines);
    if (!isWorkedSequence(rows)) {
      return;
    }
    const [, ...body] = rows;
    const last = new Map<string, Shown>();
    for (const {line, text} of body) {
      // Within a step, a fact's last drawing is the step's moment of it.
      const step = new Map(
        drawn(text, line, world).map((shown) => [shown.fact, shown]),
      );
      for (const [fact, shown] of step) {
        const before = last.get(fact);
        if (before) {
          check(before, shown, 'the worked sequence takes');
        }
        last.set(fact, shown);
      }
    }
  });
  return problems;
}
