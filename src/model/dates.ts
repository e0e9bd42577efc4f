// How dates are written on the site: the months' names.

/** The months' names, as dates are written on the site. */
export const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
