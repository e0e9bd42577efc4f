// Try it checks a request in the browser as the build checks every request sample: the generated modules, loaded as the browser loads them, against the build's own check.
import {mkdtemp, readdir, rm} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {expect, test} from '@playwright/test';
import {
  requestValidator,
  type RequestValidator,
} from '../../src/plugins/content-rules/request-samples';
import {loadApiModel} from '../../src/plugins/openapi-reference/model';
import {writeTryIt} from '../../src/plugins/openapi-reference/try-it';
import {apiSandboxUrl} from '../../src/plugins/openapi-reference/latest-document';
import {
  curlCommand,
  formRequest,
  sampleValues,
  type FormValues,
} from '../../src/plugins/openapi-reference/theme/TryIt/request';
import {sampleApiKey} from '../../src/lib/try-it/sample-key';
import {
  requestProblems,
  type TryModule,
  type TryValidators,
} from '../../src/lib/try-it/validate';
import {validatorRuntime} from '../../src/lib/try-it/validator-runtime';
import type {FieldProblem, TryRequest} from '../../src/lib/try-it/types';

const siteDir = path.join(__dirname, '..', '..');

// One worker: every test reads the modules the one load writes.
test.describe.configure({mode: 'default'});

interface Loaded {
  module: TryModule;
  validators: TryValidators;
}

/** Every operation's module, by release and operationId, as the build wrote it. */
const modules = new Map<string, Map<string, Loaded>>();
const buildChecks = new Map<string, RequestValidator>();
let folder: string;

test.beforeAll(async () => {
  const model = await loadApiModel(siteDir);
  folder = await mkdtemp(path.join(tmpdir(), 'try-it-'));
  await writeTryIt(model.releases, folder, () => apiSandboxUrl);
  for (const [release, spec] of model.releases) {
    buildChecks.set(release, await requestValidator(spec));
    const loaded = new Map<string, Loaded>();
    const files = (await readdir(path.join(folder, release))).filter((file) =>
      file.endsWith('.mjs'),
    );
    for (const file of files) {
      // Imported as the browser imports it: an ES module that imports nothing.
      const module = (await import(
        pathToFileURL(path.join(folder, release, file)).href
      )) as TryModule;
      loaded.set(module.operation.operationId, {
        module,
        validators: module.validators(validatorRuntime),
      });
    }
    modules.set(release, loaded);
  }
});

test.afterAll(async () => {
  await rm(folder, {recursive: true, force: true});
});

/** The request a form sends with these values (the sample's unless changed). */
function request(
  {module}: Loaded,
  change: (values: FormValues) => FormValues = (values) => values,
  body = module.operation.body?.sample ?? '',
): TryRequest {
  return formRequest(
    module.operation,
    change(sampleValues(module.operation)),
    body,
    sampleApiKey,
  );
}

/** What the build's check says of the same request. */
function buildProblems(release: string, sent: TryRequest): string[] {
  return buildChecks.get(release)!({
    method: sent.method,
    path: sent.path,
    query: sent.query,
    headers: new Map(
      sent.headers.map(([name, value]) => [name.toLowerCase(), value]),
    ),
    body: sent.body?.trim() ? sent.body : undefined,
    line: 1,
  });
}

const operation = (release: string, operationId: string) => {
  const loaded = modules.get(release)?.get(operationId);
  if (!loaded) {
    throw new Error(`No module for ${operationId} of ${release}`);
  }
  return loaded;
};

test('every operation of both releases has a module, whose sample request neither check faults', () => {
  expect([...modules.keys()]).toEqual(['2023-07', '2023-01']);
  const faulted: string[] = [];
  for (const [release, loaded] of modules) {
    expect(loaded.size).toBeGreaterThan(100);
    for (const [operationId, entry] of loaded) {
      const sent = request(entry);
      const browser = requestProblems(
        entry.module.operation,
        sent,
        entry.validators,
      );
      const build = buildProblems(release, sent);
      if (browser.length > 0 || build.length > 0) {
        faulted.push(
          `${release} ${operationId}: ${JSON.stringify({browser, build})}`,
        );
      }
    }
  }
  expect(faulted).toEqual([]);
});

/**
 * Planted mistakes, each with what the browser finds: the build finds the
 * same problems, one for one, about the same field (and in the same words,
 * where both are Ajv's).
 */
const mistakes: {
  name: string;
  operationId: string;
  change?: (values: FormValues) => FormValues;
  body?: (sample: Record<string, unknown>) => Record<string, unknown>;
  expected: Pick<FieldProblem, 'place' | 'field' | 'keyword'>[];
}[] = [
  {
    name: 'a query parameter of the wrong type',
    operationId: 'listOrders',
    change: (values) => ({...values, 'query:limit': 'abc'}),
    expected: [{place: 'query', field: 'limit', keyword: 'type'}],
  },
  {
    name: 'a query parameter out of range',
    operationId: 'listOrders',
    change: (values) => ({...values, 'query:limit': '0'}),
    expected: [{place: 'query', field: 'limit', keyword: 'minimum'}],
  },
  {
    name: 'a required body field left out, and one of the wrong type',
    operationId: 'createOrder',
    body: ({customer: _customer, items, ...rest}) => ({
      ...rest,
      items: (items as Record<string, unknown>[]).map((item, index) =>
        index === 0 ? {...item, quantity: 'one'} : item,
      ),
    }),
    expected: [
      {place: 'body', field: '', keyword: 'required'},
      {place: 'body', field: '/items/0/quantity', keyword: 'type'},
    ],
  },
  {
    name: 'no Hub-Version',
    operationId: 'listOrders',
    change: (values) => ({...values, 'header:hub-version': ''}),
    expected: [{place: 'header', field: 'Hub-Version', keyword: 'required'}],
  },
];

for (const release of ['2023-07', '2023-01']) {
  for (const mistake of mistakes) {
    test(`${release}: ${mistake.name} is the same problem in the browser as in the build`, () => {
      const entry = operation(release, mistake.operationId);
      const sample = entry.module.operation.body?.sample;
      const sent = request(
        entry,
        mistake.change,
        mistake.body && sample
          ? JSON.stringify(
              mistake.body(JSON.parse(sample) as Record<string, unknown>),
            )
          : sample,
      );
      const browser = requestProblems(
        entry.module.operation,
        sent,
        entry.validators,
      );
      expect(
        browser.map(({place, field, keyword}) => ({place, field, keyword})),
      ).toEqual(mistake.expected);
      const build = buildProblems(release, sent);
      expect(build).toHaveLength(browser.length);
      browser.forEach((problem, index) => {
        expect(build[index]).toContain(problem.field || '/');
        if (problem.keyword !== 'required' || problem.place === 'body') {
          expect(build[index]).toContain(problem.message);
        }
      });
    });
  }
}

test('Copy as cURL writes exactly the request, quoted for a shell', () => {
  const entry = operation('2023-07', 'createOrder');
  const {operation: createOrder} = entry.module;
  const body = `{"number": "O'Brien & Sons"}`;
  const sent = formRequest(
    createOrder,
    sampleValues(createOrder),
    body,
    'ih_test_typed',
  );
  expect(curlCommand(createOrder.sandbox, sent)).toBe(
    [
      'curl --request POST',
      `--url 'https://sandbox.api.example.com/v1/orders'`,
      `--header 'Authorization: Bearer ih_test_typed'`,
      ...createOrder.parameters.map(
        ({name, sample}) => `--header '${name}: ${sample}'`,
      ),
      `--header 'Content-Type: application/json'`,
      `--data '{"number": "O'\\''Brien & Sons"}'`,
    ].join(' \\\n  '),
  );
  const list = operation('2023-07', 'listOrders').module.operation;
  expect(
    curlCommand(
      list.sandbox,
      formRequest(
        list,
        {...sampleValues(list), 'query:limit': '5', 'query:filter': ''},
        '',
        sampleApiKey,
      ),
    ).split(' \\\n  ')[1],
  ).toBe(
    `--url 'https://sandbox.api.example.com/v1/orders?limit=5&store_id=str_7Qm3Xa9&brand_id=brd_4Fz9Lm2'`,
  );
});
