// One class byte and one lower-case code unit per BMP code unit, for the judge's one-pass scan
// of a response (scan-response.ts): what Python's \w, isspace, re.split('[.!?]+') and lower()
// make of each unit, looked up once instead of once per metric. Built at module load (~1 ms).
import { isSpaceCodeUnit, isWordCodePoint, lowerCodePoint } from "./unicode-classes";

const CHANGES_WHEN_LOWERCASED = /\p{Changes_When_Lowercased}/u;
/** isPlainAstral's answers (emoji repeat); cleared when large, as any code point may come. */
const astralAnswers = new Map<number, boolean>();

/**
 * Whether the astral code point `cp` is its own lower-case in Python and in JavaScript (emoji,
 * CJK extensions: nearly all): then its two units stay as they are in text.lower().
 */
export function isPlainAstral(cp: number): boolean {
  let answer = astralAnswers.get(cp);
  if (answer === undefined) {
    answer = lowerCodePoint(cp) === undefined && !CHANGES_WHEN_LOWERCASED.test(String.fromCodePoint(cp));
    if (astralAnswers.size >= 4096) astralAnswers.clear();
    astralAnswers.set(cp, answer);
  }
  return answer;
}

export const SPACE = 1;
/** Python re `\w` (BMP only; surrogates go the code point way). */
export const WORD = 2;
export const APOSTROPHE = 4;
/** "." "!" "?": the separators of re.split(r'[.!?]+', text). */
export const SENTENCE_END = 8;
/** "?" and the full-width "？" counted by critical intensity. */
export const QUESTION = 16;
/**
 * A unit whose lower-case is not one unit in its place, or depends on context, or is not the
 * same in JavaScript's toLowerCase as in Python's lower: Σ (final sigma), İ (two units), and
 * the letters Node's newer Unicode lower-cases where Python 3.11 does not. Text without such a
 * unit (and without such an astral letter, see isPlainAstral) lower-cases unit by unit,
 * identically in both languages.
 */
export const SPECIAL = 32;
/** 0xD800–0xDFFF: the code point decides (its lower-case is checked by isPlainAstral). */
export const SURROGATE = 64;

export const UNIT_CLASS = new Uint8Array(0x10000);
/** Python's lower-case of a unit that is not SPECIAL (the unit itself when unchanged). */
export const LOWER_UNIT = new Uint16Array(0x10000);

const CAPITAL_SIGMA = 0x3a3;

for (let unit = 0; unit < 0x10000; unit++) {
  let flags = 0;
  if (isSpaceCodeUnit(unit)) flags |= SPACE;
  if (unit >= 0xd800 && unit <= 0xdfff) {
    UNIT_CLASS[unit] = flags | SURROGATE;
    LOWER_UNIT[unit] = unit;
    continue;
  }
  if (isWordCodePoint(unit)) flags |= WORD;
  if (unit === 0x27) flags |= APOSTROPHE;
  if (unit === 0x2e || unit === 0x21 || unit === 0x3f) flags |= SENTENCE_END;
  if (unit === 0x3f || unit === 0xff1f) flags |= QUESTION;
  const lower = lowerCodePoint(unit) ?? String.fromCharCode(unit);
  const isOneUnit = lower.length === 1;
  if (unit === CAPITAL_SIGMA || !isOneUnit || String.fromCharCode(unit).toLowerCase() !== lower) flags |= SPECIAL;
  UNIT_CLASS[unit] = flags;
  LOWER_UNIT[unit] = isOneUnit ? lower.charCodeAt(0) : unit;
}
