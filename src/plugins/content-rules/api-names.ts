import {type JsonValue, type LoadedSpec} from '../../model/openapi-types';
import {readPage} from '../../model/page-reading';
import {worldObjectProblems, type World} from '../openapi-reference/world';
import {
  eventSampleProblems,
  type EventDates,
} from '../openapi-reference/events';
import {
  documentRelease,
  releaseHeader,
  releaseSpecFiles,
} from '../openapi-reference/releases';
import {
  requestSamples,
  type RequestSample,
  type RequestValidator,
} from './request-samples';
import {withoutDeliberate} from './deliberate';
import {lineAt, misnamed, type PageSource} from '../openapi-reference/names';

/**
 * What a page names of the API, checked against the document of the page's
 * release (a page under api_versioned_docs/version-<release>/ documents that
 * release; every other page the latest): each operation (`POST
 * /orders/{id}/accept`), webhook event (`order.created`), error code
 * (`"code": "invalid_gtin"`, "the code `invalid_gtin`", or any code of
 * another release in backticks) must exist there (its filter expressions
 * are checked by filters.ts); a link to a release's published document goes to the page's release; and
 * each JSON sample that shows an object of the sample world must agree
 * with the world. One message per mistake, at the page's file and line, with
 * the nearest name the release does have.
 */

export {
  cleanPath,
  documentNames,
  misnamed,
  operationOf,
  type Misnamed,
  type PageSource,
} from '../openapi-reference/names';
/** A Markdown link to a published API document (`pathname:///openapi.yaml`). */
const documentLinkPattern =
  /\[[^\]\n]*\]\(((?:pathname:\/\/)?(\/openapi[^)\s]*))\)/g;

/**
 * A link to a release's published document goes to the page's own release
 * ("this release's document"), unless its line names the release it goes
 * to ("Each release has its own document: [2023-07](…)").
 */
function documentLinkProblems(page: PageSource, release: string): string[] {
  return page.source.split('\n').flatMap((line, index) =>
    [...line.matchAll(documentLinkPattern)].flatMap((match) => {
      const target = documentRelease(match[2]!);
      // The line's words, not its addresses (`/openapi/2023-07.yaml`).
      const words = line.replace(/\]\([^)]*\)/g, ']');
      if (
        target === undefined ||
        target === release ||
        words.includes(target)
      ) {
        return [];
      }
      const format = match[2]!.endsWith('.json') ? 'json' : 'yaml';
      return [
        `${page.file}:${index + 1}: the link ${match[1]} goes to release ${target}'s document, but the page is about release ${release}. Link pathname:///${releaseSpecFiles(release)[format]}, this release's document, or name release ${target} on the line.`,
      ];
    }),
  );
}

/** The JSON code blocks of a page, parsed, with the line each starts at. */
function jsonBlocks(source: string): {value: JsonValue; line: number}[] {
  return readPage(source)
    .codeBlocks.filter(({lang}) => lang === 'json')
    .flatMap(({value, line}) => {
      try {
        return [{value: JSON.parse(value) as JsonValue, line}];
      } catch {
        return [];
      }
    });
}

function worldSampleProblems(
  page: PageSource,
  world: World,
  spec: LoadedSpec,
  events?: EventDates,
): string[] {
  return jsonBlocks(page.source).flatMap(({value, line}) =>
    [
      ...worldObjectProblems(world, value),
      // An event or feed entry follows from a change (events.ts).
      ...(events ? eventSampleProblems(value, world, spec, events) : []),
    ].map((problem) => `${page.file}:${line}: ${problem}`),
  );
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
  events?: EventDates,
): string[] {
  page = withoutDeliberate(page);
  const found = misnamed(page.source, spec, release, releases, {
    // The changelog's subject is the difference between the releases.
    names: !/(^|\/)changelog\.mdx?$/.test(page.file),
  }).map(
    ({index, problem}) =>
      `${page.file}:${lineAt(page.source, index)}: ${problem}`,
  );
  return [
    ...found,
    ...documentLinkProblems(page, release),
    ...worldSampleProblems(page, world, spec, events),
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
