// Lookups over the generated Python character tables (unicode-tables.ts): one flag byte per
// BMP code point, binary search for the rest. Built once at module load (a few ms).
import {
  CASED_RANGES,
  CASE_IGNORABLE_RANGES,
  LOWER_MULTI,
  LOWER_RUNS,
  SPACE_CODE_POINTS,
  WORD_RANGES,
} from "./unicode-tables";

const WORD = 1;
const SPACE = 2;
const LOWER_MAPPED = 4;
const CASE_IGNORABLE = 8;
const CASED = 16;

const bmpFlags = new Uint8Array(0x10000);
const lowerMap = new Map<number, string>();

function markRanges(ranges: readonly number[], flag: number): void {
  for (let i = 0; i < ranges.length; i += 2) {
    const end = Math.min(ranges[i + 1], 0xffff);
    for (let cp = ranges[i]; cp <= end; cp++) bmpFlags[cp] |= flag;
  }
}

markRanges(WORD_RANGES, WORD);
markRanges(CASE_IGNORABLE_RANGES, CASE_IGNORABLE);
markRanges(CASED_RANGES, CASED);
for (const cp of SPACE_CODE_POINTS) bmpFlags[cp] |= SPACE;
for (let i = 0; i < LOWER_RUNS.length; i += 4) {
  const [start, end, stride, delta] = LOWER_RUNS.slice(i, i + 4);
  for (let cp = start; cp <= end; cp += stride) lowerMap.set(cp, String.fromCodePoint(cp + delta));
}
for (const [cp, lower] of LOWER_MULTI) lowerMap.set(cp, lower);
for (const cp of lowerMap.keys()) if (cp <= 0xffff) bmpFlags[cp] |= LOWER_MAPPED;

/** Binary search in flat inclusive [start, end, …] ranges. */
function inRanges(ranges: readonly number[], cp: number): boolean {
  let lo = 0;
  let hi = ranges.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cp < ranges[2 * mid]) hi = mid - 1;
    else if (cp > ranges[2 * mid + 1]) lo = mid + 1;
    else return true;
  }
  return false;
}

/** Python `re` `\w`: str.isalnum() or "_" (combining marks are not word characters). */
export function isWordCodePoint(cp: number): boolean {
  return cp <= 0xffff ? (bmpFlags[cp] & WORD) !== 0 : inRanges(WORD_RANGES, cp);
}

/** Python str.isspace(); every such character is in the BMP, so a code unit suffices. */
export function isSpaceCodeUnit(unit: number): boolean {
  return (bmpFlags[unit] & SPACE) !== 0;
}

export function isCaseIgnorable(cp: number): boolean {
  return cp <= 0xffff ? (bmpFlags[cp] & CASE_IGNORABLE) !== 0 : inRanges(CASE_IGNORABLE_RANGES, cp);
}

export function isCased(cp: number): boolean {
  return cp <= 0xffff ? (bmpFlags[cp] & CASED) !== 0 : inRanges(CASED_RANGES, cp);
}

/** Python's lower-case of one code point out of context, or undefined when it is unchanged. */
export function lowerCodePoint(cp: number): string | undefined {
  if (cp <= 0xffff && (bmpFlags[cp] & LOWER_MAPPED) === 0) return undefined;
  return lowerMap.get(cp);
}
