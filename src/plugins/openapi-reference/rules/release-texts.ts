import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {readOverlay, overlayPath} from '../release-spec';
import {latestRelease, type ApiRelease} from '../releases';
import {allOperations} from '../../../model/operations';
import {deref} from '../../../model/refs';
import {locationOf} from '../../../model/yaml';
import {rootFileName} from '../spec';
import {type LoadedSpec, type Parameter} from '../../../model/openapi-types';
import {misnamed} from '../names';

/**
 * Every text each release publishes is checked against that release: the
 * descriptions, summaries and other prose of its document (operations,
 * parameters, schemas, properties, responses, webhooks, tags, info,
 * lifecycles, the error catalogue) and the sentences the loader writes
 * itself (a list's `filter` parameter). An older release inherits most of
 * its texts from the source in `openapi/`; each must name only operations,
 * webhook events, error codes, filters, fields, values and parameters the
 * release has, read by the same finders as the pages (names.ts). A
 * mistake is one line at the file and line where the text is written: the
 * source file it is inherited from, the overlay, or the code that writes it.
 */

export interface ReleaseDocument {
  release: ApiRelease;
  spec: LoadedSpec;
}

/** Where a text comes from, for what the message advises. */
type Origin = 'own' | 'inherited' | 'overlay' | 'generated';

/** One text a release publishes, and how to find where it is written. */
export interface ReleaseText {
  text: string;
  origin: Origin;
  /**
   * `file:line` where the text is written: at the line that states `name`,
   * or for a generated text, the line of the code that writes `sentence`.
   */
  locate: (name: string, sentence: string) => string;
}

/** Subtrees that hold data, not prose. */
const dataKeys = new Set(['example', 'examples', 'pattern', '$ref']);

export interface Held {
  holder: object;
  key: string;
  /** The JSON path, to prefer the same place when a text is written twice. */
  at: string;
  text: string;
}

/** Every text of a document or an overlay: the strings that hold a space. */
export function textsOf(root: unknown): Held[] {
  const found: Held[] = [];
  const seen = new Set<object>();
  const visit = (value: unknown, at: string) => {
    if (value === null || typeof value !== 'object' || seen.has(value)) {
      return;
    }
    seen.add(value);
    for (const [key, child] of Object.entries(value)) {
      if (dataKeys.has(key)) {
        continue;
      }
      if (typeof child === 'string' && /\s/.test(child.trim())) {
        found.push({holder: value, key, at: `${at}/${key}`, text: child});
      } else {
        visit(child, `${at}/${key}`);
      }
    }
  };
  visit(root, '');
  return found;
}

const sitePath = (file: string) => path.relative(process.cwd(), file);

/**
 * The line of a text in its file: from the line its holder begins, the
 * line of its key, then the line in the key's value that states `name`.
 */
function lineOf(held: Held, name: string, fallbackFile: string): string {
  const found = locationOf(held.holder);
  if (!found) {
    return sitePath(fallbackFile);
  }
  const lines = readFileSync(found.file, 'utf8').split('\n');
  const escaped = held.key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const keyPattern = new RegExp(`^(\\s*(?:-\\s+)?)['"]?${escaped}['"]?:`);
  const keyIndex = Array.isArray(held.holder)
    ? found.line - 1
    : lines.findIndex(
        (line, index) => index >= found.line - 1 && keyPattern.test(line),
      );
  if (keyIndex < 0) {
    return `${sitePath(found.file)}:${found.line}`;
  }
  const indent = /^\s*/.exec(lines[keyIndex]!)![0].length;
  for (let index = keyIndex; index < lines.length; index += 1) {
    const line = lines[index]!;
    if (
      index > keyIndex &&
      line.trim() !== '' &&
      /^\s*/.exec(line)![0].length <= indent
    ) {
      break;
    }
    if (line.includes(name)) {
      return `${sitePath(found.file)}:${index + 1}`;
    }
  }
  return `${sitePath(found.file)}:${keyIndex + 1}`;
}

/** Texts by their wording, to find where a release's text was written. */
function byText(texts: Held[]): Map<string, Held[]> {
  const index = new Map<string, Held[]>();
  for (const held of texts) {
    index.set(held.text, [...(index.get(held.text) ?? []), held]);
  }
  return index;
}

/**
 * The folders of the code that writes the sentences of its own: the model
 * (src/model, whose operations.ts writes the filter parameter's) and the
 * API reference.
 */
const writerFolders = [
  path.join(__dirname, '..', '..', '..', 'model'),
  path.join(__dirname, '..'),
];

/**
 * The line of the code that writes a generated sentence: the first line of
 * the loader's code that holds the sentence's opening words (up to its
 * first name in backticks), or else the whole text's.
 */
function writtenAt(sentence: string, text: string): string {
  const files = writerFolders.flatMap((folder) =>
    readdirSync(folder, {recursive: true})
      .map(String)
      .filter((name) => name.endsWith('.ts'))
      .sort()
      .map((name) => path.join(folder, name)),
  );
  for (const opening of [sentence, text].map((words) =>
    words.split('`')[0]!.trim(),
  )) {
    for (const file of opening.includes(' ') ? files : []) {
      const index = readFileSync(file, 'utf8')
        .split('\n')
        .findIndex((line) => line.includes(opening));
      if (index >= 0) {
        return `${sitePath(file)}:${index + 1}`;
      }
    }
  }
  return sitePath(writerFolders[0]!);
}

/**
 * The descriptions the loader writes itself: each operation's parameters
 * as the pages show them, against the document's own.
 */
function generatedTexts(spec: LoadedSpec): string[] {
  const {document} = spec;
  return allOperations(document).flatMap(
    ({path: key, operation, parameters}) => {
      const written = [
        ...(document.paths[key]!.parameters ?? []),
        ...(operation.parameters ?? []),
      ].map((parameter) => deref<Parameter>(document, parameter));
      return parameters.flatMap((parameter, index) =>
        parameter.description !== undefined &&
        parameter.description !== written[index]?.description
          ? [parameter.description]
          : [],
      );
    },
  );
}

/** Every text a release publishes, with where each is written. */
export function releaseTexts(
  release: ApiRelease,
  spec: LoadedSpec,
  latest: LoadedSpec,
  specDir: string,
): ReleaseText[] {
  const own = textsOf(spec.document);
  const generated = [...new Set(generatedTexts(spec))].map(
    (text): ReleaseText => ({
      text,
      origin: 'generated',
      locate: (_name, sentence) => writtenAt(sentence, text),
    }),
  );
  if (release === latestRelease) {
    return [
      ...own.map((held): ReleaseText => ({
        text: held.text,
        origin: 'own',
        locate: (name) => lineOf(held, name, path.join(specDir, rootFileName)),
      })),
      ...generated,
    ];
  }
  const overlayFile = overlayPath(specDir, release);
  const overlay = byText(textsOf(readOverlay(specDir, release).actions));
  const source = byText(textsOf(latest.document));
  return [
    ...own.map((held): ReleaseText => {
      const pick = (candidates: Held[] | undefined) =>
        candidates?.find((candidate) => candidate.at === held.at) ??
        candidates?.[0];
      const written = pick(overlay.get(held.text));
      const inherited = written ? undefined : pick(source.get(held.text));
      return {
        text: held.text,
        origin: inherited ? 'inherited' : 'overlay',
        locate: (name) =>
          lineOf(written ?? inherited ?? held, name, overlayFile),
      };
    }),
    ...generated,
  ];
}

/**
 * A text as sentences, one a line, at the same offsets: a name another
 * release has may stand in a sentence that names that release.
 */
const asSentences = (text: string) =>
  text.replaceAll('\n', ' ').replace(/([.!?]) (?=[A-Z`(])/g, '$1\n');

/** The sentence of a text around a name, for the message. */
function sentenceAround(text: string, index: number): string {
  const sentences = asSentences(text);
  const start = sentences.lastIndexOf('\n', index) + 1;
  const end = sentences.indexOf('\n', index);
  const sentence = sentences
    .slice(start, end < 0 ? undefined : end)
    .replace(/\s+/g, ' ')
    .trim();
  return sentence.length > 160 ? `${sentence.slice(0, 157)}…` : sentence;
}

/** One message per name a release's text states that the release lacks. */
export function releaseTextProblems(
  release: ApiRelease,
  texts: readonly ReleaseText[],
  releases: readonly ReleaseDocument[],
  specDir: string,
): string[] {
  const spec = releases.find((entry) => entry.release === release)!.spec;
  const overlay = sitePath(overlayPath(specDir, release));
  const problems = texts.flatMap(({text, origin, locate}) =>
    misnamed(asSentences(text), spec, release, releases).map(
      ({index, name, problem}) => {
        const quote = sentenceAround(text, index);
        const at = locate(name, quote);
        switch (origin) {
          case 'inherited':
            return `${at}: release ${release} inherits "${quote}", but ${problem} Override the text in ${overlay}, or word it so it holds for every release.`;
          case 'overlay':
            return `${at}: the overlay gives release ${release} "${quote}", but ${problem} Correct the text.`;
          case 'generated':
            return `${at}: release ${release}'s pages say "${quote}", a sentence the loader writes, but ${problem} Write it from the release's own document.`;
          default:
            return `${at}: release ${release} says "${quote}", but ${problem} Correct the text.`;
        }
      },
    ),
  );
  return [...new Set(problems)];
}

/** Every release's texts against that release. */
export function releasesTextProblems(
  releases: readonly ReleaseDocument[],
  specDir: string,
): string[] {
  const latest = releases.find(
    (entry) => entry.release === latestRelease,
  )!.spec;
  return releases.flatMap(({release, spec}) =>
    releaseTextProblems(
      release,
      releaseTexts(release, spec, latest, specDir),
      releases,
      specDir,
    ),
  );
}
