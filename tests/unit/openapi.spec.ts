import {expect, test} from '@playwright/test';
import {allExampleCases, spec, validateExample} from '../support/openapi';
import {
  codeSamples,
  sampleApiKey,
  sampleRequest,
} from '../../src/plugins/openapi-reference/samples';
import {
  allOperations,
  type Schema,
} from '../../src/plugins/openapi-reference/spec';

const operations = allOperations(spec.document);
const routeNames = spec.document.tags.map((tag) => tag.name);

test('every example validates against its schema', () => {
  const cases = allExampleCases();
  // Request, response, parameter and schema examples all take part.
  expect(cases.length).toBeGreaterThan(operations.length * 2);
  const problems = cases.flatMap(validateExample);
  expect(problems, problems.join('\n')).toEqual([]);
});

test('a broken example names the operation, the example and the field', () => {
  const create = operations.find(
    ({operation}) => operation.operationId === 'createVariant',
  )!;
  const schema = create.operation.requestBody!.content['application/json']!
    .schema as Schema;
  const problems = validateExample({
    where: 'operation createVariant, request example "broken"',
    schema,
    value: {product_id: 'prd_9Kx2Vb7', sku: 42},
  });
  expect(problems.join('\n')).toContain(
    'operation createVariant, request example "broken"',
  );
  expect(problems.join('\n')).toContain('field "/sku" must be string');
});

test('every operation has one tag naming an API page, an id, a summary and examples', () => {
  const ids = new Set<string>();
  for (const {operation, method, path} of operations) {
    const where = `${method.toUpperCase()} ${path}`;
    expect(operation.operationId, where).toBeTruthy();
    expect(
      ids.has(operation.operationId),
      `${where}: duplicate operationId`,
    ).toBe(false);
    ids.add(operation.operationId);
    expect(operation.summary, where).toBeTruthy();
    expect(operation.tags, where).toHaveLength(1);
    expect(routeNames, where).toContain(operation.tags[0]);
    const success = Object.entries(operation.responses).find(([status]) =>
      status.startsWith('2'),
    );
    expect(success, `${where}: a success response`).toBeDefined();
  }
});

test('every tag has operations and every resource file renders on its tag page', () => {
  for (const name of routeNames) {
    expect(
      operations.some(({operation}) => operation.tags[0] === name),
      `tag ${name} has operations`,
    ).toBe(true);
  }
  for (const resource of spec.resources.values()) {
    const tags = new Set(
      operations
        .filter(({path}) => resource.paths.includes(path))
        .map(({operation}) => operation.tags[0]),
    );
    expect(tags.size, `${resource.name}.yaml has one tag`).toBe(1);
  }
});

test('code samples match the operation and carry valid JSON', () => {
  for (const entry of operations) {
    const {operation} = entry;
    const request = sampleRequest(spec.document, entry);
    const [curl, javascript, python] = codeSamples(spec.document, entry);
    const where = operation.operationId;
    const pathPattern = new RegExp(
      `/v1${entry.path.replace(/\{\w+\}/g, '[^/?]+').replace(/[.]/g, '\\.')}(\\?|$)`,
    );
    expect(
      new URL(request.url).pathname + (new URL(request.url).search ? '?' : ''),
      where,
    ).toMatch(pathPattern);
    expect(curl!.code, where).toContain(`"${request.url}"`);
    expect(curl!.code, where).toContain(
      `Authorization: Bearer ${sampleApiKey}`,
    );
    expect(javascript!.code, where).toContain(`method: '${request.method}'`);
    expect(python!.code, where).toContain(
      `requests.${request.method.toLowerCase()}(`,
    );
    if (request.method !== 'GET') {
      expect(curl!.code, where).toContain(`-X ${request.method}`);
    }
    for (const [name, value] of request.headers) {
      expect(curl!.code, `${where}: ${name}`).toContain(
        `-H "${name}: ${value}"`,
      );
    }
    if (request.body !== undefined) {
      const curlBody = /-d '([\s\S]*)'$/
        .exec(curl!.code)?.[1]
        ?.replaceAll("'\\''", "'");
      expect(JSON.parse(curlBody ?? ''), `${where}: cURL body`).toEqual(
        request.body,
      );
      const jsBody = /JSON\.stringify\(([\s\S]*)\),\n\}\);/.exec(
        javascript!.code,
      )?.[1];
      expect(JSON.parse(jsBody ?? ''), `${where}: JavaScript body`).toEqual(
        request.body,
      );
      expect(python!.code, `${where}: Python body`).toContain('json={');
    }
  }
});

test('POST operations accept an Idempotency-Key, id paths can answer 404 and every operation lists the shared errors', () => {
  for (const {method, path, operation, parameters} of operations) {
    if (method === 'post') {
      expect(
        parameters.some((parameter) => parameter.name === 'Idempotency-Key'),
        operation.operationId,
      ).toBe(true);
    }
    if (/\{id\}/.test(path)) {
      expect(Object.keys(operation.responses), operation.operationId).toContain(
        '404',
      );
    }
    expect(Object.keys(operation.responses), operation.operationId).toContain(
      '401',
    );
    expect(Object.keys(operation.responses), operation.operationId).toContain(
      '429',
    );
  }
});
