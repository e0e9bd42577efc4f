/**
 * Content rules every page must meet. The build runs them through the
 * content-rules plugin; the unit tests run them directly.
 */
import {readPage} from '../../model/page-reading';

export const minDocWords = 300;

/**
 * Merchant guides (resources, enrichment, Shopify connect and
 * troubleshooting) go further.
 */
export const minGuideWords = 400;
const guideFolders =
  /^docs\/(resources|enrichment|shopify-connect|troubleshooting)\//;

/** The minimum words of prose for a docs page, by its folder. */
export function minWordsFor(file: string): number {
  return guideFolders.test(file) ? minGuideWords : minDocWords;
}

/**
 * A description is one sentence of this many characters (docs/doc3.md):
 * search results and link previews cut a longer one, and a shorter one
 * says too little to choose the page by.
 */
export const descriptionLength = {min: 80, max: 160};

const placeholderPattern =
  /lorem ipsum|\bTODO\b|\bTBD\b|coming soon|placeholder text/i;

/**
 * Words of prose in a Markdown or MDX source: tokens with a letter or digit
 * outside the front matter, fenced code blocks and MDX import/export lines
 * (so table rules and pipes do not count).
 */
export function countProseWords(source: string): number {
  const {lines: kinds} = readPage(source);
  return source
    .split('\n')
    .filter((_, index) => kinds[index] === 'prose')
    .reduce(
      (count, line) =>
        count +
        line.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length,
      0,
    );
}

export interface PageToCheck {
  /** Path relative to the site, for messages. */
  file: string;
  frontMatter: Record<string, unknown>;
  source: string;
  /** Minimum words of prose, or undefined for no minimum. */
  minWords?: number;
}

function isFilled(value: unknown): boolean {
  return typeof value === 'string' && value.trim().length > 0;
}

/** The line of a page's source at which some text begins. */
const lineAt = (source: string, index: number) =>
  source.slice(0, index).split('\n').length;

/** The problems of one page, each naming its file and line and what to do. */
export function checkPage(page: PageToCheck): string[] {
  const problems: string[] = [];
  for (const field of ['title', 'description']) {
    if (!isFilled(page.frontMatter[field])) {
      problems.push(
        `${page.file}:1: the front matter has no ${field}. Add a line "${field}: …" between the --- lines at the top of the page.`,
      );
    }
  }
  const {description} = page.frontMatter;
  if (
    isFilled(description) &&
    typeof description === 'string' &&
    (description.length < descriptionLength.min ||
      description.length > descriptionLength.max)
  ) {
    const at = page.source.search(/^description:/m);
    problems.push(
      `${page.file}:${at === -1 ? 1 : lineAt(page.source, at)}: the description has ${description.length} characters; write one sentence of ${descriptionLength.min} to ${descriptionLength.max}, as search results and link previews show it.`,
    );
  }
  if (page.minWords !== undefined) {
    const words = countProseWords(page.source);
    if (words < page.minWords) {
      problems.push(
        `${page.file}:1: ${words} words of prose, under the minimum of ${page.minWords}. Finish the page: the task, its steps, an example and the edge cases.`,
      );
    }
  }
  const placeholder = placeholderPattern.exec(page.source);
  if (placeholder) {
    problems.push(
      `${page.file}:${lineAt(page.source, placeholder.index)}: placeholder text "${placeholder[0]}". Write the text it stands for.`,
    );
  }
  return problems;
}
