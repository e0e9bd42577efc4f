import {parseQuery} from '../../../lib/query-language';
import {
  instant,
  isObject,
  matches,
  UndeclaredField,
  type Fields,
} from '../../../lib/world/lists';
import {
  filterParameterName,
  operationsOf,
  resourceObjects,
} from '../../../model/operations';
import type {
  JsonValue,
  LoadedSpec,
  OperationEntry,
} from '../../../model/openapi-types';
import {deref, mergedSchema} from '../../../model/refs';
import {snakeCase} from '../../../model/snake-case';
import {locationOf, where} from '../../../model/yaml';
import {allExampleCases, isBuilt} from '../examples';
import {sampleRequest} from '../samples';
import type {World, WorldObject} from '../world';

/**
 * The change feed is the world's answer (issue 30): every example page of
 * the list that pages with `after` (`GET /changes`) is what the feed holds
 * at the world's now for the request its example answers: the sample's
 * query, with an example's own `x-query` over it (a value of `null` leaves
 * a parameter out). The world keeps no feed of its own; its changes follow
 * from its objects' moments:
 *
 * - an object's creation, at its `created_at`, is `created`;
 * - each later moment that differs from the one before it in a field both
 *   declare is `updated`, with those fields as `changed_fields`; a first
 *   moment after the creation (or of an object without one, a stock
 *   record) is `updated` too, though the world cannot say what changed;
 * - a field that only keeps time (`updated_at`, `last_synced_at`) and the
 *   world's facts for pages (`fact_fields`) are no change: a sync that only
 *   moves `last_synced_at` leaves no entry.
 *
 * The feed keeps 30 days, holds only the kinds of record the `Change`
 * schema's `resource` names, and orders changes by `occurred_at`, those of
 * the same moment in the order of their records' IDs. The world does not
 * name changes: an entry of any example of the document binds its `chg_`
 * ID to the world's change of its record, action and moment, and IDs grow
 * in the feed's order. An `after` no example binds stands just before the
 * first bound change with a later ID. The page is the changes after it that
 * match the filter, in the request's order, cut at `limit`; `has_more` says
 * whether more match, and `next_cursor` is the page's last ID (null for an
 * empty page). What each updated entry says changed is the event check's
 * (events.ts).
 */

/** Fields that keep time, not data: a moment that differs only in them is no change. */
const bookkeeping = new Set(['updated_at', 'last_synced_at']);

/** How long the feed keeps a change. */
const keptDays = 30;

/** One change of the world, as the feed would hold it. */
export interface WorldChange {
  resource: string;
  resourceId: string;
  action: 'created' | 'updated' | 'deleted';
  occurredAt: string;
  /** The fields that changed, where the world can say. */
  changedFields?: string[];
}

/**
 * The feed's kind of record of each world key: by the ID prefix of each
 * resource's object, or `stock` for a `variant:warehouse` key; undefined
 * for what the feed does not hold (deliveries, API keys).
 */
function resourceNamer(
  spec: LoadedSpec,
  kinds: readonly string[],
): (key: string) => string | undefined {
  const byPrefix = new Map<string, string>();
  let stock: string | undefined;
  for (const {name: objectSchema, schema, prefix} of resourceObjects(spec)) {
    const name = snakeCase(objectSchema);
    if (!kinds.includes(name)) {
      continue;
    }
    const properties = schema.properties ?? {};
    if (prefix) {
      byPrefix.set(prefix, name);
    } else if (properties.variant_id && properties.warehouse_id) {
      stock = name;
    }
  }
  return (key) => {
    if (/^var_[A-Za-z0-9]+:wh_[A-Za-z0-9]+$/.test(key)) {
      return stock;
    }
    const prefix = /^[a-z]+_/.exec(key)?.[0];
    return prefix && !key.includes(':') ? byPrefix.get(prefix) : undefined;
  };
}

const same = (a: JsonValue | undefined, b: JsonValue | undefined) =>
  JSON.stringify(a) === JSON.stringify(b);

/** The world's moments of an object that carry their `updated_at`, oldest first. */
const datedMoments = (object: WorldObject): Fields[] =>
  [...(object.earlier ?? []), ...(object.now ? [object.now] : [])]
    .filter((moment) => typeof moment.updated_at === 'string')
    .sort((a, b) => instant(a.updated_at) - instant(b.updated_at));

/** Every change of one object of the world, oldest first. */
function changesOf(world: World, key: string, resource: string): WorldChange[] {
  const object = world.objects[key]!;
  const quiet = new Set([...bookkeeping, ...(world.fact_fields ?? [])]);
  const created = object.fixed?.created_at;
  const changes: WorldChange[] = [];
  const moments = datedMoments(object);
  if (typeof created === 'string') {
    const first = moments.find((moment) => moment.updated_at === created);
    changes.push({
      resource,
      resourceId: key,
      action: 'created',
      occurredAt: created,
      changedFields: Object.keys({...object.fixed, ...first}).filter(
        (field) => !quiet.has(field) && field !== 'created_at',
      ),
    });
  }
  moments.forEach((moment, index) => {
    const at = String(moment.updated_at);
    if (at === created) {
      return;
    }
    const before = moments[index - 1];
    if (!before) {
      changes.push({
        resource,
        resourceId: key,
        action: 'updated',
        occurredAt: at,
      });
      return;
    }
    const changed = Object.keys(moment).filter(
      (field) =>
        !quiet.has(field) &&
        field in before &&
        !same(before[field], moment[field]),
    );
    if (changed.length > 0) {
      changes.push({
        resource,
        resourceId: key,
        action: 'updated',
        occurredAt: at,
        changedFields: changed,
      });
    }
  });
  // A deleted record's last entry: its deletion.
  const deleted = object.fixed?.deleted_at;
  if (typeof deleted === 'string') {
    changes.push({
      resource,
      resourceId: key,
      action: 'deleted',
      occurredAt: deleted,
    });
  }
  return changes;
}

/**
 * The world's change feed at a moment: the changes of the last 30 days
 * of every record of a kind the feed holds, oldest first, those of one
 * moment in the order of their records' keys.
 */
export function worldFeed(
  world: World,
  resourceOf: (key: string) => string | undefined,
  at: number,
): WorldChange[] {
  const since = at - keptDays * 86_400_000;
  return Object.keys(world.objects)
    .flatMap((key) => {
      const resource = resourceOf(key);
      return resource ? changesOf(world, key, resource) : [];
    })
    .filter(({occurredAt}) => {
      const when = instant(occurredAt);
      return when > since && when <= at;
    })
    .sort(
      (a, b) =>
        instant(a.occurredAt) - instant(b.occurredAt) ||
        a.resourceId.localeCompare(b.resourceId) ||
        a.action.localeCompare(b.action),
    );
}

/** How an entry and a change of the world are known to each other. */
const changeKey = (resourceId: string, action: string, occurredAt: string) =>
  `${resourceId} ${action} at ${occurredAt}`;

const keyOfChange = (change: WorldChange) =>
  changeKey(change.resourceId, change.action, change.occurredAt);

const keyOfEntry = (entry: Fields) =>
  changeKey(
    String(entry.resource_id),
    String(entry.action),
    String(entry.occurred_at),
  );

const isEntry = (value: Fields) =>
  /^chg_/.test(String(value.id)) &&
  typeof value.resource_id === 'string' &&
  typeof value.occurred_at === 'string';

/** Every change-feed entry the document's examples show, by ID. */
function shownEntries(spec: LoadedSpec): Map<string, Fields> {
  const entries = new Map<string, Fields>();
  const visit = (value: JsonValue) => {
    if (Array.isArray(value)) {
      value.forEach(visit);
    } else if (isObject(value)) {
      if (isEntry(value)) {
        entries.set(String(value.id), value);
      }
      Object.values(value).forEach(visit);
    }
  };
  allExampleCases(spec)
    .filter((example) => !isBuilt(example))
    .forEach((example) => visit(example.value));
  return entries;
}

/** A request to the feed, as the check reads it. */
interface FeedRequest {
  query: Map<string, string>;
  limit: number;
  descending: boolean;
  after?: string;
  filter?: string;
}

const describe = (request: FeedRequest) =>
  [...request.query].map(([name, value]) => `${name}=${value}`).join(', ');

/** The value of one change of the world that a filter names. */
function changeValue(change: WorldChange, name: string): JsonValue | undefined {
  switch (name) {
    case 'resource':
      return change.resource;
    case 'resource_id':
      return change.resourceId;
    case 'action':
      return change.action;
    case 'occurred_at':
      return change.occurredAt;
    case 'changed_fields':
      return change.changedFields;
    default:
      return undefined;
  }
}

/** The first difference between a feed example and the world's answer, if any. */
function feedPageProblem(
  page: Fields,
  request: FeedRequest,
  feed: WorldChange[],
  ids: Map<string, string>,
  at: number,
): string | undefined {
  const asked = `the world's feed for ${describe(request)} at ${new Date(at).toISOString().replace('.000Z', 'Z')}`;
  let start = 0;
  if (request.after !== undefined) {
    const after = request.after;
    const bound = ids.get(after);
    const index = bound
      ? feed.findIndex((change) => keyOfChange(change) === bound) + 1
      : feed.findIndex((change) => {
          const id = idOf(ids, change);
          return id !== undefined && id > after;
        });
    if (bound && index === 0) {
      return `sends after=${after}, the change ${bound}, which the world's feed does not have`;
    }
    if (index < 0) {
      return `cannot be answered: no example shows a change with an ID after ${after}, so the world cannot place it; show the change it names, or one after it, in an example`;
    }
    start = index;
  }
  const parsed =
    request.filter === undefined ? undefined : parseQuery(request.filter);
  if (parsed && !parsed.ok) {
    return `sends the filter ${request.filter}, which does not parse: ${parsed.error.message}`;
  }
  let matching: WorldChange[];
  try {
    matching = feed
      .slice(start)
      .filter((change) =>
        matches(
          parsed?.expression ?? null,
          (name) => changeValue(change, name),
          at,
          'UTC',
        ),
      );
  } catch (error) {
    if (error instanceof UndeclaredField) {
      return `cannot be answered: the world does not say the ${error.field} of every change its filter reads; declare the moments before them`;
    }
    throw error;
  }
  if (request.descending) {
    matching.reverse();
  }
  const expected = matching.slice(0, request.limit);
  const data = Array.isArray(page.data) ? page.data.filter(isObject) : [];
  for (const [index, entry] of data.entries()) {
    const wanted = expected[index];
    const named = keyOfEntry(entry);
    if (wanted && keyOfChange(wanted) === named) {
      if (entry.resource !== wanted.resource) {
        return `has ${String(entry.id)} of resource ${JSON.stringify(entry.resource)}, but ${wanted.resourceId} is a ${wanted.resource}`;
      }
      continue;
    }
    const place =
      index === 0 ? 'first' : `after ${String(data[index - 1]!.id)}`;
    const inFeed = feed.find((change) => keyOfChange(change) === named);
    if (!inFeed) {
      return `lists ${String(entry.id)} (${named}), a change the world does not have; list the world's changes, or declare the moment in the world`;
    }
    if (!matching.includes(inFeed)) {
      return `lists ${String(entry.id)} (${named}), which ${asked} leaves out: ${feed.indexOf(inFeed) < start ? `it is not after ${request.after}` : 'it does not match the filter'}`;
    }
    return wanted
      ? `lists ${String(entry.id)} (${named}) ${place}, but ${asked} has ${keyOfChange(wanted)} there`
      : `lists ${String(entry.id)} (${named}) after the ${request.limit} changes of the page (limit=${request.limit})`;
  }
  if (expected.length > data.length) {
    return `leaves out ${keyOfChange(expected[data.length]!)}, which ${asked} holds after ${data.length === 0 ? 'nothing' : String(data.at(-1)!.id)}`;
  }
  const hasMore = matching.length > request.limit;
  if (page.has_more !== hasMore) {
    return `has has_more ${JSON.stringify(page.has_more)}, but ${asked} has ${matching.length} changes ${hasMore ? 'for' : 'within'} limit=${request.limit}`;
  }
  const cursor = data.length === 0 ? null : String(data.at(-1)!.id);
  if (page.next_cursor !== cursor) {
    return `has next_cursor ${JSON.stringify(page.next_cursor)}, but the feed's next cursor is the page's last ID, ${JSON.stringify(cursor)}`;
  }
  return undefined;
}

/** The ID an example binds to a change of the world, if any. */
function idOf(ids: Map<string, string>, change: WorldChange) {
  const key = keyOfChange(change);
  return [...ids].find(([, bound]) => bound === key)?.[0];
}

/** The world's feed of a release at a moment (now), and the change each shown ID names. */
function feedOf(spec: LoadedSpec, world: World, at = instant(world.now)) {
  const {document} = spec;
  const changeSchema = document.components.schemas.Change;
  const kinds =
    changeSchema &&
    mergedSchema(document, changeSchema).properties?.resource?.enum;
  const feed = worldFeed(
    world,
    resourceNamer(spec, (kinds ?? []).map(String)),
    at,
  );
  const shown = shownEntries(spec);
  const ids = new Map(
    [...shown].map(([id, entry]) => [id, keyOfEntry(entry)] as const),
  );
  return {at, feed, shown, ids};
}

/** What a query asks of the feed, the operation's default limit where it sends none. */
const feedRequest = (
  query: Map<string, string>,
  defaultLimit: unknown,
): FeedRequest => ({
  query,
  limit: Number(query.get('limit') ?? defaultLimit),
  descending: query.get('order') === 'desc',
  after: query.get('after'),
  filter: query.get(filterParameterName),
});

/** The change feed's operations: the lists that page with `after`. */
const feedOperations = (spec: LoadedSpec) =>
  operationsOf(spec.document, Object.keys(spec.document.paths)).filter(
    (entry) =>
      entry.method === 'get' &&
      entry.parameters.some(
        ({name, in: location}) => name === 'after' && location === 'query',
      ),
  );

const defaultLimitOf = (entry: OperationEntry) =>
  entry.parameters.find(({name}) => name === 'limit')?.schema?.default;

/**
 * The first difference between a page's sample of the feed (a request's
 * query and the page it shows) and the world's feed, if any: for the
 * samples of the pages (content-rules/feed-samples.ts). The page's entries
 * bind their IDs too, and a page that shows changes after now (a story of
 * the days after) is read at its newest change.
 */
export function feedSampleProblem(
  spec: LoadedSpec,
  world: World,
  query: Map<string, string>,
  page: Fields,
): string | undefined {
  const [entry] = feedOperations(spec);
  if (!entry) {
    return undefined;
  }
  const data = Array.isArray(page.data) ? page.data.filter(isObject) : [];
  const newest = Math.max(
    instant(world.now),
    ...data
      .map((shown) => instant(shown.occurred_at))
      .filter((moment) => !Number.isNaN(moment)),
  );
  const {at, feed, ids} = feedOf(spec, world, newest);
  for (const shown of data.filter(isEntry)) {
    ids.set(String(shown.id), keyOfEntry(shown));
  }
  return feedPageProblem(
    page,
    feedRequest(query, defaultLimitOf(entry)),
    feed,
    ids,
    at,
  );
}

/**
 * Every example page of the change feed (the list that pages with `after`)
 * of a release's document that is not the world's feed for its request,
 * and every pair of entries whose IDs run against the feed's order: one
 * line each, at the example's file and line, with the first difference.
 */
export function feedProblems(
  spec: LoadedSpec,
  world: World,
  release: string,
  fallbackFile: string,
): string[] {
  const {document} = spec;
  const entries = feedOperations(spec);
  if (entries.length === 0) {
    return [];
  }
  const {at, feed, shown, ids} = feedOf(spec, world);
  const problems: string[] = [];
  // IDs grow in the feed's order.
  const bound = [...shown]
    .map(([id, entry]) => ({
      id,
      entry,
      index: feed.findIndex((change) => keyOfChange(change) === ids.get(id)),
    }))
    .filter(({index}) => index >= 0)
    .sort((a, b) => a.index - b.index);
  bound.forEach((later, index) => {
    const earlier = bound[index - 1];
    if (earlier && earlier.id >= later.id) {
      problems.push(
        `${where(locationOf(later.entry) ? later.entry : document, fallbackFile)}: change ${later.id} (${ids.get(later.id)}) comes after ${earlier.id} (${ids.get(earlier.id)}) in the world's feed, but its ID does not: later changes have later IDs. Give it an ID after ${earlier.id}.`,
      );
    }
  });
  for (const entry of entries) {
    const response = deref(document, entry.operation.responses['200']!);
    const media = response.content?.['application/json'];
    const named = `GET ${entry.path} (${release})`;
    const url = new URL(sampleRequest(document, entry).url);
    for (const example of Object.values(media?.examples ?? {}).map((found) =>
      deref(document, found),
    )) {
      const page = example.value;
      if (!isObject(page)) {
        continue;
      }
      const query = new Map(url.searchParams);
      const own = (example as {'x-query'?: Record<string, JsonValue>})[
        'x-query'
      ];
      for (const [name, value] of Object.entries(own ?? {})) {
        if (value === null) {
          query.delete(name);
        } else {
          query.set(name, String(value));
        }
      }
      const found = feedPageProblem(
        page,
        feedRequest(query, defaultLimitOf(entry)),
        feed,
        ids,
        at,
      );
      if (found) {
        problems.push(
          `${where(locationOf(page) ? page : (media ?? entry.operation), fallbackFile)}: the example of ${named} ${found}. Make the example the world's feed, or change its request or the world.`,
        );
      }
    }
  }
  return problems;
}
