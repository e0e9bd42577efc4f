// @ts-check
// The Content-Security-Policy of a build, computed from its HTML by the
// post-build step (scripts/postbuild.mjs). Nothing inline is allowed by
// 'unsafe-inline': every inline script, <style> element and style attribute
// the pages carry is allowed by its sha256 hash, so a changed config or
// theme changes the hashes and nothing is kept by hand. The HTML is read
// with parse5, the WHATWG parser browsers follow, so attribute values are
// hashed as the browser sees them (entities decoded).
import {createHash} from 'node:crypto';
import {parse, parseFragment} from 'parse5';
import {isSandboxOrigin} from '../../src/model/deployment-facts.mjs';

/** The script types a browser runs (HTML's JavaScript MIME types, and modules). */
const executableScriptType =
  /^((text|application)\/(x-)?(java|ecma)script|text\/jscript|module)$/i;

/**
 * A node of parse5's default tree (`DefaultTreeAdapterMap['node']`: document,
 * fragment, element, template, text, comment or doctype) as this module reads
 * it. Every node has a nodeName; the other fields are there only on some
 * kinds, so they are optional here and read with `?.` and `??`.
 * @typedef {object} AnyNode
 * @property {string} nodeName
 * @property {string} [tagName] Elements.
 * @property {import('parse5').Token.Attribute[]} [attrs] Elements.
 * @property {AnyNode[]} [childNodes] Documents, fragments and elements.
 * @property {AnyNode} [content] <template> elements: their fragment.
 * @property {string} [value] Text nodes.
 */

/**
 * The CSP source expression for the sha256 hash of `text`.
 * @param {string} text
 */
export const sha256 = (text) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The value of `node`'s attribute `name`, if it has one.
 * @param {AnyNode} node
 * @param {string} name
 * @returns {string | undefined}
 */
const attribute = (node, name) =>
  node.attrs?.find((attr) => attr.name === name)?.value;

/**
 * The text `node` holds directly (a <script>, <style> or <noscript>).
 * @param {AnyNode} node
 * @returns {string}
 */
const text = (node) =>
  (node.childNodes ?? []).map((child) => child.value ?? '').join('');

/**
 * @typedef {object} InlineSources
 * @property {string[]} scripts Bodies of inline scripts that run.
 * @property {string[]} styles Contents of <style> elements.
 * @property {string[]} styleAttributes Values of style attributes.
 */

/**
 * Adds what `node` and its descendants carry inline to `found`. Scripts
 * count only where they run (`scriptsRun`): not inside <noscript>, whose
 * content a browser with scripting reads as text and one without scripting
 * parses without running anything. The styles there apply without
 * scripting, so the content of <noscript> is parsed as such a browser
 * would parse it, for its styles only.
 * @param {AnyNode} node
 * @param {InlineSources} found
 * @param {boolean} scriptsRun
 * @returns {void}
 */
function collect(node, found, scriptsRun) {
  const style = attribute(node, 'style');
  if (style !== undefined) {
    found.styleAttributes.push(style);
  }
  if (node.tagName === 'style') {
    found.styles.push(text(node));
    return;
  }
  if (node.tagName === 'script') {
    const type = attribute(node, 'type')?.trim() ?? '';
    const body = text(node);
    if (
      scriptsRun &&
      attribute(node, 'src') === undefined &&
      (type === '' || executableScriptType.test(type)) &&
      body.length > 0
    ) {
      found.scripts.push(body);
      // Markup a script writes with innerHTML (the base-URL banner's) is
      // parsed like any other, and its style attributes need hashes too.
      collect(parseFragment(body), found, false);
    }
    return;
  }
  if (node.tagName === 'noscript') {
    collect(parseFragment(text(node), {scriptingEnabled: false}), found, false);
    return;
  }
  for (const child of node.childNodes ?? []) {
    collect(child, found, scriptsRun);
  }
  if (node.content) {
    collect(node.content, found, scriptsRun);
  }
}

/**
 * What one HTML document runs and styles inline: its inline scripts that
 * run, its <style> elements and its style attributes, including the styles
 * inside <noscript> (they apply when JavaScript is off).
 * @param {string} html
 * @returns {InlineSources}
 */
export function inlineSources(html) {
  /** @type {InlineSources} */
  const found = {scripts: [], styles: [], styleAttributes: []};
  collect(parse(html), found, true);
  return found;
}

/**
 * The hashes a set of HTML documents needs: one per distinct inline script,
 * and one per distinct <style> element or style attribute (both go to
 * style-src; attributes need 'unsafe-hashes' as well).
 * @param {Iterable<string>} documents
 */
export function inlineHashes(documents) {
  /** @type {Set<string>} */
  const scripts = new Set();
  /** @type {Set<string>} */
  const styles = new Set();
  /** @type {Set<string>} */
  const styleAttributes = new Set();
  for (const html of documents) {
    const found = inlineSources(html);
    found.scripts.forEach((body) => scripts.add(sha256(body)));
    found.styles.forEach((body) => styles.add(sha256(body)));
    found.styleAttributes.forEach((value) =>
      styleAttributes.add(sha256(value)),
    );
  }
  return {scripts, styles, styleAttributes};
}

const algoliaHosts = [
  'https://*.algolia.net',
  'https://*.algolianet.com',
  'https://*.algolia.io',
];

/**
 * CSP source expressions, sorted so the policy does not depend on page order.
 * @param {Iterable<string>} hashes
 */
const sources = (hashes) => [...hashes].sort().join(' ');

/**
 * The policy: same-origin everything, inline code and styles only by hash
 * (never 'unsafe-inline'), and connect-src open to the sandbox Try it sends
 * to (its origin, from the build's facts) and, for a DocSearch build, to
 * Algolia: no other host, no scheme or wildcard wider than those.
 * @param {ReturnType<typeof inlineHashes>} hashes
 * @param {{docsearch: boolean, sandbox: string}} options
 */
export function contentSecurityPolicy(hashes, {docsearch, sandbox}) {
  if (!isSandboxOrigin(sandbox)) {
    throw new Error(
      `The sandbox ${JSON.stringify(sandbox)} is no origin connect-src can name (http or https, a host, a port).`,
    );
  }
  const styleHashes = new Set([...hashes.styles, ...hashes.styleAttributes]);
  return [
    "default-src 'self'",
    `script-src 'self' ${sources(hashes.scripts)}`.trimEnd(),
    [
      "style-src 'self'",
      hashes.styleAttributes.size > 0 ? "'unsafe-hashes'" : '',
      sources(styleHashes),
    ]
      .filter(Boolean)
      .join(' '),
    "img-src 'self' data:",
    "font-src 'self'",
    ["connect-src 'self'", sandbox, ...(docsearch ? algoliaHosts : [])].join(
      ' ',
    ),
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
