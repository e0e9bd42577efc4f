import {queryLimits} from '../../model/query-limits';

/**
 * The words of every mistake the language reports. The query bar, the
 * checker on the Advanced query page and the API's `invalid_filter` answer
 * show them (with " at column N" added), and the guide's troubleshooting
 * table quotes them, so they change only here.
 */

const count = (value: number) => value.toLocaleString('en-GB');

export const messages = {
  // Reading characters into words, strings, numbers and dates (lexer.ts).
  onlyTwoEscapes: () => 'Only \\" and \\\\ can be escaped inside text',
  unclosedString: () => 'Unclosed string starting',
  invalidDate: (text: string) => `"${text}" is not a valid date`,
  numberAfterMinus: () => 'Expected a number after "-"',
  relativeNeedsMinus: (number: string, unit: string) =>
    `Relative dates count back from now: write -${number}${unit}`,
  unexpectedAfterNumber: (next: string, number: string) =>
    `Unexpected "${next}" after the number ${number}`,
  singleQuotes: () => 'Use double quotes for text: "…"',
  lonelyBang: () => 'Unexpected "!" (did you mean "!="?)',
  unexpectedCharacter: (char: string) => `Unexpected character "${char}"`,

  // Putting the words together (parser.ts).
  tooLong: (length: number) =>
    `A query is at most ${count(queryLimits.maxQueryLength)} characters; this one has ${count(length)}`,
  unexpectedClose: () => 'Unexpected ")"',
  expectedAndOr: (text: string) => `Expected AND or OR before "${text}"`,
  missingClose: () => 'Missing ")" to close "("',
  expectedCondition: () => 'Expected a condition',
  expectedField: (text: string) => `Expected a field name, not "${text}"`,
  conditionAfterKeyword: (keyword: string) =>
    `Expected a condition after "${keyword.toUpperCase()}"`,
  lowerCaseField: (field: string) =>
    `Field names are lower case: write "${field.toLowerCase()}"`,
  expectedWith: () => 'Expected "with" after "starts"',
  expectedEmpty: (after: string) => `Expected "empty" after "${after}"`,
  expectedOperator: (field: string, text?: string) =>
    text === undefined
      ? `Expected an operator after "${field}"`
      : `Expected an operator after "${field}", not "${text}"`,
  needsText: (operator: string) => `"${operator}" needs text in double quotes`,
  expectedOpenAfterIn: () => 'Expected "(" after "in"',
  tooManyValues: (values: number) =>
    `"in" takes at most ${count(queryLimits.maxInValues)} values, not ${count(values)}`,
  quoteText: (text: string) => `Put text in double quotes: "${text}"`,
  expectedValue: (after: string) => `Expected a value after ${after}`,
};
