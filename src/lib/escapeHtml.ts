/** Text as HTML element content: `&`, `<` and `>` escaped, quotes left as written. */
export const escapeHtml = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
