import type {World} from '../openapi-reference/world';
import {worldPath} from '../openapi-reference/world';
import {withoutDeliberate} from './deliberate';

/**
 * An ID a page types names an object of the sample world (issue 30): a
 * guide that makes up `pch_4Nd8Wr3` for a change it imagines, or reuses
 * the ID of a change the story cancelled on another day, tells a story
 * the world does not hold, and no list, feed or figure can agree with it.
 * Every token of an ID's form (a kind's prefix, `_`, letters and digits
 * with a digit among them) in a page, prose and samples alike, must be a
 * world object's ID. An object a guide only imagines is declared in the
 * world with its fixed fields and no moments, and dated when the guide
 * imagines it (`created_at`, after now) where a list could hold it, as
 * the undo guide's file `fil_6Tq4Bn8` and price change `pch_4Nd8Wr3` are:
 * its owner and what it belongs to are then the world's, and a list asked
 * at the story's moments does not hold it. Kinds
 * the world holds no object of (the change feed's `chg_`, whose entries
 * the story computes and whose cursors the feed places by order) are not
 * read, and nor are lines marked deliberately wrong.
 */
export function worldIdProblems(
  file: string,
  source: string,
  world: World,
): string[] {
  const held = new Set(
    Object.keys(world.objects).flatMap((key) => key.split(':')),
  );
  const kindsHeld = new Set(
    [...held].map((id) => id.split('_')[0]).filter((prefix) => prefix),
  );
  const problems = new Set<string>();
  withoutDeliberate({source})
    .source.split('\n')
    .forEach((line, index) => {
      for (const [id, prefix] of line.matchAll(
        /(?<![\w/-])([a-z]{2,3})_(?=[A-Za-z]*\d)[A-Za-z0-9]+(?![\w-])/g,
      )) {
        if (
          !world.story.kinds[prefix!] ||
          !kindsHeld.has(prefix!) ||
          held.has(id)
        ) {
          continue;
        }
        problems.add(
          `${file}:${index + 1}: ${id} is no object of the sample world (${worldPath}). Name an object the world holds; for one the page imagines, declare it there with its fixed fields and no moments, dated when the page imagines it (created_at, after now), as pch_4Nd8Wr3 is.`,
        );
      }
    });
  return [...problems];
}
