import {sampleLanguages} from '../openapi-reference/theme/language';

const labels = sampleLanguages.map(({label}) => label);

/** The list as prose writes it: "cURL, JavaScript, … and Java". */
export const declaredLanguages = `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;

/** A list of language names that starts with cURL: "cURL, JavaScript and Python". */
const listed = /\bcURL(?:, [A-Z][\w.#+]*)*,? and [A-Z][\w.#+]*/g;

/**
 * Prose that lists the request samples' languages lists the ones the
 * reference writes (`sampleLanguages`), in the picker's order: one message
 * per other list, at its line.
 */
export function sampleLanguageProblems(file: string, source: string): string[] {
  return source
    .split('\n')
    .flatMap((line, index) =>
      [...line.matchAll(listed)]
        .filter(([found]) => found !== declaredLanguages)
        .map(
          ([found]) =>
            `${file}:${index + 1}: "${found}" should list the sample languages as the reference writes them: "${declaredLanguages}" (src/plugins/openapi-reference/theme/language.ts).`,
        ),
    );
}
