import type { Interval } from "./correlation-inference.ts";

export type Verdict = {
  verdict: "pass" | "fail" | "inconclusive";
  /** above / below: the whole interval is on that side of the bar; straddles: it holds the bar. */
  reason: "above" | "below" | "straddles" | "too-few" | "undefined";
  sentence: string;
};

export type VerdictFigure = { estimate: number | null; ci: Interval | null; n: number };

/**
 * A figure judged against a bar by its interval, not by its estimate alone: pass when the
 * whole interval is at or above the bar (low ≥ min), fail when the whole interval is below it
 * (high < min), inconclusive when it straddles the bar — or when there is too little to judge:
 * n below minN, or no interval. An undefined figure (estimate null) is inconclusive too.
 */
export function verdictOf(figure: VerdictFigure, bar: { min: number; minN?: number }): Verdict {
  const { estimate, ci, n } = figure;
  const { min, minN = 0 } = bar;
  if (!Number.isFinite(min)) throw new RangeError(`the bar must be a finite number: ${min}`);
  if (ci && !(ci[0] <= ci[1])) throw new RangeError(`interval ends out of order: [${ci[0]}, ${ci[1]}]`);
  if (n < minN) {
    return { verdict: "inconclusive", reason: "too-few", sentence: `Too few data: n = ${n}, below the minimum of ${minN}.` };
  }
  if (estimate === null) {
    return { verdict: "inconclusive", reason: "undefined", sentence: "The figure is undefined on these data." };
  }
  if (ci === null) {
    return { verdict: "inconclusive", reason: "too-few", sentence: `Too few data for an interval (estimate ${shown(estimate, min)}).` };
  }
  const [low, high] = ci;
  const interval = `[${shown(low, min)}, ${shown(high, min)}]`;
  if (low >= min) {
    return { verdict: "pass", reason: "above", sentence: `The whole interval ${interval} is at or above the bar of ${shown(min, min)}.` };
  }
  if (high < min) {
    return { verdict: "fail", reason: "below", sentence: `The whole interval ${interval} is below the bar of ${shown(min, min)}.` };
  }
  return {
    verdict: "inconclusive",
    reason: "straddles",
    sentence: `The interval straddles the bar of ${shown(min, min)}: from ${shown(low, min)} to ${shown(high, min)}.`,
  };
}

/**
 * Three decimals; more (up to six) when three would print a value different from the bar as
 * the bar itself, so that "0.600 is below the bar of 0.600" cannot happen.
 */
function shown(value: number, bar: number): string {
  let digits = 3;
  while (digits < 6 && value !== bar && value.toFixed(digits) === bar.toFixed(digits)) digits++;
  // A typographic minus, as the rest of the interface writes negative numbers.
  return value.toFixed(digits).replace(/^-/, "\u2212");
}
