import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {worldFactProblems} from '../../src/plugins/content-rules/world-facts';
import {loadWorld} from '../../src/plugins/openapi-reference/world';

/**
 * A figure of the sample world typed by hand in a page's prose stops the
 * build (src/plugins/content-rules/world-facts.ts, a page check of the
 * registry): one line at the page's file and line, with the <World> to
 * write instead.
 */

const siteDir = path.join(__dirname, '..', '..');
const world = loadWorld(siteDir);
const file = 'docs/example.md';
const problemsOf = (source: string) => worldFactProblems(file, source, world);

const planted: [string, string, string][] = [
  [
    'a stock figure beside the SKU and warehouse that hold it',
    'Check `ALDF-HWJ-OLV-M` in Leeds DC: it has 19 available.',
    `${file}:1: "19" types a figure of the sample world by hand. Write <World fact="var_3Tn8Wq1:wh_1Rk5Ds3.available" /> instead`,
  ],
  [
    "an order line's quantity, in a table cell",
    '| Order 10482 | 1 × Harbour Waxed Jacket |',
    `${file}:1: "1 ×" types a figure of the sample world by hand. Write <World fact="oit_8Gm4Rt2.quantity" /> ×`,
  ],
  [
    "a time of an order, in the company's time zone",
    'Order 10482 was placed at 10:30.',
    `${file}:1: "10:30" types a figure of the sample world by hand. Write <World fact="ord_5Yc1Hd6.placed_at" format="time" zone="Europe/London" />`,
  ],
  [
    'a figure of an object a placeholder of the sentence names',
    'Transfer <World fact="trf_3Kw9Hn5.reference" code /> moves 12 units.',
    `${file}:1: "12" types a figure of the sample world by hand. Write <World fact="trf_3Kw9Hn5.quantity" />`,
  ],
];

for (const [name, source, message] of planted) {
  test(`${name} is one message at its line`, () => {
    const problems = problemsOf(`---\ntitle: Example\n---\n\n${source}`);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(message.replace(':1:', ':5:'));
  });
}

test('figures drawn with <World>, figures of no named object, code and deliberate lines pass', () => {
  expect(
    problemsOf(
      [
        'Leeds DC holds <World fact="var_3Tn8Wq1:wh_1Rk5Ds3.available" /> of `ALDF-HWJ-OLV-M`.',
        'A file holds up to 19 columns.',
        '`ALDF-HWJ-OLV-M` in Leeds DC: `available: 19`.',
        '```text\nALDF-HWJ-OLV-M Leeds DC 19\n```',
        'Leeds DC had 19 of `ALDF-HWJ-OLV-M`. {/* deliberately wrong: the old figure */}',
        'Order 10482 was placed on 4 May 2023.',
      ].join('\n'),
    ),
  ).toEqual([]);
});

test("every page draws the sample world's figures with <World>", () => {
  const problems = ['docs', 'api', 'api_versioned_docs', 'blog'].flatMap(
    (folder) =>
      (readdirSync(path.join(siteDir, folder), {recursive: true}) as string[])
        .filter((entry) => /\.mdx?$/.test(entry))
        .flatMap((entry) => {
          const page = path.join(folder, entry);
          return worldFactProblems(
            page,
            readFileSync(path.join(siteDir, page), 'utf8'),
            world,
          );
        }),
  );
  expect(problems).toEqual([]);
});
