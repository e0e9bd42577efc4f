import {expect, test} from '@playwright/test';
import {
  formatExpression,
  listConditions,
  parseQuery,
} from '../../src/lib/query-language';

function parsed(query: string): string {
  const result = parseQuery(query);
  if (!result.ok) {
    throw new Error(`Expected "${query}" to parse: ${result.error.message}`);
  }
  return result.expression ? formatExpression(result.expression) : '';
}

function error(query: string): string {
  const result = parseQuery(query);
  if (result.ok) {
    throw new Error(`Expected "${query}" to fail`);
  }
  return result.error.message;
}

test.describe('valid queries', () => {
  const cases: [string, string][] = [
    ['status = "pending"', 'status = "pending"'],
    [
      'status = "pending" AND placed_at < -2d',
      'status = "pending" AND placed_at < -2d',
    ],
    // AND binds tighter than OR.
    ['a = 1 OR b = 2 AND c = 3', 'a = 1 OR (b = 2 AND c = 3)'],
    ['(a = 1 OR b = 2) AND c = 3', '(a = 1 OR b = 2) AND c = 3'],
    // AND and OR are left-associative.
    ['a = 1 OR b = 2 OR c = 3', '(a = 1 OR b = 2) OR c = 3'],
    // NOT binds tighter than AND.
    ['NOT a = 1 AND b = 2', '(NOT a = 1) AND b = 2'],
    [
      'not (status = "cancelled" or status = "rejected")',
      'NOT (status = "cancelled" OR status = "rejected")',
    ],
    [
      'status in ("accepted", "partially_dispatched")',
      'status in ("accepted", "partially_dispatched")',
    ],
    [
      'customer.email contains "@northwind.example.com"',
      'customer.email contains "@northwind.example.com"',
    ],
    [
      'sku starts with "ALDF-HWJ" and available <= 5',
      'sku starts with "ALDF-HWJ" AND available <= 5',
    ],
    ['barcode is empty', 'barcode is empty'],
    ['barcode IS NOT EMPTY', 'barcode is not empty'],
    [
      'placed_at >= today AND placed_at < 2023-05-04T09:30:00Z',
      'placed_at >= today AND placed_at < 2023-05-04T09:30:00Z',
    ],
    [
      'totals.amount >= 10000 AND active != false',
      'totals.amount >= 10000 AND active != false',
    ],
    [
      'title = "Harbour \\"Waxed\\" Jacket"',
      'title = "Harbour \\"Waxed\\" Jacket"',
    ],
  ];
  for (const [query, expected] of cases) {
    test(`parses ${query}`, () => {
      expect(parsed(query)).toBe(expected);
    });
  }

  test('an empty query matches everything', () => {
    expect(parseQuery('   ')).toEqual({ok: true, expression: null});
  });

  test('reads values the way the Hub does', () => {
    const result = parseQuery(
      'title = "Harbour \\"Waxed\\" Jacket" AND updated_at > -1w AND placed_at < 2023-05-04',
    );
    expect(result.ok).toBe(true);
    const conditions = listConditions(result.ok ? result.expression : null);
    expect(
      conditions.map(({field, values}) => [
        field,
        values[0].kind,
        values[0].meaning,
      ]),
    ).toEqual([
      ['title', 'text', 'Harbour "Waxed" Jacket'],
      ['updated_at', 'relative date', '1 week ago'],
      ['placed_at', 'date', "2023-05-04, in the company's time zone"],
    ]);
  });
});

test.describe('invalid queries', () => {
  const cases: [string, string][] = [
    ['status = = "pending"', 'Expected a value after "=" at column 10'],
    ['status = ', 'Expected a value after "=" at column 10'],
    ['title = "Harbour', 'Unclosed string starting at column 9'],
    ["status = 'pending'", 'Use double quotes for text: "…" at column 10'],
    ['status = pending', 'Put text in double quotes: "pending" at column 10'],
    ['(status = "pending"', 'Missing ")" to close "(" at column 1'],
    ['status = "pending")', 'Unexpected ")" at column 19'],
    [
      'status "pending"',
      'Expected an operator after "status", not ""pending"" at column 8',
    ],
    [
      'Status = "pending"',
      'Field names are lower case: write "status" at column 1',
    ],
    [
      'placed_at > 7d',
      'Relative dates count back from now: write -7d at column 13',
    ],
    ['placed_at > 2023-02-30', '"2023-02-30" is not a valid date at column 13'],
    ['status = "a" AND', 'Expected a condition at column 17'],
    [
      'status = "a" status = "b"',
      'Expected AND or OR before "status" at column 14',
    ],
    [
      'tags contains summer',
      '"contains" needs text in double quotes at column 15',
    ],
    ['sku starts "ALDF"', 'Expected "with" after "starts" at column 12'],
    ['status in "pending"', 'Expected "(" after "in" at column 11'],
    ['barcode is missing', 'Expected "empty" after "is" at column 12'],
    ['quantity ! 5', 'Unexpected "!" (did you mean "!="?) at column 10'],
    [
      'sku = "a\\b"',
      'Only \\" and \\\\ can be escaped inside text at column 9',
    ],
    ['sku = "a" # note', 'Unexpected character "#" at column 11'],
  ];
  for (const [query, message] of cases) {
    test(`rejects ${query}`, () => {
      expect(error(query)).toBe(message);
    });
  }

  test('rejects a query over 2,000 characters', () => {
    expect(error(`sku = "${'A'.repeat(2000)}"`)).toBe(
      'A query is at most 2,000 characters; this one has 2,008',
    );
  });

  test('rejects an in list over 100 values', () => {
    const values = Array.from({length: 101}, (_, index) => index).join(', ');
    expect(error(`quantity in (${values})`)).toBe(
      '"in" takes at most 100 values, not 101 at column 13',
    );
  });
});
