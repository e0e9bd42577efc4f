import {expect, test} from '@playwright/test';
import {
  contentSecurityPolicy,
  inlineHashes,
  inlineSources,
  sha256,
} from '../../scripts/lib/content-security-policy.mjs';

/**
 * The build's CSP hashes: what counts as an inline script, <style> element
 * or style attribute, how each is hashed, and the policy they go into.
 */

// Computed apart from the code under test:
// printf '%s' '<text>' | openssl dgst -sha256 -binary | base64
const known = {
  'display: none;': "'sha256-biLFinpqYMtWHmXfkA1BPeCY0/fNt46SAZ+BBk5YUog='",
  'a:"b"': "'sha256-Np5Mnw3yaOoWx/z7khZUyrnrRTjKF7XX6e5sX9hRjVw='",
  'p{color:red}': "'sha256-p0bF+un5yUb9MBO6xRb8kPHlY2BdpHVtLiFkDrZPF64='",
  'go()': "'sha256-5KYv+PUboo5h+0+YAtGRPbwv5d/QxzHslP4YGnUaxRw='",
};

/** The sandbox Try it sends to: the one other host connect-src names. */
const sandbox = 'https://sandbox.api.example.com';

const page = (head: string, body: string) =>
  `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

test('hashes are the CSP source expressions of the text as written', () => {
  for (const [text, expression] of Object.entries(known)) {
    expect(sha256(text)).toBe(expression);
  }
});

test('style attributes are read as the browser reads them, on every element', () => {
  const found = inlineSources(
    page(
      '',
      `<svg style="display: none;"><defs></defs></svg>
       <div style=color:red><span style="a:&quot;b&quot;">x</span></div>
       <p style="">empty</p>
       <template><b style="font-weight:700">t</b></template>`,
    ),
  );
  expect(found.styleAttributes).toEqual([
    'display: none;',
    'color:red',
    'a:"b"',
    '',
    'font-weight:700',
  ]);
});

test('style elements and attributes count in the head, the body, SVG and <noscript>', () => {
  const found = inlineSources(
    page(
      '<style>p{color:red}</style><noscript><style>.x{display:block}</style></noscript>',
      '<svg><style>circle{fill:red}</style></svg><noscript><p style="color:blue">No script</p></noscript>',
    ),
  );
  expect(found.styles).toEqual([
    'p{color:red}',
    '.x{display:block}',
    'circle{fill:red}',
  ]);
  expect(found.styleAttributes).toEqual(['color:blue']);
});

test('only inline scripts that run are hashed', () => {
  const found = inlineSources(
    page(
      `<script>go()</script>
       <script type="module">go(1)</script>
       <script type="text/javascript">go(2)</script>
       <script src="/main.js"></script>
       <script type="application/ld+json">{"@type":"WebPage"}</script>
       <script></script>
       <noscript><script>never()</script></noscript>`,
      '<noscript><p>Turn on JavaScript</p><script>never(1)</script></noscript>',
    ),
  );
  expect(found.scripts).toEqual(['go()', 'go(1)', 'go(2)']);
});

test('markup an inline script writes has its style attributes hashed', () => {
  // The shape of Docusaurus's base-URL banner script.
  const banner = `function insertBanner(){var n=document.createElement("div");n.innerHTML='\\n<div id="banner" style="border: thick solid red;">\\n<p style="font-weight: bold;">Not loaded</p></div>\\n',document.body.prepend(n)}`;
  const found = inlineSources(page(`<script>${banner}</script>`, ''));
  expect(found.scripts).toEqual([banner]);
  expect(found.styleAttributes).toEqual([
    'border: thick solid red;',
    'font-weight: bold;',
  ]);
});

test('each distinct text is hashed once across pages', () => {
  const hashes = inlineHashes([
    page('<script>go()</script>', '<svg style="display: none;"></svg>'),
    page(
      '<script>go()</script><style>p{color:red}</style>',
      '<svg style="display: none;"></svg><i style=\'a:"b"\'></i>',
    ),
  ]);
  expect([...hashes.scripts]).toEqual([known['go()']]);
  expect([...hashes.styles]).toEqual([known['p{color:red}']]);
  expect([...hashes.styleAttributes].sort()).toEqual(
    [known['display: none;'], known['a:"b"']].sort(),
  );
});

const directive = (policy: string, name: string) =>
  policy
    .split('; ')
    .find((part) => part.split(' ')[0] === name)
    ?.split(' ')
    .slice(1);

test('the policy allows inline code by hash only, styles included', () => {
  const hashes = inlineHashes([
    page(
      '<script>go()</script><style>p{color:red}</style>',
      '<svg style="display: none;"></svg>',
    ),
  ]);
  const policy = contentSecurityPolicy(hashes, {docsearch: false, sandbox});
  expect(policy).not.toContain("'unsafe-inline'");
  expect(directive(policy, 'script-src')).toEqual(["'self'", known['go()']]);
  expect(directive(policy, 'style-src')).toEqual([
    "'self'",
    "'unsafe-hashes'",
    ...[known['display: none;'], known['p{color:red}']].sort(),
  ]);
  expect(directive(policy, 'connect-src')).toEqual(["'self'", sandbox]);
  expect(directive(policy, 'object-src')).toEqual(["'none'"]);
});

test("without style attributes the policy does not allow 'unsafe-hashes'", () => {
  const policy = contentSecurityPolicy(
    inlineHashes([page('<style>p{color:red}</style>', '<p>text</p>')]),
    {docsearch: false, sandbox},
  );
  expect(directive(policy, 'style-src')).toEqual([
    "'self'",
    known['p{color:red}'],
  ]);
  expect(directive(policy, 'script-src')).toEqual(["'self'"]);
});

test('a DocSearch build may connect to Algolia', () => {
  const policy = contentSecurityPolicy(inlineHashes([]), {
    docsearch: true,
    sandbox,
  });
  expect(directive(policy, 'connect-src')).toEqual([
    "'self'",
    sandbox,
    'https://*.algolia.net',
    'https://*.algolianet.com',
    'https://*.algolia.io',
  ]);
});

test('connect-src names the sandbox it is given, and refuses what is no origin', () => {
  const local = contentSecurityPolicy(inlineHashes([]), {
    docsearch: false,
    sandbox: 'http://127.0.0.1:4184',
  });
  expect(directive(local, 'connect-src')).toEqual([
    "'self'",
    'http://127.0.0.1:4184',
  ]);
  // Anything wider than one origin, or what would end the directive.
  for (const wider of [
    '*',
    'https:',
    'https://*.example.com',
    'https://sandbox.api.example.com/v1',
    "https://sandbox.api.example.com; script-src 'unsafe-inline'",
  ]) {
    expect(
      () =>
        contentSecurityPolicy(inlineHashes([]), {
          docsearch: false,
          sandbox: wider,
        }),
      wider,
    ).toThrow(/is no origin connect-src can name/);
  }
});
