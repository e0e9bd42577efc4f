import {messages} from './messages';
import {QuerySyntaxError} from './syntax';

/**
 * Reads a query's characters into tokens: words (fields and keywords),
 * strings, numbers, dates, relative dates, operators and brackets, each
 * with its 1-based column.
 */

export type TokenType =
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

export interface Token {
  type: TokenType;
  text: string;
  /** Unescaped content of a string token. */
  value: string;
  column: number;
}

const wordPattern = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*/;
const datetimePattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z/;
const datePattern = /^(\d{4})-(\d{2})-(\d{2})/;
const numberPattern = /^-?\d+(?:\.\d+)?/;
export const relativePattern = /^-(\d+)([hdwm])(?![A-Za-z0-9_])/;

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
        throw new QuerySyntaxError(messages.onlyTwoEscapes(), index + 1);
      }
      value += escaped;
      index += 2;
    } else {
      value += char;
      index += 1;
    }
  }
  throw new QuerySyntaxError(messages.unclosedString(), start + 1);
}

function readDateOrNumber(input: string, start: number): Token {
  const rest = input.slice(start);
  const column = start + 1;
  const datetime = datetimePattern.exec(rest);
  const date = datetime ?? datePattern.exec(rest);
  if (date) {
    const [text, year, month, day] = date;
    if (!isValidDate(year, month, day)) {
      throw new QuerySyntaxError(messages.invalidDate(text), column);
    }
    return {type: datetime ? 'datetime' : 'date', text, value: text, column};
  }
  const relative = relativePattern.exec(rest);
  if (relative) {
    return {type: 'relative', text: relative[0], value: relative[0], column};
  }
  const number = numberPattern.exec(rest);
  if (!number) {
    throw new QuerySyntaxError(messages.numberAfterMinus(), column);
  }
  const next = input[start + number[0].length];
  if (next !== undefined && /[A-Za-z_]/.test(next)) {
    if (!number[0].startsWith('-') && /^[hdwm]$/.test(next)) {
      throw new QuerySyntaxError(
        messages.relativeNeedsMinus(number[0], next),
        column,
      );
    }
    throw new QuerySyntaxError(
      messages.unexpectedAfterNumber(next, number[0]),
      start + number[0].length + 1,
    );
  }
  return {type: 'number', text: number[0], value: number[0], column};
}

/** The tokens of a query, ending with an `end` token after its last character. */
export function tokenize(input: string): Token[] {
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
      throw new QuerySyntaxError(messages.singleQuotes(), column);
    } else if (/[=!<>]/.test(char)) {
      const two = input.slice(index, index + 2);
      const text = ['!=', '>=', '<='].includes(two) ? two : char;
      if (text === '!') {
        throw new QuerySyntaxError(messages.lonelyBang(), column);
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
        throw new QuerySyntaxError(messages.unexpectedCharacter(char), column);
      }
      tokens.push({type: 'word', text: word[0], value: word[0], column});
      index += word[0].length;
    }
  }
  tokens.push({type: 'end', text: '', value: '', column: input.length + 1});
  return tokens;
}
