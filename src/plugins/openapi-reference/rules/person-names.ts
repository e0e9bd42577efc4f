import {existsSync} from 'node:fs';
import path from 'node:path';
import {allExampleCases, isBuilt} from '../examples';
import {locationOf, readYaml, where} from '../../../model/yaml';
import type {JsonValue, LoadedSpec} from '../../../model/openapi-types';
import type {World} from '../world';

/**
 * One name, one person (issue 30). The sample world's users, the blog's
 * authors and the customers of the API's examples are different people:
 * an order's customer named as the blog's product manager read as him
 * buying from Northwind, and no check set the names side by side. A
 * customer's name (a `customer` object's `name` in any example of any
 * release) that a user of the world or an author of the blog has stops the
 * build, at the example's line.
 */

/** The blog's authors, by name: `blog/authors.yml`'s keys. */
export const blogAuthorsPath = path.join('blog', 'authors.yml');

/** Who else bears a name: a user of the world or an author of the blog. */
function otherPeople(siteDir: string, world: World): Map<string, string> {
  const people = new Map<string, string>();
  for (const [key, object] of Object.entries(world.objects)) {
    const name = object.fixed?.name;
    if (key.startsWith('usr_') && typeof name === 'string') {
      people.set(name, `the world's user ${key}`);
    }
  }
  const authorsFile = path.join(siteDir, blogAuthorsPath);
  if (existsSync(authorsFile)) {
    const authors =
      readYaml<Record<string, {name?: string}>>(authorsFile) ?? {};
    for (const [key, author] of Object.entries(authors)) {
      if (author.name) {
        people.set(
          author.name,
          `the blog's author ${key} (${blogAuthorsPath})`,
        );
      }
    }
  }
  return people;
}

/** Each release's customers whose names another person bears, one line each. */
export function personNameProblems(
  siteDir: string,
  world: World,
  releases: readonly {spec: LoadedSpec; fallbackFile: string}[],
): string[] {
  const people = otherPeople(siteDir, world);
  const problems = new Set<string>();
  const visit = (value: JsonValue, writtenIn: object, fallbackFile: string) => {
    if (value === null || typeof value !== 'object') {
      return;
    }
    const here = locationOf(value) ? value : writtenIn;
    if (!Array.isArray(value)) {
      const customer = value.customer;
      const name =
        customer && typeof customer === 'object' && !Array.isArray(customer)
          ? customer.name
          : undefined;
      const other = typeof name === 'string' ? people.get(name) : undefined;
      if (other) {
        problems.add(
          `${where(here, fallbackFile)}: the customer "${String(name)}" bears the name of ${other}. A name names one person: give the customer a name of their own.`,
        );
      }
    }
    Object.values(value).forEach((child) => visit(child, here, fallbackFile));
  };
  for (const {spec, fallbackFile} of releases) {
    allExampleCases(spec)
      .filter((example) => !isBuilt(example))
      .forEach((example) =>
        visit(example.value, example.writtenIn, fallbackFile),
      );
  }
  return [...problems];
}
