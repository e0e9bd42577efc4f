// YAML files read with the file and line each object was written at, for messages that point at it.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import {
  AuthoringError,
  formatLocation,
  type SourceLocation,
} from './authoringError';

/** Where each object and array of the spec's files was written. */
const locations = new WeakMap<object, SourceLocation>();

/** The file and line an object of a spec file was written at, if it was read from one. */
export const locationOf = (value: unknown): SourceLocation | undefined =>
  value !== null && typeof value === 'object'
    ? locations.get(value)
    : undefined;

export const sitePath = (file: string) => path.relative(process.cwd(), file);

/** `file:line` of a value read from a spec file, or the file it belongs to. */
export const where = (value: unknown, file: string) => {
  const found = locationOf(value);
  return found
    ? formatLocation({...found, file: sitePath(found.file)})
    : sitePath(file);
};

/**
 * Reads a YAML file of the spec, recording where each object begins (the
 * line of its key) so that later checks can point at it. A syntax error is
 * reported at its file and line.
 */
export function readYaml<T>(file: string): T {
  const opened: number[] = [];
  try {
    return yaml.load(readFileSync(file, 'utf8'), {
      filename: file,
      listener(event, state) {
        if (event === 'open') {
          opened.push(state.line);
          return;
        }
        const line = opened.pop()!;
        if (state.result !== null && typeof state.result === 'object') {
          locations.set(state.result as object, {file, line: line + 1});
        }
      },
    }) as T;
  } catch (error) {
    if (error instanceof yaml.YAMLException) {
      throw new AuthoringError('The spec is not valid YAML', [
        `${sitePath(file)}:${error.mark.line + 1}:${error.mark.column + 1}: ${error.reason}. Fix the YAML at that line (indentation, a missing colon or an unquoted special character).`,
      ]);
    }
    throw error;
  }
}
