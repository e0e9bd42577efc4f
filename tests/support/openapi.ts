import path from 'node:path';
import Ajv2020, {type ErrorObject} from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import {schemaExample} from '../../src/plugins/openapi-reference/render';
import {
  allOperations,
  deref,
  loadSpec,
  type JsonValue,
  type LoadedSpec,
  type Schema,
} from '../../src/plugins/openapi-reference/spec';

/** The merged spec, as the site build sees it. */
export const spec: LoadedSpec = loadSpec(
  path.join(__dirname, '..', '..', 'openapi'),
);

const rootId = 'https://api.example.com/schemas';

/** A spec's schemas with `#/components/schemas/X` rewritten to `$defs`, for Ajv. */
function schemaBundle(checked: LoadedSpec): Record<string, unknown> {
  const text = JSON.stringify(checked.document.components.schemas).replaceAll(
    '"#/components/schemas/',
    `"${rootId}#/$defs/`,
  );
  return {$id: rootId, $defs: JSON.parse(text)};
}

function createValidator(checked: LoadedSpec) {
  const ajv = new Ajv2020({strict: true, allErrors: true});
  addFormats(ajv);
  ajv.addVocabulary(['x-lifecycle', 'x-rules']);
  ajv.addSchema(schemaBundle(checked));
  return ajv;
}

/** One Ajv per spec (one per release), with that spec's schemas. */
const validators = new WeakMap<LoadedSpec, Ajv2020>();

/** A schema from a spec, with its local `$ref`s pointing into the bundle. */
function compile(schema: Schema, checked: LoadedSpec) {
  let ajv = validators.get(checked);
  if (!ajv) {
    ajv = createValidator(checked);
    validators.set(checked, ajv);
  }
  const text = JSON.stringify(schema).replaceAll(
    '"#/components/schemas/',
    `"${rootId}#/$defs/`,
  );
  return ajv.compile(JSON.parse(text));
}

const describeError = (error: ErrorObject) =>
  `field "${error.instancePath || '/'}" ${error.message ?? 'is invalid'}${
    error.params && 'allowedValues' in error.params
      ? ` (${(error.params.allowedValues as unknown[]).join(', ')})`
      : ''
  }${error.params && 'additionalProperty' in error.params ? ` (${String(error.params.additionalProperty)})` : ''}`;

/** One example to check, named so a failure says where it is. */
export interface ExampleCase {
  where: string;
  schema: Schema;
  value: JsonValue;
}

/** The errors of one example, each naming where it is and the field at fault. */
export function validateExample(
  {where, schema, value}: ExampleCase,
  checked: LoadedSpec = spec,
): string[] {
  const validate = compile(schema, checked);
  return validate(value)
    ? []
    : (validate.errors ?? []).map(
        (error) => `${where}: ${describeError(error)}`,
      );
}

/** Every `examples` entry of a schema and its nested properties. */
function schemaExampleCases(schema: Schema, where: string): ExampleCase[] {
  const own = (schema.examples ?? []).map((value, index) => ({
    where: `${where} example ${index + 1}`,
    schema,
    value,
  }));
  const nested = Object.entries(schema.properties ?? {}).flatMap(
    ([key, property]) => schemaExampleCases(property, `${where}.${key}`),
  );
  const items = schema.items
    ? schemaExampleCases(schema.items, `${where}[]`)
    : [];
  return [...own, ...nested, ...items];
}

/** Every example of the spec: schema examples, built object examples, parameters, requests and responses (webhook events keep theirs on their schemas). */
export function allExampleCases(checked: LoadedSpec = spec): ExampleCase[] {
  const {document} = checked;
  const cases: ExampleCase[] = [];
  Object.entries(document.components.schemas).forEach(([name, schema]) => {
    cases.push(...schemaExampleCases(schema, `schema ${name}`));
    cases.push({
      where: `schema ${name} (the page's full example)`,
      schema,
      value: schemaExample(checked, schema),
    });
  });
  allOperations(document).forEach(({operation, parameters}) => {
    const id = `operation ${operation.operationId}`;
    parameters.forEach((parameter) => {
      if (parameter.example !== undefined && parameter.schema) {
        cases.push({
          where: `${id}, parameter ${parameter.name}`,
          schema: parameter.schema,
          value: parameter.example,
        });
      }
    });
    const body =
      operation.requestBody && deref(document, operation.requestBody);
    Object.entries(body?.content ?? {}).forEach(([mediaType, media]) => {
      Object.entries(media.examples ?? {}).forEach(([name, example]) => {
        cases.push({
          where: `${id}, request example "${name}" (${mediaType})`,
          schema: media.schema ?? {},
          value: deref(document, example).value ?? null,
        });
      });
    });
    Object.entries(operation.responses).forEach(([status, reference]) => {
      const response = deref(document, reference);
      Object.entries(response.content ?? {}).forEach(([mediaType, media]) => {
        Object.entries(media.examples ?? {}).forEach(([name, example]) => {
          cases.push({
            where: `${id}, response ${status} example "${name}" (${mediaType})`,
            schema: media.schema ?? {},
            value: deref(document, example).value ?? null,
          });
        });
      });
    });
  });
  return cases;
}
