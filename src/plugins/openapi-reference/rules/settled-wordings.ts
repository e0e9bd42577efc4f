import {oldWordingMessages} from '../../../model/settled-wordings';
import {placedTexts} from './placed-texts';

/** The document's own texts (`placedTexts`) that say what a settled rule replaced (src/model/settled-wordings.ts), one line each at the text. */
export const specOldWordingProblems = (document: unknown): string[] => [
  ...new Set(
    placedTexts(document).flatMap(({key, text, place}) =>
      oldWordingMessages(`${place}: ${key}`, text),
    ),
  ),
];
