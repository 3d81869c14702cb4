import { describe, expect, it } from "vitest";
import { medianAggregate } from "./panel";
import { seededChoices } from "./seeded-random";

/** The median as medianAggregate computed it before: Float64Array.prototype.sort per item. */
function medianBySort(members: readonly ArrayLike<number>[]): Float64Array {
  const n = members[0].length;
  const k = members.length;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const sorted = Float64Array.from(members, (member) => member[i]).sort();
    out[i] = k % 2 === 1 ? sorted[k >> 1] : (sorted[(k >> 1) - 1] + sorted[k >> 1]) / 2;
  }
  return out;
}

const bits = (values: Float64Array) => Array.from(new BigUint64Array(values.buffer, values.byteOffset, values.length));

describe("medianAggregate's order (insertion in Float64Array.sort's order)", () => {
  it("gives bit for bit the built-in sort's median, with ties, −0 and +0, infinities and NaN, for 1 to 9 members", () => {
    const { next, int, pick } = seededChoices(21);
    const specials = [0, -0, Infinity, -Infinity, NaN, 0.5, 0.25, 1];
    for (let k = 1; k <= 9; k++) {
      const members = Array.from({ length: k }, () => Float64Array.from({ length: 4000 }, () => (next() < 0.3 ? pick(specials) : int(0, 10) / 10)));
      expect(bits(medianAggregate(members))).toEqual(bits(medianBySort(members)));
    }
  });

  it("picks −0 or +0 as the sort does and averages the middle two", () => {
    // Three members: sorted −0, +0, +0 → the median is +0; sorted −0, −0, +0 → −0.
    expect(Object.is(medianAggregate([[0], [-0], [0]])[0], 0)).toBe(true);
    expect(Object.is(medianAggregate([[-0], [0], [-0]])[0], -0)).toBe(true);
    // NaN sorts last: the median of (NaN, 1, 2) is 2, of (NaN, NaN, 1) is NaN.
    expect(Array.from(medianAggregate([[NaN, NaN], [1, NaN], [2, 1]]))).toEqual([2, NaN]);
    expect(Array.from(medianAggregate([[0.4, 3], [0.1, -1], [0.3, 2], [0.2, 1]]))).toEqual([0.25, 1.5]);
  });
});
