import {apiReleases, type ApiRelease} from '../openapi-reference/releases';
import type {ProductNumber} from '../../model/product-numbers';

/**
 * A blog post is true at its date (PRODUCT-DECISIONS.md, "A post is true at
 * its date"): it describes the API release that was the latest on that day,
 * and its request samples pin a release that had shipped by then. The day
 * each release shipped is a product date, declared once in
 * src/data/product-numbers.yaml as `release_<release>_released`
 * (`release_2023_07_released`); the oldest release needs none, since it
 * shipped before the blog began.
 */

/** The product number that holds the day a release shipped. */
export const releasedNumberName = (release: ApiRelease) =>
  `release_${release.replaceAll('-', '_')}_released`;

/** The day each release shipped (`YYYY-MM-DD`), where one is declared. */
export function releaseShipDays(
  numbers: readonly ProductNumber[],
): Map<ApiRelease, string> {
  return new Map(
    apiReleases.flatMap((release) => {
      const declared = numbers.find(
        (number) => number.name === releasedNumberName(release),
      );
      return typeof declared?.value === 'string'
        ? [[release, declared.value] as const]
        : [];
    }),
  );
}

/** The latest release on a day: the newest that had shipped by then. */
export function releaseOnDay(
  day: string,
  shipDays: ReadonlyMap<ApiRelease, string>,
): ApiRelease {
  return (
    apiReleases.find((release) => {
      const shipped = shipDays.get(release);
      return shipped === undefined || shipped <= day;
    }) ?? apiReleases[apiReleases.length - 1]!
  );
}

/** A post's day, `YYYY-MM-DD`, from its date (in UTC, as the blog dates it). */
export const postDay = (date: Date | string) =>
  new Date(date).toISOString().slice(0, 10);
