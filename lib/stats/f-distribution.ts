// Quantiles of the F and Student t distributions, for the intervals of the intraclass
// correlation and of the chance-corrected agreement coefficients.
import { logBeta, regularizedBeta } from "./special-functions.ts";

/**
 * Both tails of F(d1, d2) at x > 0 and x·f(x), f the density, through the beta function
 * (Abramowitz & Stegun 26.6.2): with a = d1/2, b = d2/2, z = d1x/(d1x + d2), y = 1 − z,
 *   P(F ≤ x) = I_z(a, b),  P(F > x) = I_y(b, a),  x·f(x) = z^a y^b / B(a, b).
 * z and y are each formed from x, so neither loses precision to the other.
 */
function fTails(x: number, d1: number, d2: number): { lower: number; upper: number; xDensity: number } {
  const a = d1 / 2;
  const b = d2 / 2;
  const denominator = d1 * x + d2;
  const z = (d1 * x) / denominator;
  const y = d2 / denominator;
  return {
    lower: regularizedBeta(z, a, b, y),
    upper: regularizedBeta(y, b, a, z),
    xDensity: Math.exp(a * Math.log(z) + b * Math.log(y) - logBeta(a, b)),
  };
}

/**
 * The p-quantile of F(d1, d2): the x with P(F ≤ x) = p, as scipy.stats.f.ppf. Newton's
 * method on u = ln x, safeguarded by bisection, on the smaller tail (P(F ≤ x) = p when
 * p ≤ ½, P(F > x) = 1 − p otherwise) so that the answer keeps its relative precision.
 * NaN when p ∉ (0, 1) or a degree of freedom is not a positive finite number.
 */
export function fQuantile(p: number, d1: number, d2: number): number {
  const isDf = (d: number) => Number.isFinite(d) && d > 0;
  if (!(p > 0 && p < 1) || !isDf(d1) || !isDf(d2)) return NaN;
  const isLower = p <= 0.5;
  const target = isLower ? p : 1 - p;
  // h(u) increases with u and vanishes at the quantile; h'(u) = x·f(x).
  const h = (u: number) => {
    const t = fTails(Math.exp(u), d1, d2);
    return { value: isLower ? t.lower - target : target - t.upper, slope: t.xDensity };
  };
  // Where z and y are both representable doubles. Past these ends the quantile overflows
  // (a df near 0, as a Satterthwaite ν can be): ∞ or 0, as scipy gives.
  const shift = Math.log(d2 / d1);
  let lo = Math.max(-700, shift - 690);
  let hi = Math.min(700, shift + 690);
  if (h(hi).value < 0) return Infinity;
  if (h(lo).value > 0) return 0;
  let u = Math.min(hi, Math.max(lo, 0));
  for (let iteration = 0; iteration < 500; iteration++) {
    const { value, slope } = h(u);
    if (value === 0) return Math.exp(u);
    if (value < 0) lo = u;
    else hi = u;
    let next = u - value / slope;
    if (!(next > lo && next < hi)) {
      // Far from the root the tails are flat: halve the bracket, or step out of a wide one.
      next = hi - lo > 8 ? (value < 0 ? Math.min(u + 4, (u + hi) / 2) : Math.max(u - 4, (lo + u) / 2)) : (lo + hi) / 2;
    }
    if (Math.abs(next - u) <= 1e-15 * Math.max(1, Math.abs(u))) return Math.exp(next);
    u = next;
  }
  return Math.exp(u);
}

/**
 * The critical value t with P(|T_df| ≤ t) = confidence: Student's t quantile at
 * (1 + confidence)/2, as scipy.stats.t.interval uses it, from T² ~ F(1, df).
 */
export function studentTCritical(confidence: number, df: number): number {
  return Math.sqrt(fQuantile(confidence, 1, df));
}

/** Two-sided p-value P(|T_df| ≥ |t|) = I_{df/(df+t²)}(df/2, ½) (A&S 26.7.1); NaN when df ≤ 0. */
export function studentTTwoSidedP(t: number, df: number): number {
  if (!(df > 0) || Number.isNaN(t)) return NaN;
  if (!Number.isFinite(t)) return 0;
  const t2 = t * t;
  return Math.min(1, regularizedBeta(df / (df + t2), df / 2, 0.5, t2 / (df + t2)));
}
