// The changelog's rows: the upgrade guide's explained changes, one row per difference, and where each was written.
import path from 'node:path';
import {
  AuthoringError,
  formatLocation,
  type SourceLocation,
} from '../../model/authoringError';
import {type OpenApiDocument, type Parameter} from '../../model/openapi-types';
import {locationOf} from '../../model/yaml';
import {
  type ChangeKind,
  type ErrorCodeChange,
  type ReleaseChange,
} from './changelog-walk';
import {parameterKey} from './changelog-parameters';

/**
 * A difference an explained change covers, by where it is in the
 * documents, never by how the changelog words it: a field of a named
 * schema (or any of its fields), a response header, an enum value, a
 * parameter (`query:filter`), or anything of a response status.
 */
export type Covered =
  | {schema: string; fields?: string[]}
  | {header: RegExp}
  | {value: string}
  | {parameter: string}
  | {status: string};

/** A change of the upgrade guide and the differences it explains. */
export interface ExplainedChange {
  /** The anchor of its section on the changelog page. */
  id: string;
  title: string;
  covers: Covered[];
  /** The changes of the error catalogue it explains (`changelog-error-codes.ts`). */
  explainsErrorCode?: (
    change: Pick<ErrorCodeChange, 'status' | 'code'>,
  ) => boolean;
}

/** The last two steps of a pointer: `properties`, `currency`. */
const lastSteps = (pointer: string) => pointer.split('/').slice(-2);

/** Whether a difference is one an explained change covers. */
export function covers(
  explained: ExplainedChange,
  change: Pick<ReleaseChange, 'pointers' | 'schemas'>,
): boolean {
  return explained.covers.some((covered) =>
    change.pointers.some((pointer) => {
      const [parent, last] = lastSteps(pointer);
      if ('schema' in covered) {
        const component = `/components/schemas/${covered.schema}`;
        const inSchema =
          (change.schemas ?? []).includes(covered.schema) ||
          pointer === component ||
          pointer.startsWith(`${component}/`);
        return (
          inSchema &&
          (covered.fields === undefined ||
            ((parent === 'properties' || parent === 'required') &&
              covered.fields.includes(last ?? '')))
        );
      }
      if ('header' in covered) {
        return parent === 'headers' && covered.header.test(last ?? '');
      }
      if ('value' in covered) {
        return parent === 'enum' && last === covered.value;
      }
      if ('parameter' in covered) {
        return parent === 'parameters' && last === covered.parameter;
      }
      return pointer.includes(`/responses/${covered.status}/`);
    }),
  );
}

const moneyFields = [
  'new_price',
  'previous_price',
  'new_amount',
  'previous_amount',
  'currency',
];

/** The breaking changes of `2023-07` over `2023-01`, and change 6 (new in 2023-07 only). */
export const explainedChanges: ExplainedChange[] = [
  {
    id: 'price-changes-carry-money',
    title: 'Price changes carry Money objects',
    covers: [
      {schema: 'PriceChange', fields: moneyFields},
      {schema: 'PriceChangeCreate', fields: moneyFields},
    ],
  },
  {
    id: 'orders-can-be-partially-dispatched',
    title: 'Orders can be partially_dispatched',
    covers: [{value: 'partially_dispatched'}],
  },
  {
    id: 'rate-limit-headers',
    title: 'Rate-limit headers lose their X- prefix',
    covers: [{header: /^(X-)?RateLimit-/}],
  },
  {
    id: 'validation-errors-list-every-field',
    title: 'A 422 lists every invalid field in errors[]',
    covers: [{schema: 'ValidationProblem'}, {status: '422'}],
    // A 2023-01 `422` has no `errors[]`, so it carries no code.
    explainsErrorCode: ({status}) => status === 422,
  },
  {
    id: 'filter-on-every-list',
    title: 'filter= on every list',
    covers: [{parameter: 'query:filter'}],
    explainsErrorCode: ({code}) => code === 'filter_not_supported',
  },
];

/** One row of the changelog: one difference, and every place it is. */
export interface ChangeRow {
  kind: ChangeKind;
  what: string;
  where: string[];
  pointers: string[];
}

/** The differences grouped as the changelog shows them: per explained change, per difference, the places. */
interface ChangeGroup {
  explanation: ExplainedChange;
  rows: ChangeRow[];
}

/**
 * The rows of the changelog: a difference met at several places is one
 * row, breaking if it breaks at any of them.
 */
export function changeRows(
  changes: readonly ReleaseChange[],
): (ChangeRow & {explanation?: string})[] {
  const rows = new Map<string, ChangeRow & {explanation?: string}>();
  for (const change of changes) {
    const row = rows.get(change.what) ?? {
      kind: change.kind,
      what: change.what,
      where: [],
      pointers: [],
      explanation: change.explanation,
    };
    if (change.kind === 'breaking') {
      row.kind = 'breaking';
    }
    if (change.where && !row.where.includes(change.where)) {
      row.where.push(change.where);
    }
    row.pointers.push(
      ...change.pointers.filter((pointer) => !row.pointers.includes(pointer)),
    );
    rows.set(change.what, row);
  }
  return [...rows.values()];
}

/**
 * The file and line a difference was written at: the deepest node on its
 * first pointer that the newer document read from a file, else the older
 * document's, else the given file (an older release's overlay).
 */
function sourceOf(
  change: Pick<ReleaseChange, 'pointers'>,
  documents: {before: OpenApiDocument; after: OpenApiDocument},
  fallbackFile: string,
): string {
  const [pointer = ''] = change.pointers;
  for (const document of [documents.after, documents.before]) {
    let node: unknown = document;
    let found: SourceLocation | undefined;
    for (const part of pointer.split('/').slice(1)) {
      const key = part.replaceAll('~1', '/').replaceAll('~0', '~');
      node = follow(document, node);
      found = locationOf(node) ?? found;
      if (Array.isArray(node)) {
        node =
          node
            .map((item) => follow(document, item) as Parameter)
            .find((item) => item && parameterKey(item) === key) ??
          (node as unknown[])[Number(key)];
      } else if (node !== null && typeof node === 'object') {
        node = (node as Record<string, unknown>)[key];
      } else {
        break;
      }
    }
    found = locationOf(follow(document, node)) ?? found;
    if (found) {
      return formatLocation({
        ...found,
        file: path.relative(process.cwd(), found.file),
      });
    }
  }
  return path.relative(process.cwd(), fallbackFile);
}

/** A node with its `$ref`s followed, as far as they lead. */
function follow(document: OpenApiDocument, node: unknown): unknown {
  let current = node;
  const seen = new Set<string>();
  while (
    current !== null &&
    typeof current === 'object' &&
    typeof (current as {$ref?: unknown}).$ref === 'string'
  ) {
    const ref = (current as {$ref: string}).$ref;
    const match = /^#\/components\/(\w+)\/([\w.-]+)$/.exec(ref);
    if (!match || seen.has(ref)) {
      break;
    }
    seen.add(ref);
    current = (
      document.components[match[1]!] as Record<string, unknown> | undefined
    )?.[match[2]!];
  }
  return current;
}

/**
 * Groups the differences into the changelog's rows. A difference that no
 * section explains is an authoring mistake, one line each at the file and
 * line it was written at (with `documents`).
 */
export function groupChanges(
  changes: readonly ReleaseChange[],
  documents?: {
    before: OpenApiDocument;
    after: OpenApiDocument;
    fallbackFile: string;
  },
): ChangeGroup[] {
  const unexplained = changes.filter((change) => !change.explanation);
  if (unexplained.length > 0) {
    throw new AuthoringError(
      'The changelog (api/changelog.mdx) explains no change for these differences between the releases',
      changeRows(unexplained).map(
        (row) =>
          `${documents ? `${sourceOf(row, documents, documents.fallbackFile)}: ` : ''}${row.what}${row.where.length > 0 ? ` (${row.where.join(', ')})` : ''}. Explain it in a section of api/changelog.mdx and an entry of explainedChanges (src/plugins/openapi-reference/changelog-rows.ts), or undo it.`,
      ),
    );
  }
  const rows = changeRows(changes);
  return explainedChanges.flatMap((explanation) => {
    const own = rows
      .filter((row) => row.explanation === explanation.id)
      .map(({explanation: _, ...row}) => row);
    return own.length > 0 ? [{explanation, rows: own}] : [];
  });
}
