import {oldWordingMessages} from '../../model/settled-wordings';
import {proseLines} from './prose-lines';

/** A page's sentence that says what a settled rule replaced (src/model/settled-wordings.ts): one line at its line. */
export const oldWordingProblems = (file: string, source: string): string[] =>
  proseLines(source).flatMap(({line, number}) =>
    oldWordingMessages(`${file}:${number}:`, line),
  );
