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
  if (x.length !== y.length || x.length !== groups.length) {
    throw new RangeError(`x, y and groups differ in length: ${x.length}, ${y.length}, ${groups.length}`);
  }
  const members = new Map<string | number, number[]>();
  for (let i = 0; i < groups.length; i++) {
    const list = members.get(groups[i]);
    if (list) list.push(i);
    else members.set(groups[i], [i]);
  }
  let sum = 0;
  let used = 0;
  for (const indices of members.values()) {
    const value = coefficient(
      Float64Array.from(indices, (i) => x[i]),
      Float64Array.from(indices, (i) => y[i]),
    );
    if (value === null) continue;
    sum += value;
    used++;
  }
  return { value: used > 0 ? sum / used : null, nGroups: members.size, nGroupsUsed: used };
}
