import {listConditions, parseQuery} from '../../components/QueryChecker/parser';
import {filterLists} from '../../model/filter-lists';
import {errorCodes} from '../../model/error-codes';
import {allOperations, filterNames} from '../../model/operations';
import {type JsonValue, type LoadedSpec} from '../../model/openapi-types';
import {worldObjectProblems, type World} from '../openapi-reference/world';
import {nearest} from '../../model/nearest';
import {releaseHeader} from '../openapi-reference/releases';
import {
  requestSamples,
  type RequestSample,
  type RequestValidator,
} from './request-samples';

/**
 * What a page names of the API, checked against the document of the page's
 * release (a page under api_versioned_docs/version-<release>/ documents that
 * release; every other page the latest): each operation (`POST
 * /orders/{id}/accept`), webhook event (`order.created`), error code
 * (`"code": "invalid_gtin"`, "the code `invalid_gtin`") and filter
 * (`filter=status = "pending"` with the list it is sent to) must exist there;
 * and each JSON sample that shows an object of the sample world must agree
 * with the world. One message per mistake, at the page's file and line, with
 * the nearest name the release does have.
 */

export interface PageSource {
  /** Path relative to the site, for messages. */
  file: string;
  source: string;
}

const lineAt = (source: string, index: number) =>
  source.slice(0, index).split('\n').length;

const suggestion = (name: string, names: Iterable<string>) => {
  const found = nearest(name, names);
  return found ? ` The nearest that exists is ${found}.` : '';
};

/** The method and path template of each operation: `POST /orders/{id}/accept`. */
const operationNames = (spec: LoadedSpec) =>
  allOperations(spec.document).map(
    ({method, path}) => `${method.toUpperCase()} ${path}`,
  );

const isParameter = (segment: string) => /^\{[^}]+\}$/.test(segment);

/** The operation of the document a method and concrete path name, if any. */
function operationOf(spec: LoadedSpec, method: string, path: string) {
  const segments = path.split('/');
  return allOperations(spec.document).find((entry) => {
    if (entry.method.toUpperCase() !== method) {
      return false;
    }
    const template = entry.path.split('/');
    return (
      template.length === segments.length &&
      template.every(
        (part, index) => part === segments[index] || isParameter(part),
      )
    );
  });
}

/** A path as a page writes it, without host, `/v1`, query or trailing punctuation. */
function cleanPath(raw: string): string {
  return raw
    .replace(/^https?:\/\/[^/]+/, '')
    .replace(/^\/v1(?=\/)/, '')
    .replace(/[?#].*$/, '')
    .replace(/[.,:;]+$/, '')
    .replace(/\/$/, '');
}

const operationPattern =
  /\b(GET|POST|PUT|PATCH|DELETE)\s+((?:https?:\/\/[^\s/`"']+)?\/[A-Za-z0-9_{}\-/.:?=&%…]*)/g;

function operationProblems(
  page: PageSource,
  spec: LoadedSpec,
  release: string,
): string[] {
  return [...page.source.matchAll(operationPattern)].flatMap((match) => {
    const method = match[1]!;
    const path = cleanPath(match[2]!);
    // A request to another server, such as a webhook delivery to the
    // integrator's endpoint, names its own host.
    const host = /^Host: (\S+)/m.exec(
      page.source.slice(match.index).split('\n').slice(1, 4).join('\n'),
    )?.[1];
    if (
      path === '' ||
      path.includes('…') ||
      (host !== undefined && !host.includes('api.')) ||
      operationOf(spec, method, path)
    ) {
      return [];
    }
    const named = `${method} ${path}`;
    return [
      `${page.file}:${lineAt(page.source, match.index)}: ${named} is no operation of release ${release}.${suggestion(named, operationNames(spec))}`,
    ];
  });
}

/** Every event name of any release's document, for telling an event from a field path. */
const eventPrefixes = (specs: readonly LoadedSpec[]) =>
  new Set(
    specs.flatMap((spec) =>
      Object.keys(spec.document.webhooks ?? {}).map(
        (name) => name.split('.')[0]!,
      ),
    ),
  );

const eventPattern = /[`"']([a-z][a-z_]*\.[a-z_]+)[`"']/g;

function eventProblems(
  page: PageSource,
  spec: LoadedSpec,
  release: string,
  prefixes: Set<string>,
): string[] {
  const events = Object.keys(spec.document.webhooks ?? {});
  return [...page.source.matchAll(eventPattern)].flatMap((match) => {
    const name = match[1]!;
    const [prefix, action] = name.split('.');
    if (
      !prefixes.has(prefix!) ||
      !/(ed|test)$/.test(action!) ||
      events.includes(name)
    ) {
      return [];
    }
    return [
      `${page.file}:${lineAt(page.source, match.index)}: the webhook event ${name} does not exist in release ${release}.${suggestion(name, events)}`,
    ];
  });
}

/**
 * The codes an object itself carries (a host product's `last_error.code`, a
 * batch line's `error_code`): the enums of every `code` and `error_code`
 * property of the document's schemas.
 */
function objectCodes(spec: LoadedSpec): string[] {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (value === null || typeof value !== 'object') {
      return;
    }
    const properties = (value as {properties?: Record<string, unknown>})
      .properties;
    for (const name of ['code', 'error_code']) {
      const property = properties?.[name] as {enum?: unknown[]} | undefined;
      property?.enum?.forEach((code) => {
        if (typeof code === 'string') {
          found.add(code);
        }
      });
    }
    Object.values(value).forEach(visit);
  };
  visit(spec.document.components.schemas);
  return [...found];
}

const codePatterns = [
  /"code":\s*"([a-z][a-z0-9]*_[a-z0-9_]+)"/g,
  /\b(?:error )?code `([a-z][a-z0-9]*_[a-z0-9_]+)`/g,
  /`([a-z][a-z0-9]*_[a-z0-9_]+)` (?:error )?code\b/g,
];

function errorCodeProblems(
  page: PageSource,
  spec: LoadedSpec,
  release: string,
): string[] {
  const catalogue = errorCodes(spec.document);
  const codes = [...Object.keys(catalogue), ...objectCodes(spec)];
  // "answers `422` with the code `invalid_gtin`": the status the catalogue gives.
  const statuses = [
    ...page.source.matchAll(
      /`?(\d{3})`?[^.`\n]{0,40}?with the code `([a-z][a-z0-9]*_[a-z0-9_]+)`/g,
    ),
  ].flatMap((match) => {
    const entry = catalogue[match[2]!];
    return entry && String(entry.status) !== match[1]
      ? [
          `${page.file}:${lineAt(page.source, match.index)}: the error code ${match[2]} answers ${entry.status} in release ${release}, not ${match[1]}.`,
        ]
      : [];
  });
  return statuses.concat(
    codePatterns.flatMap((pattern) =>
      [...page.source.matchAll(pattern)].flatMap((match) => {
        const code = match[1]!;
        return codes.includes(code)
          ? []
          : [
              `${page.file}:${lineAt(page.source, match.index)}: the error code ${code} is not in release ${release}'s catalogue.${suggestion(code, codes)}`,
            ];
      }),
    ),
  );
}

/**
 * `filter=` in a page: URL-encoded up to a quote, space or `&`, or written
 * out up to the closing quote or backtick; with the list path before it
 * on the same line when there is one.
 */
const filterPattern =
  /(?:(\/[a-z][a-z\-/{}A-Za-z0-9_]*)\?(?:[^\s"'`]*&)?)?filter=("[^\n'`]*?(?=['`&\n])|[^\s"'`&]+(?:%20|\+)[^\s"'`&]*|(?=\S)[^\n'`&]+?(?=['`&\n]))/g;

function filterProblems(
  page: PageSource,
  spec: LoadedSpec,
  release: string,
): string[] {
  const lists = filterLists(spec.document);
  return [...page.source.matchAll(filterPattern)].flatMap((match) => {
    const at = `${page.file}:${lineAt(page.source, match.index)}`;
    let expression = match[2]!.trim();
    if (/%[0-9A-Fa-f]{2}|\+/.test(expression) && !/\s/.test(expression)) {
      try {
        expression = decodeURIComponent(expression.replaceAll('+', ' '));
      } catch {
        return [`${at}: the filter ${expression} is not valid URL encoding.`];
      }
    }
    if (expression.includes('…') || expression === '') {
      return [];
    }
    const result = parseQuery(expression);
    if (!result.ok) {
      return [
        `${at}: the filter ${expression} does not parse: ${result.error.message}`,
      ];
    }
    const path = match[1] ? cleanPath(match[1]) : undefined;
    const list = path ? operationOf(spec, 'GET', path) : undefined;
    const declared = list
      ? lists.find(({operation}) => operation === list.operation)
      : undefined;
    if (!list || !declared) {
      return path && list
        ? [`${at}: GET ${list.path} takes no filter in release ${release}.`]
        : [];
    }
    const names = filterNames(declared.declaration);
    return listConditions(result.expression)
      .filter(({field}) => !names.includes(field))
      .map(
        ({field}) =>
          `${at}: GET ${list.path} cannot filter on ${field} in release ${release}.${suggestion(field, names)}`,
      );
  });
}

/** The enum values and the field and parameter names of a release's document. */
const namesCache = new WeakMap<LoadedSpec, Set<string>>();
export function documentNames(spec: LoadedSpec): Set<string> {
  const known = namesCache.get(spec);
  if (known) {
    return known;
  }
  const names = new Set<string>();
  const visit = (value: unknown): void => {
    if (value === null || typeof value !== 'object') {
      return;
    }
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    const node = value as Record<string, unknown>;
    if (Array.isArray(node.enum)) {
      node.enum.forEach((item) => typeof item === 'string' && names.add(item));
    }
    if (node.properties && typeof node.properties === 'object') {
      Object.keys(node.properties).forEach((name) => names.add(name));
    }
    if (typeof node.in === 'string' && typeof node.name === 'string') {
      names.add(node.name);
    }
    Object.entries(node).forEach(([key, child]) => {
      if (key !== 'examples' && key !== 'example') {
        visit(child);
      }
    });
  };
  const {document} = spec;
  visit([document.components, document.paths, document.webhooks]);
  namesCache.set(spec, names);
  return names;
}

/**
 * A field or enum value in backticks that another release has and the
 * page's does not (`partially_dispatched` on a 2023-01 page, `new_amount`
 * on a latest one). A line that names the other release, such as "In
 * `2023-01`, …", or says the page's release has "no `name`", may; so may
 * the changelog, whose subject is the difference.
 */
function releaseNameProblems(
  page: PageSource,
  spec: LoadedSpec,
  release: string,
  others: readonly {release: string; spec: LoadedSpec}[],
): string[] {
  if (/(^|\/)changelog\.mdx?$/.test(page.file)) {
    return [];
  }
  const own = documentNames(spec);
  return page.source.split('\n').flatMap((line, index) =>
    [...line.matchAll(/`([a-z][a-z0-9_]*)`/g)].flatMap((match) => {
      const name = match[1]!;
      const elsewhere = others.filter(
        (other) =>
          other.release !== release && documentNames(other.spec).has(name),
      );
      if (
        own.has(name) ||
        elsewhere.length === 0 ||
        elsewhere.some((other) => line.includes(other.release)) ||
        line.includes(`no \`${name}\``)
      ) {
        return [];
      }
      return [
        `${page.file}:${index + 1}: ${name} is a field or value of release ${elsewhere.map((other) => other.release).join(', ')}, not of release ${release}.${suggestion(name, own)}`,
      ];
    }),
  );
}

/** The JSON code blocks of a page, parsed, with the line each starts at. */
function jsonBlocks(source: string): {value: JsonValue; line: number}[] {
  return [...source.matchAll(/^```json[^\n]*\n([\s\S]*?)^```/gm)].flatMap(
    (match) => {
      try {
        return [
          {
            value: JSON.parse(match[1]!) as JsonValue,
            line: lineAt(source, match.index) + 1,
          },
        ];
      } catch {
        return [];
      }
    },
  );
}

function worldSampleProblems(page: PageSource, world: World): string[] {
  return jsonBlocks(page.source).flatMap(({value, line}) =>
    worldObjectProblems(world, value).map(
      (problem) => `${page.file}:${line}: ${problem}`,
    ),
  );
}

/**
 * A line that shows a mistake on purpose (a filter that does not parse, to
 * explain the error) carries an MDX comment that says so, and is not checked.
 */
const deliberate = /\{\/\* deliberately wrong\b[^*]*\*\/\}/;

/** The page with its deliberately wrong lines blanked, keeping line numbers. */
const withoutDeliberate = (page: PageSource): PageSource => ({
  ...page,
  source: page.source
    .split('\n')
    .map((line) => (deliberate.test(line) ? '' : line))
    .join('\n'),
});

/** The Advanced query code blocks (```text) of a page that do not parse. */
function queryBlockProblems(page: PageSource): string[] {
  return [
    ...page.source.matchAll(/^```text([^\n]*)\n([\s\S]*?)^```/gm),
  ].flatMap((match) => {
    const lines = match[2]!.split('\n').filter((line) => line.trim());
    if (
      /Not this/.test(match[1]!) ||
      !lines.every((line) =>
        /^\(*[a-z_.]+ (=|!=|<|>|IN\b|CONTAINS\b)/i.test(line),
      )
    ) {
      return [];
    }
    return lines.flatMap((line) => {
      const result = parseQuery(line);
      return result.ok
        ? []
        : [
            `${page.file}:${lineAt(page.source, match.index) + 1}: the query ${line} does not parse: ${result.error.message}`,
          ];
    });
  });
}

/**
 * A blog post's day and the day each release shipped: a post's samples may
 * pin any release that had shipped by its day (an announcement shows the
 * old release beside the new), and no later one.
 */
export interface PostDay {
  /** The post's date, `YYYY-MM-DD`. */
  day: string;
  shipDays: ReadonlyMap<string, string>;
}

/** The release a sample is checked against, or why it cannot be. */
function sampleRelease(
  sample: RequestSample,
  release: string,
  validators: ReadonlyMap<string, RequestValidator>,
  post: PostDay | undefined,
): {release: string; problem?: string} {
  const named = sample.headers.get(releaseHeader.toLowerCase());
  if (!post || named === undefined || !validators.has(named)) {
    return {release};
  }
  const shipped = post.shipDays.get(named);
  if (shipped !== undefined && shipped > post.day) {
    return {
      release,
      problem: `${releaseHeader}: ${named} shipped on ${shipped}, after the post's date (${post.day}); a post shows the API of its day, release ${release}`,
    };
  }
  return {release: named};
}

/** Every problem of one page against its release's document (and its request validator) and the sample world. */
export function apiNameProblems(
  page: PageSource,
  spec: LoadedSpec,
  release: string,
  releases: readonly {release: string; spec: LoadedSpec}[],
  world: World,
  validators: ReadonlyMap<string, RequestValidator>,
  post?: PostDay,
): string[] {
  page = withoutDeliberate(page);
  const allSpecs = releases.map((other) => other.spec);
  return [
    ...releaseNameProblems(page, spec, release, releases),
    ...queryBlockProblems(page),
    ...operationProblems(page, spec, release),
    ...eventProblems(page, spec, release, eventPrefixes(allSpecs)),
    ...errorCodeProblems(page, spec, release),
    ...filterProblems(page, spec, release),
    ...worldSampleProblems(page, world),
    ...requestSamples(page.source).flatMap((sample) => {
      const checked = sampleRelease(sample, release, validators, post);
      const problems = checked.problem
        ? [checked.problem]
        : validators.get(checked.release)!(sample);
      return problems.map(
        (problem) =>
          `${page.file}:${sample.line}: the request sample is not valid in release ${checked.release}: ${problem}.`,
      );
    }),
  ];
}
