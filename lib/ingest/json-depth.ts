// A cap on how deeply JSON may nest. Parsing a deep document is cheap, but everything that
// walks it afterwards (validation, hashing, JSON.stringify, PostgreSQL's jsonb) recurses,
// and 100,000 nested brackets overflow the stack: a 500 instead of an answer.

/** Deeper than any real log (an orchestrator record nests about 4 levels). */
export const MAX_JSON_DEPTH = 64;

export const TOO_DEEP_MESSAGE = `JSON nested more than ${MAX_JSON_DEPTH} levels deep`;

/**
 * True when JSON text opens more than `max` arrays or objects inside each other, counted on
 * the text itself (brackets inside strings do not count), so nothing recursive runs first.
 */
export function isJsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let isInString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isInString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) isInString = false;
    } else if (c === 0x22) isInString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
