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
import {operationProblems} from '../../src/plugins/openapi-reference/rules/operations';
import {allOperations} from '../../src/model/operations';
import {type Schema} from '../../src/model/openapi-types';

const operations = allOperations(spec.document);

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

test('every operation has an id, a summary, one tag naming its page, and the shared responses', () => {
  const problems = operationProblems(spec, 'openapi/openapi.yaml');
  expect(problems, problems.join('\n')).toEqual([]);
});

test('an operation without its summary, page, 404 or Idempotency-Key is named', () => {
  const document = structuredClone(spec.document);
  const accept = document.paths['/orders/{id}/accept']!.post!;
  accept.summary = '';
  accept.tags = ['Orderz'];
  delete accept.responses['404'];
  accept.parameters = accept.parameters!.filter(
    (parameter) =>
      (parameter as {$ref?: string}).$ref !==
      '#/components/parameters/IdempotencyKey',
  );
  const fallback = 'openapi/openapi.yaml';
  expect(operationProblems({...spec, document}, fallback)).toEqual([
    `${fallback}: POST /orders/{id}/accept has no summary. Write one.`,
    `${fallback}: POST /orders/{id}/accept has tags ["Orderz"]; it needs one tag, naming its API page, of: ${document.tags.map(({name}) => name).join(', ')}.`,
    `${fallback}: POST /orders/{id}/accept takes an {id} but does not list 404. Add the shared NotFound response.`,
    `${fallback}: POST /orders/{id}/accept does not take an Idempotency-Key, which every POST takes. Add the shared IdempotencyKey parameter.`,
  ]);
  // Another page's tag splits the file's operations over two pages.
  accept.tags = ['brand'];
  expect(operationProblems({...spec, document}, fallback)).toContainEqual(
    expect.stringMatching(
      /^openapi\/resources\/order\.yaml(:\d+)?: order\.yaml's operations have the tags order, brand; give them one, so they render on one page\.$/,
    ),
  );
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
