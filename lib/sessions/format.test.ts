import { describe, expect, it } from "vitest";
import { excerpt, formatPercent, formatScore, formatScoreBesideLevel, plural } from "./format";

describe("formatScore", () => {
  it("rounds as Python does, half to even on the exact binary value", () => {
    expect(formatScore(0.785)).toBe("0.79"); // 0.785 is stored just above
    expect(formatScore(0.7849999999999999)).toBe("0.78");
    expect(formatScore(0.125)).toBe("0.12"); // an exact tie goes to even
    expect(formatScore(1)).toBe("1.00");
  });

  it("shows a dash when there is no score", () => {
    expect(formatScore(null)).toBe("—");
    expect(formatScore(Number.NaN)).toBe("—");
  });
});

describe("formatPercent", () => {
  it("gives a whole percentage, or a dash of nothing", () => {
    expect(formatPercent(1, 3)).toBe("33 %");
    expect(formatPercent(0, 0)).toBe("—");
  });
});

describe("excerpt", () => {
  it("keeps short text whole on one line", () => {
    expect(excerpt("How do we\n  build trust?")).toBe("How do we build trust?");
  });

  it("cuts long text at a word and counts characters, not UTF-16 units", () => {
    expect(excerpt("alpha beta gamma delta", 13)).toBe("alpha beta…");
    expect(excerpt("가나다라마바사아자차", 5)).toBe("가나다라마…");
    expect(excerpt("😀😀😀😀", 2)).toBe("😀😀…");
  });

  it("is empty for no text", () => {
    expect(excerpt(null)).toBe("");
  });
});

describe("plural", () => {
  it("agrees with the count", () => {
    expect(plural(1, "turn")).toBe("1 turn");
    expect(plural(1200, "turn")).toBe("1,200 turns");
  });
});

describe("formatScoreBesideLevel", () => {
  const cutoffs = { fair: 0.5, good: 0.65, excellent: 0.8 };

  it("keeps two places when they stay on the score's side of every cut-off", () => {
    expect(formatScoreBesideLevel(0.4321, cutoffs)).toBe("0.43");
    expect(formatScoreBesideLevel(0.5, cutoffs)).toBe("0.50");
    expect(formatScoreBesideLevel(0.81, cutoffs)).toBe("0.81");
  });

  it("shows more places where two would round the score onto a cut-off of another level", () => {
    expect(formatScoreBesideLevel(0.4989, cutoffs)).toBe("0.499");
    expect(formatScoreBesideLevel(0.64999, cutoffs)).toBe("0.64999");
    expect(formatScoreBesideLevel(0.7999999, cutoffs)).toBe("0.799999");
  });

  it("has an em dash without a score", () => {
    expect(formatScoreBesideLevel(null, cutoffs)).toBe("—");
  });
});
