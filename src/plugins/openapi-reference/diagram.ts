import dagre from '@dagrejs/dagre';
import type {PhrasingContent, RootContent} from 'mdast';
import type {MdxJsxFlowElement} from 'mdast-util-mdx-jsx';
import {inline} from './fields';
import {jsx, labelledTable, table, type MarkdownParser} from './mdast';
import {stateAspects, stateColumns, stateText} from '../../model/lifecycles';
import {type Lifecycle, type StateAction} from '../../model/openapi-types';

/**
 * A lifecycle as a static, accessible state diagram: an SVG drawn at build
 * time from dagre's layout (no diagram runtime reaches the browser) whose colours follow the
 * site's colour mode, followed by a table of the transitions as its text
 * alternative.
 */

export const box = {
  width: 196,
  height: 40,
  gapX: 24,
  gapY: 56,
  margin: 20,
  /** Between two edges side by side. */
  edgeGap: 16,
};

interface Placed {
  state: string;
  /** The box's top-left corner. */
  x: number;
  y: number;
}

/** Every state of a lifecycle, in order of first appearance. */
export function lifecycleStates(lifecycle: Lifecycle): string[] {
  const states = new Set(lifecycle.initial);
  lifecycle.transitions.forEach(({from, to}) => states.add(from).add(to));
  return [...states];
}

interface Point {
  x: number;
  y: number;
}

/**
 * The diagram laid out by dagre (a layered graph layout): start states at
 * the top, forward flow reading downwards, a retry drawn back up around the
 * boxes, each transition a route of points between the boxes' edges.
 */
export function lifecycleLayout(lifecycle: Lifecycle) {
  const graph = new dagre.graphlib.Graph({multigraph: true});
  graph.setGraph({
    rankdir: 'TB',
    nodesep: box.gapX,
    ranksep: box.gapY,
    edgesep: box.edgeGap,
    marginx: box.margin,
    marginy: box.margin,
  });
  graph.setDefaultEdgeLabel(() => ({}));
  lifecycleStates(lifecycle).forEach((state) =>
    graph.setNode(state, {width: box.width, height: box.height}),
  );
  lifecycle.transitions.forEach(({from, to}, index) =>
    graph.setEdge(from, to, {}, String(index)),
  );
  dagre.layout(graph);
  const placed = new Map<string, Placed>(
    graph.nodes().map((state) => {
      const {x, y} = graph.node(state);
      return [
        state,
        {state, x: x - box.width / 2, y: y - box.height / 2},
      ] as const;
    }),
  );
  // An arrow that leads down leaves its box at the bottom centre and enters
  // the next at the top centre, so it never grazes a box beside them; one
  // that goes back up or sideways keeps dagre's ends.
  const routes = lifecycle.transitions.map(({from, to}, index) => {
    const points = [
      ...(graph.edge({v: from, w: to, name: String(index)}).points as Point[]),
    ];
    const source = graph.node(from);
    const target = graph.node(to);
    if (target.y > source.y) {
      points[0] = {x: source.x, y: source.y + box.height / 2};
      points[points.length - 1] = {x: target.x, y: target.y - box.height / 2};
    }
    return points;
  });
  // dagre's size leaves out arrows that loop round the outside: the canvas
  // takes in every box and every point, with the margin all round.
  const xs = [
    ...[...placed.values()].flatMap(({x}) => [x, x + box.width]),
    ...routes.flat().map(({x}) => x),
  ];
  const ys = [
    ...[...placed.values()].flatMap(({y}) => [y, y + box.height]),
    ...routes.flat().map(({y}) => y),
  ];
  const dx = box.margin - Math.min(...xs);
  const dy = box.margin - Math.min(...ys);
  const shift = <T extends Point>(point: T): T => ({
    ...point,
    x: point.x + dx,
    y: point.y + dy,
  });
  return {
    placed: new Map([...placed].map(([state, at]) => [state, shift(at)])),
    routes: routes.map((points) => points.map(shift)),
    width: Math.max(...xs) - Math.min(...xs) + box.margin * 2,
    height: Math.max(...ys) - Math.min(...ys) + box.margin * 2,
  };
}

/** A transition's route as a smooth SVG path through its points. */
function edgePath(points: Point[]): string {
  const [first, ...rest] = points;
  const last = rest.pop();
  if (!first || !last) {
    return '';
  }
  // A quadratic curve to the midpoint of each next segment, then a line.
  const curves = rest.map((point, index) => {
    const next = rest[index + 1] ?? last;
    return `Q ${point.x} ${point.y}, ${(point.x + next.x) / 2} ${(point.y + next.y) / 2}`;
  });
  return [`M ${first.x} ${first.y}`, ...curves, `L ${last.x} ${last.y}`].join(
    ' ',
  );
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
  const {placed, routes, width, height} = lifecycleLayout(lifecycle);
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
  const edges = routes.map((points) =>
    jsx('path', {
      d: edgePath(points),
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

/** The headings of a lifecycle's state table: the state, its columns, its actions. */
export const stateTableHeader = (lifecycle: Lifecycle): string[] => [
  'State',
  ...Object.values(stateColumns(lifecycle)),
  'What you can do',
];

/** One action: the app's label in bold, the operation in code, or both. */
function actionContent({label, operation}: StateAction): PhrasingContent[] {
  const code: PhrasingContent[] = operation
    ? [{type: 'inlineCode', value: operation}]
    : [];
  if (!label) {
    return code;
  }
  const strong: PhrasingContent = {
    type: 'strong',
    children: [{type: 'text', value: label}],
  };
  return operation
    ? [strong, {type: 'text', value: ' ('}, ...code, {type: 'text', value: ')'}]
    : [strong];
}

/**
 * The class of every state table: the search index leaves out the API
 * pages' copies, which repeat the guides' (docusaurus.config.ts).
 */
export const stateTableClass = 'state-table';

/**
 * The behaviour by state, from the lifecycle's `states`: one row per state
 * in the order of the status enum, with its text for each of the
 * lifecycle's columns (by default what it means, what the shop shows, what
 * stock and orders do) and what a user can do.
 */
export function renderStateTable(
  parse: MarkdownParser,
  name: string,
  title: string,
  lifecycle: Lifecycle,
  order: string[],
): RootContent[] {
  const {states} = lifecycle;
  if (!states) {
    throw new Error(
      `The ${name} lifecycle declares no states, so it has no state table.`,
    );
  }
  const rows = order
    .filter((state) => states[state])
    .map((state) => {
      const entry = states[state]!;
      const actions = entry.actions.flatMap((action, index) => [
        ...(index > 0 ? [{type: 'text', value: ', '} as PhrasingContent] : []),
        ...actionContent(action),
      ]);
      return [
        [{type: 'inlineCode', value: state} as PhrasingContent],
        ...stateAspects(lifecycle).map((aspect) =>
          inline(parse, stateText(entry, aspect)),
        ),
        actions.length > 0
          ? actions
          : [{type: 'text', value: 'Nothing'} as PhrasingContent],
      ];
    });
  const rendered = labelledTable(title, stateTableHeader(lifecycle), rows);
  return [
    {
      ...rendered,
      data: {
        hProperties: {
          ...rendered.data?.hProperties,
          className: [stateTableClass],
        },
      },
    },
  ];
}
