// The units × categories counts behind the chance-corrected agreement coefficients of any
// number of raters (Fleiss' κ, Gwet's AC1/AC2), with irrCAC's rules for missing ratings.
import type { Rating } from "./krippendorff-alpha.ts";

export type Category = number | string;

/** Missing, as irrCAC reads a pandas frame: null/undefined, NaN, or the empty string. */
export function isMissingRating(value: Rating): value is null | undefined {
  return value === null || value === undefined || value === "" || (typeof value === "number" && Number.isNaN(value));
}

/** Python's order: numbers ascending, text by Unicode code point (not UTF-16 unit). */
export function compareCategories(a: Category, b: Category): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a !== "string" || typeof b !== "string") throw new RangeError("ratings mix numbers and text");
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i].codePointAt(0)! - y[i].codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

/**
 * The categories, as irrCAC.raw.CAC orders them when it is given none:
 * sorted(ratings.stack().unique()) — the distinct ratings, numbers ascending or text by
 * code point. Mixing numbers and text throws (Python's sort raises a TypeError).
 */
export function ratingCategories(data: readonly (readonly Rating[])[]): Category[] {
  const values = new Set<Category>();
  for (const row of data) {
    for (const v of row) {
      if (isMissingRating(v)) continue;
      if (typeof v === "number" && !Number.isFinite(v)) throw new RangeError(`rating is not a finite number: ${v}`);
      values.add(v);
    }
  }
  return [...values].sort(compareCategories);
}

export type ClassificationCounts = {
  /** r_ik: how many raters put unit i in category k, for the units with at least one rating */
  counts: number[][];
  /** r_i = Σ_k r_ik */
  ratingsPerUnit: number[];
};

/**
 * r_ik for `data[rater][unit]` (the orientation of krippendorffAlpha). Units nobody rated
 * are left out, as irrCAC drops them; a rating outside `categories` throws.
 */
export function classificationCounts(data: readonly (readonly Rating[])[], categories: readonly Category[]): ClassificationCounts {
  const index = new Map(categories.map((c, k) => [c, k]));
  const nUnits = Math.max(0, ...data.map((row) => row.length));
  const counts: number[][] = [];
  const ratingsPerUnit: number[] = [];
  for (let u = 0; u < nUnits; u++) {
    const row = new Array<number>(categories.length).fill(0);
    let total = 0;
    for (const rater of data) {
      const v = rater[u];
      if (isMissingRating(v)) continue;
      const k = index.get(v);
      if (k === undefined) throw new RangeError(`rating ${JSON.stringify(v)} of unit ${u} is not among the categories`);
      row[k]++;
      total++;
    }
    if (total === 0) continue;
    counts.push(row);
    ratingsPerUnit.push(total);
  }
  return { counts, ratingsPerUnit };
}
