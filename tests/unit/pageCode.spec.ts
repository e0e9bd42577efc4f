// An API page imports the reference's components it uses, and sends its
// highlighted code once: the page's script names each block's place in a
// list of its own.
import {mkdtemp, readFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {compile} from '@mdx-js/mdx';
import type {Root} from 'mdast';
import {expect, test} from '@playwright/test';
import {
  movePageCode,
  pageCodeFolder,
} from '../../src/plugins/openapi-reference/page-code';
import {importUsedComponents} from '../../src/plugins/openapi-reference/page-components';

const theme = '@site/src/plugins/openapi-reference/theme';

/** Compiles a page as the reference's remark plugin ends: its code moved out, its components imported. */
async function compiled(source: string, siteDir: string): Promise<string> {
  const page = await compile(
    {value: source, path: path.join(siteDir, 'api', 'orders', 'order.mdx')},
    {
      remarkPlugins: [
        () => async (root: Root, file: {path: string}) => {
          await movePageCode(root, siteDir, file.path);
          importUsedComponents(root);
        },
      ],
    },
  );
  return String(page);
}

test('a page imports the components it uses, and only those', async () => {
  const siteDir = await mkdtemp(path.join(tmpdir(), 'page-code-'));
  const output = await compiled(
    'The <ApiFieldLink id="order-object-id" name="id" /> field.\n\n<ApiChildAttributes>\n\nNested.\n\n</ApiChildAttributes>\n\n<ApiTryIt operationId="createOrder" summary="Create an order" />',
    siteDir,
  );
  expect(output).toContain(
    `import {ApiChildAttributes, ApiFieldLink} from "${theme}/ApiFieldParts";`,
  );
  expect(output).toContain(`import ApiTryIt from "${theme}/TryIt";`);
  expect(output).not.toContain('ApiSamples');
  expect(output).not.toContain(`${theme}/ApiCode`);
  expect(await compiled('Plain text.', siteDir)).not.toContain('@site/');
});

test("a page's code is written once, as a list its blocks name their place in", async () => {
  const siteDir = await mkdtemp(path.join(tmpdir(), 'page-code-'));
  const first = '<span class="token punctuation">{</span>}';
  const second = 'curl --request GET';
  const output = await compiled(
    `<ApiCode prism="json" html='${first}' />\n\n<ApiCode prism="bash" html='${second}' language="curl" />`,
    siteDir,
  );
  expect(output).not.toContain('token punctuation');
  expect(output).not.toContain(second);
  expect(output).toContain('import apiCode from "@api-code/api-orders-order";');
  expect(output).toContain(`import ApiCode from "${theme}/ApiCode";`);
  expect(output).toMatch(/codes: apiCode,\s+index: 0/);
  expect(output).toMatch(/codes: apiCode,\s+index: 1,\s+language: "curl"/);

  const folder = pageCodeFolder(path.join(siteDir, '.docusaurus'));
  expect(
    JSON.parse(
      await readFile(
        path.join(folder, 'data', 'api-orders-order.json'),
        'utf8',
      ),
    ),
  ).toEqual([first, second]);
  // The browser's module is the list's address, not the list.
  expect(
    await readFile(path.join(folder, 'client', 'api-orders-order.js'), 'utf8'),
  ).toBe(
    'export default new URL("../data/api-orders-order.json", import.meta.url).href;\n',
  );
});
