// The OpenAPI document's types, as the site reads them: schemas, lifecycles, operations and the loaded spec.

export type JsonValue =
  string | number | boolean | null | JsonValue[] | {[key: string]: JsonValue};

export interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: JsonValue[];
  examples?: JsonValue[];
  default?: JsonValue;
  readOnly?: boolean;
  writeOnly?: boolean;
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: boolean | Schema;
  unevaluatedProperties?: boolean | Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  'x-lifecycle'?: Lifecycle;
}

export interface Lifecycle {
  initial: string[];
  transitions: {from: string; to: string; trigger: string}[];
  /**
   * The aspects each state describes, in order, each with its state table
   * column heading: `{meaning: What it means, access: Signing in}`. Without
   * it, a lifecycle describes the shop's listings, stock and orders
   * (`defaultStateColumns`).
   */
  columns?: Record<string, string>;
  /**
   * What each state means for every aspect of `columns`, and which actions
   * it allows: the product's rules by state, declared once and rendered by
   * `<StateTable lifecycle="…" />`.
   */
  states?: Record<string, LifecycleState>;
}

/**
 * One state's behaviour: one Markdown text (one or two sentences) per
 * aspect of its lifecycle's columns, and its actions.
 */
export interface LifecycleState {
  /**
   * What a user can do in this state: the app's label for it, the API
   * operation that does the same (`POST /stores/{id}/reconnect`), or both.
   */
  actions: StateAction[];
  [aspect: string]: string | StateAction[];
}

export interface StateAction {
  /** The app's button or menu item, as src/data/app-labels.yaml declares it. */
  label?: string;
  /** The operation, as `METHOD /path`. */
  operation?: string;
}

export interface Example {
  summary?: string;
  description?: string;
  value?: JsonValue;
  $ref?: string;
}

export interface MediaType {
  schema?: Schema;
  example?: JsonValue;
  examples?: Record<string, Example>;
}

export interface Parameter {
  $ref?: string;
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  description?: string;
  required?: boolean;
  schema?: Schema;
  example?: JsonValue;
}

export interface Response {
  $ref?: string;
  description: string;
  /** The `errors[].code`s the response can answer with, each shown by one of its examples. */
  'x-codes'?: string[];
  headers?: Record<string, unknown>;
  content?: Record<string, MediaType>;
}

/** A security requirement: each scheme's name with its scopes. */
export type SecurityRequirement = Record<string, string[]>;

export interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters?: Parameter[];
  requestBody?: {
    $ref?: string;
    description?: string;
    required?: boolean;
    content: Record<string, MediaType>;
  };
  responses: Record<string, Response>;
  /** The security requirements, when the operation declares its own (`[]`: no key). */
  security?: SecurityRequirement[];
  /** On a list: the fields its `filter` takes, and an example that works on it. */
  'x-filter'?: FilterDeclaration;
}

/**
 * The one declaration of what a list can filter on: paths into the listed
 * object (`customer.email`, `totals.total.amount`) and a working query.
 */
export interface FilterDeclaration {
  example: string;
  fields: string[];
  /**
   * Names a list also filters on that match a field of a related object:
   * `warehouse` matches the `code` of the warehouse in `warehouse_id`.
   */
  related?: Record<string, RelatedFilterField>;
}

export interface RelatedFilterField {
  /** The ID field (or list of IDs) of the listed object. */
  via: string;
  /** The matched field, as `Schema.path`, such as `Warehouse.code`. */
  matches: string;
}

export const httpMethods = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type HttpMethod = (typeof httpMethods)[number];

export type PathItem = Partial<Record<HttpMethod, Operation>> & {
  parameters?: Parameter[];
};

export interface OpenApiDocument {
  openapi: string;
  info: Record<string, JsonValue>;
  servers: {url: string; description?: string}[];
  /** The security every operation needs unless it declares its own. */
  security?: SecurityRequirement[];
  tags: {name: string; 'x-displayName'?: string; description?: string}[];
  paths: Record<string, PathItem>;
  /** The events the Hub sends, by type (`order.created`). */
  webhooks?: Record<string, PathItem>;
  components: {
    schemas: Record<string, Schema>;
    parameters: Record<string, Parameter>;
    responses: Record<string, Response>;
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

/** One resource file: what it owns in the merged document. */
export interface ApiResource {
  name: string;
  file: string;
  objectSchema?: string;
  paths: string[];
  schemas: string[];
}

export interface LoadedSpec {
  document: OpenApiDocument;
  resources: Map<string, ApiResource>;
  /** Schemas of the root file: the shared objects on the introduction page. */
  sharedSchemas: string[];
  /** Schemas of the webhooks file: one event schema per object. */
  webhookSchemas: string[];
}

export interface OperationEntry {
  method: HttpMethod;
  path: string;
  operation: Operation;
  /** Path-level and operation-level parameters, resolved. */
  parameters: Parameter[];
}
