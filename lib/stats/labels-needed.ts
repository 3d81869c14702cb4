/** The half-width an interval should come down to by default: ± 0.05. */
export const DEFAULT_TARGET_HALF_WIDTH = 0.05;

/**
 * How many more human ratings would bring an interval of half-width h, made from n ratings,
 * down to the target t. Half-widths shrink as 1/√n, so n' = n·(h/t)² ratings would do and
 *   needed = ⌈n·(h/t)²⌉ − n,          0 when h ≤ t already.
 * The assumption: the same design (ratings spread over turns, sessions and raters as they are
 * now) and the same variance per rating. With a fixed panel of raters, the part of a crossed
 * interval that comes from the raters does not shrink with more ratings from the same people,
 * so read the figure as a lower bound when that part is large. A relative margin of 1e-9
 * keeps an exact product (h/t = 1.4, n = 400 → 784) from rounding up by floating-point error.
 * Null when h is undefined or n < 1.
 */
export function labelsNeeded(halfWidth: number | null, n: number, target = DEFAULT_TARGET_HALF_WIDTH): number | null {
  if (!(target > 0) || !Number.isFinite(target)) throw new RangeError(`target half-width must be positive: ${target}`);
  if (halfWidth === null || !Number.isFinite(halfWidth) || halfWidth < 0 || !(n >= 1)) return null;
  if (halfWidth <= target) return 0;
  const ratio = halfWidth / target;
  const total = n * ratio * ratio;
  return Math.max(0, Math.ceil(total * (1 - 1e-9)) - n);
}
