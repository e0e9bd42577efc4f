// The differences between two releases' documents, as an integrator's code meets them, each with its explanation.
import {
  httpMethods,
  type LoadedSpec,
  type OpenApiDocument,
} from '../../model/openapi-types';
import {refName} from '../../model/refs';

import {
  type ReleaseChange,
  type Direction,
  join,
  code,
  type Walk,
  record,
} from './changelog-walk';
import {compareSchemas} from './changelog-schemas';
import {deref, opposite, comparePaths} from './changelog-operations';
import {covers, explainedChanges} from './changelog-rows';

/**
 * The differences between two releases' documents, as an integrator's code
 * meets them: every endpoint, parameter, request and response body, header
 * and response status, every webhook event's payload, and every named
 * schema (a generated client's types), each compared with its `$ref`s
 * followed. Prose (descriptions, summaries), examples and the reference's
 * own extensions (`x-lifecycle`, `x-filter`, `x-rules`, the error
 * catalogue) are documentation, not API, and are left out; so is the
 * `Hub-Version` header's value, which is each release's own name.
 *
 * Breaking or additive is judged by what code written for the older
 * release sends and reads: in what the client reads (responses, webhook
 * payloads, objects), a field, value or header that is gone or has another
 * shape, or a value or response it never saw, is breaking; in what it
 * sends (parameters, request bodies), a new requirement is breaking, and so
 * is a field dropped from a closed body (`additionalProperties: false`),
 * which now answers `422`.
 *
 * One difference is one row: a field of a named schema that changed is one
 * row listing every endpoint, event and object that carries it, and a
 * field removed is "removed", not also "made optional".
 *
 * Every difference must be explained by one of `explainedChanges`, the
 * sections of the upgrade guide on the changelog page: the page fails to
 * build otherwise. tests/unit/changelog.spec.ts compares the rows with an
 * independent diff of the two resolved documents, both ways.
 */

/** The named schemas a client sends and reads, through every `$ref`. */
function schemaDirections(document: OpenApiDocument): Map<string, Direction> {
  const directions = new Map<string, Direction>();
  const visit = (value: unknown, direction: Direction, seen: Set<string>) => {
    if (Array.isArray(value)) {
      value.forEach((item) => visit(item, direction, seen));
      return;
    }
    if (value === null || typeof value !== 'object') {
      return;
    }
    const ref = (value as {$ref?: unknown}).$ref;
    if (typeof ref === 'string' && !seen.has(ref)) {
      seen.add(ref);
      if (ref.startsWith('#/components/schemas/')) {
        const name = refName(ref);
        const known = directions.get(name);
        directions.set(name, known && known !== direction ? 'both' : direction);
      }
      visit(deref(document, value), direction, seen);
    }
    Object.values(value).forEach((child) => visit(child, direction, seen));
  };
  for (const [section, item] of [
    ...Object.values(document.paths).map((item) => ['paths', item] as const),
    ...Object.values(document.webhooks ?? {}).map(
      (item) => ['webhooks', item] as const,
    ),
  ]) {
    for (const method of httpMethods) {
      const operation = item[method];
      if (!operation) {
        continue;
      }
      const sent: Direction = section === 'paths' ? 'send' : 'read';
      visit(
        [item.parameters, operation.parameters, operation.requestBody],
        sent,
        new Set(),
      );
      visit(operation.responses, opposite(sent), new Set());
    }
  }
  return directions;
}

function compareSchemaComponents(walk: Walk) {
  const before = walk.before.components.schemas;
  const after = walk.after.components.schemas;
  const directions = schemaDirections(walk.after);
  const directionsBefore = schemaDirections(walk.before);
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const where = walk.objects.has(name) ? `\`${name}\` object` : '';
    const pointer = join('/components/schemas', name);
    if (!before[name] || !after[name]) {
      // Generated clients name their types after the schemas.
      record(
        walk,
        {where: where || `\`${name}\` schema`, direction: 'read', base: ''},
        after[name] ? 'additive' : 'breaking',
        `schema ${code(name)} ${after[name] ? 'added' : 'removed'}`,
        [pointer],
      );
      continue;
    }
    const direction =
      directions.get(name) ?? directionsBefore.get(name) ?? 'read';
    compareSchemas(
      walk,
      {where, direction, base: code(name)},
      pointer,
      {
        node: before[name] as Record<string, unknown>,
        owner: name,
        field: '',
        refs: [`#/components/schemas/${name}`],
      },
      {
        node: after[name] as Record<string, unknown>,
        owner: name,
        field: '',
        refs: [`#/components/schemas/${name}`],
      },
    );
  }
}

/** The object schemas the reference has a page section for. */
function objectSchemasOf(spec: LoadedSpec): Set<string> {
  return new Set(
    [...spec.resources.values()].flatMap((resource) =>
      resource.objectSchema ? [resource.objectSchema] : [],
    ),
  );
}

/** Every difference from `before` to `after` an integrator's code meets, at each place. */
export function releaseChanges(
  before: LoadedSpec,
  after: LoadedSpec,
): ReleaseChange[] {
  const walk: Walk = {
    before: before.document,
    after: after.document,
    objects: objectSchemasOf(after),
    found: [],
  };
  comparePaths(walk, 'paths', before.document.paths, after.document.paths);
  comparePaths(
    walk,
    'webhooks',
    before.document.webhooks ?? {},
    after.document.webhooks ?? {},
  );
  compareSchemaComponents(walk);
  return walk.found.map((change) => ({
    ...change,
    explanation: explainedChanges.find((explained) => covers(explained, change))
      ?.id,
  }));
}
