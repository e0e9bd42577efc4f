import {relativePattern, tokenize, type Token} from './lexer';
import {queryLimits} from '../../model/query-limits';
import {messages} from './messages';
import {
  QuerySyntaxError,
  type ComparisonOperator,
  type Condition,
  type Expression,
  type ParseResult,
  type Value,
} from './syntax';

/**
 * Parser for the Advanced query language: the filter language of the app's
 * grids, saved views and the API's `filter=` parameter. The grammar is
 * documented on docs/advanced/advanced-query.mdx; this module implements it
 * over the lexer's tokens and reports the first error with its 1-based
 * column.
 */

const relativeUnits: Record<string, [string, string]> = {
  h: ['hour', 'hours'],
  d: ['day', 'days'],
  w: ['week', 'weeks'],
  m: ['month', 'months'],
};

const fieldPattern = /^[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)*$/;

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
      throw new QuerySyntaxError(messages.unexpectedClose(), next.column);
    }
    if (next.type !== 'end') {
      throw new QuerySyntaxError(
        messages.expectedAndOr(next.text),
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
        throw new QuerySyntaxError(messages.missingClose(), token.column);
      }
      this.next();
      return expression;
    }
    if (token.type === ')') {
      throw new QuerySyntaxError(messages.unexpectedClose(), token.column);
    }
    if (token.type === 'end') {
      throw new QuerySyntaxError(messages.expectedCondition(), token.column);
    }
    return this.parseCondition();
  }

  private parseCondition(): Condition {
    const fieldToken = this.next();
    if (fieldToken.type !== 'word') {
      throw new QuerySyntaxError(
        messages.expectedField(fieldToken.text),
        fieldToken.column,
      );
    }
    const field = fieldToken.text;
    if (['and', 'or', 'not'].includes(field.toLowerCase())) {
      throw new QuerySyntaxError(
        messages.conditionAfterKeyword(field),
        fieldToken.column,
      );
    }
    if (!fieldPattern.test(field)) {
      throw new QuerySyntaxError(
        messages.lowerCaseField(field),
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
        throw new QuerySyntaxError(messages.expectedWith(), withToken.column);
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
          messages.expectedEmpty(negated ? 'is not' : 'is'),
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
      messages.expectedOperator(
        field,
        operatorToken.type === 'end' ? undefined : operatorToken.text,
      ),
      operatorToken.column,
    );
  }

  private parseText(operator: string): Value {
    const token = this.next();
    if (token.type !== 'string') {
      throw new QuerySyntaxError(messages.needsText(operator), token.column);
    }
    return {kind: 'text', raw: token.text, meaning: token.value};
  }

  private parseList(): Value[] {
    const open = this.next();
    if (open.type !== '(') {
      throw new QuerySyntaxError(messages.expectedOpenAfterIn(), open.column);
    }
    const values = [this.parseValue('"("')];
    while (this.peek().type === ',') {
      this.next();
      values.push(this.parseValue('","'));
    }
    const close = this.next();
    if (close.type !== ')') {
      throw new QuerySyntaxError(messages.missingClose(), open.column);
    }
    if (values.length > queryLimits.maxInValues) {
      throw new QuerySyntaxError(
        messages.tooManyValues(values.length),
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
          messages.quoteText(token.text),
          token.column,
        );
      }
      default:
        throw new QuerySyntaxError(messages.expectedValue(after), token.column);
    }
  }
}

/** Parses a query; an empty query is valid and matches everything. */
export function parseQuery(input: string): ParseResult {
  if (input.length > queryLimits.maxQueryLength) {
    return {
      ok: false,
      error: {
        message: messages.tooLong(input.length),
        column: queryLimits.maxQueryLength + 1,
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
