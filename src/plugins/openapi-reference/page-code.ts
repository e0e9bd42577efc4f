import path from 'node:path';
import type {Root} from 'mdast';
import type {MdxJsxFlowElement} from 'mdast-util-mdx-jsx';
import type {Expression, Program} from 'estree';
import {GENERATED_FILES_DIR_NAME, generate} from '@docusaurus/utils';
import {visit} from 'unist-util-visit';
import {hashedFolder} from '../../model/deployment-facts.mjs';
import {esmImport} from './mdast';

/**
 * A page's highlighted code (samples, examples) is sent once. Its HTML
 * already carries it, so the page's script does not: each `ApiCode` names
 * its place in the page's list of code, and the list is a module of its
 * own, `@api-code/<page>`. On the server (which writes the HTML) that module
 * is the list; in the browser it is the address of the list, a file of the
 * build, which `ApiCode` fetches only when the page did not come with its
 * HTML (a page opened by a link, or the development server). A page opened
 * from the server hydrates with its code as the HTML has it. About a third
 * of an API page's script. An address, not a chunk: each chunk is named in
 * the runtime every page loads.
 */

/** The alias the pages import their code from. */
export const pageCodeAlias = '@api-code';

/** Where the lists (`data/`) and their addresses (`client/`) are written. */
export const pageCodeFolder = (generatedFilesDir: string) =>
  path.join(generatedFilesDir, 'openapi-reference', 'code');

/** What `@api-code` is, for the server's bundle or the browser's. */
export const pageCodeAliasTarget = (
  generatedFilesDir: string,
  isServer: boolean,
) => path.join(pageCodeFolder(generatedFilesDir), isServer ? 'data' : 'client');

/** Where the build files each page's list, named after its page. */
export const pageCodeAssetName = `${hashedFolder}/code/[name].[contenthash:8][ext]`;

/** The page's code list as the page's components receive it. */
const listName = 'apiCode';

/** A page's module name: its file under the site, in one path segment. */
const moduleName = (siteDir: string, file: string) =>
  path
    .relative(siteDir, file)
    .replace(/\.mdx?$/, '')
    .replace(/[^A-Za-z0-9]+/g, '-');

/** `name={source}`: an attribute whose value is an expression. */
function expressionAttribute(
  name: string,
  source: string,
  expression: Expression,
): MdxJsxFlowElement['attributes'][number] {
  const estree: Program = {
    type: 'Program',
    sourceType: 'module',
    body: [{type: 'ExpressionStatement', expression}],
  };
  return {
    type: 'mdxJsxAttribute',
    name,
    value: {
      type: 'mdxJsxAttributeValueExpression',
      value: source,
      data: {estree},
    },
  };
}

/**
 * Takes the HTML out of the page's `ApiCode` elements into the page's code
 * list, written as `@api-code/<page>`, and imports the list into the page.
 */
export async function movePageCode(
  root: Root,
  siteDir: string,
  file: string,
): Promise<void> {
  const list: string[] = [];
  visit(root, 'mdxJsxFlowElement', (node: MdxJsxFlowElement) => {
    if (node.name !== 'ApiCode') {
      return;
    }
    const html = node.attributes.find(
      (attribute) =>
        attribute.type === 'mdxJsxAttribute' && attribute.name === 'html',
    );
    if (typeof html?.value !== 'string') {
      return;
    }
    node.attributes.splice(
      node.attributes.indexOf(html),
      1,
      expressionAttribute('codes', listName, {
        type: 'Identifier',
        name: listName,
      }),
      expressionAttribute('index', String(list.length), {
        type: 'Literal',
        value: list.length,
        raw: String(list.length),
      }),
    );
    list.push(html.value);
  });
  if (list.length === 0) {
    return;
  }
  const name = moduleName(siteDir, file);
  // Written only when changed, so the development server rebuilds nothing.
  const folder = pageCodeFolder(path.join(siteDir, GENERATED_FILES_DIR_NAME));
  await generate(folder, `data/${name}.json`, JSON.stringify(list));
  await generate(
    folder,
    `client/${name}.js`,
    `export default new URL(${JSON.stringify(`../data/${name}.json`)}, import.meta.url).href;\n`,
  );
  root.children.unshift(
    esmImport(`${pageCodeAlias}/${name}`, {name: listName}),
  );
}
