// A data file read against its schema: its types are the schema's, and every mistake is one line at its file and line.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {LineCounter, isMap, isNode, isScalar, isSeq, parseDocument} from 'yaml';
import type {z} from 'zod';
import {AuthoringError} from './authoringError';
import {readYaml, sitePath} from './yaml';

/**
 * The line where the step of `route` that is written last is: a key's own
 * line, a list item's; for a key that is missing, the key of the object
 * that lacks it.
 */
function lineOf(text: string, route: readonly PropertyKey[]): number {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, {lineCounter});
  const lineAt = (node: unknown) =>
    isNode(node) && node.range
      ? lineCounter.linePos(node.range[0]).line
      : undefined;
  for (let depth = route.length; depth > 0; depth -= 1) {
    const parent: unknown =
      depth === 1
        ? document.contents
        : document.getIn(
            route.slice(0, depth - 1) as (string | number)[],
            true,
          );
    const step = route[depth - 1];
    const line = isMap(parent)
      ? lineAt(
          parent.items.find(
            (pair) => isScalar(pair.key) && pair.key.value === step,
          )?.key,
        )
      : isSeq(parent) && typeof step === 'number'
        ? lineAt(parent.items[step])
        : undefined;
    if (line !== undefined) {
      return line;
    }
  }
  return 1;
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
    // The data read, not the schema's copy of it: its objects keep the
    // lines they were read from, which later checks point at. The schemas
    // transform nothing (no defaults, no coercion), so the two are equal.
    return data as z.infer<Schema>;
  }
  const text = readFileSync(file, 'utf8');
  throw new AuthoringError(
    `${relative} (${name}) does not match its schema`,
    result.error.issues.map(
      (issue) =>
        `${sitePath(file)}:${lineOf(text, issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]!] : issue.path)}: ${issue.path.length > 0 ? `${routeText(issue.path)}: ` : ''}${issue.message}.`,
    ),
  );
}
