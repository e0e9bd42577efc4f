// Checks the shapes a generated client relies on being the same everywhere
// in the spec: one Money shape, one SKU rule, one paging parameter per list
// and a named page schema for every list.
import {expect, test} from '@playwright/test';
import {spec} from '../support/openapi';
import {allOperations, webhookEvents} from '../../src/model/operations';
import {deref, mergedSchema} from '../../src/model/refs';
import {type OpenApiDocument, type Schema} from '../../src/model/openapi-types';

/** One schema of the spec, named by where it is. */
interface SchemaNode {
  where: string;
  schema: Schema;
}

/** A schema and every schema nested in it, without following `$ref`s. */
function nestedSchemas(schema: Schema, where: string): SchemaNode[] {
  const children: SchemaNode[] = [
    ...Object.entries(schema.properties ?? {}).map(([key, child]) => ({
      where: `${where}.${key}`,
      schema: child,
    })),
    ...(schema.items ? [{where: `${where}[]`, schema: schema.items}] : []),
    ...(typeof schema.additionalProperties === 'object'
      ? [{where: `${where}{}`, schema: schema.additionalProperties}]
      : []),
    ...(['oneOf', 'anyOf', 'allOf'] as const).flatMap((keyword) =>
      (schema[keyword] ?? []).map((child, index) => ({
        where: `${where}/${keyword}/${index}`,
        schema: child,
      })),
    ),
  ];
  return [
    {where, schema},
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
  return roots.flatMap(({where, schema}) => nestedSchemas(schema, where));
}

/**
 * A price is the one object with Money's two fields at its top level (see
 * PRODUCT-DECISIONS.md); its create and update bodies follow it.
 */
const flatMoneySchemas = ['Price', 'PriceCreate', 'PriceUpdate'];

/** Where money is not a `Money` object, or a price's fields differ from Money's. */
function moneyProblems(document: OpenApiDocument): string[] {
  const money = document.components.schemas.Money!.properties!;
  return allSchemas(document).flatMap(({where, schema}) =>
    Object.entries(schema.properties ?? {}).flatMap(([key, property]) => {
      const at = `${where}.${key}`;
      if (
        key.endsWith('_amount') ||
        (key === 'amount' &&
          where !== 'Money' &&
          !flatMoneySchemas.includes(where))
      ) {
        return [`${at} is a bare amount; use a Money object`];
      }
      if (
        where !== 'Money' &&
        !property.$ref &&
        property.properties?.amount &&
        property.properties.currency
      ) {
        return [`${at} is an inline money shape; use $ref Money`];
      }
      if (key === 'amount' && property.type !== money.amount!.type) {
        return [`${at} is not an integer like Money's`];
      }
      if (key === 'currency' && property.pattern !== money.currency!.pattern) {
        return [`${at} is not an ISO 4217 code like Money's`];
      }
      return [];
    }),
  );
}

/** The constraints that make a SKU a SKU, as the variant states them. */
const skuRule = (schema: Schema) =>
  JSON.stringify([schema.minLength, schema.maxLength, schema.pattern]);

/** Every SKU field or parameter whose length or characters differ from the variant's `sku`. */
function skuProblems(document: OpenApiDocument): string[] {
  const rule = skuRule(document.components.schemas.Variant!.properties!.sku!);
  // A "send this or that" `oneOf` branch only names `sku` as required; the
  // object's own `sku` property carries the rule.
  const fields = allSchemas(document)
    .filter(({where}) => !where.includes('/oneOf/'))
    .flatMap(({where, schema}) =>
      Object.entries(schema.properties ?? {})
        .filter(([key]) => key === 'sku')
        .map(([key, property]) => ({
          where: `${where}.${key}`,
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
    .map(({where, schema}) => `${where} is ${skuRule(schema)}, not ${rule}`);
}

const {document} = spec;

test("money has one shape: a Money object, or a price's own amount and currency", () => {
  const problems = moneyProblems(document);
  expect(problems, problems.join('\n')).toEqual([]);
});

test('a doctored bare amount or inline money object is caught', () => {
  const doctored = structuredClone(document);
  const priceChange = doctored.components.schemas.PriceChange!;
  priceChange.properties!.previous_amount = {type: ['integer', 'null']};
  doctored.components.schemas.Sale!.properties!.unit_price = structuredClone(
    document.components.schemas.Money!,
  );
  doctored.components.schemas.Price!.properties!.amount = {type: 'number'};
  expect(moneyProblems(doctored)).toEqual([
    "Price.amount is not an integer like Money's",
    'PriceChange.previous_amount is a bare amount; use a Money object',
    'Sale.unit_price is an inline money shape; use $ref Money',
    'Sale.unit_price.amount is a bare amount; use a Money object',
  ]);
});

test('every SKU has the variant’s length and characters', () => {
  const problems = skuProblems(document);
  expect(problems, problems.join('\n')).toEqual([]);
});

test('a doctored SKU length is caught', () => {
  const doctored = structuredClone(document);
  doctored.components.schemas.SaleCreate!.properties!.sku!.maxLength = 100;
  expect(skuProblems(doctored)).toEqual([
    `SaleCreate.sku is [1,100,"^[A-Za-z0-9][A-Za-z0-9._/-]*$"], not [1,64,"^[A-Za-z0-9][A-Za-z0-9._/-]*$"]`,
  ]);
});

/** Lists whose paging parameter is not the one they should take: `after` on the change feed, `cursor` elsewhere. */
function pagingProblems(document: OpenApiDocument): string[] {
  return allOperations(document)
    .filter(({operation}) => operation['x-filter'])
    .flatMap(({operation, parameters}) => {
      const names = parameters.map((parameter) => parameter.name);
      const wanted =
        operation.operationId === 'listChanges' ? 'after' : 'cursor';
      const unwanted = wanted === 'after' ? 'cursor' : 'after';
      return [
        ...(names.includes(wanted)
          ? []
          : [`${operation.operationId} has no ${wanted}`]),
        ...(names.includes(unwanted)
          ? [`${operation.operationId} takes ${unwanted}`]
          : []),
      ];
    });
}

test('the change feed pages with after only, every other list with cursor', () => {
  const problems = pagingProblems(document);
  expect(problems, problems.join('\n')).toEqual([]);
  const doctored = structuredClone(document);
  doctored.paths['/changes']!.get!.parameters!.push(
    document.components.parameters.Cursor!,
  );
  expect(pagingProblems(doctored)).toEqual(['listChanges takes cursor']);
});

/** Lists whose page is not a named schema built on `ListPage`, closed, with its objects in `data`. */
function envelopeProblems(document: OpenApiDocument): string[] {
  return allOperations(document)
    .filter(({operation}) => operation['x-filter'])
    .flatMap(({operation}) => {
      const id = operation.operationId;
      const response = deref(document, operation.responses['200']!);
      const ref = response.content?.['application/json']?.schema?.$ref;
      if (!ref?.endsWith('List')) {
        return [`${id} answers an anonymous page, not a named …List schema`];
      }
      const page = deref<Schema>(document, {$ref: ref});
      const [base, own] = page.allOf ?? [];
      return [
        ...(base?.$ref === '#/components/schemas/ListPage'
          ? []
          : [`${ref} is not built on ListPage`]),
        ...(own?.properties?.data?.type === 'array' &&
        own.properties.data.items &&
        own.required?.includes('data')
          ? []
          : [`${ref} has no required data array`]),
        ...(page.unevaluatedProperties === false
          ? []
          : [`${ref} allows fields it does not name`]),
      ];
    });
}

test('every list answers a named page built on ListPage', () => {
  const problems = envelopeProblems(document);
  expect(problems, problems.join('\n')).toEqual([]);
  const lists = allOperations(document).filter(
    ({operation}) => operation['x-filter'],
  );
  expect(lists).toHaveLength(24);
  const doctored = structuredClone(document);
  doctored.paths['/orders']!.get!.responses['200']!.content![
    'application/json'
  ]!.schema = structuredClone(
    mergedSchema(document, document.components.schemas.OrderList!),
  );
  delete doctored.components.schemas.PriceList!.unevaluatedProperties;
  expect(envelopeProblems(doctored)).toEqual([
    'listOrders answers an anonymous page, not a named …List schema',
    '#/components/schemas/PriceList allows fields it does not name',
  ]);
});

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
function alternativeProblems(document: OpenApiDocument): string[] {
  return allSchemas(document).flatMap(({where, schema}) =>
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
      return exclusive ? [] : [`${where}: ${key} or ${other} is not a oneOf`];
    }),
  );
}

test('"send this or that" fields are a oneOf', () => {
  const problems = alternativeProblems(document);
  expect(problems, problems.join('\n')).toEqual([]);
  const doctored = structuredClone(document);
  delete doctored.components.schemas.SaleCreate!.oneOf;
  expect(alternativeProblems(doctored)).toEqual([
    'SaleCreate: variant_id or sku is not a oneOf',
    'SaleCreate: sku or variant_id is not a oneOf',
  ]);
});

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
function opennessProblems(document: OpenApiDocument): string[] {
  const bases = allOfBases(document);
  return allSchemas(document).flatMap(({where, schema}) => {
    const types = [schema.type ?? []].flat();
    if (schema.$ref || !(types.includes('object') || schema.properties)) {
      return [];
    }
    if (schema.allOf) {
      return schema.unevaluatedProperties === false
        ? []
        : [`${where} composes allOf without unevaluatedProperties: false`];
    }
    if (schema.additionalProperties === true) {
      return [`${where} takes any field of any type`];
    }
    const part =
      /\/(allOf|oneOf)\//.test(where) ||
      bases.some((base) => where === base || where.startsWith(`${base}.`));
    return schema.additionalProperties === undefined && !part
      ? [`${where} does not state additionalProperties`]
      : [];
  });
}

test('every object schema states whether it takes other fields', () => {
  const problems = opennessProblems(document);
  expect(problems, problems.join('\n')).toEqual([]);
  const doctored = structuredClone(document);
  delete doctored.components.schemas.Address!.additionalProperties;
  doctored.components.schemas.Product!.properties!.attributes!.additionalProperties = true;
  delete doctored.components.schemas.OrderList!.unevaluatedProperties;
  expect(opennessProblems(doctored)).toEqual([
    'Address does not state additionalProperties',
    'OrderList composes allOf without unevaluatedProperties: false',
    'Product.attributes takes any field of any type',
  ]);
});
