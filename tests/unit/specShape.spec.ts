// The build's check of the shapes a generated client relies on being the
// same everywhere in the spec (src/plugins/openapi-reference/rules/shapes.ts):
// one Money shape, one SKU rule, one paging parameter per list, a named page
// schema for every list, `oneOf` for "send this or that" and
// `additionalProperties` stated on every object. The latest document
// passes, and each mistake planted in a copy is named.
import {expect, test} from '@playwright/test';
import {spec} from '../support/openapi';
import {allOperations} from '../../src/model/operations';
import {mergedSchema} from '../../src/model/refs';
import {
  alternativeProblems,
  envelopeProblems,
  moneyProblems,
  opennessProblems,
  pagingProblems,
  shapeProblems,
  skuProblems,
} from '../../src/plugins/openapi-reference/rules/shapes';

const {document} = spec;
/** A copy has no recorded lines: its messages name this file. */
const fallback = 'openapi/openapi.yaml';

test('the latest document keeps every shape', () => {
  const problems = shapeProblems(document, fallback);
  expect(problems, problems.join('\n')).toEqual([]);
  const lists = allOperations(document).filter(
    ({operation}) => operation['x-filter'],
  );
  expect(lists).toHaveLength(24);
});

test('a doctored bare amount or inline money object is caught', () => {
  const doctored = structuredClone(document);
  const priceChange = doctored.components.schemas.PriceChange!;
  priceChange.properties!.previous_amount = {type: ['integer', 'null']};
  doctored.components.schemas.Sale!.properties!.unit_price = structuredClone(
    document.components.schemas.Money!,
  );
  doctored.components.schemas.Price!.properties!.amount = {type: 'number'};
  expect(moneyProblems(doctored, fallback)).toEqual([
    `${fallback}: Price.amount is not an integer like Money's amount.`,
    `${fallback}: PriceChange.previous_amount is a bare amount; use a Money object ($ref Money).`,
    `${fallback}: Sale.unit_price is an inline money shape; use $ref Money.`,
    `${fallback}: Sale.unit_price.amount is a bare amount; use a Money object ($ref Money).`,
  ]);
});

test('a doctored SKU length is caught', () => {
  const doctored = structuredClone(document);
  doctored.components.schemas.SaleCreate!.properties!.sku!.maxLength = 100;
  expect(skuProblems(doctored, fallback)).toEqual([
    `${fallback}: SaleCreate.sku is [1,100,"^[A-Za-z0-9][A-Za-z0-9._/-]*$"], not Variant.sku's [1,64,"^[A-Za-z0-9][A-Za-z0-9._/-]*$"]. Give it the variant's minLength, maxLength and pattern.`,
  ]);
});

test('the change feed pages with after only, every other list with cursor', () => {
  const doctored = structuredClone(document);
  doctored.paths['/changes']!.get!.parameters!.push(
    document.components.parameters.Cursor!,
  );
  expect(pagingProblems(doctored, fallback)).toEqual([
    `${fallback}: listChanges takes cursor; only the change feed pages with after, every other list with cursor.`,
  ]);
});

test('every list answers a named page built on ListPage', () => {
  const doctored = structuredClone(document);
  doctored.paths['/orders']!.get!.responses['200']!.content![
    'application/json'
  ]!.schema = structuredClone(
    mergedSchema(document, document.components.schemas.OrderList!),
  );
  delete doctored.components.schemas.PriceList!.unevaluatedProperties;
  expect(envelopeProblems(doctored, fallback)).toEqual([
    `${fallback}: listOrders answers an anonymous page, not a named …List schema. Name its page, such as OrderList, built on ListPage.`,
    `${fallback}: #/components/schemas/PriceList allows fields it does not name; state unevaluatedProperties: false.`,
  ]);
});

test('"send this or that" fields are a oneOf', () => {
  const doctored = structuredClone(document);
  delete doctored.components.schemas.SaleCreate!.oneOf;
  expect(alternativeProblems(doctored, fallback)).toEqual([
    `${fallback}: SaleCreate: variant_id or sku is not a oneOf. Add a oneOf whose branches require one or the other.`,
    `${fallback}: SaleCreate: sku or variant_id is not a oneOf. Add a oneOf whose branches require one or the other.`,
  ]);
});

test('every object schema states whether it takes other fields', () => {
  const doctored = structuredClone(document);
  delete doctored.components.schemas.Address!.additionalProperties;
  doctored.components.schemas.Product!.properties!.attributes!.additionalProperties = true;
  delete doctored.components.schemas.OrderList!.unevaluatedProperties;
  expect(opennessProblems(doctored, fallback)).toEqual([
    `${fallback}: Address does not state additionalProperties. State false, or a schema for an open map.`,
    `${fallback}: OrderList composes allOf without unevaluatedProperties: false. Close it.`,
    `${fallback}: Product.attributes takes any field of any type. Give additionalProperties a schema, or false.`,
  ]);
});
