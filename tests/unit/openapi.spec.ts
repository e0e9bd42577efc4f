import {expect, test} from '@playwright/test';
import {allExampleCases, spec, validateExample} from '../support/openapi';
import {
  codeSamples,
  filteredFields,
  idempotencyHeader,
  sampleApiKey,
  sampleIdempotencyKey,
  sampleRequest,
} from '../../src/plugins/openapi-reference/samples';
import {sampleLanguages} from '../../src/plugins/openapi-reference/theme/language';
import {highlight, loadGrammars} from '../../src/prism/highlight';
import {Prism} from 'prism-react-renderer';
import {allOperations} from '../../src/model/operations';
import {type Schema} from '../../src/model/openapi-types';

const operations = allOperations(spec.document);
const routeNames = spec.document.tags.map((tag) => tag.name);

test('every example validates against its schema', () => {
  const cases = allExampleCases();
  // Request, response, parameter and schema examples all take part.
  expect(cases.length).toBeGreaterThan(operations.length * 2);
  const problems = cases.flatMap((example) => validateExample(example));
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

test('code samples in every language match the operation and carry valid JSON', () => {
  for (const entry of operations) {
    const {operation} = entry;
    const request = sampleRequest(spec.document, entry);
    const samples = codeSamples(spec.document, entry);
    const where = operation.operationId;
    expect(
      samples.map((sample) => sample.label),
      where,
    ).toEqual(sampleLanguages.map((language) => language.label));
    const url = new URL(request.url);
    const pathPattern = new RegExp(
      `^/v1${entry.path.replace(/\{\w+\}/g, '[^/?]+').replace(/[.]/g, '\\.')}$`,
    );
    expect(url.pathname, where).toMatch(pathPattern);
    // List samples show their query parameters (every one with an example,
    // but one whose field the sample's filter already narrows).
    const filtered = filteredFields(entry.parameters);
    for (const parameter of entry.parameters.filter(
      (candidate) =>
        candidate.in === 'query' &&
        candidate.example !== undefined &&
        !filtered.includes(candidate.name),
    )) {
      expect(
        url.searchParams.get(parameter.name),
        `${where}: ?${parameter.name}`,
      ).toBe(String(parameter.example));
    }
    for (const sample of samples) {
      expect(sample.code, `${where}: ${sample.label}`).toContain(url.hostname);
      expect(sample.code, `${where}: ${sample.label}`).toContain(url.pathname);
      expect(sample.code, `${where}: ${sample.label}`).toContain(sampleApiKey);
    }
    const curl = samples.find((sample) => sample.language === 'curl')!.code;
    expect(curl, where).toContain(`--request ${request.method}`);
    for (const [name, value] of request.headers) {
      expect(curl, `${where}: ${name}`).toContain(
        `--header '${name}: ${value}'`,
      );
    }
    if (request.body !== undefined) {
      const curlBody = /--data '([\s\S]*)'$/
        .exec(curl)?.[1]
        ?.replaceAll("'\\''", "'");
      expect(JSON.parse(curlBody ?? ''), `${where}: cURL body`).toEqual(
        request.body,
      );
    }
  }
});

test('each POST sample sends its own stable Idempotency-Key', () => {
  const keys = operations
    .filter(({method}) => method === 'post')
    .map((entry) => {
      const header = sampleRequest(spec.document, entry).headers.find(
        ([name]) => name === idempotencyHeader,
      );
      expect(header?.[1], entry.operation.operationId).toBe(
        sampleIdempotencyKey(entry.operation.operationId),
      );
      return header![1];
    });
  expect(keys.length).toBeGreaterThan(1);
  expect(new Set(keys).size).toBe(keys.length);
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

test('static code keeps only the spans that change a colour, and every character', async () => {
  await loadGrammars();
  const code =
    'const r = await fetch(`${base}/orders`, {method: "POST", body: "a<b"});';
  const html = highlight(code, 'javascript');
  const text = (markup: string) =>
    markup
      .replaceAll(/<[^>]+>/g, '')
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&');
  expect(text(html)).toBe(code);
  expect(html).toContain('<span class="token keyword">const</span>');
  expect(html).toContain('<span class="token string">"POST"</span>');
  // Braces, commas and operators in plain text take the plain colour anyway.
  expect(html).not.toContain('token punctuation');
  expect(html).not.toContain('token operator');
  // Prism's own markup has about twice the elements.
  const spans = (markup: string) => markup.split('<span').length - 1;
  expect(spans(html) * 2).toBeLessThanOrEqual(
    spans(Prism.highlight(code, Prism.languages.javascript!, 'javascript')),
  );
});
