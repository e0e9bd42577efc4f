import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import madge from 'madge';
import {requestBackend} from '../../src/model/request-backend';
import type {Json, TryOperation, TryRequest} from '../../src/lib/try-it/types';
import {
  requestProblems,
  type TryValidators,
} from '../../src/lib/try-it/validate';
import {
  newWorldMemory,
  worldResponse,
  type TryWorld,
  type WorldMemory,
} from '../../src/lib/try-it/world-server';
import {allOperations} from '../../src/model/operations';
import type {LoadedSpec} from '../../src/model/openapi-types';
import {loadApiModel} from '../../src/plugins/openapi-reference/model';
import {
  tryOperation,
  worldFile,
  writeTryIt,
} from '../../src/plugins/openapi-reference/try-it';
import {tryWorld} from '../../src/plugins/openapi-reference/try-it-world';

/**
 * Try it's sample world (issue 33): Send with no sandbox answers as a
 * server of the page's release would, from the world's snapshot
 * (try-it-world.ts) and the tab's writes (lib/try-it/world-server.ts).
 */

const siteDir = path.join(__dirname, '..', '..');
const sandbox = 'https://sandbox.api.example.com/v1';
const testKey = 'ih_test_4eC39HqLyjWDarjtT1zdp7dc';

/** One release as Try it has it: its world, its operations and their validators. */
interface Release {
  spec: LoadedSpec;
  world: TryWorld;
  operations: Map<string, TryOperation>;
  /** The request validators, compiled when a test first sends a request. */
  validators: () => Promise<Map<string, TryValidators>>;
}

/** The request validators openapi-backend compiles, as try-it.ts compiles them to standalone code. */
async function validatorsOf(
  spec: LoadedSpec,
): Promise<Map<string, TryValidators>> {
  const api = await requestBackend(spec);
  return new Map(
    allOperations(spec.document).map(({operation}) => {
      const compiled =
        api.validator.getRequestValidatorsForOperation(operation.operationId) ??
        [];
      // openapi-backend builds the body's validator first, when there is one.
      const [validateBody, validateParameters] =
        compiled.length === 2 ? compiled : [undefined, compiled[0]];
      return [
        operation.operationId,
        {
          validateParameters: validateParameters!,
          ...(validateBody ? {validateBody} : {}),
        },
      ];
    }),
  );
}

/** A function that runs once, its result kept. */
function once<T>(make: () => T): () => T {
  let made: {value: T} | undefined;
  return () => (made ??= {value: make()}).value;
}

const loaded = new Map<string, Promise<Release>>();

/** One release as Try it has it, loaded once per worker when a test first needs it. */
function releaseOf(release: string): Promise<Release> {
  const known = loaded.get(release);
  if (known) {
    return known;
  }
  const loading = (async () => {
    const model = await loadApiModel(siteDir);
    const spec = model.releases.get(release)!;
    return {
      spec,
      world: tryWorld(spec, model.world),
      operations: new Map(
        allOperations(spec.document).map((entry) => [
          entry.operation.operationId,
          tryOperation(spec, entry, sandbox),
        ]),
      ),
      validators: once(() => validatorsOf(spec)),
    };
  })();
  loaded.set(release, loading);
  return loading;
}

/** The request the page's sample sends: its parameters' samples and its body. */
function sampleOf(operation: TryOperation): TryRequest {
  const valueOf = (name: string) =>
    operation.parameters.find((parameter) => parameter.name === name)?.sample ??
    '';
  return {
    method: operation.method,
    path: operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(valueOf(name)),
    ),
    query: operation.parameters.flatMap(({name, in: place, sample}) =>
      place === 'query' && sample !== undefined
        ? [[name, sample] as [string, string]]
        : [],
    ),
    headers: [
      ['Authorization', `Bearer ${testKey}`],
      ...operation.parameters.flatMap(({name, in: place, sample}) =>
        place === 'header' && sample !== undefined
          ? [[name, sample] as [string, string]]
          : [],
      ),
    ],
    ...(operation.body?.sample ? {body: operation.body.sample} : {}),
  };
}

/** Changes to a sample request. */
interface Change {
  path?: string;
  /** Query parameters to set; undefined removes one. */
  query?: Record<string, string | undefined>;
  /** Headers to set; undefined removes one. */
  headers?: Record<string, string | undefined>;
  body?: Json | string;
}

function changed(request: TryRequest, change: Change): TryRequest {
  const replace = (
    pairs: [string, string][],
    changes: Record<string, string | undefined> | undefined,
  ): [string, string][] => [
    ...pairs.filter(
      ([name]) =>
        !Object.keys(changes ?? {}).some(
          (other) => other.toLowerCase() === name.toLowerCase(),
        ),
    ),
    ...Object.entries(changes ?? {}).flatMap(([name, value]) =>
      value === undefined ? [] : [[name, value] as [string, string]],
    ),
  ];
  return {
    ...request,
    ...(change.path ? {path: change.path} : {}),
    query: replace(request.query, change.query),
    headers: replace(request.headers, change.headers),
    ...(change.body === undefined
      ? {}
      : {
          body:
            typeof change.body === 'string'
              ? change.body
              : JSON.stringify(change.body),
        }),
  };
}

/** A tab of one release: it sends requests, keeps its memory, and reads each answer. */
async function tab(release: string) {
  const {world, operations, validators: compile} = await releaseOf(release);
  const validators = await compile();
  const memory: WorldMemory = newWorldMemory();
  return (operationId: string, change: Change = {}) => {
    const operation = operations.get(operationId)!;
    const request = changed(sampleOf(operation), change);
    const problems = requestProblems(
      operation,
      request,
      validators.get(operationId)!,
    );
    const response = worldResponse({
      operation,
      request,
      problems,
      world,
      memory,
    });
    const header = (name: string) =>
      response.headers.find(([found]) => found === name)?.[1];
    return {
      ...response,
      header,
      json: (/json$/.test(header('Content-Type') ?? '')
        ? JSON.parse(response.body)
        : undefined) as {[key: string]: Json} | undefined,
      problems,
    };
  };
}

/** The operation's documented success: its first 2xx status, that status's first example and its media type. */
function documentedSuccess(operation: TryOperation) {
  const [status] = Object.keys(operation.responses)
    .filter((code) => /^2\d\d$/.test(code))
    .sort();
  const doc = operation.responses[status!]!;
  return {
    status: Number(status),
    value: doc.examples[0]?.value,
    mediaType: doc.mediaType,
  };
}

for (const release of ['2023-07', '2023-01']) {
  test(`every sample of ${release} answers its documented success example`, async () => {
    const {operations} = await releaseOf(release);
    expect(operations.size).toBeGreaterThan(100);
    for (const [operationId, operation] of operations) {
      // A tab of its own: no earlier write changes what the world holds.
      const send = await tab(release);
      const response = send(operationId);
      const {status, value, mediaType} = documentedSuccess(operation);
      expect(response.problems, operationId).toEqual([]);
      // A text format (a CSV template) is sent as it is, JSON as JSON.
      const body =
        typeof value === 'string' && mediaType !== 'application/json'
          ? response.body
          : response.json;
      expect({operationId, status: response.status, body}, operationId).toEqual(
        {operationId, status, body: value},
      );
      expect(response.header('Request-Id'), operationId).toMatch(
        /^req_[A-Za-z0-9]{10}$/,
      );
      expect(response.header('Content-Type'), operationId).toBe(
        value === undefined ? undefined : mediaType,
      );
    }
  });
}

for (const release of ['2023-07', '2023-01']) {
  test(`every list of ${release} that pages with cursor computes its example for its sample, as the build's check does`, async () => {
    const {world, operations} = await releaseOf(release);
    const lists = [...operations.values()].filter(
      ({operationId}) =>
        world.operations[operationId]?.list?.pages === 'cursor',
    );
    expect(lists.length).toBeGreaterThan(15);
    for (const operation of lists) {
      // A tab that has written every object as the world holds it is no
      // longer answered the story's example: the world computes the list.
      const memory = newWorldMemory();
      memory.objects[release] = structuredClone(world.objects);
      const response = worldResponse({
        operation,
        request: sampleOf(operation),
        problems: [],
        world,
        memory,
      });
      expect({
        list: operation.operationId,
        page: JSON.parse(response.body) as Json,
      }).toEqual({
        list: operation.operationId,
        page: documentedSuccess(operation).value,
      });
    }
  });
}

test('a missing or malformed key answers 401 invalid_api_key, a production key wrong_environment', async () => {
  const send = await tab('2023-07');
  const missing = send('retrieveOrder', {headers: {Authorization: undefined}});
  expect(missing.status).toBe(401);
  expect(missing.header('Content-Type')).toBe('application/problem+json');
  expect(missing.json).toEqual({
    type: 'https://api.example.com/problems/authentication-required',
    title: 'Authentication required',
    status: 401,
    detail: 'The API key is not valid. Check Settings → API keys.',
    errors: [
      {
        field: 'Authorization',
        code: 'invalid_api_key',
        message: 'No API key was sent: send Authorization: Bearer <key>.',
      },
    ],
    request_id: missing.header('Request-Id'),
  });
  const basic = send('retrieveOrder', {
    headers: {Authorization: `Basic ${testKey}`},
  });
  expect(basic.json?.errors).toEqual([
    expect.objectContaining({code: 'invalid_api_key'}),
  ]);
  const live = send('retrieveOrder', {
    headers: {Authorization: 'Bearer ih_live_4eC39HqLyjWDarjtT1zdp7dc'},
  });
  expect(live.status).toBe(401);
  expect(live.json?.detail).toBe(
    'This is a production key (ih_live_); use it with https://api.example.com/v1.',
  );
  expect(live.json?.errors).toEqual([
    {
      field: 'Authorization',
      code: 'wrong_environment',
      message: 'ih_live_ keys work only in production.',
    },
  ]);
});

test('a Hub-Version that names no release answers 400 invalid_version', async () => {
  const send = await tab('2023-07');
  const response = send('listOrders', {headers: {'Hub-Version': '2023-13'}});
  expect(response.status).toBe(400);
  expect(response.json).toMatchObject({
    type: 'https://api.example.com/problems/invalid-request',
    title: 'Invalid request',
    status: 400,
    detail: 'Hub-Version 2023-13 is no release of the API.',
    errors: [{field: 'Hub-Version', code: 'invalid_version'}],
  });
});

test('a parameter of the wrong type answers 400 invalid_parameter, naming it', async () => {
  const send = await tab('2023-07');
  const response = send('listOrders', {query: {limit: 'ten'}});
  expect(response.status).toBe(400);
  expect(response.json).toMatchObject({
    status: 400,
    detail: 'The parameter limit must be a whole number.',
    errors: [
      {
        field: 'limit',
        code: 'invalid_parameter',
        message: 'limit must be a whole number.',
      },
    ],
  });
});

test('a body that is not JSON answers 400 malformed_json', async () => {
  const send = await tab('2023-07');
  const response = send('createBrand', {body: '{"name": "Harbour",'});
  expect(response.status).toBe(400);
  expect(response.json?.detail).toMatch(
    /^The request body is not valid JSON \(.+\)\.$/,
  );
  expect(response.json?.errors).toEqual([
    {field: null, code: 'malformed_json', message: expect.any(String)},
  ]);
});

test('a required field left out answers 422 required; in 2023-01 as that release words it', async () => {
  const body = {code: 'NORTH', website: 'https://harbour.example.com'};
  const latest = (await tab('2023-07'))('createBrand', {body});
  expect(latest.status).toBe(422);
  expect(latest.json).toEqual({
    type: 'https://api.example.com/problems/validation-error',
    title: 'Validation error',
    status: 422,
    detail: 'The request has 1 invalid field.',
    errors: [{field: 'name', code: 'required', message: 'name is required.'}],
    request_id: latest.header('Request-Id'),
  });
  // 2023-01 names the first invalid field in detail and has no errors[].
  const older = (await tab('2023-01'))('createBrand', {body});
  expect(older.status).toBe(422);
  expect(older.json).toEqual({
    type: 'https://api.example.com/problems/validation-error',
    title: 'Validation error',
    status: 422,
    detail: 'name: name is required.',
    request_id: older.header('Request-Id'),
  });
  expect(older.header('X-RateLimit-Limit')).toBe('600');
  expect(older.header('RateLimit-Limit')).toBeUndefined();
});

test('a number out of its range answers 422 out_of_range, at its field', async () => {
  const send = await tab('2023-07');
  const response = send('setStock', {body: {on_hand: -1}});
  expect(response.status).toBe(422);
  expect(response.json?.errors).toEqual([
    {field: 'on_hand', code: 'out_of_range', message: 'on_hand must be >= 0.'},
  ]);
});

test('a value outside its enum answers 422 invalid_value, one entry per field', async () => {
  const send = await tab('2023-07');
  const response = send('updateWarehouse', {
    body: {type: 'shed', name: 7},
  });
  expect(response.status).toBe(422);
  expect(response.json?.detail).toBe('The request has 2 invalid fields.');
  expect(response.json?.errors).toEqual(
    expect.arrayContaining([
      {
        field: 'type',
        code: 'invalid_value',
        message: expect.stringMatching(/^type must be one of/),
      },
      {field: 'name', code: 'invalid_value', message: 'name must be string.'},
    ]),
  );
});

test('a filter that does not parse answers 422 invalid_filter; a field the list lacks, unknown_field', async () => {
  const send = await tab('2023-07');
  const broken = send('listOrders', {query: {filter: 'status ='}});
  expect(broken.status).toBe(422);
  expect(broken.json).toMatchObject({
    detail: 'The filter is not a valid Advanced query.',
    errors: [
      {
        field: 'filter',
        code: 'invalid_filter',
        message: expect.stringMatching(/at column \d+$/),
      },
    ],
  });
  const unknown = send('listOrders', {
    query: {filter: 'status = "completed" AND colour = "olive"'},
  });
  expect(unknown.status).toBe(422);
  expect(unknown.json).toMatchObject({
    detail: "This list can't filter on colour.",
    errors: [
      {
        field: 'filter',
        code: 'unknown_field',
        message: 'Unknown field "colour" at column 26',
      },
    ],
  });
  // 2023-01 names the field in detail, as its example does.
  const send2023 = await tab('2023-01');
  expect(
    send2023('listOrders', {query: {filter: 'colour = "olive"'}}).json,
  ).toEqual({
    type: 'https://api.example.com/problems/validation-error',
    title: 'Validation error',
    status: 422,
    detail: 'filter: Unknown field "colour" at column 1',
    request_id: expect.stringMatching(/^req_/),
  });
  // 2023-01's transfers take no filter: 400 filter_not_supported.
  const older = send2023('listTransfers', {
    query: {filter: 'status = "draft"'},
  });
  expect(older.status).toBe(400);
  expect(older.json?.errors).toEqual([
    expect.objectContaining({field: 'filter', code: 'filter_not_supported'}),
  ]);
});

/** A warehouse Northwind does not have yet, to create in a tab. */
const yorkStore = {
  name: 'York Store',
  code: 'YRK',
  type: 'retailer',
  address: {
    name: 'Northwind York',
    line1: '3 Stonegate',
    city: 'York',
    postcode: 'YO1 8AW',
    country: 'GB',
  },
};

test('an ID the world does not hold answers 404', async () => {
  const send = await tab('2023-07');
  const response = send('retrieveOrder', {path: '/orders/ord_0Zz0Zz0'});
  expect(response.status).toBe(404);
  expect(response.json).toEqual({
    type: 'https://api.example.com/problems/not-found',
    title: 'Not found',
    status: 404,
    detail: 'No order with ID ord_0Zz0Zz0 exists that your company can see.',
    errors: [],
    request_id: response.header('Request-Id'),
  });
  // Order NWSF-1027 is created on 6 May, after the world's now.
  expect(send('retrieveOrder', {path: '/orders/ord_3Hv6Pq9'}).status).toBe(404);
  // A new warehouse holds no stock: no stock record until one is set.
  const york = send('createWarehouse', {body: yorkStore}).json?.id;
  const path = `/stock/var_3Tn8Wq2/${String(york)}`;
  expect(send('retrieveStock', {path}).json?.detail).toBe(
    `No stock of var_3Tn8Wq2 in ${String(york)} exists that your company can see.`,
  );
  expect(send('setStock', {path, body: {on_hand: 3}}).json).toEqual({
    variant_id: 'var_3Tn8Wq2',
    warehouse_id: york,
    on_hand: 3,
    allocated: 0,
    buffer: 0,
    available: 3,
    incoming: 0,
    updated_at: '2023-05-04T16:00:00Z',
  });
  expect(send('retrieveStock', {path}).status).toBe(200);
});

test('an Idempotency-Key reused for another request answers 409 idempotency_key_reused; the same request is replayed', async () => {
  const send = await tab('2023-07');
  const key = '0b7c1f2e-4a5d-4e6f-8a9b-1c2d3e4f5a6b';
  const first = send('createWarehouse', {
    headers: {'Idempotency-Key': key},
    body: yorkStore,
  });
  expect(first.status).toBe(201);
  expect(first.header('Idempotent-Replayed')).toBe('false');
  const again = send('createWarehouse', {
    headers: {'Idempotency-Key': key},
    body: yorkStore,
  });
  expect(again.status).toBe(201);
  expect(again.json).toEqual(first.json);
  expect(again.header('Idempotent-Replayed')).toBe('true');
  const other = send('createWarehouse', {
    headers: {'Idempotency-Key': key},
    body: {
      name: 'Harrogate Store',
      code: 'HGT',
      type: 'retailer',
      address: {
        name: 'Northwind Harrogate',
        line1: '9 James Street',
        city: 'Harrogate',
        postcode: 'HG1 1QS',
        country: 'GB',
      },
    },
  });
  expect(other.status).toBe(409);
  expect(other.json?.errors).toEqual([
    {
      field: 'Idempotency-Key',
      code: 'idempotency_key_reused',
      message: 'Send a new key for a new request.',
    },
  ]);
});

test('an action the status does not allow answers 409 invalid_state', async () => {
  const send = await tab('2023-07');
  // Order 10479 is completed at now; only a pending order is accepted.
  const response = send('acceptOrder', {path: '/orders/ord_4Qb9Ns3/accept'});
  expect(response.status).toBe(409);
  expect(response.json).toMatchObject({
    type: 'https://api.example.com/problems/conflict',
    title: 'Conflict',
    status: 409,
    detail:
      'Order ord_4Qb9Ns3 is completed; POST /orders/{id}/accept needs a pending order.',
    errors: [{field: 'status', code: 'invalid_state'}],
  });
});

test('a lifecycle without a state table refuses an action its transitions do not start from', async () => {
  const send = await tab('2023-07');
  // Warehouses have no state table; their transitions activate an inactive one.
  const response = send('activateWarehouse', {
    path: '/warehouses/wh_1Rk5Ds3/activate',
  });
  expect(response.status).toBe(409);
  expect(response.json).toMatchObject({
    detail:
      'Warehouse wh_1Rk5Ds3 is active; POST /warehouses/{id}/activate needs an inactive warehouse.',
    errors: [{code: 'invalid_state'}],
  });
});

test('a create whose unique field another object has answers its duplicate code', async () => {
  const send = await tab('2023-07');
  const warehouse = send('createWarehouse', {
    body: {
      name: 'Leeds Overflow',
      code: 'LDS',
      type: 'retailer',
      address: {
        name: 'Northwind Leeds',
        line1: '1 Kirkstall Road',
        city: 'Leeds',
        postcode: 'LS3 1HS',
        country: 'GB',
      },
    },
  });
  expect(warehouse.status).toBe(409);
  expect(warehouse.json).toMatchObject({
    detail: 'Warehouse wh_1Rk5Ds3 already has the code LDS.',
    errors: [{field: 'code', code: 'duplicate_code'}],
  });
  const sample = JSON.parse(
    (await releaseOf('2023-07')).operations.get('createOrder')!.body!.sample,
  ) as {[key: string]: Json};
  // Order 10482 is Northwind Shopify's; the shop floor may have its own 10482.
  const order = send('createOrder', {
    body: {...sample, store_id: 'str_7Qm3Xa9', number: '10482'},
  });
  expect(order.status).toBe(409);
  expect(order.json?.errors).toEqual([
    expect.objectContaining({field: 'number', code: 'duplicate_number'}),
  ]);
  expect(send('createOrder', {body: {...sample, number: '10482'}}).status).toBe(
    201,
  );
  const user = send('inviteUser', {
    body: {email: 'Priya@Northwind.example.com', name: 'Priya', role: 'member'},
  });
  expect(user.status).toBe(409);
  expect(user.json?.errors).toEqual([
    expect.objectContaining({code: 'duplicate_email'}),
  ]);
});

test('an adjustment below 0 on hand answers 409 insufficient_stock', async () => {
  const send = await tab('2023-07');
  const response = send('adjustStock', {
    body: {delta: -30, reason: 'Recount'},
  });
  expect(response.status).toBe(409);
  expect(response.json).toMatchObject({
    detail:
      'Leeds DC holds 23 of ALDF-HWJ-OLV-M; an adjustment of -30 would leave -7 on hand.',
    errors: [
      {
        field: 'delta',
        code: 'insufficient_stock',
        message: 'An adjustment can take on hand to 0 at most, here -23.',
      },
    ],
  });
  // Within what it holds, the adjustment answers the record at now, changed.
  const taken = send('adjustStock', {body: {delta: -3, reason: 'Recount'}});
  expect(taken.status).toBe(200);
  expect(taken.json).toEqual({
    variant_id: 'var_3Tn8Wq1',
    warehouse_id: 'wh_1Rk5Ds3',
    on_hand: 20,
    allocated: 2,
    buffer: 2,
    available: 16,
    incoming: 12,
    updated_at: '2023-05-04T16:00:00Z',
  });
});

test("a list with another filter and limit answers the world's objects, page by page", async () => {
  const send = await tab('2023-07');
  // Both of Northwind Shopify's orders are completed; 10482 was placed last.
  const first = send('listOrders', {
    query: {filter: 'status = "completed"', limit: '1'},
  });
  expect(first.status).toBe(200);
  const cursor = Buffer.from('ord_5Yc1Hd6:2023-05-04').toString('base64url');
  expect(first.json).toMatchObject({
    data: [{id: 'ord_5Yc1Hd6', number: '10482', status: 'completed'}],
    next_cursor: cursor,
    has_more: true,
  });
  const second = send('listOrders', {
    query: {filter: 'status = "completed"', limit: '1', cursor},
  });
  expect(second.json).toMatchObject({
    data: [{id: 'ord_4Qb9Ns3', number: '10479', status: 'completed'}],
    next_cursor: null,
    has_more: false,
  });
  // Placed before today in Europe/London: order 10479 alone.
  const before = send('listOrders', {query: {filter: 'placed_at < today'}});
  expect((before.json?.data as {id: string}[]).map(({id}) => id)).toEqual([
    'ord_4Qb9Ns3',
  ]);
  // Leeds DC holds both sizes; size M changed last (14:12:08).
  const stock = send('listStock', {
    query: {filter: undefined, warehouse_id: 'wh_1Rk5Ds3'},
  });
  expect(
    (stock.json?.data as {variant_id: string; on_hand: number}[]).map(
      ({variant_id: variant, on_hand: onHand}) => [variant, onHand],
    ),
  ).toEqual([
    ['var_3Tn8Wq1', 23],
    ['var_3Tn8Wq2', 25],
  ]);
  // A transfer's warehouse_id matches either end.
  const transfers = send('listTransfers', {
    query: {filter: undefined, warehouse_id: 'wh_6Jp2Mc8'},
  });
  expect((transfers.json?.data as {id: string}[]).map(({id}) => id)).toEqual([
    'trf_3Kw9Hn5',
    'trf_8Lc4Vx2',
  ]);
  // The change feed pages with after, and even its last page names its
  // last change, to poll with next: the 14:05 dispatch's order change and
  // the transfer's draft, the changes the examples show after 09:43:27.
  const feed = send('listChanges', {
    query: {filter: undefined, after: 'chg_01H0ZK5B2C7D9F'},
  });
  expect(feed.json).toMatchObject({
    data: [
      {id: 'chg_01H0ZK6D4F8G2G', resource: 'order'},
      {id: 'chg_01H0ZK6W3X9Y4Z', resource: 'transfer'},
    ],
    next_cursor: 'chg_01H0ZK6W3X9Y4Z',
    has_more: false,
  });
  const unknownCursor = send('listOrders', {
    query: {cursor: 'bm90LWEtY3Vyc29y'},
  });
  expect(unknownCursor.status).toBe(422);
  expect(unknownCursor.json?.errors).toEqual([
    expect.objectContaining({field: 'cursor', code: 'invalid_cursor'}),
  ]);
});

test('a GET of another object answers it at now, as the list example shows it', async () => {
  const send = await tab('2023-07');
  const response = send('retrieveOrder', {path: '/orders/ord_4Qb9Ns3'});
  expect(response.status).toBe(200);
  expect(response.json).toMatchObject({
    id: 'ord_4Qb9Ns3',
    number: '10479',
    status: 'completed',
    placed_at: '2023-05-03T16:12:45Z',
    customer: {name: 'James Carter', email: 'james.carter@example.com'},
    item_ids: ['oit_7Lp3Wd8', 'oit_7Lp3Wd9'],
    dispatch_ids: ['dsp_4Ka8Yr2'],
    updated_at: '2023-05-04T15:10:06Z',
  });
  const stock = send('retrieveStock', {path: '/stock/var_3Tn8Wq1/wh_6Jp2Mc8'});
  expect(stock.json).toMatchObject({
    on_hand: 4,
    allocated: 0,
    buffer: 2,
    available: 2,
  });
});

test('a PATCH answers the object changed at now, and a later GET and list see it', async () => {
  const send = await tab('2023-07');
  const patched = send('updateWarehouse', {
    body: {name: 'Leeds Distribution Centre'},
  });
  expect(patched.status).toBe(200);
  expect(patched.json).toMatchObject({
    id: 'wh_1Rk5Ds3',
    name: 'Leeds Distribution Centre',
    code: 'LDS',
    status: 'active',
    updated_at: '2023-05-04T16:00:00Z',
  });
  const read = send('retrieveWarehouse');
  expect(read.json).toEqual(patched.json);
  const listed = send('listWarehouses', {query: {filter: undefined}});
  expect(listed.json?.data).toContainEqual(patched.json);
  // Another tab does not see this tab's writes.
  const other = await tab('2023-07');
  expect(
    other('retrieveWarehouse', {path: '/warehouses/wh_1Rk5Ds3'}).json,
  ).toMatchObject({name: 'Leeds DC'});
});

test('an action moves the object along its lifecycle, and the next one is held to it', async () => {
  const send = await tab('2023-07');
  const sample = JSON.parse(
    (await releaseOf('2023-07')).operations.get('createOrder')!.body!.sample,
  ) as {[key: string]: Json};
  const created = send('createOrder', {body: {...sample, number: 'NWSF-2001'}});
  expect(created.status).toBe(201);
  const id = String(created.json?.id);
  expect(id).toMatch(/^ord_[A-Za-z0-9]{7}$/);
  expect(created.json).toMatchObject({status: 'pending', number: 'NWSF-2001'});
  const accepted = send('acceptOrder', {path: `/orders/${id}/accept`});
  expect(accepted.status).toBe(200);
  expect(accepted.json).toMatchObject({id, status: 'accepted'});
  // The same request with the same key is replayed; with a new key, the
  // accepted order cannot be accepted again.
  expect(
    send('acceptOrder', {path: `/orders/${id}/accept`}).header(
      'Idempotent-Replayed',
    ),
  ).toBe('true');
  expect(
    send('acceptOrder', {
      path: `/orders/${id}/accept`,
      headers: {'Idempotency-Key': 'a-new-key-for-a-new-request'},
    }).status,
  ).toBe(409);
  const cancelled = send('cancelOrder', {
    path: `/orders/${id}/cancel`,
    body: {reason: 'The customer changed their mind.'},
  });
  expect(cancelled.json).toMatchObject({
    status: 'cancelled',
    status_reason: 'The customer changed their mind.',
  });
  const deleted = send('deleteImage', {path: '/images/img_7Dk2Pw6'});
  expect(deleted.status).toBe(204);
  expect(send('retrieveImage', {path: '/images/img_7Dk2Pw6'}).status).toBe(404);
});

test('the build writes each release’s world beside its operations', async () => {
  const model = await loadApiModel(siteDir);
  const {world} = model;
  const folder = mkdtempSync(path.join(tmpdir(), 'ih-try-world-'));
  try {
    await writeTryIt(model.releases, folder, () => sandbox, world);
    for (const [release, spec] of model.releases) {
      const written = JSON.parse(
        readFileSync(path.join(folder, release, worldFile), 'utf8'),
      ) as TryWorld;
      expect(written).toEqual(tryWorld(spec, world));
      expect(written.release).toBe(release);
    }
  } finally {
    rmSync(folder, {recursive: true, force: true});
  }
});

test('the responder runs in the browser: nothing it imports reads Node or Docusaurus', async () => {
  const result = await madge('src/lib/try-it/world-server.ts', {
    baseDir: siteDir,
    fileExtensions: ['ts', 'tsx'],
    tsConfig: path.join(siteDir, 'tsconfig.json'),
    includeNpm: true,
  });
  const files = Object.keys(result.obj());
  expect(files).toContain('src/lib/world/lists.ts');
  expect(files.filter((file) => !/^src\/(lib|model)\//.test(file))).toEqual([]);
  // Only types come from packages (Ajv's error type), never code.
  const imports = files.flatMap((file) =>
    [
      ...readFileSync(path.join(siteDir, file), 'utf8').matchAll(
        /^import (?!type )[^;]*? from '([^.][^']*)';/gms,
      ),
    ].map((match) => `${file} imports ${match[1]}`),
  );
  expect(imports).toEqual([]);
});
