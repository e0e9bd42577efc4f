// The screen labels a page may set in bold (src/data/app-labels.yaml): their declaration, and the checks of bold labels in pages and lifecycles.
import * as z from 'zod';
import {lifecycleProperties, stateAspects, stateText} from './lifecycles';
import {readDataFile} from './dataFile';
import {readPage} from './page-reading';
import {where} from './yaml';
import {type Lifecycle, type OpenApiDocument} from './openapi-types';
import {nearest} from './nearest';
import {AuthoringError} from './authoringError';

/**
 * The screen labels a page may set in bold: the app's own (buttons, tabs,
 * menus, columns, messages), the names the screens show for the sample
 * data, and other systems' labels, quoted exactly as those systems spell
 * them. All are declared once, in `src/data/app-labels.yaml`; a bold label a
 * page writes that is not declared there fails the build.
 */

export const appLabelsPath = 'src/data/app-labels.yaml';

/** A label: one trimmed step of a screen, not a path of several. */
const label = z
  .string()
  .min(1)
  .refine((text) => text.trim() === text, 'a label is trimmed')
  .refine(
    (text) => !text.includes(' → '),
    'a label is one step; declare each step of a path as its own label',
  );

const labelsFileSchema = z.strictObject({
  /** The Hub's labels, by screen. */
  hub: z.record(z.string(), z.array(label)),
  /** Names of the sample data as the screens show them (stores, warehouses). */
  records: z.array(label),
  /** Other systems' labels, by system, spelt as they spell them. */
  other: z.record(z.string(), z.array(label)),
  /**
   * The Hub's labels that came after the sample world began, with the day
   * each came (its release notes'): a screen drawn earlier, or a post of an
   * earlier day, cannot show it.
   */
  since: z.record(label, z.iso.date()).optional(),
});

export interface AppLabels {
  /** Every label of the Hub's screens. */
  hub: Set<string>;
  /** Every label a page may set in bold, with whose it is. */
  all: Map<string, string>;
  /** The day each label that came later came, by label. */
  since: Map<string, string>;
}

/** Reads the declaration, checked against its schema. */
export function loadAppLabels(siteDir: string): AppLabels {
  const data = readDataFile(
    siteDir,
    appLabelsPath,
    labelsFileSchema,
    'the app labels',
  );
  const hub = new Set(Object.values(data.hub).flat());
  const all = new Map<string, string>();
  for (const text of hub) {
    all.set(text, 'the Hub');
  }
  const add = (texts: string[], owner: string) => {
    for (const text of texts) {
      if (!all.has(text)) {
        all.set(text, owner);
      }
    }
  };
  add(data.records, 'the sample data');
  for (const [system, texts] of Object.entries(data.other)) {
    add(texts, system);
  }
  const since = new Map(Object.entries(data.since ?? {}));
  const strays = [...since.keys()].filter((text) => !hub.has(text));
  if (strays.length > 0) {
    throw new AuthoringError(
      `${appLabelsPath} dates labels the Hub does not declare`,
      strays.map(
        (text) =>
          `${appLabelsPath}: since names "${text}", which is no label of the Hub's screens. Declare it under its screen, or correct the name.`,
      ),
    );
  }
  return {hub, all, since};
}

/**
 * A label that came after a day, drawn or named as if it were there that
 * day: why, or nothing.
 */
export function laterLabelProblem(
  labels: AppLabels,
  text: string,
  day: string,
): string | undefined {
  const came = labels.since.get(text);
  return came !== undefined && came > day.slice(0, 10)
    ? `"${text}" came to the app on ${came} (${appLabelsPath}, since), after ${day.slice(0, 10)}, the day this shows`
    : undefined;
}

/** A bold phrase of a page, with the line it is on and, where read from a page, its column there. */
export interface BoldPhrase {
  text: string;
  line: number;
  column?: number;
}

/**
 * The bold phrases of a Markdown or MDX source that are labels: outside the
 * front matter, code fences and inline code, and not a run-in heading. A
 * run-in heading opens a paragraph, list item or table cell and ends with
 * `.`, `?`, `!` or `:`, inside the bold or straight after it
 * (`- **Retries**: …`); it is the one use of bold that is not a label.
 */
export function boldLabels(source: string): BoldPhrase[] {
  const found: BoldPhrase[] = [];
  const {lines: kinds} = readPage(source);
  source.split('\n').forEach((raw, index) => {
    if (kinds[index] !== 'prose') {
      return;
    }
    // Inline code is not prose: blank it out, keeping the columns.
    const line = raw.replace(/`[^`]*`/g, (code) =>
      code.includes('**') ? ' '.repeat(code.length) : code,
    );
    for (const match of line.matchAll(/\*\*(?=\S)(.+?)(?<=\S)\*\*/g)) {
      const text = match[1]!;
      const before = line.slice(0, match.index);
      const after = line.slice(match.index! + match[0].length);
      const opensBlock = /^\s*(?:(?:[-*+]|\d+\.)\s+|>\s*)*$|\|\s*$/.test(
        before,
      );
      const runIn = /[.?!:]$/.test(text) || /^[:.]/.test(after);
      if (opensBlock && runIn) {
        continue;
      }
      found.push({text, line: index + 1, column: match.index});
    }
  });
  return found;
}

/**
 * The undeclared labels among some bold phrases, one message each. A path
 * such as `Settings → API keys` is checked step by step.
 */
export function labelProblems(
  file: string,
  phrases: BoldPhrase[],
  labels: ReadonlyMap<string, string>,
  /** What the phrase is, for the message: "the bold label", "the action label". */
  what = 'the bold label',
  advice = "Bold is for screen labels only: declare it under its screen (or under other: with the other system's exact spelling), or write emphasis in italics, _like this_.",
): string[] {
  return phrases.flatMap(({text, line}) =>
    text
      .split(' → ')
      .filter((step) => !labels.has(step))
      .map((step) => {
        const guess = nearest(step, labels.keys(), {ignoreCase: true});
        return `${file}:${line}: ${what} "${step}" is not declared in ${appLabelsPath}${guess ? `; the nearest declared label is "${guess}"` : ''}. ${advice}`;
      }),
  );
}

/**
 * The bold labels of the lifecycles (the spec's `x-lifecycle`s and the
 * guide-only ones): in each trigger and state text, and each action's
 * `label`, which must be one of the Hub's own.
 */
export function lifecycleLabelProblems(
  document: OpenApiDocument,
  guideLifecycles: Readonly<Record<string, Lifecycle>>,
  labels: AppLabels,
  fallbackFile: string,
): string[] {
  const hubLabels = new Map([...labels.hub].map((label) => [label, 'the Hub']));
  const lifecycles = [
    ...lifecycleProperties(document).map(({lifecycle}) => lifecycle),
    ...Object.values(guideLifecycles),
  ];
  const check = (value: unknown, markdown: string) => {
    const [file, line] = splitAt(where(value, fallbackFile));
    return labelProblems(
      file,
      boldLabels(markdown).map((phrase) => ({...phrase, line})),
      labels.all,
    );
  };
  return lifecycles.flatMap((lifecycle) => [
    ...lifecycle.transitions.flatMap((transition) =>
      check(transition, transition.trigger),
    ),
    ...Object.values(lifecycle.states ?? {}).flatMap((state) => [
      ...stateAspects(lifecycle).flatMap((aspect) =>
        check(state, stateText(state, aspect)),
      ),
      ...(state.actions ?? []).flatMap((action) => {
        if (!action.label) {
          return [];
        }
        const [file, line] = splitAt(where(action, fallbackFile));
        return labelProblems(
          file,
          [{text: action.label, line}],
          hubLabels,
          "the action's label",
          "An action's label is the Hub's own button or menu item: correct it, or declare it under its screen in hub:.",
        );
      }),
    ]),
  ]);
}

const splitAt = (at: string): [string, number] => {
  const match = /^(.*):(\d+)$/.exec(at);
  return match ? [match[1]!, Number(match[2])] : [at, 0];
};

/** A post's bold labels that came to the app after its day, one line each. */
export function laterLabelsInPost(
  file: string,
  source: string,
  day: string,
  labels: AppLabels,
): string[] {
  return boldLabels(source).flatMap(({text, line}) =>
    text.split(' → ').flatMap((step) => {
      const later = laterLabelProblem(labels, step, day);
      return later
        ? [
            `${file}:${line}: ${later}, so a post of that day cannot offer it. Name what the app had then, or say it is coming.`,
          ]
        : [];
    }),
  );
}
