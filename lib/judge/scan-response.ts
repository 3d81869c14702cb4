// Everything the judge counts in a response's own text, in one pass over its UTF-16 units
// with one class lookup per unit (scan-classes.ts). Each counter is exactly its
// straightforward definition, which scan-response.test.ts checks on random text:
//   codePoints  Python len(text)                        (codePointLength)
//   words       len(text.split())                       (countSplitWords)
//   sentences   non-blank parts of re.split('[.!?]+')   (countSentences)
//   tokens      re.findall(r"\b[\w']+\b", text)         (findWordTokens)
//   positive / negative  tokens whose Python lower() is a sentiment token
//   questions   text.count("?") + text.count("？")
// and which of the configuration's fixed keywords occur in its lower-case (keyword-automaton.ts).
import { finishHash, hashStep, NEGATIVE, POSITIVE, type CompiledConfig } from "./compiled-config";
import type { KeywordAutomaton, KeywordList } from "./keyword-automaton";
import { pythonLower } from "./python-lower";
import { APOSTROPHE, isPlainAstral, LOWER_UNIT, QUESTION, SENTENCE_END, SPACE, SPECIAL, SURROGATE, UNIT_CLASS, WORD } from "./scan-classes";
import { isWordCodePoint } from "./unicode-classes";

export interface ResponseScan {
  codePoints: number;
  words: number;
  sentences: number;
  tokens: number;
  positive: number;
  negative: number;
  questions: number;
  /** Nothing lower-cases out of place (scan-classes.ts): text.toLowerCase() is Python's text.lower(). */
  isPlainLower: boolean;
  /**
   * The stamp this scan left in its automaton's `found` for each keyword it saw; 0 when the
   * text is not plain (then its units are not its lower-case and nothing was recorded).
   */
  keywordStamp: number;
  automaton: KeywordAutomaton;
}

/** Scans so far: a scan's stamp is trusted only while no later scan has overwritten `found`. */
let latestStamp = 0;

export function scanResponse(text: string, compiled: CompiledConfig): ResponseScan {
  const n = text.length;
  let codePoints = n;
  let words = 0;
  let sentences = 0;
  let tokens = 0;
  let positive = 0;
  let negative = 0;
  let questions = 0;
  let special = 0; // SPECIAL once a unit or code point lower-cases out of line
  let inWord = false; // inside a run of non-whitespace (str.split)
  let hasContent = false; // the current sentence has a non-whitespace unit
  const stamp = ++latestStamp;
  const { automaton } = compiled;
  const { symbolOf, next: transitions } = automaton;
  let state = 0; // the automaton's row offset (+1 when a keyword ends there)
  for (let i = 0; i < n; ) {
    const unit = text.charCodeAt(i);
    const flags = UNIT_CLASS[unit];
    if ((flags & (SPECIAL | SURROGATE)) === 0 ? (flags & WORD) !== 0 : wordWidth(text, i) > 0) {
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
      let isSlowToken = false;
      let end = i;
      while (i < n) {
        const next = text.charCodeAt(i);
        const nextFlags = UNIT_CLASS[next];
        if ((nextFlags & (WORD | SPECIAL | SURROGATE)) === WORD) {
          const lower = LOWER_UNIT[next];
          state = transitions[state + symbolOf[lower]];
          if ((state & 1) !== 0) state = recordKeywords(automaton, state, stamp);
          hash = hashStep(hash, lower);
          tokenHash = hash;
          end = ++i;
        } else if ((nextFlags & APOSTROPHE) !== 0) {
          state = transitions[state + symbolOf[next]];
          if ((state & 1) !== 0) state = recordKeywords(automaton, state, stamp);
          hash = hashStep(hash, next);
          i++;
        } else if ((nextFlags & (SPECIAL | SURROGATE)) !== 0) {
          // Σ, İ, an astral letter…: part of the token when a word character; such a token is
          // lower-cased and looked up the slow way.
          const width = wordWidth(text, i);
          if (width === 0) break;
          special |= outOfLine(text, i, width, nextFlags);
          for (const last = i + width; i < last; i++) {
            state = transitions[state + symbolOf[LOWER_UNIT[text.charCodeAt(i)]]];
            if ((state & 1) !== 0) state = recordKeywords(automaton, state, stamp);
          }
          if (width === 2) codePoints--;
          isSlowToken = true;
          end = i;
        } else break;
      }
      tokens++;
      const kind = sentimentKind(text, start, end, tokenHash, isSlowToken, compiled);
      positive += kind & POSITIVE;
      negative += kind >> 1;
      continue;
    }
    let width = 1;
    if ((flags & (SPECIAL | SURROGATE)) !== 0) {
      width = unit >= 0xd800 && unit <= 0xdbff && i + 1 < n && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
      special |= outOfLine(text, i, width, flags);
      if (width === 2) {
        // A pair that is no word character: one code point, and its low half no separate unit.
        codePoints--;
        state = transitions[state + symbolOf[unit]];
        if ((state & 1) !== 0) state = recordKeywords(automaton, state, stamp);
        i++;
      }
    }
    state = transitions[state + symbolOf[LOWER_UNIT[text.charCodeAt(i)]]];
    if ((state & 1) !== 0) state = recordKeywords(automaton, state, stamp);
    i++;
    if ((flags & SPACE) !== 0) {
      inWord = false;
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
  }
  if (hasContent) sentences++;
  const isPlainLower = special === 0;
  const keywordStamp = isPlainLower ? stamp : 0;
  return { codePoints, words, sentences, tokens, positive, negative, questions, isPlainLower, keywordStamp, automaton };
}

/**
 * SPECIAL when the code point of `width` units at i (its first unit's class is `flags`) is not
 * lower-cased in place, identically by Python and JavaScript; else 0.
 */
function outOfLine(text: string, i: number, width: number, flags: number): number {
  if ((flags & SPECIAL) !== 0) return SPECIAL;
  // A lone surrogate stays as it is in both languages.
  return width === 1 || isPlainAstral(text.codePointAt(i) as number) ? 0 : SPECIAL;
}

/** Marks the keywords ending in the state at `row` + 1 as found; returns the row. */
function recordKeywords(automaton: KeywordAutomaton, rowPlusOne: number, stamp: number): number {
  const row = rowPlusOne - 1;
  for (const id of automaton.endsAt[row / automaton.width]) automaton.found[id] = stamp;
  return row;
}

/** For a SPECIAL unit at i: the width (1 or 2) of the code point there when it is \w, else 0. */
function wordWidth(text: string, i: number): number {
  const cp = text.codePointAt(i) as number;
  return isWordCodePoint(cp) ? (cp > 0xffff ? 2 : 1) : 0;
}

/**
 * POSITIVE | NEGATIVE for the token text[start…end) whose lower-case hashes to `hash` (unless
 * `isSlow`: a token holding Σ, İ or an astral letter is lower-cased on its own, as the seed does).
 */
function sentimentKind(text: string, start: number, end: number, hash: number, isSlow: boolean, compiled: CompiledConfig): number {
  if (isSlow) {
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

/**
 * Python `keyword in lower` for keyword `index` of `list`, where `lower` is the lower-cased
 * text of `scan` (or of no scan: then it searches). The latest scan answers from its automaton.
 */
export function containsKeyword(lower: string, list: KeywordList, index: number, scan?: ResponseScan): boolean {
  const id = list.ids[index];
  if (id >= 0 && scan !== undefined && scan.keywordStamp === latestStamp && scan.automaton === list.automaton) {
    return list.automaton.found[id] === latestStamp;
  }
  return lower.includes(list.words[index]);
}

/** Python `sum(1 for kw in keywords if kw in lower)` over a list of the configuration. */
export function countKeywords(lower: string, list: KeywordList, scan?: ResponseScan): number {
  let count = 0;
  for (let index = 0; index < list.ids.length; index++) if (containsKeyword(lower, list, index, scan)) count++;
  return count;
}

/** Python `any(kw in lower for kw in keywords)` over a list of the configuration. */
export function hasKeyword(lower: string, list: KeywordList, scan?: ResponseScan): boolean {
  for (let index = 0; index < list.ids.length; index++) if (containsKeyword(lower, list, index, scan)) return true;
  return false;
}
