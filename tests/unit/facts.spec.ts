import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {
  defaultBaseUrl,
  hashedFolder,
  searchIndexFile,
} from '../../src/model/deployment-facts.mjs';
import {numberWords} from '../../src/model/number-words';
import {apiRouteBasePath} from '../../src/plugins/openapi-reference/api-section';
import {
  apiHosts,
  apiPathPrefix,
} from '../../src/plugins/openapi-reference/latest-document';
import {latestRelease} from '../../src/plugins/openapi-reference/releases';

/**
 * Each fact of README.md's "Where each fact is declared" is declared in its
 * home only: no other code that builds, serves, deploys or measures the site
 * (src/, scripts/, deploy/, tests/support/ and the root configs) writes it
 * as a literal. Left out on purpose: the tests' own files, whose expected
 * addresses and sample pages restate the facts so that a changed fact fails
 * them; Markdown and YAML, which are prose and data (checked by the content
 * rules); and deploy/nginx/help.conf, which nginx reads as it is (checked
 * against the facts below). Comment lines are prose too.
 */

const siteDir = path.join(__dirname, '..', '..');
const scanned = ['src', 'scripts', 'deploy', path.join('tests', 'support')];
const rootFiles = [
  'docusaurus.config.ts',
  'sidebars.ts',
  'sidebars-api.ts',
  'playwright.config.ts',
  'playwright.unit.config.ts',
  'eslint.config.mjs',
];
const codeFile = /\.(ts|tsx|mjs|cjs|js)$/;

/** Text as a RegExp's source that matches it literally. */
const literally = (text: string) =>
  text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** Opens or closes a string: a quote or a backtick. */
const quote = `['"\`]`;

const base = defaultBaseUrl.replace(/\/$/, '');
const portsFile = path.join('scripts', 'lib', 'ports.mjs');
const ports = [
  ...readFileSync(path.join(siteDir, portsFile), 'utf8').matchAll(
    /port\((\d+)\)/g,
  ),
].map((match) => match[1]!);

interface Fact {
  name: string;
  home: string;
  /** What a second declaration of it looks like in code. */
  declared: RegExp;
}

const facts: Fact[] = [
  {
    name: 'the base path',
    home: 'src/model/deployment-facts.mjs',
    // '/help/', `/help${…}`, or /^\/help\// in a regular expression.
    declared: new RegExp(
      `${quote}${literally(base)}/?(${quote}|\\$\\{)|${literally(base.replaceAll('/', '\\/'))}\\\\/`,
    ),
  },
  {
    name: 'the API section’s address',
    home: 'src/plugins/openapi-reference/api-section.ts',
    declared: new RegExp(
      `${quote}/?${literally(apiRouteBasePath)}(${quote}|/\\$\\{)`,
    ),
  },
  {
    name: 'the API’s path prefix',
    home: 'openapi/openapi.yaml (servers)',
    declared: new RegExp(
      `${quote}${literally(apiPathPrefix)}\\b|${literally(apiPathPrefix.replaceAll('/', '\\/'))}\\b`,
    ),
  },
  {
    name: 'the API’s hosts',
    home: 'openapi/openapi.yaml (servers)',
    declared: new RegExp(apiHosts.map(literally).join('|')),
  },
  {
    name: 'the latest release',
    home: 'openapi/openapi.yaml (info.version)',
    declared: new RegExp(`${quote}${literally(latestRelease)}${quote}`),
  },
  {
    name: 'the hashed-file pattern',
    home: 'src/model/deployment-facts.mjs',
    // `search-index-[0-9a-f]…`, `\.[0-9a-f]{8}\.`, or the folder's name.
    declared: new RegExp(
      [
        literally(searchIndexFile.slice(0, searchIndexFile.indexOf(']') + 1)),
        literally('\\.[0-9a-f]'),
        `${quote}${hashedFolder}(${quote}|/)`,
      ].join('|'),
    ),
  },
  {
    name: 'the test and benchmark servers’ ports',
    home: portsFile,
    declared: new RegExp(`\\b(${ports.join('|')})\\b`),
  },
  {
    name: 'the words for numbers',
    home: 'src/model/number-words.ts',
    declared: new RegExp(`${quote}(${numberWords.slice(7).join('|')})${quote}`),
  },
];

/** The code files of `dir` (relative to the site), at any depth. */
function codeFiles(dir: string): string[] {
  return readdirSync(path.join(siteDir, dir), {
    recursive: true,
    encoding: 'utf8',
  })
    .filter((file) => codeFile.test(file))
    .map((file) => path.join(dir, file));
}

/** `file:line: text` for each code line (not a comment) that declares the fact. */
function declarations(fact: Fact, files: Map<string, string>): string[] {
  return [...files].flatMap(([file, text]) =>
    file === fact.home
      ? []
      : text.split('\n').flatMap((line, index) => {
          const code = line.trim();
          const comment = /^(\/\/|\/\*|\*)/.test(code);
          return !comment && fact.declared.test(code)
            ? [`${file}:${index + 1}: ${code}`]
            : [];
        }),
  );
}

const sources = new Map(
  [...scanned.flatMap(codeFiles), ...rootFiles].map((file) => [
    file,
    readFileSync(path.join(siteDir, file), 'utf8'),
  ]),
);

for (const fact of facts) {
  test(`${fact.name}: declared in ${fact.home} only`, () => {
    expect(
      declarations(fact, sources),
      `Read it from ${fact.home} (README.md, "Where each fact is declared")`,
    ).toEqual([]);
  });
}

test('each fact’s second declaration is found: the check sees what it guards', () => {
  const planted = new Map([
    [
      'src/planted.ts',
      [
        `const base = '${defaultBaseUrl}';`,
        `route.replace(/^${base.replaceAll('/', '\\/')}\\//, '');`,
        `const api = '${apiRouteBasePath}';`,
        `path.replace(/^${apiPathPrefix.replaceAll('/', '\\/')}(?=\\/)/, '');`,
        `const host = 'https://${apiHosts[0]}';`,
        `const latest = '${latestRelease}';`,
        `const index = /^search-index-[0-9a-f]+\\.json$/;`,
        `const port = ${ports[0]};`,
        `const words = ['seven', 'eight'];`,
        `// '${defaultBaseUrl}' in a comment is prose.`,
      ].join('\n'),
    ],
  ]);
  expect(
    facts.map((fact) => [fact.name, declarations(fact, planted).length]),
  ).toEqual([
    ['the base path', 2],
    ['the API section’s address', 1],
    ['the API’s path prefix', 1],
    ['the API’s hosts', 1],
    ['the latest release', 1],
    ['the hashed-file pattern', 1],
    ['the test and benchmark servers’ ports', 1],
    ['the words for numbers', 1],
  ]);
});

test('the shipped nginx configuration serves the declared base path and caches the declared hashed files for good, in any folder for the search indexes', () => {
  const conf = readFileSync(
    path.join(siteDir, 'deploy', 'nginx', 'help.conf'),
    'utf8',
  );
  expect(conf).toContain(`location ${defaultBaseUrl} {`);
  expect(conf).toContain(`~^${defaultBaseUrl}${hashedFolder}/ "public`);
  expect(conf).toContain(
    `~^${defaultBaseUrl}([^/]+/)*${searchIndexFile}$ "public`,
  );
});
