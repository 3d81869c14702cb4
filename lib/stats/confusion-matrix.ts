/**
 * Counts of (a, b) label pairs over an ordered label set: matrix[i][j] = #{a = labels[i],
 * b = labels[j]}. Pairs with a label outside the set are left out, as in scikit-learn's
 * confusion_matrix(labels=…); `n` counts the pairs kept.
 */
export type ConfusionMatrix<L> = { labels: readonly L[]; matrix: number[][]; n: number };

export function confusionMatrix<L extends string | number>(
  a: ArrayLike<L>,
  b: ArrayLike<L>,
  labels: readonly L[],
): ConfusionMatrix<L> {
  if (a.length !== b.length) throw new RangeError(`paired arrays differ in length: ${a.length} vs ${b.length}`);
  const k = labels.length;
  const indexOf = labelIndex(labels);
  const flat = new Float64Array(k * k);
  let n = 0;
  for (let t = 0; t < a.length; t++) {
    const i = indexOf(a[t]);
    const j = indexOf(b[t]);
    if (i < 0 || j < 0) continue;
    flat[i * k + j]++;
    n++;
  }
  const matrix = Array.from({ length: k }, (_, i) => Array.from(flat.subarray(i * k, (i + 1) * k)));
  return { labels, matrix, n };
}

/** Label → position lookup; a direct table when the labels are small integers (hot path). */
function labelIndex<L extends string | number>(labels: readonly L[]): (label: L) => number {
  if (new Set(labels).size !== labels.length) throw new RangeError("labels must be distinct");
  const isSmallIntegers = labels.every((l) => typeof l === "number" && Number.isInteger(l) && l >= 0 && l < 4096);
  if (isSmallIntegers) {
    const table = new Int32Array(4096).fill(-1);
    labels.forEach((l, i) => (table[l as number] = i));
    return (label) => (typeof label === "number" && Number.isInteger(label) && label >= 0 && label < 4096 ? table[label] : -1);
  }
  const map = new Map<L, number>(labels.map((l, i) => [l, i]));
  return (label) => map.get(label) ?? -1;
}
