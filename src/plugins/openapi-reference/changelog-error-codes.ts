// The error-code catalogue's changes between two releases, each explained by a change of the upgrade guide.
import {AuthoringError} from '../../model/authoringError';
import {errorCodes, type ErrorCode} from '../../model/error-codes';
import type {LoadedSpec} from '../../model/openapi-types';
import {locationOf, where} from '../../model/yaml';
import {explainedChanges, type ExplainedChange} from './changelog-rows';
import {type ErrorCodeChange} from './changelog-walk';

/** Every change of the error catalogue from `before` to `after`, in the newer release's order, removed codes first. */
export function errorCodeChanges(
  before: LoadedSpec,
  after: LoadedSpec,
): ErrorCodeChange[] {
  const older = errorCodes(before.document);
  const newer = errorCodes(after.document);
  const removed = Object.entries(older)
    .filter(([code]) => !(code in newer))
    .map(([code, {status}]): ErrorCodeChange => ({
      code,
      status,
      change: 'removed',
    }));
  const addedOrChanged = Object.entries(newer).flatMap(
    ([code, {status}]): ErrorCodeChange[] => {
      const was: ErrorCode | undefined = older[code];
      if (!was) {
        return [{code, status, change: 'added'}];
      }
      return was.status === status
        ? []
        : [{code, status, change: 'status changed'}];
    },
  );
  return [...removed, ...addedOrChanged];
}

/**
 * The catalogue's changes with the change of the upgrade guide that
 * explains each. A change that none explains is an authoring mistake, one
 * line each at the catalogue entry it was written at (else at
 * `fallbackFile`, the older release's overlay, when given).
 */
export function explainedErrorCodeChanges(
  before: LoadedSpec,
  after: LoadedSpec,
  fallbackFile?: string,
): (ErrorCodeChange & {explanation: ExplainedChange})[] {
  const changes = errorCodeChanges(before, after).map((change) => ({
    ...change,
    explanation: explainedChanges.find(
      (explained) => explained.explainsErrorCode?.(change) ?? false,
    ),
  }));
  const unexplained = changes.filter((change) => !change.explanation);
  if (unexplained.length > 0) {
    throw new AuthoringError(
      'The changelog (api/changelog.mdx) explains no change for these differences between the releases',
      unexplained.map(({code, status, change}) => {
        const entry =
          errorCodes(after.document)[code] ?? errorCodes(before.document)[code];
        const at =
          locationOf(entry) || fallbackFile !== undefined
            ? `${where(entry, fallbackFile ?? '')}: `
            : '';
        return `${at}error code \`${code}\` (${status}) ${change}. Explain it in a section of api/changelog.mdx and the explainsErrorCode of an entry of explainedChanges (src/plugins/openapi-reference/changelog-rows.ts), or undo it.`;
      }),
    );
  }
  return changes.map((change) => ({
    ...change,
    explanation: change.explanation!,
  }));
}
