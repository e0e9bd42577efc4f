// A data file read against its schema: its types are the schema's, and every mistake is one line at its file and line.
import path from 'node:path';
import type {z} from 'zod';
import {AuthoringError} from './authoringError';
import {locationOf, readYaml, sitePath} from './yaml';

/**
 * The line of the deepest object or list on `route` that was read from the
 * file: where the mistake is, or the object holding it.
 */
function lineOf(data: unknown, route: readonly PropertyKey[]): number {
  let line = locationOf(data)?.line ?? 1;
  let value = data;
  for (const key of route) {
    if (value === null || typeof value !== 'object') {
      break;
    }
    value = (value as Record<PropertyKey, unknown>)[key];
    line = locationOf(value)?.line ?? line;
  }
  return line;
}

/** A route into a file as its reader writes it: `hub.Orders[2]`. */
const routeText = (route: readonly PropertyKey[]) =>
  route
    .map((key, index) =>
      typeof key === 'number'
        ? `[${key}]`
        : `${index === 0 ? '' : '.'}${String(key)}`,
    )
    .join('');

/**
 * Reads a YAML data file of the site and checks it against its schema,
 * returning its data typed as the schema says. A file that does not match
 * stops with one line per mistake: its file and line, where in the file,
 * and what the schema wanted.
 * @param name what the file declares, for the message ("The app labels")
 */
export function readDataFile<Schema extends z.ZodType>(
  siteDir: string,
  relative: string,
  schema: Schema,
  name: string,
): z.infer<Schema> {
  const file = path.join(siteDir, relative);
  const data = readYaml<unknown>(file);
  const result = schema.safeParse(data);
  if (result.success) {
    return result.data;
  }
  throw new AuthoringError(
    `${relative} (${name}) does not match its schema`,
    result.error.issues.map(
      (issue) =>
        `${sitePath(file)}:${lineOf(data, issue.path)}: ${issue.path.length > 0 ? `${routeText(issue.path)}: ` : ''}${issue.message}.`,
    ),
  );
}
