// Each operation's section lists its responses' headers (render-operation.ts),
// the latest release's marking the ones its changes name (release-marks.ts),
// and the published documents give every list's filter its example.
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {fromMarkdown} from 'mdast-util-from-markdown';
import {toString} from 'mdast-util-to-string';
import type {RootContent} from 'mdast';
import {
  loadApiModel,
  releaseSpec,
} from '../../src/plugins/openapi-reference/model';
import {releaseMarks} from '../../src/plugins/openapi-reference/release-marks';
import {renderResource} from '../../src/plugins/openapi-reference/render';
import {publishedSpec} from '../../src/plugins/openapi-reference/spec';
import {apiReleases} from '../../src/plugins/openapi-reference/releases';
import {
  allOperations,
  cursorParameterName,
  filterParameterName,
} from '../../src/model/operations';
import {deref} from '../../src/model/refs';
import type {MarkdownParser} from '../../src/plugins/openapi-reference/mdast';
import type {OpenApiDocument} from '../../src/model/openapi-types';

const siteDir = path.join(__dirname, '..', '..');
const parse: MarkdownParser = (markdown) => fromMarkdown(markdown).children;

interface Node {
  type: string;
  name?: string;
  attributes?: {name: string; value: unknown}[];
  children?: Node[];
  url?: string;
}

const attribute = (node: Node, name: string) =>
  node.attributes?.find((entry) => entry.name === name)?.value;

/** The header items of one operation's section, as "<id>: <text>", with each link's target. */
function headerItems(nodes: RootContent[], anchor: string): string[] {
  const found: string[] = [];
  const visit = (node: Node) => {
    const id = String(attribute(node, 'id') ?? '');
    if (
      node.name === 'li' &&
      attribute(node, 'className') === 'api-header' &&
      id.startsWith(`${anchor}-response-header-`)
    ) {
      const links: string[] = [];
      const collect = (child: Node) => {
        if (child.type === 'link') {
          links.push(child.url ?? '');
        }
        child.children?.forEach(collect);
      };
      collect(node);
      const words = (node.children ?? [])
        .map((child) => toString(child as never))
        .join(' ')
        .replace(/\s+/g, ' ');
      found.push(
        `${id}: ${words}${links.length > 0 ? ` → ${links.join(', ')}` : ''}`,
      );
    }
    node.children?.forEach(visit);
  };
  (nodes as Node[]).forEach(visit);
  return found;
}

test('an operation lists its response headers, and the latest release marks the renamed ones', async () => {
  const model = await loadApiModel(siteDir);
  const latest = releaseSpec(model, '2023-07');
  const older = releaseSpec(model, '2023-01');
  const latestPage = renderResource(
    latest,
    parse,
    'order',
    releaseMarks(latest, model.changes),
  );
  const olderPage = renderResource(older, parse, 'order');
  const prefix = 'create-an-order-response-header';
  expect(headerItems(latestPage, 'create-an-order')).toEqual([
    `${prefix}-request-id: Request-Id string The ID of the request, also in the body of an error. Quote it to support.`,
    `${prefix}-ratelimit-limit: RateLimit-Limit integer Changed in 2023-07: Rate-limit headers lose their X- prefix Requests allowed per minute for this key. → /docs/api/changelog#rate-limit-headers`,
    `${prefix}-ratelimit-remaining: RateLimit-Remaining integer Changed in 2023-07: Rate-limit headers lose their X- prefix Requests left in the current window. → /docs/api/changelog#rate-limit-headers`,
    `${prefix}-ratelimit-reset: RateLimit-Reset integer Changed in 2023-07: Rate-limit headers lose their X- prefix Seconds until the window resets. → /docs/api/changelog#rate-limit-headers`,
    `${prefix}-idempotent-replayed: Idempotent-Replayed boolean On 201 only. true when this response is the stored answer to an earlier request with the same Idempotency-Key.`,
    `${prefix}-retry-after: Retry-After integer On 429 and 503 only. Seconds to wait before retrying.`,
  ]);
  // The older release's page shows its own names, unmarked.
  expect(headerItems(olderPage, 'create-an-order')).toEqual([
    `${prefix}-request-id: Request-Id string The ID of the request, also in the body of an error. Quote it to support.`,
    `${prefix}-x-ratelimit-limit: X-RateLimit-Limit integer Requests allowed per minute for this key.`,
    `${prefix}-x-ratelimit-remaining: X-RateLimit-Remaining integer Requests left in the current window.`,
    `${prefix}-x-ratelimit-reset: X-RateLimit-Reset integer Seconds until the window resets.`,
    `${prefix}-idempotent-replayed: Idempotent-Replayed boolean On 201 only. true when this response is the stored answer to an earlier request with the same Idempotency-Key.`,
    `${prefix}-retry-after: Retry-After integer On 429 and 503 only. Seconds to wait before retrying.`,
  ]);
});

test('a header a response declares itself is listed, and a change to it marked', async () => {
  const model = await loadApiModel(siteDir);
  const latest = structuredClone(releaseSpec(model, '2023-07'));
  const list = latest.document.paths['/orders']!.get!;
  const ok = deref(latest.document, list.responses['200']!);
  // A response of its own, so the shared list response stays as it was.
  list.responses['200'] = {
    ...ok,
    headers: {
      ...ok.headers,
      Link: {
        description: 'The next page, as a link.',
        schema: {type: 'string'},
      },
    },
  };
  const marks = releaseMarks(latest, [
    ...model.changes,
    {
      kind: 'additive',
      where: 'GET /orders',
      what: 'response header `Link` added',
      explanation: 'filter-on-every-list',
      pointers: ['/paths/~1orders/get/responses/200/headers/Link'],
    },
  ]);
  const items = headerItems(
    renderResource(latest, parse, 'order', marks),
    'list-orders',
  );
  expect(items).toContain(
    'list-orders-response-header-link: Link string Changed in 2023-07: filter= on every list On 200 only. The next page, as a link. → /docs/api/changelog#filter-on-every-list',
  );
});

for (const release of apiReleases) {
  test(`release ${release}'s published lists give filter the example their sample sends, and cursor none`, async () => {
    const model = await loadApiModel(siteDir);
    const {document} = releaseSpec(model, release);
    const published = JSON.parse(
      publishedSpec(document).json,
    ) as OpenApiDocument;
    const lists = allOperations(document).filter(({parameters}) =>
      parameters.some(({name}) => name === cursorParameterName),
    );
    expect(lists.length).toBeGreaterThan(3);
    for (const {method, path: route, parameters} of lists) {
      const sent = parameters.find(({name}) => name === filterParameterName);
      // The published operation's own parameters, not the model's reading.
      const shown = (published.paths[route]![method]!.parameters ?? []).map(
        (parameter) => deref(published, parameter),
      );
      const filter = shown.find(({name}) => name === filterParameterName);
      expect(filter?.example, `${method} ${route}`).toBe(sent?.example);
      if (sent) {
        expect(typeof filter?.example, `${method} ${route}`).toBe('string');
        expect(filter?.description).toBe(sent.description);
      }
      expect(
        shown.find(({name}) => name === cursorParameterName)?.example,
        `${method} ${route}`,
      ).toBe(undefined);
    }
  });
}
