import {allOperations} from '../../../model/operations';
import {deref, resolveRef} from '../../../model/refs';
import {everyResponseHeaders, retryAfterStatuses} from '../spec';
import {where} from '../../../model/yaml';
import {
  type OpenApiDocument,
  type Response,
} from '../../../model/openapi-types';

/**
 * The headers the API introduction promises on each response: the
 * release's shared headers (`components.x-every-response-headers`) on every
 * response, `Retry-After` on 429 and 503, and `Idempotent-Replayed` on the
 * 2xx of operations that take an `Idempotency-Key` and on no other; each
 * one a shared header component with a schema and a description. The loader
 * declares them (spec.ts), so a mistake here is a resource file that
 * declares a response's header itself.
 */
export function responseHeaderProblems(
  document: OpenApiDocument,
  fallbackFile: string,
): string[] {
  const shared = everyResponseHeaders(document);
  const responses = allOperations(document).flatMap(
    ({method, path, operation, parameters}) =>
      Object.entries(operation.responses).map(([status, reference]) => {
        const response = deref(document, reference as Response);
        // A shared response is one mistake, however many operations use it.
        const named =
          reference.$ref ?? `${method.toUpperCase()} ${path} ${status}`;
        return {
          at: `${where(response, fallbackFile)}: ${named}`,
          status,
          idempotent: parameters.some(({name}) => name === 'Idempotency-Key'),
          headers: response.headers ?? {},
        };
      }),
  );
  const componentProblems = new Map<string, string>();
  const problems = responses.flatMap(({at, status, idempotent, headers}) => {
    const names = Object.keys(headers);
    const missing = [
      ...shared,
      ...(retryAfterStatuses.includes(status) ? ['Retry-After'] : []),
    ].filter((name) => !names.includes(name));
    const replayed = idempotent && status.startsWith('2');
    for (const [name, header] of Object.entries(headers)) {
      const ref = (header as {$ref?: string}).$ref;
      if (!ref?.startsWith('#/components/headers/')) {
        componentProblems.set(
          `${at} ${name}`,
          `${at} declares ${name} itself. Declare each header once, in components.headers of openapi.yaml, and refer to it there.`,
        );
        continue;
      }
      const component = resolveRef<{description?: string; schema?: unknown}>(
        document,
        ref,
      );
      if (!component.description || !component.schema) {
        componentProblems.set(
          ref,
          `${where(component, fallbackFile)}: the header ${ref} needs a schema and a description.`,
        );
      }
    }
    return [
      ...missing.map(
        (name) =>
          `${at} does not declare ${name}, which every such response carries. Leave the shared headers to the loader (components.x-every-response-headers), or add it.`,
      ),
      ...(replayed !== names.includes('Idempotent-Replayed')
        ? [
            replayed
              ? `${at} does not declare Idempotent-Replayed, though the operation takes an Idempotency-Key. Leave it to the loader.`
              : `${at} declares Idempotent-Replayed, though only the 2xx of an operation that takes an Idempotency-Key replays. Remove it.`,
          ]
        : []),
    ];
  });
  return [...new Set(problems), ...componentProblems.values()];
}
