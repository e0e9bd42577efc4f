import {existsSync, mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {settledWordings} from '../../src/model/settled-wordings';
import {oldWordingProblems} from '../../src/plugins/content-rules/settled-wordings';
import {specOldWordingProblems} from '../../src/plugins/openapi-reference/rules/settled-wordings';
import {readYaml} from '../../src/model/yaml';

/**
 * A sentence in the words a settled rule replaced stops the build
 * (src/model/settled-wordings.ts, a page check, a release check of the
 * registries and the figures' check): each rule's wrong examples are read
 * as its old wording and its right ones pass, in a page, a spec text and
 * (tests/unit/figures.spec.ts) a figure.
 */

const siteDir = path.join(__dirname, '..', '..');

const page = (lines: string[]) =>
  oldWordingProblems(
    'docs/example.md',
    ['---', 'title: Example', '---', '', ...lines].join('\n'),
  );

for (const {rule, settledIn, examples} of settledWordings) {
  test(`"${rule.slice(0, 60)}…": its old wordings stop a page and the settled ones pass`, () => {
    expect(existsSync(path.join(siteDir, settledIn))).toBe(true);
    for (const sentence of examples.wrong) {
      expect(page(['Some words first.', sentence])).toEqual([
        expect.stringMatching(
          new RegExp(
            `^docs/example\\.md:6: ".+" says what a settled rule replaced\\. ${rule.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(${settledIn.replace(/\./g, '\\.')}\\)$`,
          ),
        ),
      ]);
    }
    for (const sentence of examples.right) {
      expect(page([sentence])).toEqual([]);
    }
  });
}

test('code and lines marked deliberately wrong are not read', () => {
  expect(
    page([
      '```text',
      'Map each Shopify location to one warehouse.',
      '```',
      'Map each Shopify location to one warehouse. {/* deliberately wrong: the old rule */}',
    ]),
  ).toEqual([]);
});

test('a spec text in the words of a settled rule’s old wording is one line at the text', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'settled-wordings-'));
  const file = path.join(folder, 'file.yaml');
  writeFileSync(
    file,
    [
      'description: |',
      '  Upload a file. Start from the template',
      '  of each kind.',
    ].join('\n'),
  );
  expect(specOldWordingProblems(readYaml(file))).toEqual([
    expect.stringMatching(
      /file\.yaml:1: description "Upload a file\." says|file\.yaml:1: description "Start from the template of each kind\." says what a settled rule replaced\. Only products, stock and prices files have a CSV template/,
    ),
  ]);
});
