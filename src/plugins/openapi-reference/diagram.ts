import type {RootContent} from 'mdast';
import type {MdxJsxFlowElement} from 'mdast-util-mdx-jsx';
import {inline, jsx, table, type MarkdownParser} from './render';
import type {Lifecycle} from './spec';

/**
 * A lifecycle as a static, accessible state diagram: an SVG drawn at build
 * time (no diagram runtime reaches the browser) whose colours follow the
 * site's colour mode, followed by a table of the transitions as its text
 * alternative.
 */

const box = {
  width: 196,
  height: 40,
  gapX: 24,
  gapY: 56,
  margin: 20,
  detour: 24,
};

interface Placed {
  state: string;
  x: number;
  y: number;
  rank: number;
}

/** Every state of a lifecycle, in order of first appearance. */
export function lifecycleStates(lifecycle: Lifecycle): string[] {
  const states = new Set(lifecycle.initial);
  lifecycle.transitions.forEach(({from, to}) => states.add(from).add(to));
  return [...states];
}

/**
 * Ranks states by the longest path from a start state, ignoring the edges
 * that go back to an earlier state (retries), so forward flow reads downwards.
 */
function rankStates(lifecycle: Lifecycle): Map<string, number> {
  const states = lifecycleStates(lifecycle);
  const back = new Set<string>();
  const visiting = new Set<string>();
  const done = new Set<string>();
  const visit = (state: string) => {
    visiting.add(state);
    lifecycle.transitions
      .filter(({from}) => from === state)
      .forEach(({to}) => {
        if (visiting.has(to)) {
          back.add(`${state}>${to}`);
        } else if (!done.has(to)) {
          visit(to);
        }
      });
    visiting.delete(state);
    done.add(state);
  };
  lifecycle.initial.forEach(visit);
  states.filter((state) => !done.has(state)).forEach(visit);

  const forward = lifecycle.transitions.filter(
    ({from, to}) => !back.has(`${from}>${to}`),
  );
  const rank = new Map(states.map((state) => [state, 0]));
  for (let pass = 0; pass < states.length; pass += 1) {
    forward.forEach(({from, to}) => {
      rank.set(to, Math.max(rank.get(to)!, rank.get(from)! + 1));
    });
  }
  return rank;
}

function layout(lifecycle: Lifecycle) {
  const ranks = rankStates(lifecycle);
  const rows: string[][] = [];
  lifecycleStates(lifecycle).forEach((state) => {
    (rows[ranks.get(state)!] ??= []).push(state);
  });
  const widest = Math.max(...rows.map((row) => row.length));
  const inner = widest * box.width + (widest - 1) * box.gapX;
  const width = box.margin * 2 + inner + box.detour * 2;
  const placed = new Map<string, Placed>();
  const hasExit = (state: string) =>
    lifecycle.transitions.some(({from}) => from === state);
  rows.forEach((row, rank) => {
    // Under their parents (fewer crossings); states that lead on before ends.
    const parentsX = (state: string) => {
      const xs = lifecycle.transitions
        .filter(({to, from}) => to === state && placed.has(from))
        .map(({from}) => placed.get(from)!.x);
      return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0;
    };
    const ordered = [...row].sort(
      (a, b) =>
        parentsX(a) - parentsX(b) || Number(!hasExit(a)) - Number(!hasExit(b)),
    );
    const rowWidth = row.length * box.width + (row.length - 1) * box.gapX;
    const start = (width - rowWidth) / 2;
    ordered.forEach((state, index) => {
      placed.set(state, {
        state,
        rank,
        x: start + index * (box.width + box.gapX),
        y: box.margin + rank * (box.height + box.gapY),
      });
    });
  });
  const height =
    box.margin * 2 + rows.length * box.height + (rows.length - 1) * box.gapY;
  return {placed, width, height};
}

/** The SVG path of one transition, from the edge of one box to the edge of the other. */
function edgePath(from: Placed, to: Placed, width: number): string {
  const centre = (placed: Placed) => placed.x + box.width / 2;
  if (to.rank === from.rank + 1) {
    const [x1, y1] = [centre(from), from.y + box.height];
    const [x2, y2] = [centre(to), to.y - 2];
    const bend = (y2 - y1) / 2;
    return `M ${x1} ${y1} C ${x1} ${y1 + bend}, ${x2} ${y2 - bend}, ${x2} ${y2}`;
  }
  if (to.rank === from.rank) {
    const leftToRight = to.x > from.x;
    const x1 = leftToRight ? from.x + box.width : from.x;
    const x2 = leftToRight ? to.x - 2 : to.x + box.width + 2;
    const y = from.y + box.height / 2;
    return `M ${x1} ${y} L ${x2} ${y}`;
  }
  // Skipping a row, or back to an earlier state (a retry): go round the
  // outside of the boxes, on the side nearer the two states.
  const right = (centre(from) + centre(to)) / 2 >= width / 2;
  const side = (placed: Placed) => (right ? placed.x + box.width : placed.x);
  const x1 = side(from);
  const x2 = right ? side(to) + 2 : side(to) - 2;
  const y1 = from.y + box.height / 2;
  const y2 = to.y + box.height / 2;
  const out = right ? width - box.margin / 2 : box.margin / 2;
  return `M ${x1} ${y1} C ${out} ${y1}, ${out} ${y2}, ${x2} ${y2}`;
}

const svgText = (value: string): MdxJsxFlowElement['children'][number] =>
  ({
    type: 'text',
    value,
  }) as unknown as MdxJsxFlowElement['children'][number];

function svg(
  name: string,
  title: string,
  lifecycle: Lifecycle,
): MdxJsxFlowElement {
  const {placed, width, height} = layout(lifecycle);
  const markerId = `state-arrow-${name}`;
  const titleId = `state-diagram-title-${name}`;
  const descId = `state-diagram-desc-${name}`;
  const ends = new Set(
    lifecycleStates(lifecycle).filter(
      (state) => !lifecycle.transitions.some(({from}) => from === state),
    ),
  );
  const description = lifecycle.transitions
    .map(({from, to}) => `${from} to ${to}`)
    .join('; ');
  const nodes = [...placed.values()].map((state) =>
    jsx('g', {className: 'state-diagram__state'}, [
      jsx('rect', {
        x: String(state.x),
        y: String(state.y),
        width: String(box.width),
        height: String(box.height),
        rx: '8',
        className: [
          'state-diagram__box',
          lifecycle.initial.includes(state.state)
            ? 'state-diagram__box--start'
            : '',
          ends.has(state.state) ? 'state-diagram__box--end' : '',
        ]
          .filter(Boolean)
          .join(' '),
      }),
      jsx(
        'text',
        {
          x: String(state.x + box.width / 2),
          y: String(state.y + box.height / 2),
          textAnchor: 'middle',
          dominantBaseline: 'central',
          className: 'state-diagram__label',
        },
        [svgText(state.state)],
      ),
    ]),
  );
  const edges = lifecycle.transitions.map(({from, to}) =>
    jsx('path', {
      d: edgePath(placed.get(from)!, placed.get(to)!, width),
      className: 'state-diagram__edge',
      markerEnd: `url(#${markerId})`,
    }),
  );
  return jsx(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      viewBox: `0 0 ${width} ${height}`,
      width: String(width),
      role: 'img',
      'aria-labelledby': `${titleId} ${descId}`,
      className: 'state-diagram__svg',
    },
    [
      jsx('title', {id: titleId}, [svgText(title)]),
      jsx('desc', {id: descId}, [svgText(`Transitions: ${description}.`)]),
      jsx('defs', {}, [
        jsx(
          'marker',
          {
            id: markerId,
            viewBox: '0 0 10 10',
            refX: '9',
            refY: '5',
            markerWidth: '8',
            markerHeight: '8',
            orient: 'auto-start-reverse',
          },
          [
            jsx('path', {
              d: 'M 0 0 L 10 5 L 0 10 z',
              className: 'state-diagram__arrow',
            }),
          ],
        ),
      ]),
      ...edges,
      ...nodes,
    ],
  );
}

/** The diagram, its caption and the transitions table. */
export function renderStateDiagram(
  parse: MarkdownParser,
  name: string,
  title: string,
  lifecycle: Lifecycle,
): RootContent[] {
  const states = new Set(lifecycleStates(lifecycle));
  lifecycle.transitions.forEach(({from, to}) => {
    if (!states.has(from) || !states.has(to)) {
      throw new Error(`The ${name} lifecycle names an unknown state.`);
    }
  });
  return [
    jsx('figure', {className: 'state-diagram'}, [
      jsx(
        'div',
        {
          className: 'state-diagram__canvas',
          tabIndex: '0',
          role: 'group',
          'aria-label': title,
        },
        [svg(name, title, lifecycle)],
      ),
      jsx('figcaption', {}, [
        {
          type: 'paragraph',
          children: [
            {
              type: 'text',
              value: `${title}. Start states have a thick border and end states are shaded; the table below lists every transition.`,
            },
          ],
        },
      ]),
    ]),
    table(
      ['From', 'To', 'What moves it'],
      lifecycle.transitions.map(({from, to, trigger}) => [
        [{type: 'inlineCode', value: from}],
        [{type: 'inlineCode', value: to}],
        inline(parse, trigger),
      ]),
    ),
  ];
}
