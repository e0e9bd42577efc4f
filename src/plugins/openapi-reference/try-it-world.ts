import {
  companyOf,
  existsAt,
  fieldsAt,
  instant,
  isObject,
  type Fields,
} from '../../lib/world/lists';
import type {
  TryDuplicate,
  TryKind,
  TryLifecycle,
  TryList,
  TryObject,
  TryOperationWorld,
  TryWorld,
} from '../../lib/try-it/world-server';
import {
  allOperations,
  firstExample,
  resourceObjects,
} from '../../model/operations';
import type {
  JsonValue,
  LoadedSpec,
  OperationEntry,
  Schema,
} from '../../model/openapi-types';
import {allowedStates, namedOperations} from '../../model/lifecycles';
import {deref, mergedSchema} from '../../model/refs';
import {schemaExample} from '../../model/schema-example';
import {allExampleCases, isBuilt} from './examples';
import {apiReleases} from './releases';
import {itemSchemaOf} from './rules/lists';
import {worldKey, type World} from './world';

/**
 * The sample world as Try it answers from it (issue 33): for one release,
 * a snapshot of what the browser's responder (lib/try-it/world-server.ts)
 * needs, written by `writeTryIt` as `<release>/world.json`. Each object the
 * world holds at its now, in the release's shape: the example that shows it
 * whole at now (or at its latest moment before), with the world's declared
 * fixed and current fields over it ("a field the world does not declare is
 * as the example shows it", as rules/lists.ts has it). Then each kind's ID
 * prefix and lifecycle, each list's order and filter, and each operation's
 * objects, the kind a create makes and the fields it must not repeat.
 */

/** A kind of object: its schema (name and merged), and how its keys look. */
interface KindSchema {
  name: string;
  schema: Schema;
  kind: TryKind;
  /** Whether a world key is of this kind. */
  holds: (key: string) => boolean;
  /** The fields a key names (a stock record's variant and warehouse). */
  keyFields: (key: string) => Fields;
}

const deliveryKind = 'Delivery';

/** The conflicts of more than one field, by code; any other `duplicate_` code is the field its example names. */
const duplicateFields: Record<string, Omit<TryDuplicate, 'code'>> = {
  duplicate_number: {fields: ['store_id', 'number']},
  duplicate_price: {fields: ['variant_id', 'price_list']},
  duplicate_price_change: {fields: ['price_id', 'effective_at']},
  duplicate_brand_store: {fields: ['brand_id', 'store_id'], unless: ['ended']},
  duplicate_listing: {fields: ['product_id', 'store_id'], unless: ['unlinked']},
};

const words = (name: string) =>
  name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/** A schema's `status` lifecycle and rules, as Try it reads them. */
function lifecycleOf(schema: Schema): TryLifecycle | undefined {
  const [field, property] =
    Object.entries(schema.properties ?? {}).find(
      ([, candidate]) => candidate['x-lifecycle'],
    ) ?? [];
  const lifecycle = property?.['x-lifecycle'];
  if (!field || !lifecycle) {
    return undefined;
  }
  const allowed = Object.fromEntries(allowedStates(lifecycle));
  const transitions: Record<string, Record<string, string>> = {};
  for (const {from, to, trigger} of lifecycle.transitions) {
    for (const operation of namedOperations(trigger)) {
      (transitions[operation] ??= {})[from] = to;
    }
  }
  const rules = (schema as {'x-rules'?: Record<string, unknown>})['x-rules'];
  const ruleMap = (name: string) =>
    rules?.[name] as Record<string, string[]> | undefined;
  return {
    field,
    allowed,
    transitions,
    ...(ruleMap('set-when') ? {setWhen: ruleMap('set-when')} : {}),
    ...(ruleMap('null-unless') ? {nullUnless: ruleMap('null-unless')} : {}),
  };
}

/** The kinds of the release: each resource's object, and the deliveries of a subscription. */
function kindsOf(spec: LoadedSpec): KindSchema[] {
  const kinds: KindSchema[] = [];
  for (const {name: objectSchema, schema, prefix} of resourceObjects(spec)) {
    const properties = schema.properties ?? {};
    const lifecycle = lifecycleOf(schema);
    const base = {
      label: words(objectSchema),
      ...(lifecycle ? {lifecycle} : {}),
    };
    if (prefix) {
      kinds.push({
        name: objectSchema,
        schema,
        kind: {...base, prefix},
        holds: (key) => key.startsWith(prefix) && !key.includes(':'),
        keyFields: (key) => ({id: key}),
      });
    } else if (properties.variant_id && properties.warehouse_id) {
      const keyFields = ['variant_id', 'warehouse_id'];
      kinds.push({
        name: objectSchema,
        schema,
        kind: {...base, keyFields},
        holds: (key) => /^var_[A-Za-z0-9]+:wh_[A-Za-z0-9]+$/.test(key),
        keyFields: (key) =>
          Object.fromEntries(
            key.split(':').map((id, i) => [keyFields[i]!, id]),
          ),
      });
    }
  }
  const deliveries = allOperations(spec.document)
    .map((entry) => mergedItemSchema(spec, entry))
    .find((item) => item?.properties?.event_id && item.properties.attempt);
  if (deliveries) {
    kinds.push({
      name: deliveryKind,
      schema: deliveries,
      kind: {label: 'delivery attempt'},
      holds: (key) => /^ntf_[A-Za-z0-9]+:evt_[A-Za-z0-9]+:\d+$/.test(key),
      keyFields: (key) => ({event_id: key.split(':')[1]!}),
    });
  }
  return kinds;
}

/** The schema of one listed object of a list operation's page, its parts merged. */
function mergedItemSchema(
  spec: LoadedSpec,
  entry: OperationEntry,
): Schema | undefined {
  const items = itemSchemaOf(spec, entry);
  return items && mergedSchema(spec.document, items);
}

/** A list's pages: by `cursor`, by `after`, or none (not a list). */
const pagesOf = (entry: OperationEntry) =>
  entry.method !== 'get'
    ? undefined
    : entry.parameters.some(
          ({name, in: place}) => name === 'cursor' && place === 'query',
        )
      ? ('cursor' as const)
      : entry.parameters.some(
            ({name, in: place}) => name === 'after' && place === 'query',
          )
        ? ('after' as const)
        : undefined;

/** The key of a listed object in the world, as rules/lists.ts keys it (a delivery by its subscription). */
function listedKey(
  item: Fields,
  scope: string | undefined,
): string | undefined {
  return scope !== undefined &&
    item.event_id !== undefined &&
    item.attempt !== undefined
    ? `${scope}:${String(item.event_id)}:${String(item.attempt)}`
    : worldKey(item);
}

/**
 * Every object the examples show, by key: list pages' items with their
 * list's scope, and every object with an ID or a stock record's key, as
 * written (the pages' built examples aside).
 */
function shownObjects(spec: LoadedSpec): Map<string, Shown[]> {
  const shown = new Map<string, Shown[]>();
  let reads = false;
  const add = (key: string, value: Fields) =>
    shown.set(key, [...(shown.get(key) ?? []), {value, reads}]);
  const visit = (value: JsonValue) => {
    if (Array.isArray(value)) {
      value.forEach(visit);
    } else if (isObject(value)) {
      const key = worldKey(value);
      if (key) {
        add(key, value);
      }
      // A subscription shows its deliveries, keyed by it.
      for (const child of Object.values(value)) {
        for (const item of Array.isArray(child) && key ? child : []) {
          const scoped = isObject(item) ? listedKey(item, key) : undefined;
          if (scoped !== undefined && scoped !== worldKey(item as Fields)) {
            add(scoped, item as Fields);
          }
        }
      }
      Object.values(value).forEach(visit);
    }
  };
  const gets = new Set(
    allOperations(spec.document)
      .filter(({method}) => method === 'get')
      .map(({operation}) => operation.operationId),
  );
  allExampleCases(spec)
    .filter((example) => !isBuilt(example))
    .forEach((example) => {
      // A schema's own example is its object at now; a read answers it as it is.
      const read = /^operation (\w+), response 200 /.exec(example.where);
      reads =
        /^schema \w+ example \d+$/.test(example.where) ||
        (read !== null && gets.has(read[1]!));
      visit(example.value);
    });
  reads = true;
  // A subscription's deliveries have no ID: the list's path names them.
  for (const entry of allOperations(spec.document)) {
    const scope = entry.parameters.find(
      ({in: place}) => place === 'path',
    )?.example;
    const item = mergedItemSchema(spec, entry);
    if (!pagesOf(entry) || scope === undefined || !item?.properties?.event_id) {
      continue;
    }
    for (const page of pageExamples(spec, entry)) {
      for (const listed of Array.isArray(page.data) ? page.data : []) {
        const key = isObject(listed)
          ? listedKey(listed, String(scope))
          : undefined;
        if (key && isObject(listed)) {
          add(key, listed);
        }
      }
    }
  }
  return shown;
}

/** A list operation's example pages. */
function pageExamples(spec: LoadedSpec, entry: OperationEntry): Fields[] {
  const response = deref(spec.document, entry.operation.responses['200']!);
  const media = response.content?.['application/json'];
  const named = Object.values(media?.examples ?? {}).map(
    (example) => deref(spec.document, example).value,
  );
  const pages =
    named.length > 0
      ? named
      : [firstExample(spec.document, media)?.example.value];
  return pages.filter((page): page is Fields => isObject(page));
}

/** An object as an example shows it, and whether the example reads it (rather than writing it). */
interface Shown {
  value: Fields;
  reads: boolean;
}

/**
 * The example that shows an object best: whole (every required field),
 * then at the world's now (its `updated_at`), then as a read shows it (a
 * create's answer may show what only a create shows, such as a secret),
 * then its latest moment not after now, then the fullest.
 */
function bestShown(
  shown: Shown[],
  schema: Schema,
  own: Fields,
  at: number,
): Fields | undefined {
  const required = schema.required ?? [];
  const rank = ({value, reads}: Shown): number[] => {
    const updated = instant(value.updated_at);
    return [
      required.every((field) => field in value) ? 1 : 0,
      own.updated_at !== undefined && value.updated_at === own.updated_at
        ? 1
        : 0,
      reads ? 1 : 0,
      Number.isNaN(updated) || updated > at ? -Infinity : updated,
      Object.keys(value).length,
    ];
  };
  return [...shown].sort((a, b) => {
    const [left, right] = [rank(a), rank(b)];
    const index = left.findIndex((value, i) => value !== right[i]);
    return index < 0 ? 0 : right[index]! - left[index]!;
  })[0]?.value;
}

/** An object's fields in the release's shape: the schema's fields, in the example's order, then the schema's. */
function inShape(
  schema: Schema,
  fields: Fields,
  shown: Fields | undefined,
): Fields {
  const properties = Object.keys(schema.properties ?? {});
  const order = [
    ...Object.keys(shown ?? {}),
    ...properties.filter((name) => !(name in (shown ?? {}))),
  ];
  return Object.fromEntries(
    order
      .filter((name) => properties.includes(name) && fields[name] !== undefined)
      .map((name) => [name, fields[name]!]),
  );
}

/** Every object of the world that exists at its now, in the release's shape, by key. */
function objectsOf(
  spec: LoadedSpec,
  world: World,
  kinds: KindSchema[],
): Record<string, TryObject> {
  const at = instant(world.now);
  const shown = shownObjects(spec);
  const objects: Record<string, TryObject> = {};
  const kindOf = (key: string) => kinds.find((kind) => kind.holds(key));
  for (const [key, object] of Object.entries(world.objects)) {
    const kind = kindOf(key);
    const own = kind && {...kind.keyFields(key), ...fieldsAt(object, at)};
    if (!kind || !own || !existsAt(own, at)) {
      continue;
    }
    const best = bestShown(shown.get(key) ?? [], kind.schema, own, at);
    const company = companyOf(own);
    objects[key] = {
      kind: kind.name,
      fields: inShape(kind.schema, {...best, ...own}, best),
      ...(typeof company === 'string' ? {company} : {}),
    };
  }
  // A kind the world declares nothing of (the change feed's entries) is as
  // its examples show it: they are checked against the world's moments.
  const declared = new Set(
    Object.keys(objects).map((key) => objects[key]!.kind),
  );
  for (const [key, values] of shown) {
    const kind = kindOf(key);
    if (kind && !declared.has(kind.name) && !(key in world.objects)) {
      const best = bestShown(values, kind.schema, {}, at);
      if (best && !(instant(best.created_at ?? best.occurred_at) > at)) {
        objects[key] = {
          kind: kind.name,
          fields: inShape(kind.schema, best, best),
        };
      }
    }
  }
  return objects;
}

/** The kind whose IDs a path parameter takes, by its pattern. */
function kindOfParameter(
  spec: LoadedSpec,
  kinds: KindSchema[],
  schema: Schema | undefined,
): KindSchema | undefined {
  const pattern = String(
    (schema && deref(spec.document, schema).pattern) ?? '',
  );
  const prefix = /^\^(\w+_)/.exec(pattern)?.[1];
  return prefix ? kinds.find(({kind}) => kind.prefix === prefix) : undefined;
}

/** A list: its kind, order, filter, company and paging. */
function listOf(
  spec: LoadedSpec,
  world: World,
  entry: OperationEntry,
  kinds: KindSchema[],
): TryList | undefined {
  const pages = pagesOf(entry);
  const item = mergedItemSchema(spec, entry);
  if (!pages || !item) {
    return undefined;
  }
  const itemName = (() => {
    const response = deref(spec.document, entry.operation.responses['200']!);
    const schema = response.content?.['application/json']?.schema;
    const items =
      schema && mergedSchema(spec.document, schema).properties?.data?.items;
    return items?.$ref?.split('/').at(-1);
  })();
  const kind =
    kinds.find(({name}) => name === itemName) ??
    (item.properties?.event_id
      ? kinds.find(({name}) => name === deliveryKind)
      : undefined);
  if (!kind) {
    return undefined;
  }
  const scopeParameter = entry.parameters.find(
    ({in: place}) => place === 'path',
  );
  const at = instant(world.now);
  // The list's company is that of the objects its example shows, as the check has it.
  const company = pageExamples(spec, entry)
    .flatMap((page) => (Array.isArray(page.data) ? page.data : []))
    .map((listed) =>
      isObject(listed)
        ? listedKey(listed, scopeParameter?.example as string | undefined)
        : undefined,
    )
    .map((key) => (key === undefined ? undefined : world.objects[key]))
    .map((object) => object && companyOf(fieldsAt(object, at)))
    .find((found) => found !== undefined);
  const zone = String(
    (company !== undefined &&
      world.objects[String(company)]?.fixed?.timezone) ||
      'UTC',
  );
  const properties = item.properties ?? {};
  const query = entry.parameters.filter(({in: place}) => place === 'query');
  const parameterOrders = Object.fromEntries(
    query.flatMap((parameter) => {
      const order = (parameter as {'x-order'?: unknown})['x-order'];
      return typeof order === 'string' ? [[parameter.name, order]] : [];
    }),
  );
  const parameterFields = Object.fromEntries(
    query
      .filter(
        ({name}) =>
          !properties[name] &&
          properties[`from_${name}`] &&
          properties[`to_${name}`],
      )
      .map(({name}) => [name, [`from_${name}`, `to_${name}`]]),
  );
  const declared = entry.operation['x-filter'];
  const limit = query.find(({name}) => name === 'limit')?.schema?.default;
  const orderParameter = query.find(
    ({name, schema}) =>
      name === 'order' &&
      JSON.stringify(schema?.enum ?? []) === JSON.stringify(['asc', 'desc']),
  );
  return {
    kind: kind.name,
    order:
      (entry.operation as {'x-order'?: string})['x-order'] ??
      `${properties.id ? 'id' : 'created_at'} asc`,
    ...(Object.keys(parameterOrders).length > 0 ? {parameterOrders} : {}),
    ...(orderParameter ? {orderParameter: orderParameter.name} : {}),
    ...(declared
      ? {
          filter: {
            fields: declared.fields,
            ...(declared.related ? {related: declared.related} : {}),
          },
        }
      : {}),
    ...(typeof company === 'string' ? {company} : {}),
    zone,
    ...(kind.name === deliveryKind && scopeParameter
      ? {scope: scopeParameter.name}
      : {}),
    ...(Object.keys(parameterFields).length > 0 ? {parameterFields} : {}),
    pages,
    limit: typeof limit === 'number' ? limit : 50,
  };
}

/** The first 2xx response's example value of an operation. */
function successExample(
  spec: LoadedSpec,
  entry: OperationEntry,
): JsonValue | undefined {
  const [status] = Object.keys(entry.operation.responses)
    .filter((code) => /^2\d\d$/.test(code))
    .sort();
  if (!status) {
    return undefined;
  }
  const response = deref(spec.document, entry.operation.responses[status]!);
  const media = Object.values(response.content ?? {})[0];
  // A response without examples of its own shows its object's, as its page
  // and Try it's operation do (try-it.ts).
  return (
    firstExample(spec.document, media)?.example.value ??
    (media?.schema?.$ref ? schemaExample(spec, media.schema) : undefined)
  );
}

/** The `duplicate_` codes of an operation's `409` examples, each with the fields it compares. */
function duplicatesOf(spec: LoadedSpec, entry: OperationEntry): TryDuplicate[] {
  const reference = entry.operation.responses['409'];
  const response = reference && deref(spec.document, reference);
  const examples = Object.values(
    response?.content?.['application/problem+json']?.examples ?? {},
  ).map((example) => deref(spec.document, example).value);
  return examples.flatMap((value) => {
    const [entryValue] =
      isObject(value) && Array.isArray(value.errors) ? value.errors : [];
    if (!isObject(entryValue) || typeof entryValue.code !== 'string') {
      return [];
    }
    const {code, field} = entryValue;
    if (!code.startsWith('duplicate_')) {
      return [];
    }
    const declared = duplicateFields[code];
    return declared
      ? [{code, ...declared}]
      : typeof field === 'string'
        ? [{code, fields: [field]}]
        : [];
  });
}

/** What the world knows of one operation. */
function operationOf(
  spec: LoadedSpec,
  world: World,
  entry: OperationEntry,
  kinds: KindSchema[],
): TryOperationWorld {
  const ids = entry.parameters
    .filter(({in: place}) => place === 'path')
    .flatMap((parameter) => {
      const kind = kindOfParameter(spec, kinds, parameter.schema);
      return kind ? [{parameter: parameter.name, kind: kind.name}] : [];
    });
  const list = listOf(spec, world, entry, kinds);
  const example = successExample(spec, entry);
  const exampleKey = isObject(example) ? worldKey(example) : undefined;
  const exampleKind =
    exampleKey === undefined
      ? undefined
      : kinds.find((kind) => kind.holds(exampleKey));
  const keyed = kinds.find(
    ({kind}) =>
      kind.keyFields &&
      kind.keyFields.every((field) =>
        ids.some(({parameter}) => parameter === field),
      ),
  );
  const last = ids.at(-1);
  const target = list
    ? undefined
    : keyed
      ? {kind: keyed.name, parameters: keyed.kind.keyFields!}
      : last &&
          (entry.path.endsWith(`{${last.parameter}}`) ||
            entry.method === 'post')
        ? {kind: last.kind, parameters: [last.parameter]}
        : ids.length === 0 &&
            exampleKey !== undefined &&
            exampleKind &&
            (entry.method === 'get' ||
              entry.method === 'patch' ||
              entry.method === 'put')
          ? {key: exampleKey}
          : undefined;
  const creates =
    entry.method === 'post' && ids.length === 0 && exampleKind
      ? exampleKind.name
      : undefined;
  const duplicates = duplicatesOf(spec, entry);
  return {
    ...(ids.length > 0 ? {ids} : {}),
    ...(target ? {target} : {}),
    ...(list ? {list} : {}),
    ...(creates ? {creates} : {}),
    ...(duplicates.length > 0 ? {duplicates} : {}),
  };
}

/** Each problem status's `type`, `title` and whether it lists `errors`, from the document's examples. */
function problemTypesOf(spec: LoadedSpec): TryWorld['problemTypes'] {
  const types: TryWorld['problemTypes'] = {};
  for (const {operation} of allOperations(spec.document)) {
    for (const [status, reference] of Object.entries(operation.responses)) {
      const media = deref(spec.document, reference).content?.[
        'application/problem+json'
      ];
      for (const example of Object.values(media?.examples ?? {})) {
        const {value} = deref(spec.document, example);
        if (
          isObject(value) &&
          typeof value.type === 'string' &&
          typeof value.title === 'string'
        ) {
          types[status] ??= {
            type: value.type,
            title: value.title,
            errors: 'errors' in value,
          };
        }
      }
    }
  }
  return types;
}

/** The snapshot of the world that Try it answers a release's requests from. */
export function tryWorld(spec: LoadedSpec, world: World): TryWorld {
  const {document} = spec;
  const kinds = kindsOf(spec);
  const codes = document['x-error-codes'] as Record<string, {status: number}>;
  const server = (sandbox: boolean) =>
    document.servers.find(({url}) => url.includes('sandbox') === sandbox)
      ?.url ?? '';
  return {
    release: String(document.info.version),
    releases: [...apiReleases],
    now: world.now,
    servers: {production: server(false), sandbox: server(true)},
    codes: Object.fromEntries(
      Object.entries(codes).map(([code, {status}]) => [code, status]),
    ),
    problemTypes: problemTypesOf(spec),
    kinds: Object.fromEntries(kinds.map(({name, kind}) => [name, kind])),
    objects: objectsOf(spec, world, kinds),
    operations: Object.fromEntries(
      allOperations(document).map((entry) => [
        entry.operation.operationId,
        operationOf(spec, world, entry, kinds),
      ]),
    ),
  };
}
