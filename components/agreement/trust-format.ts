import type { QualityEstimate } from "@/lib/agreement/trust-figures";
import type { AltTestResult } from "@/lib/stats/alt-test";
import type { VerdictRow } from "@/lib/agreement/verdicts";
import { formatCount, formatInterval, formatNumber, formatPercent } from "./format";

// Wording of the trust section: the figures come unrounded from the server, and the
// sentences a reader sees are built here, once.

export const VERDICT_BADGES: Record<VerdictRow["verdict"], { text: string; tone: "success" | "danger" | "warning"; icon: string }> = {
  pass: { text: "PASS", tone: "success", icon: "✓" },
  fail: { text: "FAIL", tone: "danger", icon: "✗" },
  inconclusive: { text: "INCONCLUSIVE", tone: "warning", icon: "?" },
};

/** "0.71 (0.65 to 0.77)", or the estimate alone when there is no interval. */
export function formatEstimate(estimate: number | null, ci: [number, number] | null): string {
  const interval = formatInterval(ci);
  return interval ? `${formatNumber(estimate)} (${interval})` : formatNumber(estimate);
}

/** The labels planner: how many more ratings would narrow the interval to ± the target. */
export function plannerText(labelsNeeded: number | null, targetHalfWidth: number): string | null {
  if (labelsNeeded === null) return null;
  // A no-break space keeps "within ±0.05" on one line.
  const target = `within\u00a0±${formatHalfWidth(targetHalfWidth)}`;
  if (labelsNeeded <= 0) return `Settled ${target}`;
  return `About ${formatCount(roundForPlanning(labelsNeeded))} more ratings to settle it ${target}`;
}

/** The planner's figure is an extrapolation: two significant digits say as much as it knows. */
export function roundForPlanning(n: number): number {
  if (n < 100) return Math.ceil(n);
  const step = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.ceil(n / step) * step;
}

export function formatHalfWidth(value: number): string {
  return String(Number(value.toFixed(3)));
}

/** ε as the admin typed it: 0.15, 0.2. */
export function formatEpsilon(value: number): string {
  return String(Number(value.toFixed(4)));
}

/** "Judge can replace a rater: yes (ω = 0.67, 4 of 6 raters beaten at ε = 0.15)". */
export function altTestHeadline(result: AltTestResult): string {
  if (result.passed === null || result.winningRate === null) return "Judge can replace a rater: cannot tell yet";
  const raters = `${result.nWon} of ${result.nTested} rater${result.nTested === 1 ? "" : "s"} beaten`;
  return `Judge can replace a rater: ${result.passed ? "yes" : "no"} (ω = ${result.winningRate.toFixed(2)}, ${raters} at ε = ${formatEpsilon(result.epsilon)})`;
}

/** p-values of the per-rater tests: small ones in scientific notation (3.2e-5). */
export function formatSmallPValue(p: number | null): string {
  if (p === null) return "—";
  if (p === 0) return "0";
  if (p < 0.001) return p.toExponential(1);
  return p < 0.01 ? p.toFixed(3) : p.toFixed(2);
}

/** subject: what the judge over- or understates; name: what its own figure is called. */
type Quantity = { subject: string; name: string; format: (value: number | null) => string; difference: (value: number) => string };

const MEAN_LEVEL: Quantity = {
  subject: "quality",
  name: "mean level",
  format: (value) => formatNumber(value),
  difference: (value) => `${formatNumber(value)} level${Math.abs(value) === 1 ? "" : "s"}`,
};

const PASS_RATE: Quantity = {
  subject: "the pass rate",
  name: "pass rate",
  format: (value) => formatPercent(value, 1),
  difference: (value) => `${(value * 100).toFixed(1)} percentage points`,
};

type Comparison = { quantity: Quantity; judge: number } & ({ within: true } | { within: false; difference: number });

/** The judge's own figure against the corrected one; null when either is undefined. */
function compare(estimate: QualityEstimate, quantity: Quantity): Comparison | null {
  const judge = estimate.judgeOnly.mean;
  const { mean, ciLow, ciHigh } = estimate.corrected;
  if (judge === null || mean === null) return null;
  if (ciLow !== null && ciHigh !== null && judge >= ciLow && judge <= ciHigh) return { quantity, judge, within: true };
  return { quantity, judge, within: false, difference: judge - mean };
}

/**
 * One sentence on how the judge's own figures compare with the corrected ones: over- or
 * understated by how much, or within the corrected interval (then the difference is not to
 * be read), e.g. "The judge overstates quality by 0.25 levels and the pass rate by 10.8
 * percentage points."
 */
export function qualityReading(meanLevel: QualityEstimate, passRate: QualityEstimate): string | null {
  const comparisons = [compare(meanLevel, MEAN_LEVEL), compare(passRate, PASS_RATE)].filter((c): c is Comparison => c !== null);
  const off = comparisons.filter((c): c is Extract<Comparison, { within: false }> => !c.within);
  const within = comparisons.filter((c) => c.within);
  const verb = (c: Extract<Comparison, { within: false }>) => (c.difference > 0 ? "overstates" : "understates");
  const offText = off.map((c, index) => {
    const sameVerb = index > 0 && verb(c) === verb(off[index - 1]);
    return `${sameVerb ? "" : `${verb(c)} `}${c.quantity.subject} by ${c.quantity.difference(Math.abs(c.difference))}`;
  });
  const withinText = within.map((c) => `${c.quantity.name} (${c.quantity.format(c.judge)})`);
  if (off.length === 0 && within.length === 0) return null;
  if (off.length === 0) {
    return within.length === 1
      ? `The judge's own ${withinText[0]} is within the corrected interval.`
      : `The judge's own ${withinText.join(" and ")} are within the corrected intervals.`;
  }
  const sentence = `The judge ${offText.join(" and ")}`;
  return within.length === 0 ? `${sentence}.` : `${sentence}; its own ${withinText[0]} is within the corrected interval.`;
}

/** A bar as set: two decimals at least ("0.60"), three when set so ("0.667"). */
export function formatBar(value: number): string {
  const text = value.toFixed(3);
  return formatNumber(value, text.endsWith("0") ? 2 : 3);
}
