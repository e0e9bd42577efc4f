// The few modules Ajv's standalone validators call at run time, handed to each operation's generated module, so those modules import nothing themselves.
import equal from 'ajv/dist/runtime/equal';
import ucs2length from 'ajv/dist/runtime/ucs2length';
import uri from 'ajv/dist/runtime/uri';
import ValidationError from 'ajv/dist/runtime/validation_error';
import {fullFormats} from 'ajv-formats/dist/formats';
import type {ValidatorRuntime} from './validate';

/**
 * Ajv's standalone code (and ajv-formats') names its run-time helpers as
 * `require("ajv/dist/runtime/equal").default`. The build rewrites each
 * `require` to a call of the runtime it is given (openapi-reference/try-it.ts),
 * so one copy of these helpers, in the form's own chunk, serves every
 * operation's validators, and the operations' chunks share no module that
 * the bundler could move into a chunk every page loads.
 */
const modules: Record<string, unknown> = {
  'ajv/dist/runtime/equal': {default: equal},
  'ajv/dist/runtime/ucs2length': {default: ucs2length},
  'ajv/dist/runtime/uri': {default: uri},
  'ajv/dist/runtime/validation_error': {default: ValidationError},
  'ajv-formats/dist/formats': {fullFormats},
};

/** The modules the runtime provides, by the name the standalone code requires. */
export const runtimeModuleNames = Object.keys(modules);

export const validatorRuntime: ValidatorRuntime = (name) => {
  if (!(name in modules)) {
    throw new Error(
      `The Try it validators need ${name}, which the runtime does not provide.`,
    );
  }
  return modules[name];
};
