import {parse, type DefaultTreeAdapterMap} from 'parse5';
import {
  formatFact,
  worldFact,
  worldPath,
  type World,
} from '../openapi-reference/world';
import {
  appLabelsPath,
  laterLabelProblem,
  type AppLabels,
} from '../../model/labels';
import type {LoadedSpec} from '../../model/openapi-types';
import {nearest} from '../../model/nearest';
import {
  controlStateProblems,
  type DrawnControl,
  type DrawnFact,
} from './figure-controls';
import {queryProblems, type DrawnQuery} from './figure-queries';
import {momentProblems, type MomentFact} from './figure-moments';
import {oldWordingMessages} from '../../model/settled-wordings';
import {
  literalProblem,
  namedObjects,
  typedWordProblem,
} from './figure-literals';
import {
  formatNumber,
  pageNumberProblems,
  productNumbersPath,
  type ProductNumber,
} from '../../model/product-numbers';

/**
 * The guides' figures of the app's screens (src/components/*Figure, drawn
 * with src/components/AppFigure), checked in the built pages as a page is
 * checked in its source, so that a figure cannot show a label or a number
 * that the rest of the site contradicts:
 *
 * - every label it draws (marked `data-label`: controls, tabs, the steps of
 *   the screen's path, <Label>) and every bold phrase of its caption is
 *   declared in src/data/app-labels.yaml;
 * - every <Fact> (`data-world`) shows the sample world's value of its fact;
 * - every <ProductNumber> (`data-number`) shows the product's number;
 * - no other digit is drawn or written, unless a <Literal> says why, and a
 *   Literal hides no value the world holds (figure-literals.ts);
 * - no word the world holds for an object the figure draws or names (a
 *   state, a role, a SKU) is typed: it is a <Fact> at the moment shown,
 *   or a <Literal> says why it is no value of that object (a note that
 *   lists the states a thing can have) (figure-literals.ts);
 * - a button that a lifecycle offers in some states is drawn beside an
 *   object of that kind in one of them (figure-controls.ts);
 * - a grid filtered with a <Query> draws the world's answer to it
 *   (figure-queries.ts);
 * - the drawing shows one moment: a fact drawn at now holds the same value
 *   at every other moment it draws (figure-moments.ts);
 * - the caption and its key, which are prose, state no product number by
 *   hand (in words either), as numbers.ts checks a page;
 * - no sentence says what a settled rule replaced (settled-wordings.ts).
 *
 * Each message names the figure's component and the page it was met on.
 */

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

const isElement = (node: Node): node is Element => 'tagName' in node;
const attribute = (element: Element, name: string) =>
  element.attrs.find((attr) => attr.name === name)?.value;

/**
 * The text a reader gets: what is hidden from screen readers left out. Its
 * parts are joined as written, or with a space (`between`) where the
 * text is read as prose, so that two cells do not run into one word.
 */
function readText(node: Node, between = ''): string {
  if (node.nodeName === '#text') {
    return (node as DefaultTreeAdapterMap['textNode']).value;
  }
  if (isElement(node) && attribute(node, 'aria-hidden') === 'true') {
    return '';
  }
  return 'childNodes' in node
    ? node.childNodes.map((child) => readText(child, between)).join(between)
    : '';
}

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();
const squeezeLines = (text: string) =>
  text.split('\n').map(squeeze).filter(Boolean).join('\n');

export interface FigureSources {
  world: World;
  labels: AppLabels;
  numbers: readonly ProductNumber[];
  /** The latest release's document: its lists answer the figures' queries. */
  spec: LoadedSpec;
}

/**
 * The problems of every figure of one built page.
 * @param html The page's HTML.
 * @param page The page's address, for the messages.
 */
export function figureProblems(
  html: string,
  page: string,
  {world, labels, numbers, spec}: FigureSources,
): string[] {
  const problems: string[] = [];
  const checkFigure = (figure: Element, name: string) => {
    const where = `src/components/${name}/index.tsx (on ${page})`;
    // What the figure draws or names: its facts, and the ids in its text
    // and attributes (a Literal's why names the object it stands for).
    const texts: string[] = [];
    // Its facts and buttons (which the statuses among the facts must
    // offer), each with the grid row holding it.
    const facts: DrawnFact[] = [];
    const controls: DrawnControl[] = [];
    // The queries it is filtered with, whose answers it must draw.
    const queries: DrawnQuery[] = [];
    // The facts of its drawing (not of its caption), for the moment it shows.
    const drawnFacts: MomentFact[] = [];
    const gather = (node: Node, row?: Element, inCaption = false) => {
      if (node.nodeName === '#text') {
        texts.push((node as DefaultTreeAdapterMap['textNode']).value);
      }
      if (isElement(node)) {
        const of = attribute(node, 'data-world');
        if (of !== undefined) {
          const at = attribute(node, 'data-world-at') || undefined;
          facts.push({of, ...(at ? {at} : {}), row});
          if (!inCaption) {
            drawnFacts.push({of, ...(at ? {at} : {})});
          }
        }
        const list = attribute(node, 'data-query');
        if (list !== undefined) {
          const at = attribute(node, 'data-query-at') || undefined;
          queries.push({
            list,
            filter: squeeze(readText(node)),
            ...(at ? {at} : {}),
          });
        }
        if (attribute(node, 'data-control') !== undefined) {
          controls.push({label: squeeze(readText(node)), row});
        }
        texts.push(...node.attrs.map((attr) => attr.value));
      }
      if ('childNodes' in node) {
        const inRow = isElement(node) && node.tagName === 'li' ? node : row;
        const caption =
          inCaption || (isElement(node) && node.tagName === 'figcaption');
        node.childNodes.forEach((child) => gather(child, inRow, caption));
      }
    };
    gather(figure);
    // The moment the figure draws: its latest fact's (now, for a fact at
    // now); a figure drawing no fact of the world shows no moment of it.
    const moment = facts
      .map(({at}) => at ?? world.now)
      .reduce<string | undefined>(
        (latest, at) => (latest === undefined || at > latest ? at : latest),
        undefined,
      );
    problems.push(...controlStateProblems(world, where, facts, controls));
    problems.push(...momentProblems(world, where, drawnFacts));
    problems.push(...oldWordingMessages(`${where}:`, readText(figure, ' ')));
    problems.push(
      ...queryProblems(
        world,
        spec,
        where,
        queries,
        new Set(facts.map(({of}) => of.split('.')[0]!)),
      ),
    );
    const named = namedObjects(
      world,
      facts.map(({of}) => of),
      texts,
    );
    // A label the figure draws (not one its caption or notes name) is on
    // the screen at the figure's moment, so it came to the app by then.
    const label = (text: string, what: string, drawn: boolean) => {
      for (const step of text.split(' → ')) {
        if (!labels.all.has(step)) {
          const guess = nearest(step, labels.all.keys(), {ignoreCase: true});
          problems.push(
            `${where}: ${what} "${step}" is not declared in ${appLabelsPath}${guess ? `; the nearest declared label is "${guess}"` : ''}. Declare it under its screen, or draw it as plain text.`,
          );
        }
        const later =
          drawn && moment !== undefined
            ? laterLabelProblem(labels, step, moment)
            : undefined;
        if (later) {
          problems.push(
            `${where}: ${later}, so the screen drawn then shows no "${step}". Leave it out of the drawing (the caption may say when it comes), or draw a later moment.`,
          );
        }
      }
    };
    const fact = (element: Element, shown: string) => {
      const of = attribute(element, 'data-world')!;
      const at = attribute(element, 'data-world-at') || undefined;
      const format = attribute(element, 'data-world-format') || undefined;
      const zone = attribute(element, 'data-world-zone') || undefined;
      const tag = `<Fact of="${of}"${at ? ` at="${at}"` : ''}${format ? ` format="${format}"` : ''}>`;
      const value = of.includes('.')
        ? worldFact(world, of, at)
        : world.objects[of]
          ? of
          : undefined;
      if (value === undefined) {
        problems.push(
          `${where}: ${tag} names no fact of the sample world (${worldPath}${at ? ` at ${at}` : ''}).`,
        );
        return;
      }
      let expected: string;
      try {
        expected = formatFact(value, format, zone);
      } catch (error) {
        problems.push(
          `${where}: ${tag}: ${error instanceof Error ? error.message : String(error)}.`,
        );
        return;
      }
      if (shown !== expected) {
        problems.push(
          `${where}: ${tag} shows "${shown}", but the sample world has "${expected}"${at ? ` at ${at}` : ' at its now'}. Draw the world's value, or change ${worldPath} if the story changed.`,
        );
      }
    };
    const productNumber = (element: Element, shown: string) => {
      const name = attribute(element, 'data-number')!;
      const bare = attribute(element, 'data-number-bare') !== undefined;
      const format = attribute(element, 'data-number-format') || undefined;
      const number = numbers.find((candidate) => candidate.name === name);
      if (!number) {
        problems.push(
          `${where}: <ProductNumber name="${name}"> names no number of ${productNumbersPath}.`,
        );
        return;
      }
      const expected = formatNumber(number, {bare, format});
      if (shown !== expected) {
        problems.push(
          `${where}: <ProductNumber name="${name}"> shows "${shown}", but ${productNumbersPath} declares "${expected}".`,
        );
      }
    };
    const walk = (node: Node, inCaption: boolean) => {
      if (node.nodeName === '#text') {
        const text = squeeze((node as DefaultTreeAdapterMap['textNode']).value);
        if (/\d/.test(text)) {
          problems.push(
            `${where}: "${text}" types a number by hand. Draw the sample world's value with <Fact of="…">, the product's with <ProductNumber name="…">, or mark a number that is neither with <Literal why="…">.`,
          );
        }
        const word = typedWordProblem(world, where, text, named);
        if (word) {
          problems.push(word);
        }
        return;
      }
      if (!isElement(node)) {
        return;
      }
      if (attribute(node, 'aria-hidden') === 'true') {
        return;
      }
      const shown = () => squeeze(readText(node));
      // A control that shows a record of the world (a warehouse in a menu)
      // or a number of the product (a setting's default) is checked by
      // what it shows, not as a label.
      const showsFacts = (element: Element): boolean =>
        element.childNodes.some(
          (child) =>
            isElement(child) &&
            (attribute(child, 'data-world') !== undefined ||
              attribute(child, 'data-number') !== undefined ||
              showsFacts(child)),
        );
      if (attribute(node, 'data-label') !== undefined && !showsFacts(node)) {
        label(shown(), 'the label', true);
        return;
      }
      if (attribute(node, 'data-world') !== undefined) {
        fact(node, shown());
        return;
      }
      if (attribute(node, 'data-number') !== undefined) {
        productNumber(node, shown());
        return;
      }
      const why = attribute(node, 'data-literal');
      if (why !== undefined) {
        if (!why.trim()) {
          problems.push(
            `${where}: a <Literal> without a reason: say in why="…" why the number is neither the world's nor the product's.`,
          );
        }
        const held = literalProblem(world, where, why, shown(), named);
        if (held) {
          problems.push(held);
        }
        return;
      }
      const caption = inCaption || node.tagName === 'figcaption';
      if (caption && node.tagName === 'strong') {
        label(shown(), 'the bold label', false);
      }
      for (const child of node.childNodes) {
        walk(child, caption);
      }
    };
    for (const child of figure.childNodes) {
      walk(child, false);
    }
    // The caption and key are prose: a number of the product written in
    // words there is checked as on a page.
    const prose = (node: Node): string =>
      node.nodeName === '#text'
        ? (node as DefaultTreeAdapterMap['textNode']).value
        : isElement(node) &&
            ['data-number', 'data-world', 'data-literal'].some(
              (name) => attribute(node, name) !== undefined,
            )
          ? ' '
          : 'childNodes' in node
            ? node.childNodes
                .map(prose)
                .join(isElement(node) && node.tagName === 'li' ? '\n' : '')
            : '';
    const caption = figure.childNodes.find(
      (child) => isElement(child) && child.tagName === 'figcaption',
    );
    if (caption) {
      const file = `src/components/${name}/index.tsx`;
      problems.push(
        ...pageNumberProblems(file, squeezeLines(prose(caption)), numbers)
          // A phrase with digits is reported above, as a number by hand.
          .filter((problem) => !/^[^"]*"[^"]*\d/.test(problem))
          .map((problem) =>
            problem
              .replace(/^[^:]+:\d+: /, `${where}: `)
              .replace(
                /<Limit name="([^"]+)"[^>]*\/>/g,
                '<ProductNumber name="$1">',
              ),
          ),
      );
    }
  };

  const find = (node: Node) => {
    if (isElement(node)) {
      const name = attribute(node, 'data-figure');
      if (name !== undefined) {
        checkFigure(node, name);
        return;
      }
    }
    if ('childNodes' in node) {
      node.childNodes.forEach(find);
    }
    if (isElement(node) && node.tagName === 'template') {
      find((node as DefaultTreeAdapterMap['template']).content);
    }
  };
  find(parse(html));
  return problems;
}
