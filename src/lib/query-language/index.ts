/**
 * The Advanced query language, on its own: no React, no Docusaurus. The
 * query checker, the content rules and the API reference's samples read it
 * from here.
 */
export {queryLimits, type QueryLimitName} from '../../model/query-limits';
export {messages} from './messages';
export {tokenize, type Token, type TokenType} from './lexer';
export {formatExpression, listConditions, parseQuery} from './parser';
export {
  fieldsOf,
  listFiltered,
  unknownFields,
  type FilterableList,
} from './fields';
export type {
  ComparisonOperator,
  Condition,
  Expression,
  Logical,
  Not,
  Operator,
  ParseResult,
  QueryError,
  Value,
  ValueKind,
} from './syntax';
