// What "Try it" knows of an operation, of the sample world and of a request: the build writes the first two, the browser reads them.

/** A JSON value, as the documents' examples hold them. */
export type Json =
  string | number | boolean | null | Json[] | {[key: string]: Json};

/** Where a parameter goes in the request. */
export type ParameterPlace = 'path' | 'query' | 'header';

/** One parameter of the form: its field, filled with the page's sample. */
export interface TryParameter {
  name: string;
  in: ParameterPlace;
  required: boolean;
  /** The value the page's sample sends, if it sends one. */
  sample?: string;
  /** The document's description, as plain text. */
  description?: string;
  /** The values the parameter takes, when it is an enum. */
  values?: string[];
}

/** A response the operation documents: its description, headers and examples. */
export interface TryResponseDoc {
  description: string;
  /** Each declared header with the value a server sends (its example or schema's). */
  headers: [string, string][];
  mediaType?: string;
  /** The examples, each named as in the document. */
  examples: {name: string; summary?: string; value: Json}[];
}

/**
 * One operation of one release, as the build writes it for Try it
 * (openapi-reference/try-it.ts), next to its request validators.
 */
export interface TryOperation {
  release: string;
  operationId: string;
  summary: string;
  /** Upper case: `GET`. */
  method: string;
  /** The path after the API's `/v1`, with its parameters: `/orders/{id}`. */
  path: string;
  /** The sandbox's base URL, `/v1` included, which Send uses with the reader's key. */
  sandbox: string;
  /** The path, query and header parameters, `Hub-Version` and `Idempotency-Key` included. */
  parameters: TryParameter[];
  /** The request body, when the operation takes one: the sample as JSON text. */
  body?: {required: boolean; sample: string};
  /** Whether the operation needs an API key. */
  needsKey: boolean;
  /** Every documented response, by status. */
  responses: Record<string, TryResponseDoc>;
}

/** A request as the form holds it, values as typed. */
export interface TryRequest {
  method: string;
  /** The path after `/v1`, its parameters filled in. */
  path: string;
  query: [string, string][];
  headers: [string, string][];
  /** The body as typed (JSON text), or undefined for none. */
  body?: string;
}

/** A response, from the world or the sandbox. */
export interface TryResponse {
  status: number;
  headers: [string, string][];
  /** The body as text (JSON pretty-printed when it is JSON). */
  body: string;
}

/**
 * One problem the request validator finds, at the form field it is about:
 * a parameter (by place and name), the body (with the JSON pointer of the
 * body's field, `''` for the whole body), or the request as a whole
 * (`place` undefined).
 */
export interface FieldProblem {
  place?: ParameterPlace | 'body';
  /** The parameter's name, or the body field's JSON pointer (`/lines/0/quantity`). */
  field?: string;
  /** The validator's keyword (`required`, `type`, `enum`, `parse`, …). */
  keyword: string;
  message: string;
}
