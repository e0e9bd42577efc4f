// @ts-check
// lunr's score of a term in a document (its BM25, as lunr.Builder's
// createFieldVectors computes it and rounds it to three decimals), from
// what the search index's pieces carry instead of the score itself: the
// term's count in the document, how many documents of the type hold it,
// the type's document count and average length, and the document's length
// and boost. The pieces' numbers are small integers, which compress far
// better than scores (issue 31); scripts/lib/search-shards.mjs checks, for
// every term of every document, that this gives lunr's own score. The
// operations are lunr's, in lunr's order, so the doubles are the same.

/** lunr's BM25 parameters (lunr.Builder's defaults, which the theme keeps). */
const k1 = 1.2;
const b = 0.75;

/**
 * lunr's inverse document frequency of a term (lunr.idf).
 * @param {number} df how many documents of the type hold the term
 * @param {number} documents how many documents the type's index holds
 */
export function inverseFrequency(df, documents) {
  const x = (documents - df + 0.5) / (df + 0.5);
  return Math.log(1 + Math.abs(x));
}

/**
 * lunr's score of a term in one document, to three decimals.
 * @param {object} counts
 * @param {number} counts.idf the term's `inverseFrequency` in the type
 * @param {number} counts.tf how often the term stands in the document
 * @param {number} counts.length the document's length in terms
 * @param {number} counts.average the type's average document length
 * @param {number} counts.boost the document's boost (1 unless given)
 */
export function termScore({idf, tf, length, average, boost}) {
  let score =
    (idf * ((k1 + 1) * tf)) / (k1 * (1 - b + b * (length / average)) + tf);
  score *= boost;
  return Math.round(score * 1000) / 1000;
}
