import { describe, expect, it } from "vitest";
import { pairwiseAgreement, type Preference } from "./pairwise-preference.ts";

const A: Preference = "model_a";
const B: Preference = "model_b";
const T: Preference = "tie";

describe("pairwiseAgreement", () => {
  const input = {
    human: [A, B, T, A, B, A],
    pass1: [A, B, A, B, A, A],
    pass2: [A, A, A, B, B, A],
    judge: [A, T, A, B, T, A],
  };
  const result = pairwiseAgreement(input);

  it("counts a tie like any verdict in agreement with ties", () => {
    expect(result.agreementWithTies).toBe(2 / 6); // items 0 and 5
  });

  it("leaves out items where the human or the judge says tie in agreement without ties", () => {
    expect(result.nWithoutTies).toBe(3); // items 0, 3, 5
    expect(result.agreementWithoutTies).toBe(2 / 3);
  });

  it("measures position consistency as the share of items where both passes agree", () => {
    expect(result.positionConsistency).toBe(4 / 6);
  });

  it("scores each pass against the human verdict", () => {
    expect(result.pass1Accuracy).toBe(3 / 6);
    expect(result.pass2Accuracy).toBe(3 / 6);
  });

  it("puts the 3-way κ on the order model_a < tie < model_b", () => {
    expect(result.kappa.labels).toEqual([A, T, B]);
    expect(result.kappa.matrix).toEqual([[2, 0, 1], [1, 0, 0], [0, 2, 0]]);
  });

  it("returns null for the pass figures when the passes are not given", () => {
    const bare = pairwiseAgreement({ human: input.human, judge: input.judge });
    expect([bare.positionConsistency, bare.pass1Accuracy, bare.pass2Accuracy]).toEqual([null, null, null]);
  });

  it("returns null proportions for no items, and for no untied items", () => {
    const empty = pairwiseAgreement({ human: [], judge: [] });
    expect([empty.agreementWithTies, empty.agreementWithoutTies, empty.nWithoutTies]).toEqual([null, null, 0]);
    expect(pairwiseAgreement({ human: [A, T], judge: [T, B] }).agreementWithoutTies).toBeNull();
  });

  it("rejects verdict lists of different lengths", () => {
    expect(() => pairwiseAgreement({ human: [A], judge: [A, B] })).toThrow(RangeError);
  });
});
