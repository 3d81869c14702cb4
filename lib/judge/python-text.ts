// The pieces of Python's string handling the seed relies on, over JavaScript's UTF-16 strings:
// len() counts code points, str.split()/str.strip() use Python's whitespace, and the token
// pattern \b[\w']+\b uses Python's Unicode \w (JavaScript's \w and \b are ASCII-only).
import { isSpaceCodeUnit, isWordCodePoint } from "./unicode-classes";

const APOSTROPHE = 0x27;

/** Python `len(text)`: code points, so an emoji or any astral character counts once. */
export function codePointLength(text: string): number {
  let length = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        length--;
        i++;
      }
    }
  }
  return length;
}

/** Python `len(text.split())`: runs of characters that are not Python whitespace. */
export function countSplitWords(text: string): number {
  let count = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const isSpace = isSpaceCodeUnit(text.charCodeAt(i));
    if (!isSpace && !inWord) count++;
    inWord = !isSpace;
  }
  return count;
}

/** Python `len([s for s in re.split(r'[.!?]+', text) if s.strip()])`. */
export function countSentences(text: string): number {
  let count = 0;
  let hasContent = false;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit === 0x2e || unit === 0x21 || unit === 0x3f) {
      if (hasContent) count++;
      hasContent = false;
    } else if (!hasContent && !isSpaceCodeUnit(unit)) {
      hasContent = true;
    }
  }
  return hasContent ? count + 1 : count;
}

/** Python `text.count(char)` for a single-code-unit `char`. */
export function countCodeUnit(text: string, char: string): number {
  let count = 0;
  for (let at = text.indexOf(char); at >= 0; at = text.indexOf(char, at + 1)) count++;
  return count;
}

/** Python `sum(1 for kw in keywords if kw in text)`: each keyword counts once, however often it occurs. */
export function countIncluded(text: string, keywords: readonly string[]): number {
  let count = 0;
  for (const kw of keywords) if (text.includes(kw)) count++;
  return count;
}

/**
 * Calls `visit(start, end)` for each match of Python's `re.findall(r"\b[\w']+\b", text)`, in
 * order. A match starts at a word boundary and must end at one, so within each maximal run of
 * [\w'] it is the run with its leading and trailing apostrophes stripped, when a word
 * character remains ("'tis'" gives "tis", "''" gives nothing, "don't" stays whole).
 */
export function scanWordTokens(text: string, visit: (start: number, end: number) => void): void {
  let firstWord = -1;
  let wordEnd = -1;
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i) as number;
    const width = cp > 0xffff ? 2 : 1;
    if (isWordCodePoint(cp)) {
      if (firstWord < 0) firstWord = i;
      wordEnd = i + width;
    } else if (cp !== APOSTROPHE) {
      if (firstWord >= 0) visit(firstWord, wordEnd);
      firstWord = -1;
    }
    i += width;
  }
  if (firstWord >= 0) visit(firstWord, wordEnd);
}

/** The tokens of Python's `re.findall(r"\b[\w']+\b", text)`, not lower-cased. */
export function findWordTokens(text: string): string[] {
  const tokens: string[] = [];
  scanWordTokens(text, (start, end) => tokens.push(text.slice(start, end)));
  return tokens;
}
