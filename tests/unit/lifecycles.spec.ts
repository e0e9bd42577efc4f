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
