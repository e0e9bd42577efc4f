import {isObject} from '../../lib/world/lists';
import type {JsonValue, LoadedSpec} from '../../model/openapi-types';
import {readPage, type CodeBlock} from '../../model/page-reading';
import {feedSampleProblem} from '../openapi-reference/rules/feed';
import type {World} from '../openapi-reference/world';

/**
 * A page's sample of the change feed is the world's feed (issue 30), as the
 * reference's examples are (rules/feed.ts): a `curl` of `GET /changes`
 * followed at once by a JSON page of changes shows what the world's feed
 * holds at now for the query the curl sends (its URL's and each
 * `--data-urlencode`'s parameters), in the page's release. One line per
 * sample, at the JSON's first line, with the first difference.
 */

/** The feed's path in a curl's URL, and its query (not `/changes/{id}`). */
const feedCall = /\/changes(?:\?([^\s"'\\]*))?(?=["'\s\\]|$)/;
const encoded = /--data-urlencode\s+(["'])([a-z_]+)=(.*?)\1/g;

/** The query a shell sample of the feed sends, or undefined when it calls something else. */
function feedQuery(block: CodeBlock): Map<string, string> | undefined {
  if (
    !['bash', 'sh', 'shell'].includes(block.lang) ||
    !/\bcurl\b/.test(block.value)
  ) {
    return undefined;
  }
  const call = feedCall.exec(block.value);
  if (!call) {
    return undefined;
  }
  const query = new Map(new URLSearchParams(call[1] ?? ''));
  for (const [, , name, value] of block.value.matchAll(encoded)) {
    query.set(name!, value!);
  }
  return query;
}

/** The page of changes a JSON block shows, or undefined. */
function changesPage(block: CodeBlock): Record<string, JsonValue> | undefined {
  if (block.lang !== 'json') {
    return undefined;
  }
  let value: JsonValue;
  try {
    value = JSON.parse(block.value) as JsonValue;
  } catch {
    return undefined;
  }
  return isObject(value) &&
    Array.isArray(value.data) &&
    value.data.every(
      (entry) => isObject(entry) && /^chg_/.test(String(entry.id)),
    )
    ? value
    : undefined;
}

export function feedSampleProblems(
  file: string,
  source: string,
  spec: LoadedSpec,
  world: World,
): string[] {
  const {codeBlocks} = readPage(source);
  return codeBlocks.flatMap((block, index) => {
    const query = feedQuery(block);
    const next = codeBlocks[index + 1];
    const end = block.line + block.value.split('\n').length;
    // The response follows the request, with only a line between them.
    const page =
      query && next && next.line - end <= 3 ? changesPage(next) : undefined;
    const problem =
      query && page ? feedSampleProblem(spec, world, query, page) : undefined;
    return problem
      ? [
          `${file}:${next!.line}: the sample of the change feed ${problem}. Show the world's feed for the request, or change the request.`,
        ]
      : [];
  });
}
