// The changelog's diff of an operation's parameters, matched by where they go and their name.
// The changelog's diff of two releases' paths and webhooks: operations, parameters, bodies, responses and headers.
import {releaseHeader} from './releases';
import {type OpenApiDocument, type Parameter} from '../../model/openapi-types';
import {
  judged,
  join,
  code,
  type Side,
  type Walk,
  type Place,
  record,
  resolved,
} from './changelog-walk';
import {compareSchemas} from './changelog-schemas';
import {compareOthers} from './changelog-walk';

/** A parameter's key among an operation's: `query:filter`. */
export const parameterKey = (parameter: Parameter) =>
  `${parameter.in}:${parameter.name}`;

function byKey(
  document: OpenApiDocument,
  parameters: Parameter[] | undefined,
): Map<string, {parameter: Parameter; side: Side}> {
  const found = new Map<string, {parameter: Parameter; side: Side}>();
  for (const written of parameters ?? []) {
    const side = resolved(document, {
      node: written as unknown as Record<string, unknown>,
      field: '',
      refs: [],
    }) as Side;
    const parameter = side.node as unknown as Parameter;
    // The release header's value is each release's own name.
    if (parameter.in === 'header' && parameter.name === releaseHeader) {
      continue;
    }
    found.set(parameterKey(parameter), {parameter, side});
  }
  return found;
}

export function compareParameters(
  walk: Walk,
  place: Place,
  pointer: string,
  before: Parameter[] | undefined,
  after: Parameter[] | undefined,
) {
  const a = byKey(walk.before, before);
  const b = byKey(walk.after, after);
  const noun = (parameter: Parameter) =>
    `${parameter.in} parameter ${code(parameter.name)}`;
  for (const [key, {parameter}] of a) {
    if (!b.has(key)) {
      // The API refuses a parameter it does not take.
      record(
        walk,
        place,
        judged(place.direction, 'breaking', 'breaking'),
        `${noun(parameter)} removed`,
        [join(pointer, key)],
      );
    }
  }
  for (const [key, {parameter}] of b) {
    if (!a.has(key)) {
      record(
        walk,
        place,
        judged(
          place.direction,
          'additive',
          parameter.required ? 'breaking' : 'additive',
        ),
        `${noun(parameter)} added${parameter.required ? ', required' : ''}`,
        [join(pointer, key)],
      );
    }
  }
  for (const [key, {parameter: parameterA}] of a) {
    const parameterB = b.get(key)?.parameter;
    if (!parameterB) {
      continue;
    }
    if (Boolean(parameterA.required) !== Boolean(parameterB.required)) {
      record(
        walk,
        place,
        judged(
          place.direction,
          parameterB.required ? 'additive' : 'breaking',
          parameterB.required ? 'breaking' : 'additive',
        ),
        `${noun(parameterB)} made ${parameterB.required ? 'required' : 'optional'}`,
        [join(pointer, key, 'required')],
      );
    }
    compareOthers(
      walk,
      place,
      join(pointer, key),
      parameterA,
      parameterB,
      ['name', 'in', 'required', 'schema'],
      noun(parameterB),
    );
    compareSchemas(
      walk,
      {...place, base: noun(parameterB)},
      join(pointer, key, 'schema'),
      {
        node: (parameterA.schema ?? {}) as Record<string, unknown>,
        field: '',
        refs: [],
      },
      {
        node: (parameterB.schema ?? {}) as Record<string, unknown>,
        field: '',
        refs: [],
      },
    );
  }
}
