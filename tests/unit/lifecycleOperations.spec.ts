import {expect, test} from '@playwright/test';
import type {
  LifecycleState,
  OpenApiDocument,
} from '../../src/model/openapi-types';
import {lifecycleOperationProblems} from '../../src/plugins/openapi-reference/rules/lifecycle-operations';
import {spec} from '../support/openapi';

/**
 * What a state lets an operation do is written in the operation (a 409
 * invalid_state) and in its lifecycle (the states' actions), and the two
 * must agree (src/plugins/openapi-reference/rules/lifecycle-operations.ts,
 * a release check): one line per operation that disagrees.
 */

const file = 'openapi/openapi.yaml';
const copy = () => structuredClone(spec.document);
const statesOf = (document: OpenApiDocument, schema: string) =>
  document.components.schemas[schema]!.properties!.status!['x-lifecycle']!
    .states! as Record<string, LifecycleState>;

test("the site's operations and lifecycles agree", () => {
  expect(lifecycleOperationProblems(spec.document, file)).toEqual([]);
});

test('an operation that answers 409 invalid_state in no lifecycle is one line', () => {
  const document = copy();
  const uploaded = statesOf(document, 'File').uploaded!;
  uploaded.actions = uploaded.actions.filter(
    ({operation}) => operation !== 'POST /file-utilities/validate',
  );
  expect(lifecycleOperationProblems(document, file)).toEqual([
    expect.stringMatching(
      /: POST \/file-utilities\/validate answers 409 invalid_state, but no lifecycle says in which states it works\./,
    ),
  ]);
});

test('an operation some states list, with no 409 for the others, is one line', () => {
  const document = copy();
  const processing = statesOf(document, 'Image').processing!;
  processing.actions = processing.actions.filter(
    ({operation}) => operation !== 'PATCH /images/{id}',
  );
  expect(lifecycleOperationProblems(document, file)).toEqual([
    expect.stringMatching(
      /: PATCH \/images\/\{id\} is an action of Image\.status only when it is ready, failed \(its x-lifecycle\), but it documents no 409 invalid_state for processing\./,
    ),
  ]);
});
