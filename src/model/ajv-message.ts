// Ajv's message for an error, with the values it names: one wording for the build's checks and the browser's.
import type {ErrorObject} from 'ajv';

/** The parts of an Ajv error the message reads (a standalone validator's errors have them too). */
export type AjvError = Pick<
  ErrorObject,
  'instancePath' | 'keyword' | 'params' | 'message'
>;

export const ajvMessage = (error: AjvError) =>
  `${error.message ?? 'is invalid'}${
    error.params && 'allowedValues' in error.params
      ? ` (${(error.params.allowedValues as unknown[]).join(', ')})`
      : ''
  }${error.params && 'additionalProperty' in error.params ? ` (${String(error.params.additionalProperty)})` : ''}`;
