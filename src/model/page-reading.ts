// One reading of a page's Markdown: its fenced code blocks and what each line is, parsed once by a Markdown parser for every check.
import type {Code, Root} from 'mdast';
import {fromMarkdown} from 'mdast-util-from-markdown';
import {gfmTableFromMarkdown} from 'mdast-util-gfm-table';
import {gfmTable} from 'micromark-extension-gfm-table';
import {visit} from 'unist-util-visit';

/**
 * What a line of a page is: its front matter, a line of a fenced code
 * block (its fences included), an MDX `import` or `export` line, or the
 * page's own Markdown (prose, tables, JSX).
 */
export type LineKind = 'front matter' | 'code' | 'module' | 'prose';

/** A fenced code block: its language, its meta string, its text and the line its text starts at. */
export interface CodeBlock {
  lang: string;
  meta: string;
  value: string;
  /** The page's line of the block's first line of text (after the fence). */
  line: number;
}

export interface PageReading {
  /** The page's Markdown tree (its front matter blanked, so positions are the page's lines). */
  tree: Root;
  /** Each line's kind, by index (line 1 at index 0). */
  lines: readonly LineKind[];
  /** Every fenced code block, in the page's order, wherever it stands (in a list, a quote, a JSX element). */
  codeBlocks: readonly CodeBlock[];
}

/** The front matter's lines, or 0: a page that opens with `---` up to the next `---`. */
function frontMatterLines(lines: string[]): number {
  if (lines[0]?.trim() !== '---') {
    return 0;
  }
  const end = lines.findIndex(
    (line, index) => index > 0 && line.trim() === '---',
  );
  return end < 0 ? 0 : end + 1;
}

/** Readings of the sources read lately: the checks of one page share one. */
const readings = new Map<string, PageReading>();
const remembered = 512;

/**
 * Reads a page once, by CommonMark with GitHub's tables (as MDX reads its
 * blocks): each fenced code block, whatever its fence (three or more
 * backticks or tildes), its indentation or what contains it, and each
 * line's kind. MDX has no indented code, so indented text is the page's
 * own; its ES module lines are those that start with `import ` or
 * `export ` outside code.
 */
export function readPage(source: string): PageReading {
  const known = readings.get(source);
  if (known) {
    return known;
  }
  const text = source.split('\n');
  const front = frontMatterLines(text);
  // The front matter blanked, so the parser's lines are the page's.
  const body = text
    .map((line, index) => (index < front ? '' : line))
    .join('\n');
  const tree = fromMarkdown(body, {
    extensions: [gfmTable()],
    mdastExtensions: [gfmTableFromMarkdown()],
  });
  const lines: LineKind[] = text.map((_, index) =>
    index < front ? 'front matter' : 'prose',
  );
  const codeBlocks: CodeBlock[] = [];
  visit(tree, 'code', (node: Code) => {
    const start = node.position!.start;
    const opening = text[start.line - 1]!.slice(start.column - 1);
    // An indented block is no code in MDX.
    if (!/^(`{3,}|~{3,})/.test(opening)) {
      return;
    }
    for (let line = start.line; line <= node.position!.end.line; line += 1) {
      lines[line - 1] = 'code';
    }
    codeBlocks.push({
      lang: node.lang ?? '',
      meta: node.meta ?? '',
      value: node.value,
      line: start.line + 1,
    });
  });
  text.forEach((line, index) => {
    if (lines[index] === 'prose' && /^(import|export) /.test(line)) {
      lines[index] = 'module';
    }
  });
  const reading = {tree, lines, codeBlocks};
  if (readings.size >= remembered) {
    readings.clear();
  }
  readings.set(source, reading);
  return reading;
}
