import type {JsonValue} from './openapi-types';
import type {Story, StoryWorld} from './world-story';
import {where} from './yaml';

/**
 * What existed when (issue 30): the world's keys and subscriptions are on a
 * release that had shipped when they were made, and a subscription lists,
 * at every moment of the story, only event types that had been added by
 * then. A step or object that breaks either is one line at its place.
 */

export interface ReleaseDays {
  /** The day each release shipped, `YYYY-MM-DD` (a release without one always existed). */
  shipped: ReadonlyMap<string, string>;
  /** The day each event type was added (`x-added`; none: it always existed). */
  added: ReadonlyMap<string, string | undefined>;
}

const day = (moment: string) => moment.slice(0, 10);

/** The day each webhook event type was added (its `x-added`), by type, from a document's `webhooks`. */
export function typesAdded(
  webhooks: Readonly<Record<string, {post?: object}>> = {},
): Map<string, string | undefined> {
  return new Map(
    Object.entries(webhooks).map(([type, item]) => {
      const added = (item.post as {'x-added'?: unknown} | undefined)?.[
        'x-added'
      ];
      return [type, typeof added === 'string' ? added : undefined];
    }),
  );
}

export function releaseProblems(
  world: StoryWorld,
  story: Story,
  days: ReleaseDays,
  file: string,
): string[] {
  const made = Object.entries(world.objects).flatMap(([key, {fixed}]) => {
    const release: JsonValue | undefined =
      fixed?.api_release ?? fixed?.api_version;
    const created = fixed?.created_at;
    const shipped =
      typeof release === 'string' ? days.shipped.get(release) : undefined;
    return typeof created === 'string' &&
      shipped !== undefined &&
      shipped > day(created)
      ? [
          `${where(fixed!, file)}: ${key} is made on ${day(created)} on release ${String(release)}, which shipped on ${shipped}. Give it the release that was the latest then.`,
        ]
      : [];
  });
  const listed = [...story.moments].flatMap(([key, moments]) =>
    moments.flatMap(({at, state, step}) =>
      (Array.isArray(state.events) ? state.events : []).flatMap((type) => {
        const added = days.added.get(String(type));
        return added !== undefined && added > day(at)
          ? [
              `${where(step, file)}: ${key} lists ${String(type)} at ${at}, but the type was added on ${added} (x-added in openapi/webhooks.yaml). Add it in a step on or after that day.`,
            ]
          : [];
      }),
    ),
  );
  return [...made, ...new Set(listed)];
}
