import {sampleLanguages} from '../../src/plugins/openapi-reference/theme/language';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {apiPages, routes} from '../routes';
import {basePath} from '../support/site';

/**
 * Checks the discovery outputs of the build (npm test builds before it
 * runs): social and canonical tags on every route, the sitemap and
 * robots.txt, llms.txt and the Markdown copy of every docs page.
 */

const buildDir = path.join(__dirname, '..', '..', 'build');
const siteUrl = process.env.SITE_URL ?? 'https://help.example.com';

const read = (file: string) => readFileSync(path.join(buildDir, file), 'utf8');
const htmlFile = (route: string) =>
  path.join(route.slice(basePath.length), 'index.html');
const markdownFile = (route: string) =>
  `${route.slice(basePath.length).replace(/\/$/, '')}.md`;

/** The value of a meta or link tag in minified HTML (quotes optional). */
function tagValue(
  html: string,
  attribute: string,
  name: string,
  valueAttribute: string,
): string | undefined {
  const tag = new RegExp(
    `<(?:meta|link)[^>]*${attribute}="?${name}"?[\\s>][^>]*>`,
  ).exec(html)?.[0];
  const value =
    tag && new RegExp(`${valueAttribute}=(?:"([^"]*)"|([^\\s>]+))`).exec(tag);
  return value ? (value[1] ?? value[2]) : undefined;
}

/** Markdown without its code, where HTML and braces are content. */
const withoutCode = (markdown: string) =>
  markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');

const docsRoutes = routes.filter((route) =>
  route.path.startsWith('/help/docs/'),
);

test('every route has a canonical URL and an OpenGraph title, description and image', () => {
  for (const {path: route} of routes) {
    const html = read(htmlFile(route));
    const canonical = tagValue(html, 'rel', 'canonical', 'href');
    expect(canonical, `${route} canonical`).toBe(`${siteUrl}${route}`);
    expect(
      tagValue(html, 'property', 'og:title', 'content'),
      `${route} og:title`,
    ).toBeTruthy();
    expect(
      tagValue(html, 'property', 'og:description', 'content'),
      `${route} og:description`,
    ).toBeTruthy();
    expect(
      tagValue(html, 'property', 'og:image', 'content'),
      `${route} og:image`,
    ).toMatch(new RegExp(`^${siteUrl}/help/img/social-card\\.png$`));
  }
});

test('the sitemap lists every route and robots.txt points at it', () => {
  const sitemap = read('sitemap.xml');
  for (const {path: route} of routes) {
    expect(sitemap, route).toContain(`<loc>${siteUrl}${route}</loc>`);
  }
  const robots = read('robots.txt');
  expect(robots).toContain(`Sitemap: ${siteUrl}/help/sitemap.xml`);
  expect(robots).toMatch(/^User-agent: \*$/m);
});

test('llms.txt links the Markdown copy of every docs page, with its description', () => {
  const llms = read('llms.txt');
  expect(llms).toMatch(/^# Integration Hub Help\n\n> /);
  for (const {path: route} of docsRoutes) {
    const url = `${siteUrl}/help/${markdownFile(route)}`;
    expect(llms, route).toMatch(
      new RegExp(`\\]\\(${url.replace(/[.]/g, '\\.')}\\): \\S`),
    );
    expect(
      existsSync(path.join(buildDir, markdownFile(route))),
      `${route} copy`,
    ).toBe(true);
  }
});

test('the Markdown copies are free of JSX and HTML noise', () => {
  for (const {path: route} of docsRoutes) {
    const markdown = read(markdownFile(route));
    expect(markdown, route).toMatch(/^# \S/);
    expect(withoutCode(markdown), route).not.toMatch(
      /<\/?[A-Za-z][\w-]*[\s>/]/,
    );
    expect(markdown, route).not.toContain('<!--');
    expect(markdown, route).not.toContain('Direct link to');
    expect(markdown, route).not.toContain('/help/help/');
  }
});

test('a drawn screen of the app is its caption and key in the Markdown copy', () => {
  for (const {path: route} of docsRoutes) {
    // Every drawn screen names itself "Screen: …" to screen readers.
    expect(read(markdownFile(route)), route).not.toMatch(/^Screen: /m);
  }
  const sync = read(markdownFile('/help/docs/shopify-connect/sync-products'));
  expect(sync).toContain('dialogue for the ticked Harbour Waxed Jacket');
  expect(sync).toMatch(/^1\. The store to take the product off\./m);
});

test('the API pages’ Markdown holds their fields, endpoints and every code sample', () => {
  const order = read(
    markdownFile(apiPages.find(({tag}) => tag === 'order')!.path),
  );
  expect(order).toContain('## The order object');
  // Fields are list items; child attributes nest under their parent.
  expect(order).toMatch(/^\* `shipping_address` /m);
  expect(order).toMatch(/^ {2}\* `subtotal` /m);
  expect(order).not.toContain('Show child attributes');
  expect(order).toContain('### **POST** `/orders/{id}/accept`');
  for (const {label} of sampleLanguages) {
    expect(order).toContain(`**${label}**`);
  }
  expect(order).toMatch(
    /```bash\ncurl --request POST \\\n {2}--url https:\/\/sandbox\.api\.example\.com\/v1\/orders\/ord_5Yc1Hd6\/accept \\\n {2}--header/,
  );
});
