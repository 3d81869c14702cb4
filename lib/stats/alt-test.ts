import { numpySum } from "./numpy-sum.ts";
import { oneSampleTTestLess } from "./student-t.ts";

// The Alternative Annotator Test (Calderon, Reichart & Dror, "The Alternative Annotator Test
// for LLM-as-a-Judge", ACL 2025), reproducing the authors' `alt_test` (github.com/nitaytech/
// AltTest, alt_test_example.ipynb) to the last bit where their numpy sums have an order.

export type AltTestAlignment = "accuracy" | "neg_rmse";
/** A label or score. Two values are equal when both are finite numbers (or strings holding
 * one, as CSV cells are) with the same value, or else when their texts are the same. */
export type AltTestValue = string | number;

export type AltTestInput = {
  /** One entry per human rating: item key, rater key, value. A rater rating an item twice is
   * an error (RangeError naming both entries): the authors' input is a dict per rater. */
  item: readonly string[];
  rater: readonly string[];
  value: readonly AltTestValue[];
  /** The judge's value per item key; an item absent here was not rated by the judge. */
  judge: ReadonlyMap<string, AltTestValue>;
};

export type AltTestOptions = {
  /** ε, the cost-benefit allowance of H₀ (the paper suggests 0.2 experts, 0.15 skilled, 0.1 crowd). */
  epsilon: number;
  alignment: AltTestAlignment;
  /** Benjamini–Yekutieli false discovery rate; 0.05. */
  q?: number;
  /** An item is used when at least this many humans and the judge rated it; 2. */
  minRaters?: number;
  /** A rater is tested when they rated at least this many used items; 30. */
  minItems?: number;
};

export type AltTestRater = {
  rater: string;
  /** used items this rater rated */
  nItems: number;
  /** one-sided p-value of H₀: mean(rater indicator − judge indicator) ≥ ε; null when scipy gives NaN or the rater was skipped */
  pValue: number | null;
  /** H₀ rejected by Benjamini–Yekutieli: the judge "wins" against this rater */
  won: boolean;
  /** share of the rater's items where the judge aligns with the others at least as well as the rater */
  judgeAdvantage: number | null;
  /** share of the rater's items where the rater aligns with the others at least as well as the judge */
  raterAdvantage: number | null;
  /** why the rater was not tested, or null */
  skipped: string | null;
};

export type AltTestResult = {
  /** items rated by the judge and at least minRaters humans */
  nItems: number;
  /** items some human rated that were left out (too few humans, or no judge value) */
  nItemsDropped: number;
  epsilon: number;
  alignment: AltTestAlignment;
  q: number;
  minRaters: number;
  minItems: number;
  raters: AltTestRater[];
  nTested: number;
  nWon: number;
  /** ω = won / tested; null when no rater could be tested */
  winningRate: number | null;
  /** ρ = mean over tested raters of judgeAdvantage; null when none was tested or the mean is undefined */
  advantageProbability: number | null;
  /** ω ≥ 0.5; null when no rater could be tested */
  passed: boolean | null;
};

/**
 * The alt-test. Items are kept when the judge and at least `minRaters` humans rated them.
 * For each rater h (in order of first appearance) with at least `minItems` kept items, and
 * each such item i, the rater and the judge are scored against the other humans' values on i
 * (accuracy: share equal; neg_rmse: −√mean((x − other)²)); the indicators are
 * W_h,i = [judge score ≥ rater score] and W'_h,i = [rater score ≥ judge score] (both 0 when
 * no other human rated i: the scores are NaN). H₀: mean(W' − W) ≥ ε is tested with the
 * one-sided one-sample t-test (scipy.stats.ttest_1samp(…, ε, alternative="less")), the
 * p-values of all tested raters go through Benjamini–Yekutieli at q, and
 * ω = rejected / tested, ρ = mean_h mean_i W_h,i, passed = ω ≥ 0.5.
 * Calderon, Reichart & Dror (2025), §3 and Algorithm 1.
 */
export function altTest(input: AltTestInput, options: AltTestOptions): AltTestResult {
  const { epsilon, alignment, q = 0.05, minRaters = 2, minItems = 30 } = options;
  checkOptions(epsilon, alignment, q, minRaters, minItems);
  const ratings = indexRatings(input, alignment);
  const { itemStart, order, keptItems } = groupByItem(ratings, minRaters);
  const counts = countIndicators(ratings, itemStart, order, keptItems, alignment);

  const raters: AltTestRater[] = [];
  const tested: number[] = [];
  const pValues: number[] = [];
  const judgeAdvantages: number[] = [];
  for (let h = 0; h < ratings.raterNames.length; h++) {
    const n = counts.nItems[h];
    const rater = ratings.raterNames[h];
    if (n < minItems) {
      const skipped = `only ${n} item${n === 1 ? "" : "s"} rated with the judge${otherRaters(minRaters)} (needs ${minItems})`;
      raters.push({ rater, nItems: n, pValue: null, won: false, judgeAdvantage: null, raterAdvantage: null, skipped });
      continue;
    }
    const p = oneSampleTTestLess(counts.diffs.subarray(counts.diffStart[h], counts.diffStart[h] + n), epsilon).pValue;
    const judgeAdvantage = counts.judgeWins[h] / n;
    raters.push({ rater, nItems: n, pValue: p, won: false, judgeAdvantage, raterAdvantage: counts.raterWins[h] / n, skipped: null });
    tested.push(raters.length - 1);
    pValues.push(p ?? NaN);
    judgeAdvantages.push(judgeAdvantage);
  }
  for (const index of benjaminiYekutieli(pValues, q)) raters[tested[index]].won = true;

  const nTested = tested.length;
  const nWon = raters.filter((r) => r.won).length;
  const winningRate = nTested > 0 ? nWon / nTested : null;
  return {
    nItems: keptItems.length,
    nItemsDropped: ratings.itemNames.length - keptItems.length,
    epsilon, alignment, q, minRaters, minItems,
    raters, nTested, nWon, winningRate,
    advantageProbability: nTested > 0 ? numpySum(judgeAdvantages, 0, nTested) / nTested : null,
    passed: winningRate === null ? null : winningRate >= 0.5,
  };
}

/**
 * Benjamini–Yekutieli step-up procedure at false discovery rate q (Benjamini & Yekutieli
 * 2001, Theorem 1.3): with p-values sorted ascending p₍₁₎ ≤ … ≤ p₍ₘ₎ and H_m = Σ_{k≤m} 1/k,
 * reject the k smallest for the largest k with p₍ₖ₎ ≤ k/m · q/H_m. Returns the indices of the
 * rejected p-values, smallest p first. NaN never passes (numpy sorts it last); ties cannot
 * split, since a tie of a passing p-value passes the next, larger threshold too.
 */
export function benjaminiYekutieli(pValues: readonly number[], q: number): number[] {
  const m = pValues.length;
  const sorted = pValues.map((_, i) => i).sort((a, b) => byValueNaNLast(pValues[a], pValues[b]) || a - b);
  const harmonic = numpySum(sorted.map((_, k) => 1 / (k + 1)), 0, m);
  let last = -1;
  for (let k = 0; k < m; k++) if (pValues[sorted[k]] <= ((k + 1) / m) * (q / harmonic)) last = k;
  return sorted.slice(0, last + 1);
}

type Ratings = {
  raterNames: string[];
  itemNames: string[];
  rowRater: Int32Array;
  rowItem: Int32Array;
  /** accuracy: an integer code per distinct value; neg_rmse: the number */
  rowValue: Float64Array;
  /** the judge's value per item, coded like rowValue; NaN when the judge did not rate it */
  judgeValue: Float64Array;
};

function indexRatings(input: AltTestInput, alignment: AltTestAlignment): Ratings {
  const n = input.item.length;
  if (input.rater.length !== n || input.value.length !== n) {
    throw new RangeError(`item, rater and value differ in length: ${n}, ${input.rater.length}, ${input.value.length}`);
  }
  const raters = new Map<string, number>();
  const items = new Map<string, number>();
  const rowRater = new Int32Array(n);
  const rowItem = new Int32Array(n);
  const rowValue = new Float64Array(n);
  const code = valueCoder(alignment);
  for (let r = 0; r < n; r++) {
    rowRater[r] = indexOf(raters, input.rater[r]);
    rowItem[r] = indexOf(items, input.item[r]);
    rowValue[r] = code(input.value[r], () => `value of rating ${r} (item "${input.item[r]}", rater "${input.rater[r]}")`);
  }
  const itemNames = [...items.keys()];
  const judgeValue = new Float64Array(itemNames.length).fill(NaN);
  itemNames.forEach((name, i) => {
    const value = input.judge.get(name);
    if (value !== undefined) judgeValue[i] = code(value, () => `judge value of item "${name}"`);
  });
  return { raterNames: [...raters.keys()], itemNames, rowRater, rowItem, rowValue, judgeValue };
}

function indexOf(index: Map<string, number>, key: string): number {
  let i = index.get(key);
  if (i === undefined) index.set(key, (i = index.size));
  return i;
}

/** A finite number, or a string holding one; null otherwise. */
export function numericValue(value: AltTestValue): number | null {
  const number = typeof value === "number" ? value : value.trim() === "" ? NaN : Number(value);
  return Number.isFinite(number) ? number : null;
}

/** Codes values so that equal values get equal numbers: the number itself for neg_rmse,
 * else an integer per distinct value (numbers by value, other values by text). */
function valueCoder(alignment: AltTestAlignment): (value: AltTestValue, what: () => string) => number {
  if (alignment === "neg_rmse") {
    return (value, what) => {
      const number = numericValue(value);
      if (number === null) throw new RangeError(`${what()} is not a number: ${JSON.stringify(value)}`);
      return number;
    };
  }
  const numbers = new Map<number, number>();
  const texts = new Map<string, number>();
  const codeOf = <K>(codes: Map<K, number>, key: K): number => {
    let code = codes.get(key);
    if (code === undefined) codes.set(key, (code = numbers.size + texts.size));
    return code;
  };
  return (value) => {
    const number = numericValue(value);
    return number === null ? codeOf(texts, String(value)) : codeOf(numbers, number);
  };
}

/**
 * Ratings grouped by item (`order[itemStart[i] … itemStart[i+1]]`), within an item by rater
 * index (the order of the authors' h_set[i]); two stable counting sorts.
 */
function groupByItem(ratings: Ratings, minRaters: number) {
  const { rowRater, rowItem, raterNames, itemNames, judgeValue } = ratings;
  const byRater = countingSort(rowRater, raterNames.length, null);
  const itemStart = new Int32Array(itemNames.length + 1);
  const order = countingSort(rowItem, itemNames.length, byRater, itemStart);
  const keptItems: number[] = [];
  for (let i = 0; i < itemNames.length; i++) {
    for (let s = itemStart[i] + 1; s < itemStart[i + 1]; s++) {
      if (rowRater[order[s]] === rowRater[order[s - 1]]) {
        const [a, b] = [order[s - 1], order[s]].sort((x, y) => x - y);
        throw new RangeError(`rater "${raterNames[rowRater[a]]}" rated item "${itemNames[i]}" twice (ratings ${a} and ${b})`);
      }
    }
    if (itemStart[i + 1] - itemStart[i] >= minRaters && !Number.isNaN(judgeValue[i])) keptItems.push(i);
  }
  return { itemStart, order, keptItems };
}

/** Row indices stably sorted by key (0 … nKeys−1), visiting rows in `input` order (or 0 … n−1). */
function countingSort(key: Int32Array, nKeys: number, input: Int32Array | null, start = new Int32Array(nKeys + 1)): Int32Array {
  const n = key.length;
  for (let r = 0; r < n; r++) start[key[r] + 1]++;
  for (let k = 0; k < nKeys; k++) start[k + 1] += start[k];
  const next = start.slice(0, nKeys);
  const out = new Int32Array(n);
  for (let s = 0; s < n; s++) {
    const r = input ? input[s] : s;
    out[next[key[r]]++] = r;
  }
  return out;
}

/**
 * Per rater: used items, W and W' counts, and the differences W' − W in the rater's row order
 * (the order of the authors' i_set[h], which fixes numpy's summation order).
 */
function countIndicators(ratings: Ratings, itemStart: Int32Array, order: Int32Array, keptItems: number[], alignment: AltTestAlignment) {
  const { rowRater, rowValue, judgeValue, raterNames } = ratings;
  const nRaters = raterNames.length;
  const rowDiff = new Int8Array(rowRater.length);
  const isUsed = new Uint8Array(rowRater.length);
  const nItems = new Int32Array(nRaters);
  const judgeWins = new Int32Array(nRaters);
  const raterWins = new Int32Array(nRaters);
  const scratch = new Float64Array(nRaters);
  for (const i of keptItems) {
    const start = itemStart[i];
    const end = itemStart[i + 1];
    const judge = judgeValue[i];
    for (let s = start; s < end; s++) {
      const row = order[s];
      const own = rowValue[row];
      let raterScore: number;
      let judgeScore: number;
      if (alignment === "accuracy") {
        let raterHits = 0;
        let judgeHits = 0;
        for (let o = start; o < end; o++) {
          if (o === s) continue;
          if (rowValue[order[o]] === own) raterHits++;
          if (rowValue[order[o]] === judge) judgeHits++;
        }
        // share = hits / (k − 1) for both, so the counts compare as the shares do (NaN when k = 1)
        raterScore = end - start > 1 ? raterHits : NaN;
        judgeScore = end - start > 1 ? judgeHits : NaN;
      } else {
        raterScore = negRmse(own, rowValue, order, start, end, s, scratch);
        judgeScore = negRmse(judge, rowValue, order, start, end, s, scratch);
      }
      const judgeWin = judgeScore >= raterScore ? 1 : 0;
      const raterWin = raterScore >= judgeScore ? 1 : 0;
      const h = rowRater[row];
      nItems[h]++;
      judgeWins[h] += judgeWin;
      raterWins[h] += raterWin;
      rowDiff[row] = raterWin - judgeWin;
      isUsed[row] = 1;
    }
  }
  // Differences laid out rater by rater, each rater's in row order.
  const diffStart = new Int32Array(nRaters + 1);
  for (let h = 0; h < nRaters; h++) diffStart[h + 1] = diffStart[h] + nItems[h];
  const filled = diffStart.slice(0, nRaters);
  const diffs = new Float64Array(diffStart[nRaters]);
  for (let row = 0; row < rowRater.length; row++) if (isUsed[row]) diffs[filled[rowRater[row]]++] = rowDiff[row];
  return { nItems, judgeWins, raterWins, diffs, diffStart };
}

/** −√(mean of (x − other)²) over the other raters of the item, summed as numpy does. */
function negRmse(x: number, rowValue: Float64Array, order: Int32Array, start: number, end: number, skip: number, scratch: Float64Array): number {
  let k = 0;
  for (let o = start; o < end; o++) if (o !== skip) scratch[k++] = (x - rowValue[order[o]]) ** 2;
  return -Math.sqrt(numpySum(scratch, 0, k) / k);
}

function byValueNaNLast(a: number, b: number): number {
  if (Number.isNaN(a)) return Number.isNaN(b) ? 0 : 1;
  return Number.isNaN(b) ? -1 : a - b;
}

function otherRaters(minRaters: number): string {
  if (minRaters <= 1) return "";
  return minRaters === 2 ? " and another rater" : ` and ${minRaters - 1} other raters`;
}

function checkOptions(epsilon: number, alignment: string, q: number, minRaters: number, minItems: number): void {
  if (!Number.isFinite(epsilon)) throw new RangeError(`epsilon must be a finite number, got ${epsilon}`);
  if (alignment !== "accuracy" && alignment !== "neg_rmse") throw new RangeError(`alignment must be accuracy or neg_rmse, got ${alignment}`);
  if (!(q > 0 && q <= 1)) throw new RangeError(`q must be in (0, 1], got ${q}`);
  if (!(Number.isInteger(minRaters) && minRaters >= 1)) throw new RangeError(`minRaters must be an integer ≥ 1, got ${minRaters}`);
  if (!(Number.isInteger(minItems) && minItems >= 1)) throw new RangeError(`minItems must be an integer ≥ 1, got ${minItems}`);
}
