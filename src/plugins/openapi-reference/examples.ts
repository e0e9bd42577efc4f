import Ajv2020, {type ErrorObject, type ValidateFunction} from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import {AuthoringError} from '../../model/authoringError';
import {ajvMessage} from '../../model/ajv-message';
import {apiOrigin, specFolder} from './latest-document';
import {schemaExample} from '../../model/schema-example';
import {allOperations} from '../../model/operations';
import {deref} from '../../model/refs';
import {where} from '../../model/yaml';
import {
  type JsonValue,
  type LoadedSpec,
  type MediaType,
  type Schema,
} from '../../model/openapi-types';

/**
 * Every example of a release's document, validated against its schema with
 * Ajv (JSON Schema 2020-12, as OpenAPI 3.1 uses): schema examples, the
 * object examples the pages build, parameters, requests and responses. The
 * build stops on the first release with a broken example, naming the file
 * and line the example was written at.
 */

/** The schemas' base URI for Ajv, on the API's own origin. */
const rootId = `${apiOrigin}/schemas`;

/** How an example built from the written ones is named. */
const builtSuffix = " (the page's full example)";

/** A spec's schemas with `#/components/schemas/X` rewritten to `$defs`, for Ajv, as text. */
const schemaBundle = (checked: LoadedSpec) =>
  JSON.stringify({
    $id: rootId,
    $defs: checked.document.components.schemas,
  }).replaceAll('"#/components/schemas/', `"${rootId}#/$defs/`);

interface Validator {
  ajv: Ajv2020;
  compiled: Map<string, ValidateFunction>;
}

/**
 * An Ajv per set of schemas, with what it compiled, kept across loads of
 * the model: an edit that leaves the schemas as they were (a summary, an
 * example) reuses every compiled schema, so the development server shows
 * it sooner. One set per release is kept.
 */
const validators = new Map<string, Validator>();
const keptSchemaSets = 4;

/** The validator each loaded document uses, found once per document. */
const validatorOfSpec = new WeakMap<LoadedSpec, Validator>();

function validatorFor(checked: LoadedSpec): Validator {
  const known = validatorOfSpec.get(checked);
  if (known) {
    return known;
  }
  const bundle = schemaBundle(checked);
  let validator = validators.get(bundle);
  if (!validator) {
    const ajv = new Ajv2020({strict: true, allErrors: true});
    addFormats(ajv);
    ajv.addVocabulary(['x-lifecycle', 'x-rules']);
    ajv.addSchema(JSON.parse(bundle));
    validator = {ajv, compiled: new Map()};
    validators.set(bundle, validator);
    if (validators.size > keptSchemaSets) {
      validators.delete(validators.keys().next().value!);
    }
  }
  validatorOfSpec.set(checked, validator);
  return validator;
}

/**
 * A schema from a spec, with its local `$ref`s pointing into the bundle,
 * compiled once per set of schemas: most examples share their schema's text.
 * A schema Ajv refuses (an unknown keyword, a format it does not know, a
 * keyword without its type) stops the build at the schema's file and line.
 */
function compile(schema: Schema, checked: LoadedSpec): ValidateFunction {
  const text = JSON.stringify(schema).replaceAll(
    '"#/components/schemas/',
    `"${rootId}#/$defs/`,
  );
  try {
    const validator = validatorFor(checked);
    let validate = validator.compiled.get(text);
    if (!validate) {
      validate = validator.ajv.compile(JSON.parse(text));
      validator.compiled.set(text, validate);
    }
    return validate;
  } catch (error) {
    if (error instanceof AuthoringError) {
      throw error;
    }
    throw schemaError(error as Error, schema, checked);
  }
}

/** Keys whose values are data, not schemas: a schema search skips them. */
const valueKeys = new Set(['examples', 'example', 'enum', 'const', 'default']);

/**
 * The first schema object, from `schema` and through the `$ref`s it
 * follows into the document's schemas, that `matches`.
 */
function findSchema(
  schema: unknown,
  checked: LoadedSpec,
  matches: (node: Record<string, unknown>) => boolean,
  seen = new Set<unknown>(),
): object | undefined {
  if (schema === null || typeof schema !== 'object' || seen.has(schema)) {
    return undefined;
  }
  seen.add(schema);
  const node = schema as Record<string, unknown>;
  if (!Array.isArray(node) && matches(node)) {
    return node;
  }
  // The loader has already refused a `$ref` that points at nothing.
  const referenced =
    typeof node.$ref === 'string'
      ? deref(checked.document, node as Schema)
      : undefined;
  const children = [
    ...(referenced && referenced !== node ? [referenced] : []),
    ...Object.entries(node)
      .filter(([key]) => !valueKeys.has(key) && !key.startsWith('x-'))
      .map(([, value]) => value),
  ];
  for (const child of children) {
    const found = findSchema(child, checked, matches, seen);
    if (found) {
      return found;
    }
  }
  return undefined;
}

/** The value a JSON pointer (`/properties/sku`) names inside a root. */
function atPointer(root: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .filter(Boolean)
    .map((token) =>
      decodeURIComponent(token).replaceAll('~1', '/').replaceAll('~0', '~'),
    )
    .reduce<unknown>(
      (node, token) =>
        node !== null && typeof node === 'object'
          ? (node as Record<string, unknown>)[token]
          : undefined,
      root,
    );
}

/**
 * Where in the spec Ajv's refusal points: the schema holding an unknown
 * keyword, the node at the path its message gives (a bundle path
 * `#/$defs/Order/…` or `data/$defs/Order/…` names a schema of the
 * document), or else the compiled schema.
 */
function culprit(error: Error, schema: Schema, checked: LoadedSpec): object {
  const {schemas} = checked.document.components;
  const keyword = /unknown keyword: "([^"]+)"/.exec(error.message)?.[1];
  const pointer = /(?:#|data)(\/[^"\s]*)/.exec(error.message)?.[1];
  const found = keyword
    ? findSchema(schema, checked, (node) => keyword in node)
    : pointer?.startsWith('/$defs/')
      ? atPointer(schemas, pointer.slice('/$defs'.length))
      : pointer
        ? atPointer(schema, pointer)
        : undefined;
  return found !== null && typeof found === 'object' ? found : schema;
}

/** Ajv's refusal of a schema, as one authoring error at the schema's line. */
function schemaError(
  error: Error,
  schema: Schema,
  checked: LoadedSpec,
): AuthoringError {
  const at = where(culprit(error, schema, checked), where(schema, specFolder));
  return new AuthoringError('A schema of the spec does not compile', [
    `${at}: Ajv (JSON Schema 2020-12, strict) refuses the schema: ${error.message.replaceAll(rootId, '')}. Correct the schema: use only JSON Schema 2020-12 keywords (and x-lifecycle, x-rules) and formats Ajv knows.`,
  ]);
}

/** An Ajv error as a sentence about the field at fault. */
const describeError = (error: ErrorObject) =>
  `field "${error.instancePath || '/'}" ${ajvMessage(error)}`;

/** One example to check, named so a failure says where it is. */
export interface ExampleCase {
  where: string;
  schema: Schema;
  value: JsonValue;
  /** The object the example was written in, to find its file and line. */
  writtenIn: object;
}

/** The errors of one example, each naming the example and the field at fault. */
export function validateExample(
  {where: name, schema, value}: Omit<ExampleCase, 'writtenIn'>,
  checked: LoadedSpec,
): string[] {
  const validate = compile(schema, checked);
  return validate(value)
    ? []
    : (validate.errors ?? []).map(
        (error) => `${name}: ${describeError(error)}`,
      );
}

/** Every `examples` entry of a schema and its nested properties. */
function schemaExampleCases(schema: Schema, name: string): ExampleCase[] {
  const own = (schema.examples ?? []).map((value, index) => ({
    where: `${name} example ${index + 1}`,
    schema,
    value,
    writtenIn:
      value !== null && typeof value === 'object' ? value : schema.examples!,
  }));
  const nested = Object.entries(schema.properties ?? {}).flatMap(
    ([key, property]) => schemaExampleCases(property, `${name}.${key}`),
  );
  const items = schema.items
    ? schemaExampleCases(schema.items, `${name}[]`)
    : [];
  return [...own, ...nested, ...items];
}

/**
 * The named examples of a request or response body. A body with examples
 * and no schema has nothing to check them against: that is a mistake too.
 */
function mediaExampleCases(
  checked: LoadedSpec,
  media: MediaType,
  name: string,
): ExampleCase[] {
  const examples = Object.entries(media.examples ?? {});
  if (examples.length > 0 && !media.schema) {
    throw new AuthoringError('An example has no schema', [
      `${where(media, specFolder)}: ${name} has examples but no schema to check them against. Give the body its schema.`,
    ]);
  }
  return examples.map(([exampleName, example]) => ({
    where: `${name} example "${exampleName}"`,
    schema: media.schema!,
    value: deref(checked.document, example).value ?? null,
    writtenIn: example,
  }));
}

/** Every example of the spec: schema examples, built object examples, parameters, requests and responses (webhook events keep theirs on their schemas). */
export function allExampleCases(checked: LoadedSpec): ExampleCase[] {
  const {document} = checked;
  const cases: ExampleCase[] = [];
  Object.entries(document.components.schemas).forEach(([name, schema]) => {
    cases.push(...schemaExampleCases(schema, `schema ${name}`));
    cases.push({
      where: `schema ${name}${builtSuffix}`,
      schema,
      value: schemaExample(checked, schema),
      writtenIn: schema,
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
          writtenIn: parameter,
        });
      }
    });
    const body =
      operation.requestBody && deref(document, operation.requestBody);
    Object.entries(body?.content ?? {}).forEach(([mediaType, media]) => {
      cases.push(
        ...mediaExampleCases(checked, media, `${id}, request (${mediaType})`),
      );
    });
    Object.entries(operation.responses).forEach(([status, reference]) => {
      const response = deref(document, reference);
      Object.entries(response.content ?? {}).forEach(([mediaType, media]) => {
        cases.push(
          ...mediaExampleCases(
            checked,
            media,
            `${id}, response ${status} (${mediaType})`,
          ),
        );
      });
    });
  });
  return cases;
}

/** Whether an example is one the page builds from the written ones. */
export const isBuilt = (example: ExampleCase) =>
  example.where.endsWith(builtSuffix);

/**
 * Every example that breaks its schema, one message each, at its file and
 * line. The examples a page builds from written ones are reported only when
 * every written one is valid: a broken written example would break them
 * too, and one mistake gets one message.
 */
export function exampleProblems(
  checked: LoadedSpec,
  fallbackFile: string,
): string[] {
  const problemsOf = (examples: ExampleCase[]) =>
    examples.flatMap((example) => {
      const errors = validateExample(example, checked);
      return errors.length === 0
        ? []
        : [
            `${where(example.writtenIn, fallbackFile)}: ${errors.join('; ')}. Correct the example, or the schema if the example is right.`,
          ];
    });
  const examples = allExampleCases(checked);
  const written = problemsOf(examples.filter((example) => !isBuilt(example)));
  return written.length > 0 ? written : problemsOf(examples.filter(isBuilt));
}
