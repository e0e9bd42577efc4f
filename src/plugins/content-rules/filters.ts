import type {Code, InlineCode, Nodes} from 'mdast';
import {nearest} from '../../model/nearest';
import {readPage} from '../../model/page-reading';
import {
  fieldsOf,
  listFiltered,
  parseQuery,
  tokenize,
  unknownFields,
  type Expression,
  type FilterableList,
} from '../../lib/query-language';
import {filterFieldSchema, filterLists} from '../../model/filter-lists';
import {
  allOperations,
  filterNames,
  filterParameterName,
} from '../../model/operations';
import {type LoadedSpec, type Operation} from '../../model/openapi-types';
import {cleanPath, operationOf} from './api-names';
import {deliberateLines} from './deliberate';
import {codeBlockSamples} from './request-samples';

/** " Did you mean <name>?" with the nearest of some names, or nothing when there are none. */
const didYouMean = (name: string, names: Iterable<string>) => {
  const found = nearest(name, names);
  return found === undefined ? '' : ` Did you mean ${found}?`;
};

/**
 * Every filter expression of a page, wherever it is written (inline code, a
 * table cell, a line of a ```text block, the `filter` of a curl or HTTP
 * request sample), is parsed by the query language
 * (src/lib/query-language) and its fields checked against the list it
 * filters, in the page's release. Which list:
 *
 * 1. the request it is sent with: the path in the same code
 *    (`/orders?filter=…`, a sample's URL), else a `GET /path` in the same
 *    sentence, table row or heading;
 * 2. else one of the lists the page declares in its front matter,
 *    `filter_lists: [order, product]` (resource names, as
 *    `<ApiFilterFields resource="…" />` takes them);
 * 3. else any list of the release.
 *
 * Of several lists, the expression filters the one that takes all its
 * fields, or else the one it fits best. Inline code is a filter when it
 * parses as a condition written as the language is written, with spaces
 * around its operators: `limit=200` and `format="words"` are a parameter
 * and an attribute. Code that says `filter=` must parse. A line marked
 * deliberately wrong (deliberate.ts) is not checked.
 */

export interface FilterPage {
  /** Path relative to the site, for messages. */
  file: string;
  source: string;
  frontMatter?: Record<string, unknown>;
}

/** The front matter key that names the lists a page's filters filter. */
export const filterListsKey = 'filter_lists';

interface ReleaseList extends FilterableList {
  operation: Operation;
  path: string;
}

/** A filter as a page writes it, with what says which list it filters. */
interface Written {
  text: string;
  line: number;
  /** Written as `filter=…`, so it must parse. */
  explicit: boolean;
  /** The path of the request it is sent with, if the code names one. */
  path?: string;
  /** The sentence, table row or heading around it. */
  sentence?: Nodes;
  /** Where it starts in the page, to find the nearest path in its sentence. */
  offset?: number;
}

const lists = new WeakMap<LoadedSpec, ReleaseList[]>();

/** The lists of a release that take a filter, each with its fields and their values. */
function releaseLists(spec: LoadedSpec): ReleaseList[] {
  const known = lists.get(spec);
  if (known) {
    return known;
  }
  const {document} = spec;
  const operations = allOperations(document);
  const found = filterLists(document).map((list) => {
    const path = operations.find(
      ({operation}) => operation === list.operation,
    )!.path;
    const fields = filterNames(list.declaration);
    const values = new Map(
      fields.flatMap((field) => {
        const allowed = filterFieldSchema(document, list, field)?.enum;
        return allowed ? [[field, allowed.map(String)] as const] : [];
      }),
    );
    const name = path
      .split('/')
      .filter((segment) => segment && !segment.startsWith('{'))
      .at(-1)!
      .replaceAll('-', ' ');
    return {name, fields, values, operation: list.operation, path};
  });
  lists.set(spec, found);
  return found;
}

const decode = (text: string): string =>
  /%[0-9A-Fa-f]{2}|\+/.test(text) && !/\s/.test(text)
    ? decodeURIComponent(text.replaceAll('+', ' '))
    : text;

/** A filter in inline code: `filter=…`, `/orders?filter=…`, or a bare expression. */
function inlineFilter(node: InlineCode): Omit<Written, 'line'> {
  const {value} = node;
  const request =
    /^(?:[A-Z]+\s+)?((?:https?:\/\/[^/\s]+)?\/[^?\s]*)\?(.*)$/.exec(value);
  const parameter = request?.[2]
    ?.split('&')
    .find((pair) => pair.startsWith(`${filterParameterName}=`));
  if (request && parameter !== undefined) {
    return {
      text: parameter.slice(filterParameterName.length + 1),
      explicit: true,
      path: cleanPath(request[1]!),
    };
  }
  if (value.startsWith(`${filterParameterName}=`)) {
    return {
      text: value.slice(filterParameterName.length + 1),
      explicit: true,
    };
  }
  return {text: value, explicit: false};
}

/**
 * Whether text is a filter as the language is written: it parses into at
 * least one condition, with a space on each side of every comparison
 * operator (`limit=200`, `format="words"` are not filters).
 */
function readsAsFilter(text: string): boolean {
  const result = parseQuery(text);
  if (!result.ok || result.expression === null) {
    return false;
  }
  return tokenize(text)
    .filter(({type}) => type === 'operator')
    .every(
      ({column, text: operator}) =>
        /\s/.test(text[column - 2] ?? '') &&
        /\s/.test(text[column - 1 + operator.length] ?? ''),
    );
}

/** A line of a ```text block that starts as a condition does. */
const startsAsCondition =
  /^\(*(?:NOT\s+)?[a-z_][\w.]*\s+(?:=|!=|<|>|in\b|contains\b|starts\b|is\b)/i;

/** The filters of a ```text block (one a line) and of a request sample's `filter`. */
function codeFilters(node: Code, line: number): Written[] {
  if (node.lang === 'text') {
    return node.value.split('\n').flatMap((text, index) => {
      const trimmed = text.trim();
      return readsAsFilter(trimmed) || startsAsCondition.test(trimmed)
        ? [{text: trimmed, line: line + 1 + index, explicit: true}]
        : [];
    });
  }
  const codeLines = node.value.split('\n');
  return codeBlockSamples(node.lang ?? '', node.value, line + 1).flatMap(
    (sample) => {
      const filter = sample.query.find(
        ([name]) => name === filterParameterName,
      );
      if (!filter || sample.method !== 'GET') {
        return [];
      }
      // The line that sends it, or the command's first.
      const from = sample.line - line - 1;
      const sent = codeLines.findIndex(
        (text, index) =>
          index >= from && text.includes(`${filterParameterName}=`),
      );
      return [
        {
          text: filter[1],
          line: sent >= 0 ? line + 1 + sent : sample.line,
          explicit: true,
          path: sample.path,
        },
      ];
    },
  );
}

/** Every filter a page writes, with its context, from its Markdown syntax tree. */
function writtenFilters(tree: Nodes): Written[] {
  const found: Written[] = [];
  const visit = (node: Nodes, sentence: Nodes | undefined) => {
    const line = node.position?.start.line ?? 0;
    if (node.type === 'inlineCode') {
      found.push({
        ...inlineFilter(node),
        line,
        sentence,
        offset: node.position?.start.offset,
      });
    } else if (node.type === 'code') {
      found.push(...codeFilters(node, line));
    } else if ('children' in node) {
      const around = ['paragraph', 'tableRow', 'heading'].includes(node.type)
        ? node
        : sentence;
      node.children.forEach((child) => visit(child, around));
    }
  };
  visit(tree, undefined);
  return found;
}

/** The `GET /path`s of a sentence, each with where it is. */
function sentencePaths(sentence: Nodes): {path: string; offset: number}[] {
  const paths: {path: string; offset: number}[] = [];
  const visit = (node: Nodes) => {
    if (node.type === 'text' || node.type === 'inlineCode') {
      for (const match of node.value.matchAll(
        /\bGET\s+((?:https?:\/\/[^\s/`]+)?\/[^\s`]*)/g,
      )) {
        paths.push({
          path: cleanPath(match[1]!),
          offset: (node.position?.start.offset ?? 0) + match.index,
        });
      }
    } else if ('children' in node) {
      node.children.forEach(visit);
    }
  };
  visit(sentence);
  return paths;
}

/** The path a filter is sent to: its own, else the nearest before it in its sentence, else the first after. */
function pathOf(filter: Written): string | undefined {
  if (filter.path !== undefined || !filter.sentence) {
    return filter.path;
  }
  const paths = sentencePaths(filter.sentence);
  const before = paths.filter(({offset}) => offset < (filter.offset ?? 0));
  return (before.at(-1) ?? paths[0])?.path;
}

/** The lists a page's front matter names, or a problem with the names. */
function declaredLists(
  page: FilterPage,
  spec: LoadedSpec,
  release: string,
): {lists?: ReleaseList[]; problems: string[]} {
  const declared = page.frontMatter?.[filterListsKey];
  if (declared === undefined) {
    return {problems: []};
  }
  const names = [declared].flat();
  const all = releaseLists(spec);
  const withList = [...spec.resources].filter(([, resource]) =>
    all.some(({path}) => resource.paths.includes(path)),
  );
  const problems: string[] = [];
  const found = names.flatMap((name) => {
    const resource = withList.find(([key]) => key === name)?.[1];
    if (!resource) {
      const known = withList.map(([key]) => key);
      problems.push(
        `${page.file}:1: ${filterListsKey} names ${String(name)}, which is no resource with a filtered list in release ${release}.${didYouMean(String(name), known)}`,
      );
      return [];
    }
    return all.filter(({path}) => resource.paths.includes(path));
  });
  return {lists: found.length > 0 ? found : undefined, problems};
}

/** The fields of an expression that the list it filters, of some, cannot filter on. */
function fieldProblems(
  at: string,
  text: string,
  expression: Expression | null,
  candidates: readonly FilterableList[],
  anyList: string,
): string[] {
  const list =
    candidates.length === 1
      ? candidates[0]
      : listFiltered(expression, candidates);
  if (!list) {
    const everyField = new Set(candidates.flatMap(({fields}) => fields));
    return fieldsOf(expression).map(
      (field) =>
        `${at}: the filter ${text} names ${field}, which ${anyList} can filter on.${didYouMean(field, everyField)}`,
    );
  }
  return unknownFields(expression, list).map(
    (field) =>
      `${at}: the filter ${text} names ${field}, which the ${list.name} list cannot filter on. Filterable fields: ${list.fields.join(', ')}.${didYouMean(field, list.fields)}`,
  );
}

/** One message per filter field the list it filters cannot take, and per filter that does not parse. */
export async function filterProblems(
  page: FilterPage,
  spec: LoadedSpec,
  release: string,
): Promise<string[]> {
  const {tree} = readPage(page.source);
  const skipped = deliberateLines(page.source);
  const all = releaseLists(spec);
  const declared = declaredLists(page, spec, release);
  const pageLists = declared.lists ?? all;
  const anyList = declared.lists
    ? `none of the ${pageLists.map(({name}) => name).join(', ')} lists`
    : `no list of release ${release}`;
  return declared.problems.concat(
    writtenFilters(tree).flatMap((filter) => {
      if (skipped.has(filter.line)) {
        return [];
      }
      const at = `${page.file}:${filter.line}`;
      let text: string;
      try {
        text = decode(filter.text).trim();
      } catch {
        return [`${at}: the filter ${filter.text} is not valid URL encoding.`];
      }
      if (text === '' || text.includes('…')) {
        return [];
      }
      const result = parseQuery(text);
      if (!result.ok) {
        return filter.explicit
          ? [
              `${at}: the filter ${text} does not parse: ${result.error.message}`,
            ]
          : [];
      }
      if (!filter.explicit && !readsAsFilter(text)) {
        return [];
      }
      const path = pathOf(filter);
      const operation =
        path === undefined ? undefined : operationOf(spec, 'GET', path);
      if (operation) {
        const list = all.find((each) => each.operation === operation.operation);
        return list
          ? fieldProblems(at, text, result.expression, [list], anyList)
          : [
              `${at}: GET ${operation.path} takes no filter in release ${release}.`,
            ];
      }
      return fieldProblems(at, text, result.expression, pageLists, anyList);
    }),
  );
}
