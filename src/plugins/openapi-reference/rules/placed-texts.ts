import {locationOf, where} from '../../../model/yaml';
import {textsOf, type Held} from './release-texts';

/**
 * The document's own texts (descriptions, summaries, state tables,
 * triggers: every text outside examples, `textsOf`) that have a place of
 * their own, each with it (`file:line`). An older release's document is
 * the latest's with its overlay applied: a text it copied from the latest
 * has no place of its own and is read in the latest, so only texts with a
 * place (the latest's, the overlay's) are read.
 */
export const placedTexts = (document: unknown): (Held & {place: string})[] =>
  textsOf(document).flatMap((held) =>
    locationOf(held.holder) ? [{...held, place: where(held.holder, '')}] : [],
  );
