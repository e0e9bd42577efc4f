import {expect, test} from '@playwright/test';
import {spec} from '../support/openapi';
import {
  box,
  lifecycleLayout,
} from '../../src/plugins/openapi-reference/diagram';
import {
  lifecycleProblems,
  lifecycleProperties,
} from '../../src/plugins/openapi-reference/spec';

test('every x-lifecycle of the spec names only states of its enum', () => {
  const lifecycles = lifecycleProperties(spec.document);
  // One per object with a status, not only the ones a page draws.
  expect(lifecycles.map(({where}) => where)).toContain('Warehouse.status');
  expect(lifecycles.length).toBeGreaterThanOrEqual(19);
  expect(lifecycleProblems(spec.document, 'openapi')).toEqual([]);
});

test('a transition to a state outside the enum is reported', () => {
  const doctored = structuredClone(spec.document);
  const status = doctored.components.schemas.Warehouse!.properties!.status!;
  status['x-lifecycle']!.transitions.push({
    from: 'active',
    to: 'archived',
    trigger: 'A state the enum lacks.',
  });
  status['x-lifecycle']!.initial.push('draft');
  // The copy has no recorded lines: the message names the fallback file.
  expect(
    lifecycleProblems(doctored, 'openapi/resources/warehouse.yaml'),
  ).toEqual([
    'openapi/resources/warehouse.yaml: Warehouse.status\'s x-lifecycle names the initial state "draft", which is not in its enum. Add it to the enum or correct the name.',
    'openapi/resources/warehouse.yaml: Warehouse.status\'s x-lifecycle names the to state "archived", which is not in its enum. Add it to the enum or correct the name.',
  ]);
});

test.describe('state diagrams', () => {
  const lifecycles = [
    ...lifecycleProperties(spec.document).map(({where, lifecycle}) => ({
      name: where,
      lifecycle,
    })),
  ];

  test('no two states overlap, the first states are on top, and every arrow joins its two states', () => {
    for (const {name, lifecycle} of lifecycles) {
      const {placed, routes, width, height} = lifecycleLayout(lifecycle);
      const boxes = [...placed.values()];
      boxes.forEach((a, index) =>
        boxes.slice(index + 1).forEach((b) => {
          const apart =
            a.x + box.width <= b.x ||
            b.x + box.width <= a.x ||
            a.y + box.height <= b.y ||
            b.y + box.height <= a.y;
          expect(apart, `${name}: ${a.state} and ${b.state} overlap`).toBe(
            true,
          );
        }),
      );
      // A start state that no transition leads to opens the top row.
      const top = Math.min(...boxes.map(({y}) => y));
      lifecycle.initial
        .filter((state) => !lifecycle.transitions.some(({to}) => to === state))
        .forEach((state) =>
          expect(placed.get(state)!.y, `${name}: ${state} starts`).toBe(top),
        );
      // Each route begins on the edge of its from-box and ends on its to-box.
      const onEdge = (state: string, point: {x: number; y: number}) => {
        const {x, y} = placed.get(state)!;
        const slack = 1;
        return (
          point.x >= x - slack &&
          point.x <= x + box.width + slack &&
          point.y >= y - slack &&
          point.y <= y + box.height + slack
        );
      };
      for (const point of routes.flat()) {
        expect(
          point.x >= 0 && point.x <= width && point.y >= 0 && point.y <= height,
          `${name}: an arrow leaves the canvas at ${point.x}, ${point.y}`,
        ).toBe(true);
      }
      lifecycle.transitions.forEach(({from, to}, index) => {
        const points = routes[index]!;
        expect(onEdge(from, points[0]!), `${name}: ${from} → ${to}`).toBe(true);
        expect(onEdge(to, points.at(-1)!), `${name}: ${from} → ${to}`).toBe(
          true,
        );
      });
    }
  });
});
