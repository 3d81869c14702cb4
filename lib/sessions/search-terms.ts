// Free text → a PostgreSQL full-text query. Sessions are searched with the `simple`
// configuration (no stemming, no stop words: it treats Korean and English alike) and
// prefix matching, so "문제" finds "문제가" and "challenge" finds "challenges".

/** Letters, digits and combining marks of any script; everything else separates words. */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;

export const MAX_SEARCH_TERMS = 8;

/** The distinct words of a search, lower-cased, in the order typed (at most MAX_SEARCH_TERMS). */
export function searchTerms(text: string): string[] {
  const words = text.normalize("NFC").toLowerCase().match(WORD) ?? [];
  return [...new Set(words)].slice(0, MAX_SEARCH_TERMS);
}

/**
 * `to_tsquery` input matching documents that contain every term as a word prefix. Terms hold
 * only letters, digits and marks (see WORD), so no tsquery operator can reach PostgreSQL.
 */
export function toPrefixTsQuery(terms: readonly string[]): string | null {
  if (terms.length === 0) return null;
  return terms.map((term) => `${term}:*`).join(" & ");
}
