import {expect, test} from '@playwright/test';
import {spec} from '../support/openapi';
import {
  lifecycleProblems,
  lifecycleProperties,
} from '../../src/plugins/openapi-reference/spec';

test('every x-lifecycle of the spec names only states of its enum', () => {
  const lifecycles = lifecycleProperties(spec.document);
  // One per object with a status, not only the ones a page draws.
  expect(lifecycles.map(({where}) => where)).toContain('Warehouse.status');
  expect(lifecycles.length).toBeGreaterThanOrEqual(19);
  expect(lifecycleProblems(spec.document)).toEqual([]);
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
  expect(lifecycleProblems(doctored)).toEqual([
    'Warehouse.status: x-lifecycle initial state "draft" is not in its enum',
    'Warehouse.status: x-lifecycle to state "archived" is not in its enum',
  ]);
});
