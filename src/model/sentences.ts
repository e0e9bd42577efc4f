// How the prose checks cut a text into sentences and quote one in a message.

/**
 * A text's sentences, split where a `.`, `!` or `?` is followed by a space,
 * and where a `;` is too unless `wholeSentences`; a description's line
 * breaks are spaces, and emphasis marks (`_available_`, `**Stock**`) are
 * dropped, while a name's underscores (`price_override`) stay.
 */
export const sentences = (
  text: string,
  {wholeSentences = false} = {},
): string[] =>
  text
    .replace(/\s+/g, ' ')
    .replace(/(?<!\w)[*_]+(?=\w)|(?<=\w)[*_]+(?!\w)/g, '')
    .split(wholeSentences ? /(?<=[.!?])\s+/ : /(?<=[.!?;])\s+/);

/** A sentence in a message, cut to 80 characters. */
export const quoted = (sentence: string): string =>
  `"${sentence.slice(0, 80)}${sentence.length > 80 ? '…' : ''}"`;
