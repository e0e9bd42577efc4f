/**
 * A Stock row and its History: ALDF-HWJ-OLV-M in Leeds DC on 5 May 2023,
 * the figures and change entries of the quick tour and the Changes guide.
 * Every figure is the sample world's (openapi/world/world.yaml) at the
 * moment it names; tests/unit/world.spec.ts holds them to it.
 */

/** The stock record, keyed as in the world. */
export const stockRecord = 'var_3Tn8Wq1:wh_1Rk5Ds3';

/** The moment the row shows: after Priya Shah's buffer change. */
export const shownAt = '2023-05-05T10:15:00Z';

export type Field =
  'on_hand' | 'allocated' | 'buffer' | 'available' | 'incoming';

export const figures: {label: string; field: Field; value: number}[] = [
  {label: 'On hand', field: 'on_hand', value: 23},
  {label: 'Allocated', field: 'allocated', value: 3},
  {label: 'Buffer', field: 'buffer', value: 5},
  {label: 'Available', field: 'available', value: 15},
  {label: 'Incoming', field: 'incoming', value: 12},
];

export interface Entry {
  /** The world moment the change made (its `updated_at`). */
  at: string;
  /** The world moment before it: the figures the change started from. */
  from: string;
  /** As History shows it, in the company's time zone (Europe/London). */
  time: string;
  actor: string;
  fields: [field: Field, before: number, after: number][];
}

/** Newest first, as History lists them. */
export const history: Entry[] = [
  {
    at: '2023-05-05T10:15:00Z',
    from: '2023-05-05T09:30:00Z',
    time: '5 May 2023, 11:15',
    actor: 'Priya Shah (user)',
    fields: [
      ['buffer', 2, 5],
      ['available', 18, 15],
    ],
  },
  {
    at: '2023-05-05T09:30:00Z',
    from: '2023-05-04T14:05:00Z',
    time: '5 May 2023, 10:30',
    actor: 'Northwind Shopify (connector)',
    fields: [
      ['allocated', 2, 3],
      ['available', 19, 18],
    ],
  },
  {
    at: '2023-05-04T14:05:00Z',
    from: '2023-05-04T09:30:05Z',
    time: '4 May 2023, 15:05',
    actor: 'Priya Shah (user)',
    fields: [
      ['on_hand', 24, 23],
      ['allocated', 3, 2],
    ],
  },
  {
    at: '2023-05-04T09:30:05Z',
    from: '2023-05-04T08:47:15Z',
    time: '4 May 2023, 10:30',
    actor: 'Northwind Shopify (connector)',
    fields: [
      ['allocated', 2, 3],
      ['available', 20, 19],
    ],
  },
];
