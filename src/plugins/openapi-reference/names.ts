// The names a text gives the API (operations, webhook events, error codes, release names) that its release's document does not have: the finders the content rules and the release texts' check share.
import {nearest} from '../../model/nearest';
import {errorCodes} from '../../model/error-codes';
import {allOperations} from '../../model/operations';
import {type OperationEntry, type LoadedSpec} from '../../model/openapi-types';
import {withoutApiPrefix} from './latest-document';

export interface PageSource {
  /** Path relative to the site, for messages. */
  file: string;
  source: string;
}

export const lineAt = (source: string, index: number) =>
  source.slice(0, index).split('\n').length;

const suggestion = (name: string, names: Iterable<string>) => {
  const found = nearest(name, names);
  return found ? ` The nearest that exists is ${found}.` : '';
};

/** A release's operations, read once per document. */
const operationsCache = new WeakMap<LoadedSpec, OperationEntry[]>();
function operationsOf(spec: LoadedSpec): OperationEntry[] {
  let operations = operationsCache.get(spec);
  if (!operations) {
    operations = allOperations(spec.document);
    operationsCache.set(spec, operations);
  }
  return operations;
}

/** The method and path template of each operation: `POST /orders/{id}/accept`. */
const operationNames = (spec: LoadedSpec) =>
  operationsOf(spec).map(({method, path}) => `${method.toUpperCase()} ${path}`);

const isParameter = (segment: string) => /^\{[^}]+\}$/.test(segment);

/** The operation of the document a method and concrete path name, if any. */
export function operationOf(spec: LoadedSpec, method: string, path: string) {
  const segments = path.split('/');
  return operationsOf(spec).find((entry) => {
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
export function cleanPath(raw: string): string {
  return withoutApiPrefix(raw.replace(/^https?:\/\/[^/]+/, ''))
    .replace(/[?#].*$/, '')
    .replace(/[.,:;]+$/, '')
    .replace(/\/$/, '');
}

const operationPattern =
  /\b(GET|POST|PUT|PATCH|DELETE)\s+((?:https?:\/\/[^\s/`"']+)?\/[A-Za-z0-9_{}\-/.:?=&%…]*)/g;

/**
 * A name a text states that its release lacks: where it stands in the text,
 * and what is wrong (with the nearest name the release has), so that any
 * text (a page, or a description of the document itself) is read the same
 * way.
 */
export interface Misnamed {
  /** Where the statement starts in the text. */
  index: number;
  /** The name as stated. */
  name: string;
  problem: string;
}

function misnamedOperations(
  text: string,
  spec: LoadedSpec,
  release: string,
): Misnamed[] {
  return [...text.matchAll(operationPattern)].flatMap((match) => {
    const method = match[1]!;
    const path = cleanPath(match[2]!);
    // A request to another server, such as a webhook delivery to the
    // integrator's endpoint, names its own host.
    const host = /^Host: (\S+)/m.exec(
      text.slice(match.index).split('\n').slice(1, 4).join('\n'),
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
      {
        index: match.index,
        name: named,
        problem: `${named} is no operation of release ${release}.${suggestion(named, operationNames(spec))}`,
      },
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

function misnamedEvents(
  text: string,
  spec: LoadedSpec,
  release: string,
  prefixes: Set<string>,
): Misnamed[] {
  const events = Object.keys(spec.document.webhooks ?? {});
  return [...text.matchAll(eventPattern)].flatMap((match) => {
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
      {
        index: match.index,
        name,
        problem: `the webhook event ${name} does not exist in release ${release}.${suggestion(name, events)}`,
      },
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

/** Every code a release knows: its catalogue's and the objects' own. */
const codesCache = new WeakMap<LoadedSpec, string[]>();
function knownCodes(spec: LoadedSpec): string[] {
  let codes = codesCache.get(spec);
  if (!codes) {
    codes = [...Object.keys(errorCodes(spec.document)), ...objectCodes(spec)];
    codesCache.set(spec, codes);
  }
  return codes;
}

/**
 * Why a code is not one of a release's: when another release answers it
 * with a status for which this release's catalogue has no code at all (a
 * 2023-01 `422` carries none), that; otherwise the nearest code it has.
 */
function codeProblem(
  code: string,
  spec: LoadedSpec,
  release: string,
  releases: readonly {release: string; spec: LoadedSpec}[],
): string {
  const catalogue = errorCodes(spec.document);
  const status = releases
    .map((other) => errorCodes(other.spec.document)[code]?.status)
    .find((found) => found !== undefined);
  const missing = `the error code ${code} is not in release ${release}'s catalogue`;
  if (
    status !== undefined &&
    !Object.values(catalogue).some((entry) => entry.status === status)
  ) {
    return `${missing}: no \`${status}\` of release ${release} carries a code.`;
  }
  return `${missing}.${suggestion(code, knownCodes(spec))}`;
}

const codePatterns = [
  /"code":\s*"([a-z][a-z0-9]*_[a-z0-9_]+)"/g,
  /\b(?:error )?code `([a-z][a-z0-9]*_[a-z0-9_]+)`/g,
  /`([a-z][a-z0-9]*_[a-z0-9_]+)` (?:error )?code\b/g,
];

function misnamedCodes(
  text: string,
  spec: LoadedSpec,
  release: string,
  releases: readonly {release: string; spec: LoadedSpec}[],
): Misnamed[] {
  const catalogue = errorCodes(spec.document);
  const codes = knownCodes(spec);
  // "answers `422` with the code `invalid_gtin`": the status the catalogue gives.
  const statuses = [
    ...text.matchAll(
      /`?(\d{3})`?[^.`\n]{0,40}?with the code `([a-z][a-z0-9]*_[a-z0-9_]+)`/g,
    ),
  ].flatMap((match) => {
    const entry = catalogue[match[2]!];
    return entry && String(entry.status) !== match[1]
      ? [
          {
            index: match.index,
            name: match[2]!,
            problem: `the error code ${match[2]} answers ${entry.status} in release ${release}, not ${match[1]}.`,
          },
        ]
      : [];
  });
  return statuses.concat(
    codePatterns.flatMap((pattern) =>
      [...text.matchAll(pattern)].flatMap((match) => {
        const code = match[1]!;
        return codes.includes(code)
          ? []
          : [
              {
                index: match.index,
                name: code,
                problem: codeProblem(code, spec, release, releases),
              },
            ];
      }),
    ),
  );
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

/** The names of a release: its document's (above) and its error codes. */
const releaseNamesCache = new WeakMap<LoadedSpec, Set<string>>();
function releaseNames(spec: LoadedSpec): Set<string> {
  let names = releaseNamesCache.get(spec);
  if (!names) {
    names = new Set([...documentNames(spec), ...knownCodes(spec)]);
    releaseNamesCache.set(spec, names);
  }
  return names;
}

/**
 * A field, enum value, parameter or error code in backticks that another
 * release has and the text's does not (`partially_dispatched` on a 2023-01
 * page, `new_amount` on a latest one, `unknown_field` where a 2023-01 `422`
 * carries no code). A line that names the other release, such as "In
 * `2023-01`, …", or says the text's release has "no `name`", may.
 */
function misnamedReleaseNames(
  text: string,
  spec: LoadedSpec,
  release: string,
  releases: readonly {release: string; spec: LoadedSpec}[],
): Misnamed[] {
  const own = releaseNames(spec);
  let offset = 0;
  return text.split('\n').flatMap((line) => {
    const start = offset;
    offset += line.length + 1;
    return [...line.matchAll(/`([a-z][a-z0-9_]*)`/g)].flatMap((match) => {
      const name = match[1]!;
      const elsewhere = releases.filter(
        (other) =>
          other.release !== release && releaseNames(other.spec).has(name),
      );
      if (
        own.has(name) ||
        elsewhere.length === 0 ||
        elsewhere.some((other) => line.includes(other.release)) ||
        line.includes(`no \`${name}\``)
      ) {
        return [];
      }
      const isCode = elsewhere.some((other) =>
        knownCodes(other.spec).includes(name),
      );
      return [
        {
          index: start + match.index,
          name,
          problem: isCode
            ? codeProblem(name, spec, release, releases)
            : `${name} is a field or value of release ${elsewhere.map((other) => other.release).join(', ')}, not of release ${release}.${suggestion(name, documentNames(spec))}`,
        },
      ];
    });
  });
}

/**
 * Everything a text names that its release lacks: operations, webhook
 * events, error codes, and fields, values and parameters of
 * another release; one finding per name and line. `names: false` leaves
 * out the last, for a text whose subject is the difference (the changelog).
 */
export function misnamed(
  text: string,
  spec: LoadedSpec,
  release: string,
  releases: readonly {release: string; spec: LoadedSpec}[],
  {names = true}: {names?: boolean} = {},
): Misnamed[] {
  const prefixes = eventPrefixes(releases.map((other) => other.spec));
  const found = [
    ...misnamedOperations(text, spec, release),
    ...misnamedEvents(text, spec, release, prefixes),
    ...misnamedCodes(text, spec, release, releases),
  ];
  const reported = new Set(
    found.map(({index, name}) => `${lineAt(text, index)} ${name}`),
  );
  // A code named as "the code `x`" is one mistake, not two.
  const others = names
    ? misnamedReleaseNames(text, spec, release, releases).filter(
        ({index, name}) => !reported.has(`${lineAt(text, index)} ${name}`),
      )
    : [];
  return [...others, ...found];
}
