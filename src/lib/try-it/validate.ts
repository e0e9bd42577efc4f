// A request checked against its operation as the reader types: openapi-backend's validators, compiled at build time, and the checks the build adds.
import {ajvMessage, type AjvError} from '../../model/ajv-message';
import type {FieldProblem, TryOperation, TryRequest} from './types';

/** A validator as Ajv's standalone code exports it. */
export type StandaloneValidator = ((data: unknown) => boolean) & {
  errors?: AjvError[] | null;
};

/** An operation's validators, from its generated module (openapi-reference/try-it.ts). */
export interface TryValidators {
  validateParameters: StandaloneValidator;
  validateBody?: StandaloneValidator;
}

/**
 * What a generated module's validators call in place of `require` for
 * Ajv's run-time helpers (validator-runtime.ts provides them).
 */
export type ValidatorRuntime = (name: string) => unknown;

/**
 * An operation's generated module (openapi-reference/try-it.ts, written as
 * `<release>/<operationId>.mjs` and served as a file of the build): the
 * operation, and its validators, made when given their runtime.
 */
export interface TryModule {
  operation: TryOperation;
  validators: (runtime: ValidatorRuntime) => TryValidators;
}

/** The header that chooses the release; the build declares it on every operation. */
export const releaseHeader = 'Hub-Version';
const authorization = 'Authorization';

const places = {path: 'path', query: 'query', header: 'header'} as const;

/**
 * An error of openapi-backend's validators (whose data is
 * `{path, query, header}` for the parameters and `{requestBody}` for the
 * body) as a problem at its form field.
 */
export function fieldProblem(error: AjvError): FieldProblem {
  const [, part, name, ...rest] = error.instancePath.split('/');
  const message = ajvMessage(error);
  if (part === 'requestBody') {
    return {
      place: 'body',
      field: [name, ...rest].filter((step) => step !== undefined).join('/')
        ? `/${[name, ...rest].join('/')}`
        : '',
      keyword: error.keyword,
      message,
    };
  }
  const place =
    part === undefined ? undefined : places[part as keyof typeof places];
  if (part === undefined || part === '' || !place) {
    return error.params &&
      'missingProperty' in error.params &&
      error.params.missingProperty === 'requestBody'
      ? {place: 'body', field: '', keyword: 'required', message: 'is required'}
      : {keyword: error.keyword, message};
  }
  if (name === undefined) {
    const missing =
      error.keyword === 'required'
        ? String(error.params.missingProperty)
        : error.keyword === 'additionalProperties'
          ? String(error.params.additionalProperty)
          : undefined;
    return {
      place,
      ...(missing === undefined ? {} : {field: missing}),
      keyword: error.keyword,
      message:
        error.keyword === 'required'
          ? 'is required but not sent'
          : error.keyword === 'additionalProperties'
            ? `is no ${place === 'header' ? 'header' : `${place} parameter`} of this operation`
            : message,
    };
  }
  return {
    place,
    field: name,
    keyword: error.keyword,
    message: rest.length === 0 ? message : `/${rest.join('/')} ${message}`,
  };
}

/** The values of a path's parameters, by the operation's path template. */
export function pathValues(
  template: string,
  path: string,
): Record<string, string> | undefined {
  const names = template.split('/');
  const values = path.split('/');
  if (names.length !== values.length) {
    return undefined;
  }
  const found: Record<string, string> = {};
  for (const [index, segment] of names.entries()) {
    const name = /^\{(\w+)\}$/.exec(segment)?.[1];
    if (name) {
      found[name] = decodeURIComponent(values[index]!);
    } else if (segment !== values[index]) {
      return undefined;
    }
  }
  return found;
}

const headerOf = (request: TryRequest, name: string) =>
  request.headers.find(
    ([candidate]) => candidate.toLowerCase() === name.toLowerCase(),
  )?.[1];

/**
 * Every problem of a request against its operation, each at its field:
 * the parameters and the body by openapi-backend's validators, then what a
 * server's own code checks and the build's sample check requires (a key
 * where the operation needs one, the release header, a body that is JSON
 * where the operation takes one, and none where it takes none).
 */
export function requestProblems(
  operation: TryOperation,
  request: TryRequest,
  validators: TryValidators,
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const path = pathValues(operation.path, request.path) ?? {};
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of request.query) {
    const before = query[name];
    query[name] = before === undefined ? value : [before, value].flat();
  }
  const header = Object.fromEntries(
    request.headers.map(([name, value]) => [name.toLowerCase(), value]),
  );
  if (!validators.validateParameters({path, query, header})) {
    problems.push(
      ...(validators.validateParameters.errors ?? []).map(fieldProblem),
    );
  }
  const text = request.body?.trim() ?? '';
  if (!operation.body) {
    if (text) {
      problems.push({
        place: 'body',
        field: '',
        keyword: 'body',
        message: `${operation.method} ${operation.path} takes no body`,
      });
    }
  } else if (!text) {
    if (operation.body.required) {
      problems.push({
        place: 'body',
        field: '',
        keyword: 'required',
        message: 'is required',
      });
    }
  } else {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      problems.push({
        place: 'body',
        field: '',
        keyword: 'parse',
        message: `is not valid JSON: ${(error as Error).message}`,
      });
    }
    if (
      body !== undefined &&
      validators.validateBody &&
      !validators.validateBody({requestBody: body})
    ) {
      problems.push(
        ...(validators.validateBody.errors ?? []).map(fieldProblem),
      );
    }
  }
  if (
    operation.needsKey &&
    !/^Bearer \S+/.test(headerOf(request, authorization) ?? '')
  ) {
    problems.push({
      place: 'header',
      field: authorization,
      keyword: 'required',
      message: 'needs an API key: Bearer followed by the key',
    });
  }
  const declaresRelease = operation.parameters.some(
    (parameter) =>
      parameter.in === 'header' && parameter.name === releaseHeader,
  );
  if (declaresRelease && headerOf(request, releaseHeader) === undefined) {
    problems.push({
      place: 'header',
      field: releaseHeader,
      keyword: 'required',
      message: `is not sent; send ${operation.release} to get this page's release`,
    });
  }
  return problems;
}
