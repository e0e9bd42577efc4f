import {allOperations, webhookEvents} from '../../../model/operations';
import {deref} from '../../../model/refs';
import {where} from '../../../model/yaml';
import {type OpenApiDocument, type Schema} from '../../../model/openapi-types';

/**
 * The shapes a generated client relies on being the same everywhere in the
 * spec: one Money shape, one SKU rule, one paging parameter per list, a
 * named page schema for every list, `oneOf` for "send this or that", and
 * `additionalProperties` stated on every object. Each message names the
 * schema's file and line (or `fallbackFile` for a schema with no recorded
 * line) and the schema's path, such as `Sale.unit_price`.
 */

/** One schema of the spec, named by where it is. */
interface SchemaNode {
  where: string;
  schema: Schema;
}

/** A schema and every schema nested in it, without following `$ref`s. */
function nestedSchemas(schema: Schema, at: string): SchemaNode[] {
  const children: SchemaNode[] = [
    ...Object.entries(schema.properties ?? {}).map(([key, child]) => ({
      where: `${at}.${key}`,
      schema: child,
    })),
    ...(schema.items ? [{where: `${at}[]`, schema: schema.items}] : []),
    ...(typeof schema.additionalProperties === 'object'
      ? [{where: `${at}{}`, schema: schema.additionalProperties}]
      : []),
    ...(['oneOf', 'anyOf', 'allOf'] as const).flatMap((keyword) =>
      (schema[keyword] ?? []).map((child, index) => ({
        where: `${at}/${keyword}/${index}`,
        schema: child,
      })),
    ),
  ];
  return [
    {where: at, schema},
    ...children.flatMap((child) => nestedSchemas(child.schema, child.where)),
  ];
}

/** Every schema of the document: components, parameters, bodies and responses of operations and webhooks. */
function allSchemas(document: OpenApiDocument): SchemaNode[] {
  const roots: SchemaNode[] = Object.entries(document.components.schemas).map(
    ([name, schema]) => ({where: name, schema}),
  );
  const operations = [
    ...allOperations(document).map(({operation, parameters}) => ({
      operation,
      parameters,
    })),
    ...webhookEvents(document).map(({operation}) => ({
      operation,
      parameters: [],
    })),
  ];
  operations.forEach(({operation, parameters}) => {
    const id = operation.operationId;
    parameters.forEach((parameter) => {
      if (parameter.schema) {
        roots.push({
          where: `${id}(${parameter.name})`,
          schema: parameter.schema,
        });
      }
    });
    const body =
      operation.requestBody && deref(document, operation.requestBody);
    Object.values(body?.content ?? {}).forEach((media) => {
      if (media.schema) {
        roots.push({where: `${id} request`, schema: media.schema});
      }
    });
    Object.entries(operation.responses).forEach(([status, reference]) => {
      Object.values(deref(document, reference).content ?? {}).forEach(
        (media) => {
          if (media.schema) {
            roots.push({where: `${id} ${status}`, schema: media.schema});
          }
        },
      );
    });
  });
  return roots.flatMap(({where: at, schema}) => nestedSchemas(schema, at));
}

/**
 * A price is the one object with Money's two fields at its top level (see
 * PRODUCT-DECISIONS.md); its create and update bodies follow it.
 */
const flatMoneySchemas = ['Price', 'PriceCreate', 'PriceUpdate'];

/** Where money is not a `Money` object, or a price's fields differ from Money's. */
export function moneyProblems(
  document: OpenApiDocument,
  fallbackFile: string,
): string[] {
  const money = document.components.schemas.Money!.properties!;
  return allSchemas(document).flatMap(({where: at, schema}) =>
    Object.entries(schema.properties ?? {}).flatMap(([key, property]) => {
      const field = `${where(property, fallbackFile)}: ${at}.${key}`;
      if (
        key.endsWith('_amount') ||
        (key === 'amount' && at !== 'Money' && !flatMoneySchemas.includes(at))
      ) {
        return [`${field} is a bare amount; use a Money object ($ref Money).`];
      }
      if (
        at !== 'Money' &&
        !property.$ref &&
        property.properties?.amount &&
        property.properties.currency
      ) {
        return [`${field} is an inline money shape; use $ref Money.`];
      }
      if (key === 'amount' && property.type !== money.amount!.type) {
        return [`${field} is not an integer like Money's amount.`];
      }
      if (key === 'currency' && property.pattern !== money.currency!.pattern) {
        return [
          `${field} is not an ISO 4217 code like Money's currency; use its pattern.`,
        ];
      }
      return [];
    }),
  );
}

/** The constraints that make a SKU a SKU, as the variant states them. */
const skuRule = (schema: Schema) =>
  JSON.stringify([schema.minLength, schema.maxLength, schema.pattern]);

/** Every SKU field or parameter whose length or characters differ from the variant's `sku`. */
export function skuProblems(
  document: OpenApiDocument,
  fallbackFile: string,
): string[] {
  const rule = skuRule(document.components.schemas.Variant!.properties!.sku!);
  // A "send this or that" `oneOf` branch only names `sku` as required; the
  // object's own `sku` property carries the rule.
  const fields = allSchemas(document)
    .filter(({where: at}) => !at.includes('/oneOf/'))
    .flatMap(({where: at, schema}) =>
      Object.entries(schema.properties ?? {})
        .filter(([key]) => key === 'sku')
        .map(([key, property]) => ({
          where: `${at}.${key}`,
          schema: property,
        })),
    );
  const parameters = allOperations(document).flatMap(
    ({operation, parameters}) =>
      parameters
        .filter((parameter) => parameter.name === 'sku' && parameter.schema)
        .map((parameter) => ({
          where: `${operation.operationId}(sku)`,
          schema: parameter.schema!,
        })),
  );
  return [...fields, ...parameters]
    .filter(({schema}) => skuRule(schema) !== rule)
    .map(
      ({where: at, schema}) =>
        `${where(schema, fallbackFile)}: ${at} is ${skuRule(schema)}, not Variant.sku's ${rule}. Give it the variant's minLength, maxLength and pattern.`,
    );
}

/** Lists whose paging parameter is not the one they should take: `after` on the change feed, `cursor` elsewhere. */
export function pagingProblems(
  document: OpenApiDocument,
  fallbackFile: string,
): string[] {
  return allOperations(document)
    .filter(({operation}) => operation['x-filter'])
    .flatMap(({operation, parameters}) => {
      const at = `${where(operation, fallbackFile)}: ${operation.operationId}`;
      const names = parameters.map((parameter) => parameter.name);
      const wanted =
        operation.operationId === 'listChanges' ? 'after' : 'cursor';
      const unwanted = wanted === 'after' ? 'cursor' : 'after';
      return [
        ...(names.includes(wanted)
          ? []
          : [`${at} has no ${wanted}. Add the shared parameter.`]),
        ...(names.includes(unwanted)
          ? [
              `${at} takes ${unwanted}; only the change feed pages with after, every other list with cursor.`,
            ]
          : []),
      ];
    });
}

/** Lists whose page is not a named schema built on `ListPage`, closed, with its objects in `data`. */
export function envelopeProblems(
  document: OpenApiDocument,
  fallbackFile: string,
): string[] {
  return allOperations(document)
    .filter(({operation}) => operation['x-filter'])
    .flatMap(({operation}) => {
      const id = operation.operationId;
      const response = deref(document, operation.responses['200']!);
      const ref = response.content?.['application/json']?.schema?.$ref;
      if (!ref?.endsWith('List')) {
        return [
          `${where(operation, fallbackFile)}: ${id} answers an anonymous page, not a named …List schema. Name its page, such as OrderList, built on ListPage.`,
        ];
      }
      const page = deref<Schema>(document, {$ref: ref});
      const at = `${where(page, fallbackFile)}: ${ref}`;
      const [base, own] = page.allOf ?? [];
      return [
        ...(base?.$ref === '#/components/schemas/ListPage'
          ? []
          : [`${at} is not built on ListPage; make ListPage its first allOf.`]),
        ...(own?.properties?.data?.type === 'array' &&
        own.properties.data.items &&
        own.required?.includes('data')
          ? []
          : [`${at} has no required data array of the listed objects.`]),
        ...(page.unevaluatedProperties === false
          ? []
          : [
              `${at} allows fields it does not name; state unevaluatedProperties: false.`,
            ]),
      ];
    });
}

/** The other field a description says to send instead: "Send this or `sku`", "Send either `sku` or `variant_id`". */
function alternative(key: string, description = ''): string | undefined {
  const thisOr = /Send this or `(\w+)`/.exec(description);
  const either = /Send either `(\w+)` or `(\w+)`/.exec(description);
  return (
    thisOr?.[1] ??
    [either?.[1], either?.[2]].find((name) => name && name !== key)
  );
}

/** Objects whose fields say "send this or that" without a `oneOf` requiring one or the other. */
export function alternativeProblems(
  document: OpenApiDocument,
  fallbackFile: string,
): string[] {
  return allSchemas(document).flatMap(({where: at, schema}) =>
    Object.entries(schema.properties ?? {}).flatMap(([key, property]) => {
      const other = alternative(key, property.description);
      if (!other) {
        return [];
      }
      const branches = (schema.oneOf ?? []).map(
        (branch) => branch.required ?? [],
      );
      const exclusive =
        branches.some((required) => required.includes(key)) &&
        branches.some((required) => required.includes(other));
      return exclusive
        ? []
        : [
            `${where(property, fallbackFile)}: ${at}: ${key} or ${other} is not a oneOf. Add a oneOf whose branches require one or the other.`,
          ];
    }),
  );
}

/** Schemas other schemas extend with `allOf` (`ListPage`, `Event`): the extending schema closes them. */
function allOfBases(document: OpenApiDocument): string[] {
  return allSchemas(document).flatMap(({schema}) =>
    (schema.allOf ?? []).flatMap((part) =>
      part.$ref ? [part.$ref.split('/').at(-1)!] : [],
    ),
  );
}

/**
 * Object schemas that leave open whether they take other fields: each states
 * `additionalProperties` (`false`, or a schema for an open map such as
 * `attributes`), and each `allOf` closes itself with
 * `unevaluatedProperties: false`. The parts it composes (its `allOf` members
 * and bases, and the branches of a "send this or that" `oneOf`) are closed by
 * the schema that composes them.
 */
export function opennessProblems(
  document: OpenApiDocument,
  fallbackFile: string,
): string[] {
  const bases = allOfBases(document);
  return allSchemas(document).flatMap(({where: at, schema}) => {
    const types = [schema.type ?? []].flat();
    if (schema.$ref || !(types.includes('object') || schema.properties)) {
      return [];
    }
    const located = `${where(schema, fallbackFile)}: ${at}`;
    if (schema.allOf) {
      return schema.unevaluatedProperties === false
        ? []
        : [
            `${located} composes allOf without unevaluatedProperties: false. Close it.`,
          ];
    }
    if (schema.additionalProperties === true) {
      return [
        `${located} takes any field of any type. Give additionalProperties a schema, or false.`,
      ];
    }
    const part =
      /\/(allOf|oneOf)\//.test(at) ||
      bases.some((base) => at === base || at.startsWith(`${base}.`));
    return schema.additionalProperties === undefined && !part
      ? [
          `${located} does not state additionalProperties. State false, or a schema for an open map.`,
        ]
      : [];
  });
}

/** Every shape rule's problems, for one release's document. */
export function shapeProblems(
  document: OpenApiDocument,
  fallbackFile: string,
): string[] {
  return [
    moneyProblems,
    skuProblems,
    pagingProblems,
    envelopeProblems,
    alternativeProblems,
    opennessProblems,
  ].flatMap((rule) => rule(document, fallbackFile));
}
