/** A coefficient of two paired samples, null when undefined for them. */
export type Coefficient = (x: Float64Array, y: Float64Array) => number | null;

export type GroupLevelResult = {
  /** mean of the within-group coefficients; null when no group gives one */
  value: number | null;
  nGroups: number;
  /** groups whose coefficient is defined (at least 2 items, neither side constant) */
  nGroupsUsed: number;
};

/**
 * Group-level ("summary-level") correlation: the coefficient computed within each group
 * (e.g. the responses to one prompt) and averaged over groups, skipping groups where it is
 * undefined — (1/|G′|) Σ_{g∈G′} coef(x_g, y_g), G′ the groups with a defined coefficient.
 * The convention of G-Eval (Liu et al. 2023) and UniEval (Zhong et al. 2022) summary-level
 * correlations. Groups are taken in order of first appearance.
 */
export function groupLevelCorrelation(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  groups: ArrayLike<string | number>,
  coefficient: Coefficient,
): GroupLevelResult {
  return groupLevelCorrelations(x, y, groups, [coefficient])[0];
}

/** Rows grouped: group g's pairs are xs/ys[starts[g]…starts[g+1]), in row order. */
export type GroupLayout = { xs: Float64Array; ys: Float64Array; starts: Int32Array; nGroups: number };

/**
 * Dense group ids in order of first appearance; then each row's pair written to its group's
 * next slot (one sequential pass, a write stream per group), so each group's pairs are one
 * contiguous slice in row order.
 */
export function groupLayout(x: ArrayLike<number>, y: ArrayLike<number>, groups: ArrayLike<string | number>): GroupLayout {
  if (x.length !== y.length || x.length !== groups.length) {
    throw new RangeError(`x, y and groups differ in length: ${x.length}, ${y.length}, ${groups.length}`);
  }
  const { groupOf, sizes } = firstAppearanceIds(groups);
  const starts = new Int32Array(sizes.length + 1);
  for (let g = 0; g < sizes.length; g++) starts[g + 1] = starts[g] + sizes[g];
  const next = starts.slice(0, sizes.length);
  const xs = new Float64Array(groups.length);
  const ys = new Float64Array(groups.length);
  for (let i = 0; i < groups.length; i++) {
    const to = next[groupOf[i]]++;
    xs[to] = x[i];
    ys[to] = y[i];
  }
  return { xs, ys, starts, nGroups: sizes.length };
}

/** Each row's group numbered 0, 1, … in order of first appearance, and each group's size. */
function firstAppearanceIds(groups: ArrayLike<string | number>): { groupOf: Int32Array; sizes: number[] } {
  const n = groups.length;
  const groupOf = new Int32Array(n);
  const sizes: number[] = [];
  if (groups instanceof Int32Array && n > 0) {
    // Small non-negative integer ids (the command line numbers its groups): a table, not a map.
    let min = groups[0];
    let max = groups[0];
    for (let i = 1; i < n; i++) {
      if (groups[i] < min) min = groups[i];
      if (groups[i] > max) max = groups[i];
    }
    if (min >= 0 && max < 2 * n + 1024) {
      const idOf = new Int32Array(max + 1).fill(-1);
      for (let i = 0; i < n; i++) {
        let id = idOf[groups[i]];
        if (id < 0) {
          id = idOf[groups[i]] = sizes.length;
          sizes.push(0);
        }
        groupOf[i] = id;
        sizes[id]++;
      }
      return { groupOf, sizes };
    }
  }
  const ids = new Map<string | number, number>();
  for (let i = 0; i < n; i++) {
    let id = ids.get(groups[i]);
    if (id === undefined) {
      id = sizes.length;
      ids.set(groups[i], id);
      sizes.push(0);
    }
    groupOf[i] = id;
    sizes[id]++;
  }
  return { groupOf, sizes };
}

/**
 * groupLevelCorrelation for several coefficients at once: the rows are grouped, and each
 * group's pairs copied side by side, once for all of them.
 */
export function groupLevelCorrelations(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  groups: ArrayLike<string | number>,
  coefficients: readonly Coefficient[],
): GroupLevelResult[] {
  const { xs, ys, starts, nGroups } = groupLayout(x, y, groups);
  return coefficients.map((coefficient) => {
    let sum = 0;
    let used = 0;
    for (let g = 0; g < nGroups; g++) {
      const value = coefficient(xs.subarray(starts[g], starts[g + 1]), ys.subarray(starts[g], starts[g + 1]));
      if (value === null) continue;
      sum += value;
      used++;
    }
    return { value: used > 0 ? sum / used : null, nGroups, nGroupsUsed: used };
  });
}
