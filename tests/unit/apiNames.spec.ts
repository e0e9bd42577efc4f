import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {apiNameProblems} from '../../src/plugins/content-rules/api-names';
import {
  requestSamples,
  requestValidator,
  type RequestValidator,
} from '../../src/plugins/content-rules/request-samples';
import {
  loadApiModel,
  releaseSpec,
  type ApiModel,
} from '../../src/plugins/openapi-reference/model';
import {
  latestRelease,
  olderReleases,
  releaseOfFile,
} from '../../src/plugins/openapi-reference/releases';
import {loadWorld} from '../../src/plugins/openapi-reference/world';
import {eventDates} from '../../src/plugins/openapi-reference/events';
import {loadProductNumbers} from '../../src/model/product-numbers';
import {
  releaseOnDay,
  releaseShipDays,
} from '../../src/plugins/openapi-reference/release-days';

const siteDir = path.join(__dirname, '..', '..');
const world = loadWorld(siteDir);
const shipDays = releaseShipDays(loadProductNumbers(siteDir));
let model: ApiModel;
const requestValidators = new Map<string, RequestValidator>();

test.beforeAll(async () => {
  model = await loadApiModel(siteDir);
  for (const [release, spec] of model.releases) {
    requestValidators.set(release, await requestValidator(spec));
  }
});

/** The problems of a page's source, as the build checks it. */
function problemsOf(file: string, source: string): string[] {
  // A post (blog/YYYY-MM-DD-…) describes the release of its day.
  const day = /^blog\/(\d{4}-\d{2}-\d{2})-/.exec(file)?.[1];
  const release =
    day === undefined ? releaseOfFile(file) : releaseOnDay(day, shipDays);
  return apiNameProblems(
    {file, source},
    releaseSpec(model, release),
    release,
    [...model.releases].map(([name, spec]) => ({release: name, spec})),
    world,
    requestValidators,
    day === undefined ? undefined : {day, shipDays},
    eventDates(loadProductNumbers(siteDir)),
  );
}

test('every page names only operations, events and error codes of its release, and its JSON agrees with the world', () => {
  const files = ['docs', 'api', 'api_versioned_docs', 'blog'].flatMap(
    (folder) =>
      readdirSync(path.join(siteDir, folder), {recursive: true})
        .map((name) => path.posix.join(folder, String(name)))
        .filter((name) => /\.mdx?$/.test(name)),
  );
  expect(files.length).toBeGreaterThan(90);
  const problems = files.flatMap((file) =>
    problemsOf(file, readFileSync(path.join(siteDir, file), 'utf8')),
  );
  expect(problems, problems.join('\n')).toEqual([]);
});

test('a page that names what its release lacks fails at its line, with the nearest name', () => {
  const source = [
    '---',
    'title: T',
    '---',
    'Accept it with `POST /orders/{id}/acept`.',
    'Subscribe to `order.shipped`.',
    'It answers `422` with the code `invalid_gtn`.',
    '```json',
    '{"id": "ord_5Yc1Hd6", "number": "10483"}',
    '```',
  ].join('\n');
  const problems = problemsOf('docs/example.mdx', source);
  expect(problems).toEqual([
    `docs/example.mdx:4: POST /orders/{id}/acept is no operation of release ${latestRelease}. The nearest that exists is POST /orders/{id}/accept.`,
    `docs/example.mdx:5: the webhook event order.shipped does not exist in release ${latestRelease}. The nearest that exists is order.created.`,
    `docs/example.mdx:6: the error code invalid_gtn is not in release ${latestRelease}'s catalogue. The nearest that exists is invalid_gtin.`,
    expect.stringMatching(
      /^docs\/example\.mdx:8: ord_5Yc1Hd6 field "number" is "10483" in the example, but "10482" always in the world \(openapi\/world\/world\.yaml:\d+\)/,
    ),
  ]);
});

test('an older release is checked against its own document', () => {
  const [older] = olderReleases;
  const file = `api_versioned_docs/version-${older}/example.mdx`;
  expect(problemsOf(file, 'Subscribe to `brand_store.created`.')).toEqual([]);
  expect(problemsOf(file, 'Read the code `cursor_expired`.')).toEqual([
    expect.stringMatching(
      new RegExp(
        `^${file}:1: the error code cursor_expired is not in release ${older}'s catalogue: no \`422\` of release ${older} carries a code\\.$`,
      ),
    ),
  ]);
  expect(
    problemsOf('docs/example.mdx', 'Read the code `cursor_expired`.'),
  ).toEqual([]);
});

test('a field or value of another release fails, unless the line names that release', () => {
  const [older] = olderReleases;
  const file = `api_versioned_docs/version-${older}/example.mdx`;
  expect(problemsOf(file, 'The order is `partially_dispatched`.')).toEqual([
    `${file}:1: partially_dispatched is a field or value of release ${latestRelease}, not of release ${older}. The nearest that exists is quantity_dispatched.`,
  ]);
  expect(
    problemsOf(file, 'Release 2023-01 has no `partially_dispatched` status.'),
  ).toEqual([]);
  expect(
    problemsOf('docs/example.mdx', 'Read `new_amount` from the change.'),
  ).toEqual([
    `docs/example.mdx:1: new_amount is a field or value of release ${older}, not of release ${latestRelease}. The nearest that exists is amount.`,
  ]);
});

test('an error code named with another status than the catalogue gives fails', () => {
  expect(
    problemsOf(
      'docs/example.mdx',
      'A wrong check digit answers `400` with the code `invalid_gtin`.',
    ),
  ).toEqual([
    `docs/example.mdx:1: the error code invalid_gtin answers 422 in release ${latestRelease}, not 400.`,
  ]);
});

test('a link to this release’s document goes to the page’s release, unless its line names the release it goes to', () => {
  const [older] = olderReleases;
  const file = `api_versioned_docs/version-${older}/introduction.md`;
  expect(
    problemsOf(
      file,
      'Download it as [openapi.yaml](pathname:///openapi.yaml) or [the JSON](pathname:///openapi/2023-07.json).',
    ),
  ).toEqual([
    `${file}:1: the link pathname:///openapi.yaml goes to release ${latestRelease}'s document, but the page is about release ${older}. Link pathname:///openapi/${older}.yaml, this release's document, or name release ${latestRelease} on the line.`,
    `${file}:1: the link pathname:///openapi/2023-07.json goes to release ${latestRelease}'s document, but the page is about release ${older}. Link pathname:///openapi/${older}.json, this release's document, or name release ${latestRelease} on the line.`,
  ]);
  expect(
    problemsOf(
      file,
      `Download it as [openapi.yaml](pathname:///openapi/${older}.yaml). Release ${latestRelease} has [its own](pathname:///openapi.yaml).`,
    ),
  ).toEqual([]);
  expect(
    problemsOf(
      'docs/example.mdx',
      `Download [the document](pathname:///openapi/${older}.yaml).`,
    ),
  ).toEqual([
    `docs/example.mdx:1: the link pathname:///openapi/${older}.yaml goes to release ${older}'s document, but the page is about release ${latestRelease}. Link pathname:///openapi/${latestRelease}.yaml, this release's document, or name release ${older} on the line.`,
  ]);
});

test('a line marked deliberately wrong is not checked', () => {
  expect(
    problemsOf(
      'docs/example.mdx',
      'It answers with the code `invalid_gtn` {/* deliberately wrong: shows the error */}.',
    ),
  ).toEqual([]);
  expect(
    problemsOf('docs/example.mdx', 'It answers with the code `invalid_gtn`.'),
  ).toEqual([
    `docs/example.mdx:1: the error code invalid_gtn is not in release ${latestRelease}'s catalogue. The nearest that exists is invalid_gtin.`,
  ]);
});

test('every request sample is read: curl with -G, -d and a body file, and http', () => {
  const introduction = readFileSync(
    path.join(siteDir, 'api', 'introduction.md'),
    'utf8',
  );
  const samples = requestSamples(introduction);
  expect(
    samples.map(({method, path: samplePath}) => `${method} ${samplePath}`),
  ).toEqual(
    expect.arrayContaining(['GET /orders', 'POST /transfers', 'GET /changes']),
  );
  const transfer = samples.find((sample) => sample.path === '/transfers')!;
  expect(JSON.parse(transfer.body!)).toMatchObject({reference: 'TR-2023-0142'});
  expect(transfer.headers.get('idempotency-key')).toBeTruthy();
});

test('a request sample that the release would refuse fails at its line, by the validator', () => {
  const source = [
    'Send it:',
    '',
    '```bash',
    'curl https://sandbox.api.example.com/v1/transfers \\',
    '  -H "Content-Type: application/json" \\',
    `  -d '{"from_warehouse_id": "wh_1Rk5Ds3", "to_warehouse_id": "wh_6Jp2Mc8", "colour": "olive"}'`,
    '```',
    '',
    '```http',
    'GET /v1/orders?limit=2&sort=placed_at HTTP/1.1',
    'Host: api.example.com',
    'Authorization: Bearer ih_test_4eC39HqLyjWDarjtT1zdp7dc',
    '```',
  ].join('\n');
  const problems = problemsOf('docs/example.mdx', source);
  const prefix = `docs/example.mdx:4: the request sample is not valid in release ${latestRelease}: `;
  expect(problems).toEqual(
    expect.arrayContaining([
      `${prefix}POST /transfers needs an Authorization: Bearer header.`,
      expect.stringMatching(
        /^docs\/example\.mdx:4: .*POST \/transfers, body: field "\/" must have required property 'lines'/,
      ),
      expect.stringMatching(
        /^docs\/example\.mdx:4: .*POST \/transfers, body: field "\/" must NOT have (additional|unevaluated) properties \(colour\)/,
      ),
      `docs/example.mdx:10: the request sample is not valid in release ${latestRelease}: GET /orders has no query parameter sort.`,
    ]),
  );
});

test('a sample in a list item, under a tilde fence, or after a longer fence is read as a Markdown reader reads it', () => {
  const source = [
    '1. List the orders:',
    '',
    '   ```http',
    '   GET /v1/orders?sort=placed_at HTTP/1.1',
    '   Host: api.example.com',
    '   ```',
    '',
    '~~~json',
    '{"id": "ord_5Yc1Hd6", "number": "10999"}',
    '~~~',
    '',
    '````md',
    '```http',
    'GET /v1/orders?colour=olive HTTP/1.1',
    '```',
    '````',
  ].join('\n');
  const problems = problemsOf('docs/example.mdx', source);
  // The indented sample is checked at its first line; the JSON under
  // tildes is checked against the world; the sample shown inside a
  // longer fence is the page's text of Markdown, not a request.
  expect(problems).toEqual(
    expect.arrayContaining([
      expect.stringMatching(
        /^docs\/example\.mdx:4: the request sample is not valid .*GET \/orders has no query parameter sort\./,
      ),
      expect.stringMatching(
        /^docs\/example\.mdx:9: ord_5Yc1Hd6 field "number"/,
      ),
    ]),
  );
  expect(problems.join('\n')).not.toContain('colour');
});

test('a request sample without Hub-Version fails at its line, naming the page’s release', () => {
  const source = [
    '```bash',
    'curl "https://sandbox.api.example.com/v1/orders?limit=2" \\',
    '  -H "Authorization: Bearer ih_test_4eC39HqLyjWDarjtT1zdp7dc"',
    '```',
  ].join('\n');
  const [older] = olderReleases;
  expect(problemsOf('docs/example.mdx', source)).toEqual([
    `docs/example.mdx:2: the request sample is not valid in release ${latestRelease}: GET /orders sends no Hub-Version header; every request sample pins its page's release (Hub-Version: ${latestRelease}).`,
  ]);
  expect(
    problemsOf(`api_versioned_docs/version-${older}/example.mdx`, source),
  ).toEqual([
    `api_versioned_docs/version-${older}/example.mdx:2: the request sample is not valid in release ${older}: GET /orders sends no Hub-Version header; every request sample pins its page's release (Hub-Version: ${older}).`,
  ]);
  const pinned = source.replace(
    '7dc"',
    `7dc" \\\n  -H "Hub-Version: ${latestRelease}"`,
  );
  expect(problemsOf('docs/example.mdx', pinned)).toEqual([]);
});

test('a blog post pins a release that had shipped by its date, and is read as the release of its day', () => {
  const [older] = olderReleases;
  const shipped = shipDays.get(latestRelease)!;
  const sample = (release?: string) =>
    [
      '```bash',
      'curl "https://sandbox.api.example.com/v1/orders?limit=2" \\',
      `  -H "Authorization: Bearer ih_test_4eC39HqLyjWDarjtT1zdp7dc"${release ? ` \\\n  -H "Hub-Version: ${release}"` : ''}`,
      '```',
    ].join('\n');
  const before = 'blog/2023-05-04-example.md';
  const after = `blog/${shipped}-example.md`;
  expect(shipped).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(releaseOnDay('2023-05-04', shipDays)).toBe(older);
  expect(releaseOnDay(shipped, shipDays)).toBe(latestRelease);
  expect(problemsOf(before, sample())).toEqual([
    `${before}:2: the request sample is not valid in release ${older}: GET /orders sends no Hub-Version header; every request sample pins its page's release (Hub-Version: ${older}).`,
  ]);
  expect(problemsOf(before, sample(older))).toEqual([]);
  expect(problemsOf(before, sample(latestRelease))).toEqual([
    `${before}:2: the request sample is not valid in release ${older}: Hub-Version: ${latestRelease} shipped on ${shipped}, after the post's date (2023-05-04); a post shows the API of its day, release ${older}.`,
  ]);
  // An announcement shows the old release beside the new.
  expect(problemsOf(after, sample(older))).toEqual([]);
  expect(problemsOf(after, sample(latestRelease))).toEqual([]);
  // Its prose is read as the release of its day: `partially_dispatched`
  // came with the latest.
  const prose = 'An order can be `partially_dispatched`.';
  expect(problemsOf(before, prose)).toEqual([
    expect.stringMatching(
      new RegExp(
        `^${before}:1: partially_dispatched is a field or value of release ${latestRelease}, not of release ${older}\\.`,
      ),
    ),
  ]);
  expect(problemsOf(after, prose)).toEqual([]);
});
