// The changelog against an independent diff of the two releases' documents:
// both documents fully resolved ($refs replaced by what they point at),
// compared key by key, and every difference found must be explained by a
// changelog row, and every row must point at a difference found.
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {
  changeRows,
  groupChanges,
  type ChangeRow,
} from '../../src/plugins/openapi-reference/changelog-rows';
import {releaseChanges} from '../../src/plugins/openapi-reference/changelog';
import {explainedErrorCodeChanges} from '../../src/plugins/openapi-reference/changelog-error-codes';
import {
  applyOverlay,
  loadRelease,
  overlayPath,
  readOverlay,
} from '../../src/plugins/openapi-reference/release-spec';
import {
  latestRelease,
  olderReleases,
  releaseHeader,
} from '../../src/plugins/openapi-reference/releases';
import {finishSpec, mergeSpec} from '../../src/plugins/openapi-reference/spec';
import {
  type LoadedSpec,
  type OpenApiDocument,
} from '../../src/model/openapi-types';

const specDir = path.join(__dirname, '..', '..', 'openapi');

/**
 * What is not API: prose, examples, the reference's own extensions and the
 * error catalogue (whose codes reach clients only through the responses'
 * examples, which are documentation too).
 */
const notApi = new Set([
  'description',
  'summary',
  'example',
  'examples',
  'x-lifecycle',
  'x-filter',
  'x-codes',
  'x-rules',
  'x-displayName',
]);

type Json = null | boolean | number | string | Json[] | {[key: string]: Json};

/** The document with every `$ref` replaced by its target (a recursive one kept as a `$ref` where it recurs). */
function resolve(
  document: OpenApiDocument,
  value: Json,
  above: string[] = [],
): Json {
  if (Array.isArray(value)) {
    return value.map((item) => resolve(document, item, above));
  }
  if (value === null || typeof value !== 'object') {
    return value;
  }
  const ref = value.$ref;
  if (typeof ref === 'string') {
    if (above.includes(ref)) {
      return {$ref: ref};
    }
    const [, section, name] = ref.split('/').slice(1);
    const target = (document.components[section!] as Record<string, Json>)[
      name!
    ]!;
    return resolve(document, target, [...above, ref]);
  }
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [
      key,
      resolve(document, child, above),
    ]),
  );
}

const isParameter = (value: Json): value is {[key: string]: Json} =>
  value !== null &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  typeof value.name === 'string' &&
  typeof value.in === 'string';

/**
 * Ready to compare key by key: documentation dropped, parameters keyed by
 * `<in>:<name>` and lists of plain values (`enum`, `required`, `type`) by
 * the value, so that a list that gains a member in the middle differs in
 * that member only. The release header is left out: its value is each
 * release's name.
 */
function comparable(value: Json): Json {
  if (Array.isArray(value)) {
    if (value.length > 0 && value.every(isParameter)) {
      return Object.fromEntries(
        value
          .filter(
            (item) => !(item.in === 'header' && item.name === releaseHeader),
          )
          .map((item) => [
            `${String(item.in)}:${String(item.name)}`,
            comparable(item),
          ]),
      );
    }
    if (value.every((item) => item === null || typeof item !== 'object')) {
      return Object.fromEntries(
        value.map((item) => [
          typeof item === 'string' ? item : JSON.stringify(item),
          true,
        ]),
      );
    }
    return value.map(comparable);
  }
  if (value === null || typeof value !== 'object') {
    return value;
  }
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !notApi.has(key))
      .map(([key, child]) => [key, comparable(child)]),
  );
}

const escape = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

/** Every pointer at which two values differ (an added or removed key is one difference). */
function differences(
  a: Json | undefined,
  b: Json | undefined,
  at = '',
): string[] {
  const isObject = (value: Json | undefined) =>
    value !== null && typeof value === 'object' && value !== undefined;
  if (isObject(a) && isObject(b)) {
    const objectA = a as Record<string, Json>;
    const objectB = b as Record<string, Json>;
    return [
      ...new Set([...Object.keys(objectA), ...Object.keys(objectB)]),
    ].flatMap((key) =>
      differences(objectA[key], objectB[key], `${at}/${escape(key)}`),
    );
  }
  return JSON.stringify(a) === JSON.stringify(b) ? [] : [at];
}

/** The parts of a document a client is written against. */
function surface(spec: LoadedSpec): Json {
  const {document} = spec;
  const resolved = resolve(document, document as unknown as Json) as Record<
    string,
    Json
  >;
  const components = resolved.components as Record<string, Json>;
  return comparable({
    servers: resolved.servers!,
    security: resolved.security!,
    paths: resolved.paths!,
    webhooks: resolved.webhooks ?? {},
    components: {
      schemas: components.schemas!,
      securitySchemes: components.securitySchemes!,
    },
  });
}

const within = (pointer: string, outer: string) =>
  pointer === outer || pointer.startsWith(`${outer}/`);

const load = (release: string) => loadRelease(specDir, release);

for (const olderRelease of olderReleases) {
  test.describe(`the changelog from ${olderRelease}`, () => {
    let found: string[] = [];
    let rows: ChangeRow[] = [];

    test.beforeAll(async () => {
      const [before, after] = await Promise.all([
        load(olderRelease),
        load(latestRelease),
      ]);
      found = differences(surface(before), surface(after));
      rows = changeRows(releaseChanges(before, after));
    });

    test('every difference of the resolved documents is explained by a row', () => {
      expect(found.length).toBeGreaterThan(100);
      const unexplained = found.filter(
        (pointer) =>
          !rows.some((row) =>
            row.pointers.some((outer) => within(pointer, outer)),
          ),
      );
      expect(
        unexplained,
        `differences no changelog row explains:\n${unexplained.join('\n')}`,
      ).toEqual([]);
    });

    test('every row is a difference of the resolved documents', () => {
      const unfounded = rows.flatMap(({what, pointers}) =>
        pointers
          .filter(
            (pointer) =>
              !found.some(
                (real) => within(real, pointer) || within(pointer, real),
              ),
          )
          .map((pointer) => `${what}: ${pointer}`),
      );
      expect(
        unfounded,
        `rows with no difference behind them:\n${unfounded.join('\n')}`,
      ).toEqual([]);
      expect(rows.length).toBeGreaterThan(0);
    });

    test('one change is one row, judged by what an old client sends and reads', () => {
      const whats = rows.map(({what}) => what);
      expect(new Set(whats).size).toBe(whats.length);
      // A removal is "removed", not also "made optional".
      const removed = whats.flatMap(
        (what) => /^field (`[^`]+`) removed from (`[^`]+`)/.exec(what) ?? [],
      );
      for (const what of whats.filter((row) => row.endsWith('made optional'))) {
        expect(
          removed.some((field) => what.includes(field)),
          what,
        ).toBe(false);
      }
      const row = (pattern: RegExp) => {
        const matching = rows.filter(({what}) => pattern.test(what));
        expect(
          matching.map(({what}) => what),
          String(pattern),
        ).toHaveLength(1);
        return matching[0]!;
      };
      if (olderRelease !== '2023-01') {
        return;
      }
      // The webhook payloads are compared: the price change event and the order events.
      expect(
        row(/field `new_amount` removed from `PriceChange`$/).where,
      ).toContain('`price_change.applied` event');
      expect(
        row(/value `partially_dispatched` added to `Order.status`/).where,
      ).toEqual(
        expect.arrayContaining([
          '`order.created` event',
          '`order.updated` event',
          '`Order` object',
        ]),
      );
      // A removed schema is listed.
      expect(row(/schema `ValidationProblem` removed/).kind).toBe('breaking');
      // A field dropped from a closed request body answers 422 to old clients.
      expect(
        row(/field `new_amount` removed from `PriceChangeCreate`/).kind,
      ).toBe('breaking');
      // The kinds the page explains where other diff tools judge otherwise
      // (api/changelog.mdx, "How this list judges a change").
      expect(row(/^query parameter `filter` added$/).kind).toBe('additive');
      expect(row(/^response header `X-RateLimit-Remaining` renamed/).kind).toBe(
        'breaking',
      );
      expect(row(/^`pattern` .* removed from `Problem\.detail`/).kind).toBe(
        'breaking',
      );
      // `errors` on a 422 is one row over every operation that answers 422.
      expect(
        row(/field `errors` added to `Problem`/).where.length,
      ).toBeGreaterThan(60);
    });
  });
}

test('a difference no row explains fails the test, such as the webhooks left uncompared', async () => {
  const [before, after] = await Promise.all([
    load(olderReleases[0]!),
    load(latestRelease),
  ]);
  const withoutWebhooks = (spec: LoadedSpec): LoadedSpec => ({
    ...spec,
    document: {...spec.document, webhooks: {}},
  });
  const rows = changeRows(
    releaseChanges(withoutWebhooks(before), withoutWebhooks(after)),
  );
  const found = differences(surface(before), surface(after));
  const unexplained = found.filter(
    (pointer) =>
      !rows.some((row) => row.pointers.some((outer) => within(pointer, outer))),
  );
  expect(
    unexplained.some((pointer) =>
      pointer.startsWith('/webhooks/price_change.applied/'),
    ),
  ).toBe(true);
  expect(() => groupChanges(releaseChanges(before, after))).not.toThrow();
});

test('a difference no section explains stops the load at the file and line it was written at', async () => {
  const release = olderReleases[0]!;
  const overlay = readOverlay(specDir, release);
  const file = overlayPath(specDir, release);
  // An older release whose brand names were shorter: a difference nobody explained.
  const before = finishSpec(
    await applyOverlay(
      mergeSpec(specDir),
      {
        ...overlay,
        actions: [
          ...overlay.actions,
          {
            target: '$.components.schemas.Brand.properties.name',
            update: {maxLength: 80},
          },
        ],
      },
      file,
    ),
    file,
    release,
  );
  const after = await load(latestRelease);
  expect(() =>
    groupChanges(releaseChanges(before, after), {
      before: before.document,
      after: after.document,
      fallbackFile: file,
    }),
  ).toThrow(
    /^The changelog \(api\/changelog\.mdx\) explains no change for these differences between the releases: openapi\/resources\/brand\.yaml:\d+: `maxLength` of `Brand\.name` changed from `80` to `120` \(GET \/brands, .*`Brand` object\)\. Explain it/,
  );
});

test('a difference is explained by where it is, not by its wording: a money field of another object is not a price change', async () => {
  const release = olderReleases[0]!;
  const overlay = readOverlay(specDir, release);
  const file = overlayPath(specDir, release);
  // 2023-01 without a field `previous_price` of Brand that 2023-07 has,
  // worded as the price change's fields are, but on another object.
  const after = await load(latestRelease);
  const before = finishSpec(
    await applyOverlay(mergeSpec(specDir), overlay, file),
    file,
    release,
  );
  const brand = after.document.components.schemas.Brand!;
  const withField: LoadedSpec = {
    ...after,
    document: {
      ...after.document,
      components: {
        ...after.document.components,
        schemas: {
          ...after.document.components.schemas,
          Brand: {
            ...brand,
            properties: {
              ...brand.properties,
              previous_price: {type: 'string', readOnly: true},
            },
          },
        },
      },
    },
  };
  const unexplained = releaseChanges(before, withField).filter(
    (change) => !change.explanation,
  );
  expect(unexplained.map(({what}) => what)).toContain(
    'field `previous_price` added to `Brand`',
  );
  // The price change's own money fields stay explained, wherever they are.
  const moneyField = releaseChanges(before, after).filter(
    ({what}) =>
      what === 'field `previous_price` added to `PriceChange`, required',
  );
  expect(moneyField.length).toBeGreaterThan(0);
  expect(new Set(moneyField.map(({explanation}) => explanation))).toEqual(
    new Set(['price-changes-carry-money']),
  );
});

test('the error catalogue’s changes are computed from both releases and each is explained', async () => {
  const [before, after] = await Promise.all([
    load(olderReleases[0]!),
    load(latestRelease),
  ]);
  const changes = explainedErrorCodeChanges(before, after);
  const codes = (change: string) =>
    changes
      .filter((entry) => entry.change === change)
      .map(({code, status, explanation}) => [code, status, explanation.id]);
  expect(codes('removed')).toEqual([
    ['filter_not_supported', 400, 'filter-on-every-list'],
  ]);
  expect(codes('added')).toHaveLength(9);
  expect(codes('added')).toEqual(
    expect.arrayContaining([
      ['invalid_filter', 422, 'validation-errors-list-every-field'],
      ['cursor_expired', 422, 'validation-errors-list-every-field'],
      ['invalid_gtin', 422, 'validation-errors-list-every-field'],
    ]),
  );
  expect(codes('status changed')).toEqual([]);
});

test('an error code no section explains stops the load at the catalogue entry', async () => {
  const release = olderReleases[0]!;
  const overlay = readOverlay(specDir, release);
  const file = overlayPath(specDir, release);
  // An older release without `duplicate_sku`: a code added that nobody explained.
  const before = finishSpec(
    await applyOverlay(
      mergeSpec(specDir),
      {
        ...overlay,
        actions: [
          ...overlay.actions,
          {target: "$['x-error-codes'].duplicate_sku", remove: true},
        ],
      },
      file,
    ),
    file,
    release,
  );
  const after = await load(latestRelease);
  expect(() => explainedErrorCodeChanges(before, after, file)).toThrow(
    /^The changelog \(api\/changelog\.mdx\) explains no change for these differences between the releases: openapi\/openapi\.yaml:\d+: error code `duplicate_sku` \(409\) added\. Explain it/,
  );
});
