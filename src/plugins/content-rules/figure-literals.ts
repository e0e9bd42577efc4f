import ts from 'typescript';
import {formatFact, worldFact, type World} from '../openapi-reference/world';
import type {JsonValue} from '../../model/openapi-types';

/**
 * What a figure's <Literal> may not hide (issue 30). A Literal marks a
 * number that is neither the sample world's nor the product's, with a
 * reason; a reason can be or become false. So:
 *
 * - a Literal's number may not be a value the world holds, at any moment,
 *   for an object the figure draws or names (an id in its text, the object
 *   of one of its <Fact>s, or one such a fact leads through), nor, when it
 *   has three or more digits and is not a year, for any object of the
 *   world. Numbers are compared as the figure shows them: 11900, 11,900,
 *   £119.00 or 119.00 are one amount (`literalProblems`, on the built page);
 * - a Literal that counts what the figure draws (its why says so: see
 *   `countsDrawn`) is computed from the drawn list in the component,
 *   `{rows.length}` (or a drawn row's place, `{index + 1}`), never typed
 *   (`countedLiteralProblems`, on the
 *   component's source). Such a count is exempt from the first rule: it is
 *   as right as the list it counts.
 *
 * Words are held to the same rule as numbers (`typedWordProblem`): a state,
 * role, price list, SKU, name or switch (a true shown On) that the world
 * holds, at any moment, for an object the figure draws or names is drawn with <Fact of="…" at="…">, so
 * the build checks it against the moment the figure shows, never typed (a
 * chip typed `pending` on an order the figure shows `accepted`).
 */

/** A why that says the Literal counts what the figure draws: "the rows drawn below". */
const counting = /\b(drawn|ticked|shown|listed)\b/i;

export const countsDrawn = (why: string) => counting.test(why);

/** Where the world holds a value: a fact's path and, if not at now, a moment of it. */
interface Holding {
  fact: string;
  at?: string;
  format?: 'money' | 'number' | 'switch';
}

/** Every way a figure may show a number: as written, with thousands commas, as money. */
function shownAs(value: number): {text: string; format?: Holding['format']}[] {
  const forms: {text: string; format?: Holding['format']}[] = [
    {text: String(value)},
  ];
  const grouped = value.toLocaleString('en-GB');
  if (grouped !== String(value)) {
    forms.push({text: grouped, format: 'number'});
  }
  if (Number.isInteger(value) && value >= 0) {
    const money = formatFact(value, 'money');
    forms.push(
      {text: money, format: 'money'},
      {text: money.slice(1), format: 'money'},
    );
  }
  return forms;
}

/** Each numeric value of some fields, by its dotted path. */
function numbersIn(
  value: JsonValue | undefined,
  at: string,
): [path: string, value: number][] {
  if (typeof value === 'number') {
    return [[at, value]];
  }
  if (typeof value === 'string' && /^\d+$/.test(value)) {
    return [[at, Number(value)]];
  }
  if (value === null || typeof value !== 'object') {
    return [];
  }
  return Object.entries(value).flatMap(([key, child]) =>
    numbersIn(child, at ? `${at}.${key}` : key),
  );
}

type ValueIndex = Map<string, Map<string, Holding[]>>;

/**
 * Every state of an object the world holds: its fixed fields and its state
 * at now first (no moment, so a value now is named without one), then each
 * declared earlier moment and each moment its story computes.
 */
function* momentsOf(
  world: World,
  key: string,
): Generator<{fields: JsonValue | undefined; at?: string}> {
  const object = world.objects[key]!;
  yield {fields: {...object.fixed, ...object.now}};
  for (const moment of object.earlier ?? []) {
    yield {fields: moment, at: String(moment.updated_at)};
  }
  for (const moment of world.story.moments.get(key) ?? []) {
    yield {fields: moment.state, at: moment.at};
  }
}

const indexes = new WeakMap<World, ValueIndex>();

/**
 * The world's numbers by how a figure may show them, then by object: its
 * fixed fields and its state at now (no moment), at each declared earlier
 * moment and at each moment its story computes; the page facts under
 * `facts`.
 */
function valueIndex(world: World): ValueIndex {
  const cached = indexes.get(world);
  if (cached) {
    return cached;
  }
  const index: ValueIndex = new Map();
  const hold = (key: string, fields: JsonValue | undefined, at?: string) => {
    for (const [field, value] of numbersIn(fields, '')) {
      for (const {text, format} of shownAs(value)) {
        const byObject = index.get(text) ?? new Map<string, Holding[]>();
        index.set(text, byObject);
        const held = byObject.get(key) ?? [];
        byObject.set(key, held);
        const fact = `${key}.${field}`;
        if (
          !held.some((found) => found.fact === fact && found.format === format)
        ) {
          held.push({fact, ...(at ? {at} : {}), ...(format ? {format} : {})});
        }
      }
    }
  };
  hold('facts', world.facts);
  for (const key of Object.keys(world.objects)) {
    for (const {fields, at} of momentsOf(world, key)) {
      hold(key, fields, at);
    }
  }
  indexes.set(world, index);
  return index;
}

const numberPattern = /(?<![\w.,£])£?\d[\d,]*(?:\.\d+)?(?![\w£])/g;

/** A number of three or more digits that is not a year (1800 to 2099). */
const widelyHeld = (text: string) => {
  const whole = text.replace(/[£,]/g, '').split('.')[0]!;
  return whole.length >= 3 && !/^(1[89]|20)\d\d$/.test(text);
};

/** A field whose words are no state of the story: ids and timestamps. */
const wordless = (field: string) => /(^|\.|_)(id|at)$/.test(field);

const wordIndexes = new WeakMap<World, Map<string, Map<string, Holding[]>>>();

/**
 * The world's words by object, then by word: every string value of its
 * fixed fields, its state at now, each declared earlier moment and each
 * moment its story computes, with where it is held (now first).
 */
function wordIndex(world: World): Map<string, Map<string, Holding[]>> {
  const cached = wordIndexes.get(world);
  if (cached) {
    return cached;
  }
  const index = new Map<string, Map<string, Holding[]>>();
  const words = (
    value: JsonValue | undefined,
    at: string,
  ): [string, string, Holding['format']?][] =>
    typeof value === 'string'
      ? [[at, value]]
      : typeof value === 'boolean'
        ? [[at, formatFact(value, 'switch'), 'switch']]
        : value !== null && typeof value === 'object'
          ? Object.entries(value).flatMap(([key, child]) =>
              words(child, at ? `${at}.${key}` : key),
            )
          : [];
  for (const key of Object.keys(world.objects)) {
    const byWord = new Map<string, Holding[]>();
    index.set(key, byWord);
    const hold = (fields: JsonValue | undefined, at?: string) => {
      for (const [field, word, format] of words(fields, '')) {
        if (wordless(field) || /\d/.test(word) || word.length < 2) {
          continue;
        }
        const held = byWord.get(word) ?? [];
        byWord.set(word, held);
        const fact = `${key}.${field}`;
        if (!held.some((found) => found.fact === fact && found.at === at)) {
          held.push({fact, ...(at ? {at} : {}), ...(format ? {format} : {})});
        }
      }
    };
    for (const {fields, at} of momentsOf(world, key)) {
      hold(fields, at);
    }
  }
  wordIndexes.set(world, index);
  return index;
}

/**
 * The problem of a figure's typed text (a chip, a cell, a caption's
 * `<code>`), if it is a word the world holds for an object the figure
 * draws or names. Numbers are the digit rule's and the Literal rule's.
 * @param where The figure's component and page, for the message.
 * @param named The objects the figure draws or names (`namedObjects`).
 */
export function typedWordProblem(
  world: World,
  where: string,
  shown: string,
  named: ReadonlySet<string>,
): string | undefined {
  if (/\d/.test(shown)) {
    return undefined;
  }
  const index = wordIndex(world);
  const held = [...named].flatMap((key) => index.get(key)?.get(shown) ?? []);
  if (held.length === 0) {
    return undefined;
  }
  const places = held.map(({fact, at}) => `${fact}${at ? ` at ${at}` : ''}`);
  return `${where}: "${shown}" is typed by hand, but it is the sample world's ${places.slice(0, 3).join(', ')}${places.length > 3 ? ` and ${places.length - 3} more` : ''}. Draw it with ${factTag(held[0]!)}, at the moment the figure shows, so that the build checks it against the story.`;
}

/** How the figure should draw a held value instead. */
const factTag = ({fact, at, format}: Holding) =>
  `<Fact of="${fact}"${at ? ` at="${at}"` : ''}${format ? ` format="${format}"` : ''}>`;

/**
 * The world's objects a figure draws or names: the object of each of its
 * <Fact>s and each one the fact leads through (`prc_8Mv3Qa1.variant_id.sku`
 * draws var_3Tn8Wq1), and every object whose id its text or attributes
 * carry.
 */
export function namedObjects(
  world: World,
  facts: readonly string[],
  texts: readonly string[],
): Set<string> {
  const named = new Set<string>();
  for (const of of facts) {
    const parts = of.split('.');
    for (let length = 1; length <= parts.length; length++) {
      const value =
        length === 1
          ? parts[0]
          : worldFact(world, parts.slice(0, length).join('.'));
      if (typeof value === 'string' && world.objects[value]) {
        named.add(value);
      }
    }
  }
  for (const text of texts) {
    for (const id of text.match(/[\w:]+/g) ?? []) {
      if (world.objects[id]) {
        named.add(id);
      }
    }
  }
  return named;
}

/**
 * The problem of one Literal of a figure, if its text shows a number the
 * world holds.
 * @param where The figure's component and page, for the message.
 * @param named The objects the figure draws or names (`namedObjects`).
 */
export function literalProblem(
  world: World,
  where: string,
  why: string,
  shown: string,
  named: ReadonlySet<string>,
): string | undefined {
  if (countsDrawn(why)) {
    return undefined;
  }
  const index = valueIndex(world);
  // 0 is no one figure: it is every floor (available is never below 0)
  // and every empty count, so a Literal of 0 is held to its reason alone.
  const numbers = (shown.match(numberPattern) ?? []).filter(
    (text) => text !== '0',
  );
  const held = numbers.flatMap((text) =>
    [...(index.get(text) ?? [])].flatMap(([key, holdings]) =>
      named.has(key) || widelyHeld(text)
        ? holdings.map((holding) => ({text, holding, drawn: named.has(key)}))
        : [],
    ),
  );
  if (held.length === 0) {
    return undefined;
  }
  // The fact to suggest: one of a drawn object, at now, that <Fact> can
  // read (an earlier moment only the story computes is named, not read).
  const readable = ({text, holding}: (typeof held)[number]) => {
    const value = worldFact(world, holding.fact, holding.at);
    return (
      typeof value === 'number' &&
      shownAs(value).some((form) => form.text === text)
    );
  };
  const rank = (found: (typeof held)[number]) =>
    (found.drawn ? 0 : 4) +
    (readable(found) ? 0 : 2) +
    (found.holding.at ? 1 : 0);
  const [best] = [...held].sort((a, b) => rank(a) - rank(b));
  const places = held.map(
    ({holding}) => `${holding.fact}${holding.at ? ` at ${holding.at}` : ''}`,
  );
  const texts = [...new Set(held.map(({text}) => `"${text}"`))].join(', ');
  return `${where}: <Literal why="${why}"> shows ${texts}, which the sample world holds as ${places.slice(0, 3).join(', ')}${places.length > 3 ? ` and ${places.length - 3} more` : ''}. Draw it with ${factTag(best!.holding)}, or the fact it is.`;
}

/** The string a `why` attribute holds, where the source says it: a literal, or a const of the file. */
function whyOf(
  attribute: ts.JsxAttribute,
  constants: ReadonlyMap<string, string>,
): string | undefined {
  const value = attribute.initializer;
  if (value && ts.isStringLiteral(value)) {
    return value.text;
  }
  const expression =
    value && ts.isJsxExpression(value) ? value.expression : undefined;
  if (expression && ts.isStringLiteralLike(expression)) {
    return expression.text;
  }
  return expression && ts.isIdentifier(expression)
    ? constants.get(expression.text)
    : undefined;
}

/**
 * Whether an expression reads the index of a `.map((item, index) => …)`
 * callback around it: a drawn row's place in its list (`{index + 1}`).
 */
function usesMapIndex(expression: ts.Expression, tree: ts.SourceFile): boolean {
  const indexes = new Set<string>();
  for (let node: ts.Node = expression; node.parent; node = node.parent) {
    const call = node.parent;
    const [, index] = ts.isArrowFunction(node) ? node.parameters : [];
    if (
      index &&
      ts.isIdentifier(index.name) &&
      ts.isCallExpression(call) &&
      ts.isPropertyAccessExpression(call.expression) &&
      call.expression.name.text === 'map'
    ) {
      indexes.add(index.name.text);
    }
  }
  const reads = (node: ts.Node): boolean =>
    (ts.isIdentifier(node) && indexes.has(node.getText(tree))) ||
    ts.forEachChild(node, reads) === true;
  return reads(expression);
}

/**
 * Each Literal of a component's source whose why says it counts what the
 * figure draws but whose number is not computed from the drawn list: its
 * children must be one expression that takes a `.length`
 * (`{mappings.length}`) or reads a drawn row's index in the `.map` that
 * draws it (`{index + 1}`), not a typed digit, a constant or a prop.
 * @param file The component's file, relative to the site, for the messages.
 */
export function countedLiteralProblems(file: string, source: string): string[] {
  const tree = ts.createSourceFile(
    file,
    source,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const constants = new Map<string, string>();
  const problems: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      ts.isStringLiteralLike(node.initializer)
    ) {
      constants.set(node.name.text, node.initializer.text);
    }
    if (
      ts.isJsxElement(node) &&
      node.openingElement.tagName.getText(tree) === 'Literal'
    ) {
      const attribute = node.openingElement.attributes.properties.find(
        (property): property is ts.JsxAttribute =>
          ts.isJsxAttribute(property) && property.name.getText(tree) === 'why',
      );
      const why = attribute ? whyOf(attribute, constants) : undefined;
      const children = node.children.filter(
        (child) =>
          !(ts.isJsxText(child) && child.containsOnlyTriviaWhiteSpaces),
      );
      const [only] = children;
      const computed =
        children.length === 1 &&
        only !== undefined &&
        ts.isJsxExpression(only) &&
        only.expression !== undefined &&
        (/\.length\b/.test(only.expression.getText(tree)) ||
          usesMapIndex(only.expression, tree));
      if (why !== undefined && countsDrawn(why) && !computed) {
        const line =
          tree.getLineAndCharacterOfPosition(node.getStart(tree)).line + 1;
        const typed = squeeze(
          children.map((child) => child.getText(tree)).join(''),
        );
        problems.push(
          `${file}:${line}: <Literal why="${why}"> types ${typed}, but its why says it counts what the figure draws. Compute it from the list the figure draws, as {rows.length}, or, if it counts nothing drawn, say what it is.`,
        );
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return problems;
}

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();
