import { describe, expect, it } from "vitest";
import { meanAggregate, medianAggregate, voteAggregate } from "@/lib/stats/panel";
import { aggregatePanelScores, aggregatePanelVotes, commonTurns } from "./aggregate-panel";

const ids = (...values: number[]) => Int32Array.from(values);

describe("commonTurns", () => {
  it("keeps the turns every member answered, ascending, with each member's position of them", () => {
    const { turnIds, positions } = commonTurns([ids(1, 2, 4, 7, 9), ids(2, 3, 4, 9), ids(0, 2, 4, 5, 9, 11)]);
    expect(Array.from(turnIds)).toEqual([2, 4, 9]);
    expect(positions!.map((p) => Array.from(p))).toEqual([
      [1, 2, 4],
      [0, 2, 3],
      [1, 2, 4],
    ]);
  });

  it("hands back the first member's turns and no positions when every member answered the same turns", () => {
    const first = ids(3, 5, 8);
    expect(commonTurns([first, ids(3, 5, 8), ids(3, 5, 8)])).toEqual({ turnIds: first, positions: null });
  });

  it("gives no turn when two members share none, and refuses turns out of order", () => {
    expect(commonTurns([ids(1, 3), ids(2, 4)]).turnIds.length).toBe(0);
    expect(() => commonTurns([ids(1, 3), ids(4, 2)])).toThrow("member 2's turns are not in ascending order at position 1: 4 then 2");
  });
});

describe("aggregatePanelScores", () => {
  // Member 2 did not score turn 20; turn 30 has a tie in the middle (median of 4 values).
  const members = [
    { turnIds: ids(10, 20, 30), scores: Float64Array.of(0.1, 0.5, 0.3) },
    { turnIds: ids(10, 30), scores: Float64Array.of(0.2, 0.3) },
    { turnIds: ids(10, 20, 30), scores: Float64Array.of(0.7, 0.9, 0.8) },
    { turnIds: ids(10, 20, 30), scores: Float64Array.of(0.4, 0.1, 0.3) },
  ];

  it("averages in member order exactly as meanAggregate, on the turns all members scored", () => {
    const panel = aggregatePanelScores(members, "mean");
    expect(Array.from(panel.turnIds)).toEqual([10, 30]);
    expect(Array.from(panel.scores)).toEqual([(0.1 + 0.2 + 0.7 + 0.4) / 4, (0.3 + 0.3 + 0.8 + 0.3) / 4]);
    expect(Array.from(panel.scores)).toEqual(Array.from(meanAggregate([[0.1, 0.3], [0.2, 0.3], [0.7, 0.8], [0.4, 0.3]])));
    expect(panel.members.map((m) => Array.from(m))).toEqual([[0.1, 0.3], [0.2, 0.3], [0.7, 0.8], [0.4, 0.3]]);
  });

  it("takes numpy's median: the mean of the middle two of an even panel", () => {
    const panel = aggregatePanelScores(members, "median");
    expect(Array.from(panel.scores)).toEqual([(0.2 + 0.4) / 2, 0.3]);
    expect(Array.from(panel.scores)).toEqual(Array.from(medianAggregate([[0.1, 0.3], [0.2, 0.3], [0.7, 0.8], [0.4, 0.3]])));
  });
});

describe("aggregatePanelVotes", () => {
  it("takes the majority label, a tie going to the earliest-listed member's, with the winning share as confidence", () => {
    const members = [
      { turnIds: ids(1, 2, 3, 4), labels: ["off", "toxic", "ok", "ok"] },
      { turnIds: ids(1, 2, 4), labels: ["ok", "ok", "ok"] },
      { turnIds: ids(1, 2, 3, 4), labels: ["ok", "off", "off", "toxic"] },
      { turnIds: ids(1, 2, 3, 4), labels: ["toxic", "toxic", "off", "off"] },
    ];
    const panel = aggregatePanelVotes(members);
    // Turn 1: ok 2. Turn 2: toxic 2 and ok 1, off 1. Turn 3: member 2 did not answer. Turn 4: ok 2.
    expect(Array.from(panel.turnIds)).toEqual([1, 2, 4]);
    expect(panel.labels).toEqual(["ok", "toxic", "ok"]);
    expect(Array.from(panel.confidence)).toEqual([0.5, 0.5, 0.5]);
    expect(panel.labels).toEqual(voteAggregate(panel.members));
    // A two-two tie: the first member's label wins.
    const tie = aggregatePanelVotes([{ turnIds: ids(5), labels: ["b"] }, { turnIds: ids(5), labels: ["a"] }, { turnIds: ids(5), labels: ["a"] }, { turnIds: ids(5), labels: ["b"] }]);
    expect([tie.labels, Array.from(tie.confidence)]).toEqual([["b"], [0.5]]);
  });
});
