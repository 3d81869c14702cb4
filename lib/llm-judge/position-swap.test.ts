import { describe, expect, it } from "vitest";
import { combinePasses, INCONSISTENT_CONFIDENCE, mapSecondPass, toStoredWinner } from "./position-swap";

describe("position-swap protocol (seed 001)", () => {
  it("reproduces the seed's worked example: B at 0.8, then A at 0.6 with B first, gives B at 0.7, consistent", () => {
    const firstPass = { winner: "B" as const, confidence: 0.8 };
    const secondPassMapped = mapSecondPass({ winner: "A", confidence: 0.6 });

    const verdict = combinePasses(firstPass, secondPassMapped);

    expect(secondPassMapped).toEqual({ winner: "B", confidence: 0.6 });
    expect(verdict.winner).toBe("B");
    expect(verdict.confidence).toBeCloseTo(0.7, 12);
    expect(verdict.positionConsistency).toEqual({ consistent: true, firstPassWinner: "B", secondPassWinner: "B" });
  });

  it("gives TIE with confidence 0.5 when the same position wins both passes", () => {
    const verdict = combinePasses({ winner: "A", confidence: 0.9 }, mapSecondPass({ winner: "A", confidence: 0.7 }));

    expect(verdict).toEqual({
      winner: "TIE",
      confidence: INCONSISTENT_CONFIDENCE,
      positionConsistency: { consistent: false, firstPassWinner: "A", secondPassWinner: "B" },
    });
    expect(INCONSISTENT_CONFIDENCE).toBe(0.5);
  });

  it("treats a tie in one pass and a winner in the other as inconsistent", () => {
    const verdict = combinePasses({ winner: "TIE", confidence: 0.6 }, mapSecondPass({ winner: "B", confidence: 0.9 }));

    expect(verdict.winner).toBe("TIE");
    expect(verdict.confidence).toBe(0.5);
    expect(verdict.positionConsistency.consistent).toBe(false);
  });

  it("keeps a tie in both passes as a consistent tie with the mean confidence", () => {
    const verdict = combinePasses({ winner: "TIE", confidence: 0.6 }, mapSecondPass({ winner: "TIE", confidence: 0.8 }));

    expect(verdict.winner).toBe("TIE");
    expect(verdict.confidence).toBeCloseTo(0.7, 12);
    expect(verdict.positionConsistency.consistent).toBe(true);
  });

  it("stores winners on the model_a < tie < model_b scale", () => {
    expect(["A", "TIE", "B"].map((winner) => toStoredWinner(winner as "A" | "TIE" | "B"))).toEqual(["model_a", "tie", "model_b"]);
  });
});
