import {allowedStates, lifecycleProperties} from '../../../model/lifecycles';
import {allOperations} from '../../../model/operations';
import {where} from '../../../model/yaml';
import type {OpenApiDocument} from '../../../model/openapi-types';

/**
 * What an object's state lets an operation do is written twice: in the
 * operation (a `409` whose `x-codes` has `invalid_state`, "only an
 * uploaded file can be validated") and in its lifecycle (the `actions` of
 * each state, or, for a lifecycle without a state table, the operations
 * its transitions' triggers name). Try it answers from the lifecycle, the
 * state tables render it, and an integrator reads the operation, so the
 * two must say the same (issue 30: a reader found Validate a file refusing
 * every state but `uploaded` while no state listed it, and an archived
 * product's update allowed by Try it):
 *
 * - an operation that answers `409 invalid_state` is an action of the
 *   states it works in;
 * - an operation on one object (a path with an `{id}`) that some states of
 *   a state table list, and others do not, answers `409 invalid_state` in
 *   the others.
 *
 * One line per mistake, at the operation. (A transition's trigger may name
 * an operation as the way out of the state it leads to, "Retry with `POST
 * /dispatches/{id}/retry`", so triggers are read only where a lifecycle has
 * no state table.)
 */

export function lifecycleOperationProblems(
  document: OpenApiDocument,
  fallbackFile: string,
): string[] {
  const problems: string[] = [];
  const lifecycles = lifecycleProperties(document).map((property) => ({
    ...property,
    allowed: allowedStates(property.lifecycle),
  }));
  for (const {method, path, operation} of allOperations(document)) {
    const name = `${method.toUpperCase()} ${path}`;
    const codes = operation.responses['409']?.['x-codes'] ?? [];
    const refuses = codes.includes('invalid_state');
    const naming = lifecycles.filter(({allowed}) => allowed.has(name));
    if (refuses && naming.length === 0) {
      problems.push(
        `${where(operation, fallbackFile)}: ${name} answers 409 invalid_state, but no lifecycle says in which states it works. Add it to the actions of those states (x-lifecycle states), so the state table and Try it say what the 409 does.`,
      );
    }
    for (const {where: property, lifecycle, allowed} of naming) {
      const states = allowed.get(name)!;
      const others = Object.keys(lifecycle.states ?? {}).filter(
        (state) => !states.includes(state),
      );
      if (!refuses && others.length > 0 && path.includes('{')) {
        problems.push(
          `${where(operation, fallbackFile)}: ${name} is an action of ${property} only when it is ${states.join(', ')} (its x-lifecycle), but it documents no 409 invalid_state for ${others.join(', ')}. Document the 409 that refuses the other states, or add the operation to their actions if it works there too.`,
        );
      }
    }
  }
  return problems;
}
