import path from 'node:path';
import {
  allExampleCases as examplesOf,
  validateExample as validate,
  type ExampleCase,
} from '../../src/plugins/openapi-reference/examples';
import {loadSpec} from '../../src/plugins/openapi-reference/spec';
import {type LoadedSpec} from '../../src/model/openapi-types';

export type {ExampleCase};

/** The latest release's document, as the site build loads it. */
export const spec: LoadedSpec = loadSpec(
  path.join(__dirname, '..', '..', 'openapi'),
);

/** Every example of a release's document (the latest unless given). */
export const allExampleCases = (checked: LoadedSpec = spec) =>
  examplesOf(checked);

/** The errors of one example, each naming where it is and the field at fault. */
export const validateExample = (
  example: Omit<ExampleCase, 'writtenIn'>,
  checked: LoadedSpec = spec,
) => validate(example, checked);
