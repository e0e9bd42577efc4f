import {instant, isObject} from '../../lib/world/lists';
import type {JsonValue, LoadedSpec} from '../../model/openapi-types';
import {readPage} from '../../model/page-reading';
import {
  listOperationOf,
  listPageProblem,
  listRequest,
} from '../openapi-reference/rules/lists';
import type {World} from '../openapi-reference/world';
import {codeBlockSamples} from './request-samples';

/**
 * A page's sample of a list is the world's answer (issue 30), as the
 * reference's list examples are (openapi-reference/rules/lists.ts): a
 * request sample (`curl`, or an `http` request line) of a list operation of
 * the page's release, followed by a JSON page of it (`data`) as the next
 * code block, shows
 * the objects the sample world answers to the query it sends, in the list's
 * order, cut at its limit, with `has_more` and `next_cursor` to match. Its
 * moment is the latest its objects show (their `updated_at`, else
 * `created_at`), at which each is as the world holds it then; an empty page
 * is at now. The change feed's samples are feed-samples.ts'. One line per
 * sample, at the JSON's first line, with the first difference.
 */

/** The moment a page of objects shows: the latest `updated_at` (or `created_at`) of its objects, else now. */
function momentOf(data: JsonValue[], world: World): number {
  const times = data
    .filter(isObject)
    .map((item) => instant(item.updated_at ?? item.created_at))
    .filter((time) => !Number.isNaN(time));
  return times.length > 0 ? Math.max(...times) : instant(world.now);
}

export function listSampleProblems(
  file: string,
  source: string,
  spec: LoadedSpec,
  world: World,
): string[] {
  const {codeBlocks} = readPage(source);
  return codeBlocks.flatMap((block, index) => {
    // The response is the next code block, prose between them or not.
    const next = codeBlocks[index + 1];
    if (next?.lang !== 'json') {
      return [];
    }
    const [sample] = codeBlockSamples(block.lang, block.value, block.line);
    const called =
      sample?.method === 'GET' ? listOperationOf(spec, sample.path) : undefined;
    if (!called || called.entry.path === '/changes') {
      return [];
    }
    let page: JsonValue;
    try {
      page = JSON.parse(next.value) as JsonValue;
    } catch {
      return [];
    }
    if (!isObject(page) || !Array.isArray(page.data)) {
      return [];
    }
    const request = listRequest(called.entry, sample!.query, called.pathValues);
    const found = listPageProblem(
      spec,
      world,
      called.entry,
      request,
      page,
      momentOf(page.data, world),
    );
    if (found === undefined) {
      return [];
    }
    const what = 'setup' in found ? found.setup : found.page;
    return [
      `${file}:${next.line}: the sample of GET ${called.entry.path} ${what}. Show the world's answer to the request, or change the request.`,
    ];
  });
}
