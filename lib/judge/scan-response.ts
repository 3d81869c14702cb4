// Everything the judge counts in a response's own text, in one pass over its UTF-16 units
// with one class lookup per unit (scan-classes.ts). Each counter is exactly its
// straightforward definition, which scan-response.test.ts checks on random text:
//   codePoints  Python len(text)                        (codePointLength)
//   words       len(text.split())                       (countSplitWords)
//   sentences   non-blank parts of re.split('[.!?]+')   (countSentences)
//   tokens      re.findall(r"\b[\w']+\b", text)         (findWordTokens)
//   positive / negative  tokens whose Python lower() is a sentiment token
//   questions   text.count("?") + text.count("？")
import { finishHash, hashStep, NEGATIVE, POSITIVE, type CompiledConfig } from "./compiled-config";
import { pythonLower } from "./python-lower";
import { APOSTROPHE, LOWER_UNIT, QUESTION, SENTENCE_END, SPACE, SPECIAL, UNIT_CLASS, WORD } from "./scan-classes";
import { isWordCodePoint } from "./unicode-classes";

export interface ResponseScan {
  codePoints: number;
  words: number;
  sentences: number;
  tokens: number;
  positive: number;
  negative: number;
  questions: number;
  /** No SPECIAL unit (scan-classes.ts): text.toLowerCase() is Python's text.lower(). */
  isPlainLower: boolean;
  /** The mark of this scan's pairs of adjacent lower-case units in BIGRAMS; 0 when not plain. */
  bigramStamp: number;
}

/**
 * BIGRAMS[key(a, b)] === stamp when the lower-cased text of the scan with that stamp has the
 * unit a followed by b (keys collide, which only lets a keyword through for nothing). A
 * keyword with a pair the text lacks cannot be in it, and most keywords are not: checking
 * its pairs is cheaper than searching the text for it. Shared by all scans; a later scan
 * overwrites it, so only the latest stamp is trusted.
 */
const BIGRAMS = new Int32Array(1 << 16);
let latestStamp = 0;

function bigramKey(a: number, b: number): number {
  return ((a << 7) ^ b) & 0xffff;
}

export function scanResponse(text: string, compiled: CompiledConfig): ResponseScan {
  const n = text.length;
  let codePoints = n;
  let words = 0;
  let sentences = 0;
  let tokens = 0;
  let positive = 0;
  let negative = 0;
  let questions = 0;
  let allFlags = 0;
  let inWord = false; // inside a run of non-whitespace (str.split)
  let hasContent = false; // the current sentence has a non-whitespace unit
  const stamp = latestStamp === 0x7fffffff ? 1 : latestStamp + 1;
  if (stamp === 1) BIGRAMS.fill(0);
  latestStamp = stamp;
  let previous = 0; // the lower-case of the unit before
  for (let i = 0; i < n; ) {
    const unit = text.charCodeAt(i);
    const flags = UNIT_CLASS[unit];
    if ((flags & SPECIAL) === 0 ? (flags & WORD) !== 0 : wordWidth(text, i) > 0) {
      // A token: a run of [\w'] from this word unit, up to its last word unit (apostrophes
      // after it are read but not part of it); its lower-case is hashed as it is read.
      if (!inWord) {
        words++;
        inWord = true;
      }
      hasContent = true;
      const start = i;
      let hash = 0;
      let tokenHash = 0;
      let tokenFlags = 0;
      let end = i;
      while (i < n) {
        const next = text.charCodeAt(i);
        const nextFlags = UNIT_CLASS[next];
        if ((nextFlags & (WORD | SPECIAL)) === WORD) {
          const lower = LOWER_UNIT[next];
          BIGRAMS[bigramKey(previous, lower)] = stamp;
          previous = lower;
          hash = hashStep(hash, lower);
          tokenHash = hash;
          tokenFlags |= nextFlags;
          end = ++i;
        } else if ((nextFlags & APOSTROPHE) !== 0) {
          BIGRAMS[bigramKey(previous, next)] = stamp;
          previous = next;
          hash = hashStep(hash, next);
          i++;
        } else if ((nextFlags & SPECIAL) !== 0) {
          // Σ, İ, a surrogate…: part of the token when a word character, looked up the slow way.
          const nextWidth = wordWidth(text, i);
          if (nextWidth === 0) break;
          if (nextWidth === 2) codePoints--;
          tokenFlags |= SPECIAL;
          i += nextWidth;
          end = i;
        } else break;
      }
      allFlags |= tokenFlags;
      tokens++;
      const kind = sentimentKind(text, start, end, tokenHash, tokenFlags, compiled);
      positive += kind & POSITIVE;
      negative += kind >> 1;
      continue;
    }
    allFlags |= flags;
    const lower = LOWER_UNIT[unit];
    BIGRAMS[bigramKey(previous, lower)] = stamp;
    previous = lower;
    if ((flags & SPACE) !== 0) {
      inWord = false;
      i++;
      continue;
    }
    if (!inWord) {
      words++;
      inWord = true;
    }
    if ((flags & SENTENCE_END) !== 0) {
      if (hasContent) sentences++;
      hasContent = false;
    } else hasContent = true;
    if ((flags & QUESTION) !== 0) questions++;
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < n) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        // A pair that is no word character: one code point, and its low half is no separate unit.
        codePoints--;
        i++;
      }
    }
    i++;
  }
  if (hasContent) sentences++;
  const isPlainLower = (allFlags & SPECIAL) === 0;
  return { codePoints, words, sentences, tokens, positive, negative, questions, isPlainLower, bigramStamp: isPlainLower ? stamp : 0 };
}

/**
 * Python `keyword in lower` for `lower`, the lower-cased text of `scan` (any scan, or none:
 * then it only searches). False at once when the latest scan shows a pair of the keyword's
 * units missing from the text.
 */
export function containsKeyword(lower: string, keyword: string, scan?: ResponseScan): boolean {
  if (scan !== undefined && scan.bigramStamp !== 0 && scan.bigramStamp === latestStamp) {
    for (let k = 1; k < keyword.length; k++) {
      if (BIGRAMS[bigramKey(keyword.charCodeAt(k - 1), keyword.charCodeAt(k))] !== latestStamp) return false;
    }
  }
  return lower.includes(keyword);
}

/** Python `sum(1 for kw in keywords if kw in lower)`, through containsKeyword. */
export function countContained(lower: string, keywords: readonly string[], scan?: ResponseScan): number {
  let count = 0;
  for (const keyword of keywords) if (containsKeyword(lower, keyword, scan)) count++;
  return count;
}

/** For a SPECIAL unit at i: the width (1 or 2) of the code point there when it is \w, else 0. */
function wordWidth(text: string, i: number): number {
  const cp = text.codePointAt(i) as number;
  return isWordCodePoint(cp) ? (cp > 0xffff ? 2 : 1) : 0;
}

/**
 * POSITIVE | NEGATIVE for the token text[start…end) whose lower-case hashes to `hash` (when no
 * unit of it is SPECIAL; otherwise it is lower-cased as Python does, on its own, as the seed).
 */
function sentimentKind(text: string, start: number, end: number, hash: number, flags: number, compiled: CompiledConfig): number {
  if ((flags & SPECIAL) !== 0) {
    const token = pythonLower(text.slice(start, end));
    return (compiled.positive.has(token) ? POSITIVE : 0) | (compiled.negative.has(token) ? NEGATIVE : 0);
  }
  const table = compiled.sentiment;
  const length = end - start;
  if (length >= table.hasLength.length || table.hasLength[length] === 0) return 0;
  const finished = finishHash(hash, length);
  for (let slot = finished & table.mask; ; slot = (slot + 1) & table.mask) {
    const entry = table.slots[slot] - 1;
    if (entry < 0) return 0;
    if (table.hashes[entry] !== finished) continue;
    const token = table.tokens[entry];
    if (token.length === length && isLowerOf(text, start, token)) return table.kinds[entry];
  }
}

/** Whether the lower-case of the units of `text` from `start` is `token` (no unit SPECIAL). */
function isLowerOf(text: string, start: number, token: string): boolean {
  for (let k = 0; k < token.length; k++) if (LOWER_UNIT[text.charCodeAt(start + k)] !== token.charCodeAt(k)) return false;
  return true;
}
