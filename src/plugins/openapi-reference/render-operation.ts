// One operation of the reference: its headings, parameters, request body, response and errors beside its samples.
import type {Heading, RootContent} from 'mdast';
import type {
  ApiResource,
  LoadedSpec,
  OperationEntry,
  Parameter,
  Response,
  Schema,
} from '../../model/openapi-types';
import {deref, refName} from '../../model/refs';
import {firstExample} from '../../model/operations';
import {schemaExample} from '../../model/schema-example';
import type {ReleaseMarks} from './release-marks';
import {codeSamples} from './samples';
import {
  type MarkdownParser,
  text,
  inlineCode,
  paragraph,
  heading,
  code,
  json,
  jsx,
  classedParagraph,
  labelledTable,
  slug,
  columns,
} from './mdast';
import {describe, inline, fieldHead, fieldTable} from './fields';

/** The operation's path, query and header parameters, each with its anchor. */
function parameterTable(
  spec: LoadedSpec,
  parse: MarkdownParser,
  parameters: Parameter[],
  idPrefix: string,
) {
  return jsx(
    'ul',
    {className: 'api-fields'},
    parameters.map((parameter) => {
      const id = `${idPrefix}-${parameter.name.toLowerCase()}`;
      const description = [
        ...(parameter.description ? inline(parse, parameter.description) : []),
        ...(parameter.schema
          ? describeConstraints(parse, parameter.schema)
          : []),
      ];
      return jsx('li', {className: 'api-field', id}, [
        fieldHead(
          spec,
          id,
          parameter.name,
          parameter.schema,
          Boolean(parameter.required),
          parameter.in,
        ),
        ...(description.length > 0
          ? [classedParagraph('api-field__description', description)]
          : []),
      ]);
    }),
  );
}

/** A parameter's enum, range and default (its description is the parameter's own). */
const describeConstraints = (parse: MarkdownParser, schema: Schema) => {
  const parts = describe(parse, {
    ...schema,
    description: undefined,
    readOnly: false,
  });
  return parts.length > 0 ? [text(' '), ...parts] : [];
};

/**
 * The method and path (relative to the base URL, which carries `/v1`), as a
 * heading of their own: the table of contents lists them under the
 * operation, and search finds "POST /orders".
 */
function endpointHeading(entry: OperationEntry): Heading {
  return {
    type: 'heading',
    depth: 3,
    children: [
      {type: 'strong', children: [text(entry.method.toUpperCase())]},
      text(' '),
      inlineCode(entry.path),
    ],
    data: {
      hProperties: {
        className: ['api-endpoint'],
        dataOperationId: entry.operation.operationId,
      },
    },
  };
}

/** The request samples, one per language, behind one language picker. */
function requestSamples(spec: LoadedSpec, entry: OperationEntry) {
  return jsx(
    'ApiSamples',
    {},
    codeSamples(spec.document, entry).map((sample) =>
      code(sample.prism, sample.code, {
        language: sample.language,
        label: sample.label,
      }),
    ),
  );
}

/**
 * The Try it form of an operation (theme/TryIt), closed until the reader
 * opens it. Its release is the page's (the form reads it from the docs
 * version).
 */
function tryIt(entry: OperationEntry) {
  return jsx('ApiTryIt', {
    operationId: entry.operation.operationId,
    summary: entry.operation.summary,
  });
}

/** The heading anchor of an operation: "Create an order" → `create-an-order`. */
const operationAnchor = (entry: OperationEntry) =>
  slug(entry.operation.summary);

function requestSection(
  spec: LoadedSpec,
  parse: MarkdownParser,
  entry: OperationEntry,
  marks?: ReleaseMarks,
) {
  const body =
    entry.operation.requestBody &&
    deref(spec.document, entry.operation.requestBody);
  const schema = body?.content['application/json']?.schema;
  if (!schema) {
    return [];
  }
  const name = schema.$ref
    ? refName(schema.$ref)
    : `${entry.operation.operationId}Body`;
  return [
    heading(4, 'Request body'),
    fieldTable(
      spec,
      parse,
      name,
      schema,
      `${operationAnchor(entry)}-body`,
      marks,
    ),
  ];
}

/** The success response: its status and fields, and (for the aside) its example. */
function responseSection(
  spec: LoadedSpec,
  parse: MarkdownParser,
  resource: ApiResource,
  entry: OperationEntry,
  marks?: ReleaseMarks,
): {main: RootContent[]; example: RootContent[]} {
  const [status, reference] = Object.entries(entry.operation.responses).find(
    ([code]) => code.startsWith('2'),
  )!;
  const response = deref(spec.document, reference);
  const [mediaType, media] = Object.entries(response.content ?? {})[0] ?? [];
  const example = firstExample(spec.document, media);
  const schema = media?.schema;
  const named = schema?.$ref ? refName(schema.$ref) : undefined;
  const ownTable =
    named && named !== resource.objectSchema && resource.schemas.includes(named)
      ? [
          fieldTable(
            spec,
            parse,
            named,
            schema!,
            `${operationAnchor(entry)}-response`,
            marks,
          ),
        ]
      : [];
  let exampleBlock: RootContent[] = [];
  // A response without examples of its own shows its object's example.
  const value =
    example?.example.value ??
    (schema?.$ref ? schemaExample(spec, schema) : undefined);
  if (value !== undefined) {
    exampleBlock = [
      heading(4, 'Example response'),
      mediaType === 'application/json'
        ? json(value)
        : code(mediaType === 'text/csv' ? 'csv' : 'text', String(value)),
    ];
  }
  return {
    main: [
      heading(4, 'Response'),
      paragraph(
        inlineCode(status),
        text(' '),
        ...inline(parse, response.description),
      ),
      ...ownTable,
    ],
    example: exampleBlock,
  };
}

/** A response header as the document declares it. */
interface ResponseHeader {
  $ref?: string;
  description?: string;
  schema?: Schema;
  required?: boolean;
}

/** The statuses as a phrase: "`429` and `503`". */
const statusList = (statuses: string[]) =>
  statuses.flatMap((status, index) => [
    ...(index === 0
      ? []
      : [text(index === statuses.length - 1 ? ' and ' : ', ')]),
    inlineCode(status),
  ]);

/**
 * Every header the operation's responses declare (the shared ones the
 * loader adds, `Request-Id` and the rate-limit headers, and any a response
 * declares itself), each once, in the order of the responses by status,
 * with the statuses that carry it when not every response does, and its
 * release mark on the latest release's pages.
 */
function headersSection(
  spec: LoadedSpec,
  parse: MarkdownParser,
  entry: OperationEntry,
  marks?: ReleaseMarks,
) {
  const responses = Object.entries(entry.operation.responses).sort(
    ([a], [b]) => Number(a) - Number(b),
  );
  const headers = new Map<
    string,
    {header: ResponseHeader; statuses: string[]}
  >();
  for (const [status, reference] of responses) {
    const response = deref(spec.document, reference);
    for (const [name, value] of Object.entries(response.headers ?? {})) {
      const carried = headers.get(name) ?? {
        header: deref(spec.document, value as ResponseHeader),
        statuses: [],
      };
      carried.statuses.push(status);
      headers.set(name, carried);
    }
  }
  if (headers.size === 0) {
    return [];
  }
  const anchor = `${operationAnchor(entry)}-response-header`;
  return [
    heading(4, 'Response headers'),
    jsx(
      'ul',
      {className: 'api-fields'},
      [...headers].map(([name, {header, statuses}]) => {
        const id = `${anchor}-${name.toLowerCase()}`;
        const description = [
          ...(statuses.length < responses.length
            ? [text('On '), ...statusList(statuses), text(' only. ')]
            : []),
          ...(header.description ? inline(parse, header.description) : []),
        ];
        return jsx('li', {className: 'api-header', id}, [
          fieldHead(
            spec,
            id,
            name,
            header.schema,
            false,
            undefined,
            marks?.header(entry.operation.operationId, name),
          ),
          ...(description.length > 0
            ? [classedParagraph('api-field__description', description)]
            : []),
        ]);
      }),
    ),
  ];
}

function errorsSection(
  spec: LoadedSpec,
  parse: MarkdownParser,
  entry: OperationEntry,
) {
  // By status: an overlay adds a release's own statuses after the others.
  const errors = Object.entries(entry.operation.responses)
    .filter(([code]) => Number(code) >= 400)
    .sort(([a], [b]) => Number(a) - Number(b));
  if (errors.length === 0) {
    return [];
  }
  return [
    heading(4, 'Errors'),
    labelledTable(
      `Errors: ${entry.operation.summary}`,
      ['Status', 'Problem', 'When', 'Codes'],
      errors.map(([status, reference]) => {
        const response = deref(spec.document, reference);
        const media = response.content?.['application/problem+json'];
        const value = firstExample(spec.document, media)?.example.value as
          {title?: string} | undefined;
        // The codes the response lists (x-codes), else those its examples show.
        const codes = response['x-codes'] ?? [
          ...new Set(
            Object.values(media?.examples ?? {}).flatMap(
              (example) =>
                (
                  deref(spec.document, example).value as
                    {errors?: {code: string}[]} | undefined
                )?.errors?.map(({code}) => code) ?? [],
            ),
          ),
        ];
        return [
          [inlineCode(status)],
          [text(value?.title ?? '')],
          inline(parse, response.description),
          codes.flatMap((code, index) => [
            ...(index > 0 ? [text(', ')] : []),
            inlineCode(code),
          ]),
        ];
      }),
    ),
    ...problemExamples(spec, errors),
  ];
}

/** The statuses whose examples are the operation's own causes; the others are the same on every operation. */
const ownCauseStatuses = ['400', '409', '422'];

/**
 * The example problem documents of the operation's own causes (`400`,
 * `409`, `422`), one toggle per status, each example under its summary and
 * its codes, as the Error codes page promises.
 */
function problemExamples(
  spec: LoadedSpec,
  errors: [string, Response][],
): RootContent[] {
  return errors
    .filter(([status]) => ownCauseStatuses.includes(status))
    .flatMap(([status, reference]) => {
      const media = deref(spec.document, reference).content?.[
        'application/problem+json'
      ];
      const examples = Object.values(media?.examples ?? {}).map((example) =>
        deref(spec.document, example),
      );
      if (examples.length === 0) {
        return [];
      }
      const label = `Example ${status} problems (${examples.length})`;
      return [
        jsx(
          'ApiProblemExamples',
          {label},
          examples.flatMap((example) => {
            const value = example.value as
              {errors?: {code: string}[]} | undefined;
            const codes = (value?.errors ?? []).map(({code}) => code);
            return [
              classedParagraph('api-problems__summary', [
                text(example.summary ?? ''),
                ...codes.flatMap((code) => [text(' '), inlineCode(code)]),
              ]),
              json(example.value as Parameters<typeof json>[0]),
            ];
          }),
        ),
      ];
    });
}

/** One operation: a section whose fields sit beside its samples. */
export function renderOperation(
  spec: LoadedSpec,
  parse: MarkdownParser,
  resource: ApiResource,
  entry: OperationEntry,
  marks?: ReleaseMarks,
): RootContent[] {
  const {operation, parameters} = entry;
  const response = responseSection(spec, parse, resource, entry, marks);
  const note = marks?.endpoint(operation.operationId);
  return [
    // The endpoint heading follows the summary directly, outside the
    // columns: search indexes the text under each heading up to the next
    // sibling heading, so the summary's section stays short.
    jsx('section', {className: 'api-operation'}, [
      heading(2, operation.summary),
      endpointHeading(entry),
      ...(note ? [note] : []),
      columns(
        [
          ...(operation.description ? parse(operation.description) : []),
          ...(parameters.length > 0
            ? [
                heading(4, 'Parameters'),
                parameterTable(spec, parse, parameters, operationAnchor(entry)),
              ]
            : []),
          ...requestSection(spec, parse, entry, marks),
          ...response.main,
          ...headersSection(spec, parse, entry, marks),
          ...errorsSection(spec, parse, entry),
        ],
        [
          heading(4, 'Example request'),
          requestSamples(spec, entry),
          tryIt(entry),
          ...response.example,
        ],
      ),
    ]),
  ];
}
