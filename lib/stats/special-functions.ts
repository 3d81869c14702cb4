// Special functions behind the p-values and intervals. Each aims at ~1e-14 relative
// accuracy, also deep in the tails (p ~ 1e-60), where a naive `1 - cdf` would return 0.

const HALF_LOG_TWO_PI = 0.9189385332046728; // ½·ln(2π)
const SQRT_PI = 1.7724538509055159;
const EPSILON = 2.220446049250313e-16;
const TINY = 1e-300;

/**
 * ln Γ(x) for x > 0. Shifts x up to ≥ 10 with Γ(x) = Γ(x+k) / (x(x+1)…(x+k−1)), then
 * uses Stirling's series ln Γ(x) ≈ (x−½)ln x − x + ½ln 2π + Σ B₂ₖ / (2k(2k−1)x^(2k−1))
 * with seven terms (error < 1e-17 at x ≥ 10). Abramowitz & Stegun 6.1.40.
 */
export function logGamma(x: number): number {
  if (!(x > 0)) throw new RangeError(`logGamma needs x > 0, got ${x}`);
  let shift = 0;
  if (x < 10) {
    let product = 1;
    while (x < 10) {
      product *= x;
      x += 1;
    }
    shift = Math.log(product);
  }
  return (x - 0.5) * Math.log(x) - x + HALF_LOG_TWO_PI + stirlingSeries(x) - shift;
}

/** The tail of Stirling's series, S(x) = Σ_{k=1…7} B₂ₖ / (2k(2k−1)x^(2k−1)), for x ≥ 10. */
export function stirlingSeries(x: number): number {
  const inv = 1 / x;
  const inv2 = inv * inv;
  return inv * (1 / 12 + inv2 * (-1 / 360 + inv2 * (1 / 1260 + inv2 * (-1 / 1680 + inv2 * (1 / 1188 + inv2 * (-691 / 360360 + inv2 / 156))))));
}

/** ln B(a, b) = ln Γ(a) + ln Γ(b) − ln Γ(a + b). */
export function logBeta(a: number, b: number): number {
  return logGamma(a) + logGamma(b) - logGamma(a + b);
}

/**
 * Continued fraction of the incomplete beta function, evaluated with the modified Lentz
 * method (Press et al., Numerical Recipes 3rd ed., §6.4, `betacf`; Lentz 1976).
 */
function betaContinuedFraction(a: number, b: number, x: number): number {
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  let c = 1;
  let d = 1 - (qab * x) / qap;
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 100_000; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) <= EPSILON) return h;
  }
  return h;
}

/**
 * Regularized incomplete beta I_x(a, b) = B(x; a, b) / B(a, b), for a, b > 0.
 * `y` must equal 1 − x; callers that know it more precisely than `1 - x` pass it, which
 * keeps full relative accuracy when x is close to 1.
 * I_x(a,b) = x^a y^b / (a B(a,b)) · CF(x), used directly when x < (a+1)/(a+b+2) and
 * through I_x(a,b) = 1 − I_y(b,a) otherwise (Numerical Recipes 3rd ed., §6.4).
 */
export function regularizedBeta(x: number, a: number, b: number, y: number = 1 - x): number {
  if (!(a > 0 && b > 0)) throw new RangeError(`regularizedBeta needs a, b > 0, got ${a}, ${b}`);
  if (x <= 0) return 0;
  if (y <= 0) return 1;
  const logFront = a * Math.log(x) + b * Math.log(y) - logBeta(a, b);
  if (x < (a + 1) / (a + b + 2)) return (Math.exp(logFront) * betaContinuedFraction(a, b, x)) / a;
  return 1 - (Math.exp(logFront) * betaContinuedFraction(b, a, y)) / b;
}

/**
 * Complementary error function erfc(x) = 2/√π ∫ₓ^∞ e^(−t²) dt = Q(½, x²) for x ≥ 0.
 * |x| < 1.2: the Maclaurin series of erf; beyond, the Legendre continued fraction of the
 * upper incomplete gamma Q(½, x²) by modified Lentz (Numerical Recipes 3rd ed., §6.2, `gcf`).
 */
export function erfc(x: number): number {
  if (Number.isNaN(x)) return NaN;
  if (x < 0) return 2 - erfc(-x);
  if (x < 1.2) return 1 - erfSeries(x);
  if (x > 27.3) return 0; // erfc(27.3) < 1e-325, below the smallest double
  const z = x * x;
  // Q(a, z) = e^(−z) z^a / Γ(a) · 1/(z+1−a− 1(1−a)/(z+3−a− 2(2−a)/(z+5−a− …))), a = ½
  const a = 0.5;
  let b = z + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i <= 10_000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) <= EPSILON) break;
  }
  return (Math.exp(-z) * x * h) / SQRT_PI;
}

/** erf(x) = 2/√π Σₖ (−1)ᵏ x^(2k+1) / (k! (2k+1)), for small |x|. */
function erfSeries(x: number): number {
  const z = x * x;
  let term = x;
  let sum = x;
  for (let k = 1; k < 200; k++) {
    term *= -z / k;
    const next = term / (2 * k + 1);
    sum += next;
    if (Math.abs(next) <= EPSILON * Math.abs(sum)) break;
  }
  return (2 / SQRT_PI) * sum;
}

/** Upper tail of the standard normal, P(Z > z) = ½ erfc(z/√2). */
export function normalSurvival(z: number): number {
  return 0.5 * erfc(z / Math.SQRT2);
}

/**
 * Standard normal quantile Φ⁻¹(p), 0 < p < 1: P. J. Acklam's rational approximation
 * (relative error 1.15e-9) refined by one Halley step on Φ(x) − p, which brings it to
 * machine precision.
 */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`normalQuantile needs 0 < p < 1, got ${p}`);
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const pLow = 0.02425;
  let x: number;
  if (p < pLow || p > 1 - pLow) {
    const q = Math.sqrt(-2 * Math.log(p < pLow ? p : 1 - p));
    const tail = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    x = p < pLow ? tail : -tail;
  } else {
    const q = p - 0.5;
    const r = q * q;
    x = ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
  }
  // Halley step; the error of Φ(x) is taken on the tail side for accuracy.
  const e = p < 0.5 ? 0.5 * erfc(-x / Math.SQRT2) - p : (1 - p) - 0.5 * erfc(x / Math.SQRT2);
  const u = e * Math.sqrt(2 * Math.PI) * Math.exp((x * x) / 2);
  return x - u / (1 + (x * u) / 2);
}
