// Python's round(x, n) for floats: the exact binary value of x rounded to n decimals, exact
// ties to even, then read back as the nearest double (CPython's double_round via dtoa).

/**
 * Python 3 `round(x, ndigits)` for 0 <= ndigits <= 100, e.g. round(0.995, 2) = 0.99 (0.995 is
 * stored just below), round(2.25, 1) = 2.2 (an exact tie goes to even), round(-0.004, 2) = -0.
 */
export function pyRound(x: number, ndigits: number): number {
  if (!Number.isInteger(ndigits) || ndigits < 0 || ndigits > 100) {
    throw new RangeError(`pyRound: ndigits must be an integer in 0..100, got ${ndigits}`);
  }
  // Zero keeps its sign; |x| >= 1e21 is already an integer (and toFixed would use exponents).
  if (!Number.isFinite(x) || x === 0 || Math.abs(x) >= 1e21) return x;
  const magnitude = Math.abs(x);
  // Fast path: when m·10ⁿ, computed in doubles (error < 2⁻²² below 2³⁰), is clearly away from
  // a half, its rounding is the exact value's, and r/10ⁿ is the double nearest r·10⁻ⁿ.
  if (ndigits <= 22) {
    const scaled = magnitude * POWERS_OF_TEN[ndigits];
    if (scaled < 2 ** 30) {
      const floor = Math.floor(scaled);
      const fraction = scaled - floor;
      if (Math.abs(fraction - 0.5) > 1e-6) {
        const rounded = (fraction > 0.5 ? floor + 1 : floor) / POWERS_OF_TEN[ndigits];
        return x < 0 ? -rounded : rounded;
      }
    }
  }
  return roundByDigits(x, ndigits);
}

/** pyRound through decimal digits (toFixed, BigInt for exact ties): the slow path, for any x. */
export function roundByDigits(x: number, ndigits: number): number {
  if (!Number.isFinite(x) || x === 0 || Math.abs(x) >= 1e21) return x;
  const magnitude = Math.abs(x);
  // toFixed rounds the exact binary value correctly but sends exact ties away from zero.
  // x·10ⁿ is a tie exactly when x = odd / 2ⁿ⁺¹ (scaling by a power of two is exact).
  const scaled = magnitude * 2 ** (ndigits + 1);
  const digits = Number.isInteger(scaled) && scaled % 2 === 1 ? tieToEven(scaled, ndigits) : magnitude.toFixed(ndigits);
  const rounded = Number(digits);
  return x < 0 ? -rounded : rounded;
}

const POWERS_OF_TEN = Array.from({ length: 23 }, (_, k) => 10 ** k);

/** The decimal string of odd·5ⁿ/2 (an exact half) rounded to the even neighbour, over 10ⁿ. */
function tieToEven(oddScaled: number, ndigits: number): string {
  const half = BigInt(oddScaled) * 5n ** BigInt(ndigits);
  let units = half / 2n;
  if (units % 2n === 1n) units += 1n;
  if (ndigits === 0) return units.toString();
  const text = units.toString().padStart(ndigits + 1, "0");
  return `${text.slice(0, -ndigits)}.${text.slice(-ndigits)}`;
}
