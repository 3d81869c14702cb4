// Python's str.lower() with the character tables of the Python that ran the seed. JavaScript's
// toLowerCase() follows Node's newer Unicode (it lower-cases letters Python 3.11 leaves alone)
// and its own Case_Ignorable/Cased sets for the final sigma, so its result is only taken after
// it has been checked against Python's tables, code unit by code unit.
import { isCased, isCaseIgnorable, lowerCodePoint } from "./unicode-classes";

const ASCII_ONLY = /^[\x00-\x7f]*$/;
const CAPITAL_SIGMA = 0x3a3;
const SMALL_SIGMA = "\u03c3";
const FINAL_SIGMA = "\u03c2";

/** Python 3 `text.lower()`. */
export function pythonLower(text: string): string {
  if (ASCII_ONLY.test(text)) return text.toLowerCase();
  const native = text.toLowerCase();
  if (native.length === text.length && matchesPython(text, native)) return native;
  return buildLower(text);
}

function codePointBefore(text: string, end: number): number {
  const unit = text.charCodeAt(end - 1);
  if (unit >= 0xdc00 && unit <= 0xdfff && end >= 2) {
    const high = text.charCodeAt(end - 2);
    if (high >= 0xd800 && high <= 0xdbff) return (high - 0xd800) * 0x400 + (unit - 0xdc00) + 0x10000;
  }
  return unit;
}

/** CPython's handle_capital_sigma: Σ is final after a cased letter and not before one. */
function isFinalSigma(text: string, start: number, end: number): boolean {
  let cp = -1;
  for (let j = start; j > 0; ) {
    const before = codePointBefore(text, j);
    j -= before > 0xffff ? 2 : 1;
    if (!isCaseIgnorable(before)) {
      cp = before;
      break;
    }
  }
  if (cp < 0 || !isCased(cp)) return false;
  for (let j = end; j < text.length; ) {
    const after = text.codePointAt(j) as number;
    j += after > 0xffff ? 2 : 1;
    if (!isCaseIgnorable(after)) return !isCased(after);
  }
  return true;
}

/** Python's lower-case of the code point `cp` at [start, end), or undefined when unchanged. */
function lowerAt(text: string, cp: number, start: number, end: number): string | undefined {
  if (cp === CAPITAL_SIGMA) return isFinalSigma(text, start, end) ? FINAL_SIGMA : SMALL_SIGMA;
  return lowerCodePoint(cp);
}

function matchesPython(text: string, native: string): boolean {
  for (let i = 0; i < text.length; ) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) {
      const expected = unit >= 65 && unit <= 90 ? unit + 32 : unit;
      if (native.charCodeAt(i) !== expected) return false;
      i++;
      continue;
    }
    const cp = text.codePointAt(i) as number;
    const width = cp > 0xffff ? 2 : 1;
    const lower = lowerAt(text, cp, i, i + width);
    if (lower === undefined) {
      if (native.charCodeAt(i) !== unit) return false;
      if (width === 2 && native.charCodeAt(i + 1) !== text.charCodeAt(i + 1)) return false;
    } else {
      if (lower.length !== width) return false;
      if (native.charCodeAt(i) !== lower.charCodeAt(0)) return false;
      if (width === 2 && native.charCodeAt(i + 1) !== lower.charCodeAt(1)) return false;
    }
    i += width;
  }
  return true;
}

function buildLower(text: string): string {
  const parts: string[] = [];
  let copiedTo = 0;
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i) as number;
    const width = cp > 0xffff ? 2 : 1;
    const lower = cp < 0x80 ? (cp >= 65 && cp <= 90 ? String.fromCharCode(cp + 32) : undefined) : lowerAt(text, cp, i, i + width);
    if (lower !== undefined) {
      parts.push(text.slice(copiedTo, i), lower);
      copiedTo = i + width;
    }
    i += width;
  }
  parts.push(text.slice(copiedTo));
  return parts.join("");
}
