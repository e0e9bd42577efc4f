/**
 * What a parsed Advanced query is: conditions (a field, an operator and
 * its values) joined by AND, OR and NOT.
 */

export type ComparisonOperator = '=' | '!=' | '>' | '>=' | '<' | '<=';
export type Operator =
  | ComparisonOperator
  | 'contains'
  | 'starts with'
  | 'in'
  | 'is empty'
  | 'is not empty';

export type ValueKind =
  'text' | 'number' | 'boolean' | 'date' | 'date and time' | 'relative date';

export interface Value {
  kind: ValueKind;
  /** The value as written in the query. */
  raw: string;
  /** The value as the Hub reads it: unescaped text, a number, a plain-English date. */
  meaning: string;
}

export interface Condition {
  type: 'condition';
  field: string;
  operator: Operator;
  values: Value[];
  column: number;
}

export interface Not {
  type: 'not';
  operand: Expression;
}

export interface Logical {
  type: 'and' | 'or';
  left: Expression;
  right: Expression;
}

export type Expression = Condition | Not | Logical;

export interface QueryError {
  message: string;
  /** 1-based character column where the problem is. */
  column: number;
}

export type ParseResult =
  {ok: true; expression: Expression | null} | {ok: false; error: QueryError};

/** A mistake in a query, at its 1-based column; parseQuery turns it into a QueryError. */
export class QuerySyntaxError extends Error {
  constructor(
    message: string,
    readonly column: number,
  ) {
    super(`${message} at column ${column}`);
  }
}
