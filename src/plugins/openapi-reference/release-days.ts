import {apiReleases, type ApiRelease} from './releases';
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

/** The product number that holds the last day a release is supported. */
export const supportedUntilNumberName = (release: ApiRelease) =>
  `release_${release.replaceAll('-', '_')}_supported_until`;

/**
 * The releases' dates agree: every release but the oldest declares the day
 * it shipped, and each older release is supported until
 * `release_support_months` after its successor shipped. Each mistake is
 * named at the declaration's line in `productNumbersFile`, whose text is
 * `declarations`.
 */
export function releaseDateProblems(
  numbers: readonly ProductNumber[],
  productNumbersFile: string,
  declarations: string,
): string[] {
  const lines = declarations.split('\n');
  const at = (name: string) => {
    const line = lines.findIndex((text) => text.startsWith(`${name}:`));
    return `${productNumbersFile}:${line + 1}`;
  };
  const value = (name: string) =>
    numbers.find((number) => number.name === name)?.value;
  const shipDays = releaseShipDays(numbers);
  const months = value('release_support_months');
  const unshipped = apiReleases
    .slice(0, -1)
    .filter((release) => !shipDays.has(release))
    .map(
      (release) =>
        `${productNumbersFile}:1: release ${release} has no ${releasedNumberName(release)}. Declare the day it shipped, as a YYYY-MM-DD date.`,
    );
  if (typeof months !== 'number') {
    return [
      ...unshipped,
      `${at('release_support_months')}: release_support_months is no number of months. Declare it.`,
    ];
  }
  const support = apiReleases.slice(1).flatMap((release, index) => {
    const shipped = shipDays.get(apiReleases[index]!);
    if (shipped === undefined) {
      return [];
    }
    const end = new Date(`${shipped}T00:00:00Z`);
    end.setUTCMonth(end.getUTCMonth() + months);
    const expected = end.toISOString().slice(0, 10);
    const name = supportedUntilNumberName(release);
    const declared = value(name);
    if (declared === expected) {
      return [];
    }
    return [
      declared === undefined
        ? `${productNumbersFile}:1: release ${release} has no ${name}. Declare ${expected}: ${months} months after ${apiReleases[index]!} shipped (${shipped}).`
        : `${at(name)}: ${name} is ${declared}, but ${release} is supported for ${months} months after ${apiReleases[index]!} shipped (${shipped}): ${expected}. Correct the date, or the months or the day it shipped.`,
    ];
  });
  return [...unshipped, ...support];
}
