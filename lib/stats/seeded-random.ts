// Seeded pseudo-random numbers for tests, simulations and benchmarks (not for statistics
// themselves): reproducible runs from a 32-bit seed.

/** Mulberry32 (Tommy Ettinger, 2017): uniform doubles in [0, 1). */
export function uniformSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seeded uniform source with integer and pick helpers, for choosing test inputs reproducibly. */
export function seededChoices(seed: number) {
  const next = uniformSource(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  return { next, int, pick };
}

/** Standard normal deviates by the Box–Muller transform over a uniform source. */
export function normalSource(uniform: () => number): () => number {
  let spare: number | null = null;
  return () => {
    if (spare !== null) {
      const value = spare;
      spare = null;
      return value;
    }
    const u = 1 - uniform(); // (0, 1]: log stays finite
    const radius = Math.sqrt(-2 * Math.log(u));
    const angle = 2 * Math.PI * uniform();
    spare = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  };
}

/** n pairs from a standard bivariate normal with correlation rho. */
export function bivariateNormal(n: number, rho: number, seed: number): { x: Float64Array; y: Float64Array } {
  const normal = normalSource(uniformSource(seed));
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const s = Math.sqrt(1 - rho * rho);
  for (let i = 0; i < n; i++) {
    const a = normal();
    x[i] = a;
    y[i] = rho * a + s * normal();
  }
  return { x, y };
}
