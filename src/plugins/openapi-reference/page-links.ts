// Where the reference renders things: the page of a resource or schema, and the anchor of a lifecycle's state table.
import type {ApiResource, LoadedSpec} from '../../model/openapi-types';
import {operationsOf} from '../../model/operations';
import {apiDocsPath} from './releases';
import {schemaWords, objectHeading, slug} from './mdast';

export const introductionPath = `${apiDocsPath}/introduction`;

/** Where a schema is rendered: shared ones on the introduction, others on their page. */
export function schemaLink(spec: LoadedSpec, name: string): string {
  if (spec.sharedSchemas.includes(name)) {
    return `${introductionPath}#${slug(objectHeading(name))}`;
  }
  const resource = [...spec.resources.values()].find((candidate) =>
    candidate.schemas.includes(name),
  );
  if (!resource) {
    throw new Error(`No page renders the schema ${name}.`);
  }
  const page = `${apiDocsPath}/${pageOf(spec, resource)}`;
  return resource.objectSchema === name
    ? `${page}#${slug(objectHeading(name))}`
    : page;
}

/** The page (route name) of a resource file: the tag of its operations. */
export function pageOf(spec: LoadedSpec, resource: ApiResource): string {
  const [first] = operationsOf(spec.document, resource.paths);
  return first?.operation.tags[0] ?? resource.name;
}

/**
 * The anchor of a status's state table on its API page (`#store-states`,
 * under the page's "Store states" heading, which holds
 * `<StateTable lifecycle="store" />`).
 */
export const statesAnchor = (schemaName: string) =>
  `${slug(schemaWords(schemaName))}-states`;
