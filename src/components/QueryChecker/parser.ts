/**
 * Parser for the Advanced query language: the filter language of the app's
 * grids, saved views and the API's `filter=` parameter. The grammar is
 * documented on docs/advanced/advanced-query.mdx; this module implements it
 * and reports the first error with its 1-based column.
 */

export const maxQueryLength = 2000;
export const maxInValues = 100;

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

type TokenType =
  | 'word'
  | 'string'
  | 'number'
  | 'date'
  | 'datetime'
  | 'relative'
  | 'operator'
  | '('
  | ')'
  | ','
  | 'end';

interface Token {
  type: TokenType;
  text: string;
  /** Unescaped content of a string token. */
  value: string;
  column: number;
}

class QuerySyntaxError extends Error {
  constructor(
    message: string,
    readonly column: number,
  ) {
    super(`${message} at column ${column}`);
  }
}

const relativeUnits: Record<string, [string, string]> = {
  h: ['hour', 'hours'],
  d: ['day', 'days'],
  w: ['week', 'weeks'],
  m: ['month', 'months'],
};

const fieldPattern = /^[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)*$/;
const wordPattern = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*/;
const datetimePattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z/;
const datePattern = /^(\d{4})-(\d{2})-(\d{2})/;
const numberPattern = /^-?\d+(?:\.\d+)?/;
const relativePattern = /^-(\d+)([hdwm])(?![A-Za-z0-9_])/;

function isValidDate(year: string, month: string, day: string): boolean {
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return (
    date.getUTCFullYear() === Number(year) &&
    date.getUTCMonth() === Number(month) - 1 &&
    date.getUTCDate() === Number(day)
  );
}

function readString(input: string, start: number): Token {
  let value = '';
  let index = start + 1;
  while (index < input.length) {
    const char = input[index];
    if (char === '"') {
      return {
        type: 'string',
        text: input.slice(start, index + 1),
        value,
        column: start + 1,
      };
    }
    if (char === '\\') {
      const escaped = input[index + 1];
      if (escaped !== '"' && escaped !== '\\') {
        throw new QuerySyntaxError(
          'Only \\" and \\\\ can be escaped inside text',
          index + 1,
        );
      }
      value += escaped;
      index += 2;
    } else {
      value += char;
      index += 1;
    }
  }
  throw new QuerySyntaxError('Unclosed string starting', start + 1);
}

function readDateOrNumber(input: string, start: number): Token {
  const rest = input.slice(start);
  const column = start + 1;
  const datetime = datetimePattern.exec(rest);
  const date = datetime ?? datePattern.exec(rest);
  if (date) {
    const [text, year, month, day] = date;
    if (!isValidDate(year, month, day)) {
      throw new QuerySyntaxError(`"${text}" is not a valid date`, column);
    }
    return {type: datetime ? 'datetime' : 'date', text, value: text, column};
  }
  const relative = relativePattern.exec(rest);
  if (relative) {
    return {type: 'relative', text: relative[0], value: relative[0], column};
  }
  const number = numberPattern.exec(rest);
  if (!number) {
    throw new QuerySyntaxError('Expected a number after "-"', column);
  }
  const next = input[start + number[0].length];
  if (next !== undefined && /[A-Za-z_]/.test(next)) {
    if (!number[0].startsWith('-') && /^[hdwm]$/.test(next)) {
      throw new QuerySyntaxError(
        `Relative dates count back from now: write -${number[0]}${next}`,
        column,
      );
    }
    throw new QuerySyntaxError(
      `Unexpected "${next}" after the number ${number[0]}`,
      start + number[0].length + 1,
    );
  }
  return {type: 'number', text: number[0], value: number[0], column};
}

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < input.length) {
    const char = input[index];
    const column = index + 1;
    if (/\s/.test(char)) {
      index += 1;
    } else if (char === '(' || char === ')' || char === ',') {
      tokens.push({type: char, text: char, value: char, column});
      index += 1;
    } else if (char === '"') {
      const token = readString(input, index);
      tokens.push(token);
      index += token.text.length;
    } else if (char === "'") {
      throw new QuerySyntaxError('Use double quotes for text: "…"', column);
    } else if (/[=!<>]/.test(char)) {
      const two = input.slice(index, index + 2);
      const text = ['!=', '>=', '<='].includes(two) ? two : char;
      if (text === '!') {
        throw new QuerySyntaxError(
          'Unexpected "!" (did you mean "!="?)',
          column,
        );
      }
      tokens.push({type: 'operator', text, value: text, column});
      index += text.length;
    } else if (/[0-9-]/.test(char)) {
      const token = readDateOrNumber(input, index);
      tokens.push(token);
      index += token.text.length;
    } else {
      const word = wordPattern.exec(input.slice(index));
      if (!word) {
        throw new QuerySyntaxError(`Unexpected character "${char}"`, column);
      }
      tokens.push({type: 'word', text: word[0], value: word[0], column});
      index += word[0].length;
    }
  }
  tokens.push({type: 'end', text: '', value: '', column: input.length + 1});
  return tokens;
}

function describeRelative(text: string): string {
  const match = relativePattern.exec(text);
  if (!match) {
    return text;
  }
  const [, amount, unit] = match;
  const [singular, plural] = relativeUnits[unit];
  return `${amount} ${Number(amount) === 1 ? singular : plural} ago`;
}

class Parser {
  private position = 0;

  constructor(private readonly tokens: Token[]) {}

  parse(): Expression | null {
    if (this.peek().type === 'end') {
      return null;
    }
    const expression = this.parseOr();
    const next = this.peek();
    if (next.type === ')') {
      throw new QuerySyntaxError('Unexpected ")"', next.column);
    }
    if (next.type !== 'end') {
      throw new QuerySyntaxError(
        `Expected AND or OR before "${next.text}"`,
        next.column,
      );
    }
    return expression;
  }

  private peek(): Token {
    return this.tokens[this.position];
  }

  private next(): Token {
    const token = this.tokens[this.position];
    if (token.type !== 'end') {
      this.position += 1;
    }
    return token;
  }

  private isKeyword(keyword: string, token = this.peek()): boolean {
    return token.type === 'word' && token.text.toLowerCase() === keyword;
  }

  private parseOr(): Expression {
    let left = this.parseAnd();
    while (this.isKeyword('or')) {
      this.next();
      left = {type: 'or', left, right: this.parseAnd()};
    }
    return left;
  }

  private parseAnd(): Expression {
    let left = this.parseNot();
    while (this.isKeyword('and')) {
      this.next();
      left = {type: 'and', left, right: this.parseNot()};
    }
    return left;
  }

  private parseNot(): Expression {
    if (this.isKeyword('not')) {
      this.next();
      return {type: 'not', operand: this.parseNot()};
    }
    return this.parsePrimary();
  }

  private parsePrimary(): Expression {
    const token = this.peek();
    if (token.type === '(') {
      this.next();
      const expression = this.parseOr();
      const close = this.peek();
      if (close.type !== ')') {
        throw new QuerySyntaxError('Missing ")" to close "("', token.column);
      }
      this.next();
      return expression;
    }
    if (token.type === ')') {
      throw new QuerySyntaxError('Unexpected ")"', token.column);
    }
    if (token.type === 'end') {
      throw new QuerySyntaxError('Expected a condition', token.column);
    }
    return this.parseCondition();
  }

  private parseCondition(): Condition {
    const fieldToken = this.next();
    if (fieldToken.type !== 'word') {
      throw new QuerySyntaxError(
        `Expected a field name, not "${fieldToken.text}"`,
        fieldToken.column,
      );
    }
    const field = fieldToken.text;
    if (['and', 'or', 'not'].includes(field.toLowerCase())) {
      throw new QuerySyntaxError(
        `Expected a condition after "${field.toUpperCase()}"`,
        fieldToken.column,
      );
    }
    if (!fieldPattern.test(field)) {
      throw new QuerySyntaxError(
        `Field names are lower case: write "${field.toLowerCase()}"`,
        fieldToken.column,
      );
    }
    const column = fieldToken.column;
    const operatorToken = this.next();
    if (operatorToken.type === 'operator') {
      const operator = operatorToken.text as ComparisonOperator;
      return {
        type: 'condition',
        field,
        operator,
        values: [this.parseValue(`"${operator}"`)],
        column,
      };
    }
    const keyword =
      operatorToken.type === 'word' ? operatorToken.text.toLowerCase() : '';
    if (keyword === 'contains') {
      return {
        type: 'condition',
        field,
        operator: 'contains',
        values: [this.parseText('contains')],
        column,
      };
    }
    if (keyword === 'starts') {
      const withToken = this.next();
      if (!this.isKeyword('with', withToken)) {
        throw new QuerySyntaxError(
          'Expected "with" after "starts"',
          withToken.column,
        );
      }
      return {
        type: 'condition',
        field,
        operator: 'starts with',
        values: [this.parseText('starts with')],
        column,
      };
    }
    if (keyword === 'in') {
      return {
        type: 'condition',
        field,
        operator: 'in',
        values: this.parseList(),
        column,
      };
    }
    if (keyword === 'is') {
      const negated = this.isKeyword('not');
      if (negated) {
        this.next();
      }
      const emptyToken = this.next();
      if (!this.isKeyword('empty', emptyToken)) {
        throw new QuerySyntaxError(
          `Expected "empty" after "${negated ? 'is not' : 'is'}"`,
          emptyToken.column,
        );
      }
      return {
        type: 'condition',
        field,
        operator: negated ? 'is not empty' : 'is empty',
        values: [],
        column,
      };
    }
    throw new QuerySyntaxError(
      operatorToken.type === 'end'
        ? `Expected an operator after "${field}"`
        : `Expected an operator after "${field}", not "${operatorToken.text}"`,
      operatorToken.column,
    );
  }

  private parseText(operator: string): Value {
    const token = this.next();
    if (token.type !== 'string') {
      throw new QuerySyntaxError(
        `"${operator}" needs text in double quotes`,
        token.column,
      );
    }
    return {kind: 'text', raw: token.text, meaning: token.value};
  }

  private parseList(): Value[] {
    const open = this.next();
    if (open.type !== '(') {
      throw new QuerySyntaxError('Expected "(" after "in"', open.column);
    }
    const values = [this.parseValue('"("')];
    while (this.peek().type === ',') {
      this.next();
      values.push(this.parseValue('","'));
    }
    const close = this.next();
    if (close.type !== ')') {
      throw new QuerySyntaxError('Missing ")" to close "("', open.column);
    }
    if (values.length > maxInValues) {
      throw new QuerySyntaxError(
        `"in" takes at most ${maxInValues} values, not ${values.length}`,
        open.column,
      );
    }
    return values;
  }

  private parseValue(after: string): Value {
    const token = this.next();
    switch (token.type) {
      case 'string':
        return {kind: 'text', raw: token.text, meaning: token.value};
      case 'number':
        return {kind: 'number', raw: token.text, meaning: token.text};
      case 'date':
        return {
          kind: 'date',
          raw: token.text,
          meaning: `${token.text}, in the company's time zone`,
        };
      case 'datetime':
        return {
          kind: 'date and time',
          raw: token.text,
          meaning: `${token.text}, in UTC`,
        };
      case 'relative':
        return {
          kind: 'relative date',
          raw: token.text,
          meaning: describeRelative(token.text),
        };
      case 'word': {
        const word = token.text.toLowerCase();
        if (word === 'true' || word === 'false') {
          return {kind: 'boolean', raw: token.text, meaning: word};
        }
        if (word === 'today' || word === 'yesterday') {
          return {
            kind: 'relative date',
            raw: token.text,
            meaning: `the start of ${word}, in the company's time zone`,
          };
        }
        throw new QuerySyntaxError(
          `Put text in double quotes: "${token.text}"`,
          token.column,
        );
      }
      default:
        throw new QuerySyntaxError(
          `Expected a value after ${after}`,
          token.column,
        );
    }
  }
}

/** Parses a query; an empty query is valid and matches everything. */
export function parseQuery(input: string): ParseResult {
  if (input.length > maxQueryLength) {
    return {
      ok: false,
      error: {
        message: `A query is at most 2,000 characters; this one has ${input.length.toLocaleString('en-GB')}`,
        column: maxQueryLength + 1,
      },
    };
  }
  try {
    return {ok: true, expression: new Parser(tokenize(input)).parse()};
  } catch (error) {
    if (error instanceof QuerySyntaxError) {
      return {ok: false, error: {message: error.message, column: error.column}};
    }
    throw error;
  }
}

/** Writes an expression back out with every group in brackets, to show precedence. */
export function formatExpression(
  expression: Expression,
  nested = false,
): string {
  switch (expression.type) {
    case 'condition': {
      const {field, operator, values} = expression;
      if (values.length === 0) {
        return `${field} ${operator}`;
      }
      if (operator === 'in') {
        return `${field} in (${values.map((value) => value.raw).join(', ')})`;
      }
      return `${field} ${operator} ${values[0].raw}`;
    }
    case 'not': {
      const text = `NOT ${formatExpression(expression.operand, true)}`;
      return nested ? `(${text})` : text;
    }
    default: {
      const text = `${formatExpression(expression.left, true)} ${expression.type.toUpperCase()} ${formatExpression(expression.right, true)}`;
      return nested ? `(${text})` : text;
    }
  }
}

/** The conditions of an expression, left to right. */
export function listConditions(expression: Expression | null): Condition[] {
  if (!expression) {
    return [];
  }
  switch (expression.type) {
    case 'condition':
      return [expression];
    case 'not':
      return listConditions(expression.operand);
    default:
      return [
        ...listConditions(expression.left),
        ...listConditions(expression.right),
      ];
  }
}
