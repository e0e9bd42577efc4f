import {allOperations} from '../../../model/operations';
import {where} from '../../../model/yaml';
import {type LoadedSpec} from '../../../model/openapi-types';

/**
 * What the reference and a generated client rely on of every operation: a
 * unique operationId, a summary, one tag that names an API page, a success
 * response, `401` and `429` (every request can be refused for its key and
 * its rate), `404` on a path with an `{id}`, and an `Idempotency-Key` on
 * every POST. Every tag has operations, and each resource file's
 * operations share one tag, so they render on one page.
 */
export function operationProblems(
  spec: LoadedSpec,
  fallbackFile: string,
): string[] {
  const {document} = spec;
  const tags = document.tags.map((tag) => tag.name);
  const operations = allOperations(document);
  const seen = new Set<string>();
  const problems = operations.flatMap(
    ({method, path, operation, parameters}) => {
      const at = `${where(operation, fallbackFile)}: ${method.toUpperCase()} ${path}`;
      const statuses = Object.keys(operation.responses);
      const id = operation.operationId;
      const duplicate = Boolean(id) && seen.has(id);
      seen.add(id);
      return [
        ...(id ? [] : [`${at} has no operationId. Name it.`]),
        ...(duplicate
          ? [
              `${at}: operationId ${id} is another operation's too. Give each operation its own.`,
            ]
          : []),
        ...(operation.summary ? [] : [`${at} has no summary. Write one.`]),
        ...(operation.tags?.length === 1 && tags.includes(operation.tags[0]!)
          ? []
          : [
              `${at} has tags ${JSON.stringify(operation.tags ?? [])}; it needs one tag, naming its API page, of: ${tags.join(', ')}.`,
            ]),
        ...(statuses.some((status) => status.startsWith('2'))
          ? []
          : [`${at} has no success (2xx) response. Add it.`]),
        ...['401', '429']
          .filter((status) => !statuses.includes(status))
          .map(
            (status) =>
              `${at} does not list ${status}, which every operation can answer. Add the shared response.`,
          ),
        ...(/\{id\}/.test(path) && !statuses.includes('404')
          ? [
              `${at} takes an {id} but does not list 404. Add the shared NotFound response.`,
            ]
          : []),
        ...(method === 'post' &&
        !parameters.some(({name}) => name === 'Idempotency-Key')
          ? [
              `${at} does not take an Idempotency-Key, which every POST takes. Add the shared IdempotencyKey parameter.`,
            ]
          : []),
      ];
    },
  );
  const tagged = new Set(operations.map(({operation}) => operation.tags?.[0]));
  const untagged = document.tags
    .filter((tag) => !tagged.has(tag.name))
    .map(
      (tag) =>
        `${where(tag, fallbackFile)}: the tag ${tag.name} has no operations. Remove it, or tag its operations with it.`,
    );
  const split = [...spec.resources.values()].flatMap((resource) => {
    const own = new Set(
      operations
        .filter(({path}) => resource.paths.includes(path))
        .map(({operation}) => operation.tags?.[0])
        // A tag that names no page is named above, once.
        .filter((tag) => tag !== undefined && tags.includes(tag)),
    );
    return own.size > 1
      ? [
          `${where(document.paths[resource.paths[0]!], resource.file)}: ${resource.name}.yaml's operations have the tags ${[...own].join(', ')}; give them one, so they render on one page.`,
        ]
      : [];
  });
  return [...problems, ...untagged, ...split];
}
