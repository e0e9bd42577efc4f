import {rowErrorCodes} from '../../../model/error-codes';
import {where} from '../../../model/yaml';
import {type OpenApiDocument, type Schema} from '../../../model/openapi-types';

/** The properties that carry a row's or a line's code. */
const codeProperties = ['code', 'error_code'];

/** A schema's enum of row or line codes, named as a reader finds it. */
export interface RowErrorEnum {
  /** `BatchStock.results[].error_code` */
  name: string;
  property: Schema;
  codes: string[];
}

/**
 * The enums of row and line codes: every `code` or `error_code` property of
 * the document's schemas whose enum lists a code of `x-row-error-codes`
 * (a host product's `last_error.code` lists none, so it is no row's).
 */
export function rowErrorEnums(document: OpenApiDocument): RowErrorEnum[] {
  const catalogue = rowErrorCodes(document);
  const found: RowErrorEnum[] = [];
  const seen = new Set<object>();
  const visit = (value: unknown, name: string): void => {
    if (value === null || typeof value !== 'object' || seen.has(value)) {
      return;
    }
    seen.add(value);
    const properties = (value as Schema).properties;
    for (const key of codeProperties) {
      const property = properties?.[key];
      const codes = (property?.enum ?? []).filter(
        (code): code is string => typeof code === 'string',
      );
      if (property && codes.some((code) => Object.hasOwn(catalogue, code))) {
        found.push({name: `${name}.${key}`, property, codes});
      }
    }
    for (const [key, child] of Object.entries(value)) {
      if (key === 'properties') {
        for (const [field, schema] of Object.entries(child as object)) {
          visit(schema, `${name}.${field}`);
        }
      } else if (key === 'items') {
        visit(child, `${name}[]`);
      } else if (key !== 'examples' && key !== 'example') {
        visit(child, name);
      }
    }
  };
  for (const [schemaName, schema] of Object.entries(
    document.components.schemas,
  )) {
    visit(schema, schemaName);
  }
  return found;
}

/**
 * The row and line codes are decided once, in the root's
 * `x-row-error-codes`: every code a row-error enum lists is catalogued,
 * with a meaning and an action; every catalogued code is listed by some
 * enum; and no enum's description restates what a code means (a page
 * draws the meaning with `<ErrorMeaning row code="…" />`).
 */
export function rowErrorCodeProblems(
  document: OpenApiDocument,
  fallbackFile: string,
): string[] {
  const catalogue = rowErrorCodes(document);
  const enums = rowErrorEnums(document);
  const names = enums.map(({name}) => name).join(', ');
  const entries = Object.entries(catalogue);
  return [
    ...entries.flatMap(([code, entry]) =>
      (['meaning', 'action'] as const)
        .filter(
          (part) => typeof entry?.[part] !== 'string' || !entry[part].trim(),
        )
        .map(
          (part) =>
            `${where(entry ?? catalogue, fallbackFile)}: x-row-error-codes gives ${code} no ${part}. Write it once, there.`,
        ),
    ),
    ...enums.flatMap(({name, property, codes}) =>
      codes
        .filter((code) => !Object.hasOwn(catalogue, code))
        .map(
          (code) =>
            `${where(property, fallbackFile)}: ${name} lists ${code}, which x-row-error-codes does not catalogue. Catalogue it with its meaning and action, or remove it from the enum.`,
        ),
    ),
    ...entries
      .filter(([code]) => !enums.some(({codes}) => codes.includes(code)))
      .map(
        ([code, entry]) =>
          `${where(entry, fallbackFile)}: x-row-error-codes catalogues ${code}, which no enum of a row's or line's code lists (${names || 'there is none'}). List it in the enum of the rows that answer it, or remove it from the catalogue.`,
      ),
    ...enums.flatMap(({name, property}) =>
      entries
        .filter(([code]) =>
          (property.description ?? '').includes(`\`${code}\``),
        )
        .map(
          ([code]) =>
            `${where(property, fallbackFile)}: the description of ${name} says what \`${code}\` means; x-row-error-codes holds each code's meaning. Describe the field, and leave the meanings to the catalogue.`,
        ),
    ),
  ];
}
