// `npm run build` stops on an authoring mistake with the mistake's own line,
// as `npm start` shows it: nothing of Docusaurus' wrapping error or its
// stack. Each test plants one mistake in a copy of the site and builds it;
// both mistakes stop the build early, one before the bundler runs (the API
// model, loaded by a plugin) and one inside it (a page's MDX).
import {spawnSync} from 'node:child_process';
import {readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {copySite} from '../support/siteCopy';

/** What the build prints on its way that is not a message about the site. */
const progress = /^(> |\[INFO\] |\[WARNING\] |$)/;

/**
 * Builds a copy of the site with one file edited at the first line that
 * holds `from`; returns that line's number and what `npm run build` printed
 * other than progress, line by line.
 */
function buildWith(
  file: string,
  from: string,
  to: string,
): {copy: string; line: number; printed: string[]} {
  const copy = copySite('ih-help-build-');
  try {
    const target = path.join(copy, file);
    const lines = readFileSync(target, 'utf8').split('\n');
    const index = lines.findIndex((text) => text.includes(from));
    expect(index, `${file} contains ${from}`).toBeGreaterThanOrEqual(0);
    lines[index] = lines[index]!.replace(from, to);
    writeFileSync(target, lines.join('\n'));
    const {status, stdout, stderr} = spawnSync('npm', ['run', 'build'], {
      cwd: copy,
      encoding: 'utf8',
      env: {...process.env, FORCE_COLOR: '0', NO_COLOR: '1'},
    });
    const output = `${stdout}${stderr}`;
    expect(status, output).not.toBe(0);
    expect(output, 'no stack').not.toMatch(/^\s+at /m);
    return {
      copy,
      line: index + 1,
      printed: output.split('\n').filter((text) => !progress.test(text)),
    };
  } finally {
    rmSync(copy, {recursive: true, force: true});
  }
}

test.describe.configure({mode: 'default'});

test('a dangling $ref stops the build with one line naming its file and line', () => {
  const file = 'openapi/resources/order.yaml';
  const {line, printed} = buildWith(
    file,
    "$ref: '#/components/schemas/Order'",
    "$ref: '#/components/schemas/Nope'",
  );
  expect(printed).toEqual([
    `AuthoringError: The spec is inconsistent: ${file}:${line}: $ref '#/components/schemas/Nope' points at nothing. A $ref names a component of the document, as '#/components/schemas/Order'.`,
  ]);
});

test('a mistake found while a page compiles stops the build with its one line', () => {
  const file = 'docs/getting-started/change.md';
  const {copy, line, printed} = buildWith(file, '```bash', '```bsh');
  expect(printed).toEqual([
    `AuthoringError: A code block names no language the site knows: ${path.join(copy, file)}:${line}: the language "bsh" has no grammar here. Name one after the opening fence (\`\`\`json), or \`\`\`text for plain text; docs/doc2.md#code-blocks lists the site's languages.`,
  ]);
});
