import { describe, expect, it } from "vitest";
import { orderCandidates, type QueueCandidate } from "./order";

const cutoffs = { fair: 0.5, good: 0.65, excellent: 0.8 };

function candidate(turnId: number, personaId: string, judgeScore: number, ratingCount = 0): QueueCandidate {
  return { turnId, personaId, judgeScore, ratingCount };
}

const ids = (list: QueueCandidate[]) => list.map((c) => c.turnId);

describe("the order of the rating queue", () => {
  it("offers the turn whose judge score is closest to a cut-off first", () => {
    const ordered = orderCandidates(
      [candidate(1, "thesis", 0.2), candidate(2, "thesis", 0.66), candidate(3, "thesis", 0.79), candidate(4, "thesis", 0.95)],
      { cutoffs, recentPersonas: [] },
    );

    expect(ids(ordered)).toEqual([2, 3, 4, 1]); // distances 0.01, 0.01 (tie: lower id), 0.15, 0.30
  });

  it("measures closeness against the cut-offs it is given", () => {
    const list = [candidate(1, "thesis", 0.42), candidate(2, "thesis", 0.62)];

    expect(ids(orderCandidates(list, { cutoffs, recentPersonas: [] }))).toEqual([2, 1]);
    expect(ids(orderCandidates(list, { cutoffs: { fair: 0.4, good: 0.7, excellent: 0.9 }, recentPersonas: [] }))).toEqual([1, 2]);
  });

  it("offers turns with fewer ratings before turns closer to a cut-off", () => {
    const ordered = orderCandidates([candidate(1, "thesis", 0.5, 1), candidate(2, "thesis", 0.1, 0), candidate(3, "thesis", 0.65, 1)], {
      cutoffs,
      recentPersonas: [],
    });

    expect(ids(ordered)).toEqual([2, 1, 3]);
  });

  it("serves the persona this rater rated least recently, even when another persona's turn is closer", () => {
    const list = [candidate(1, "thesis", 0.5), candidate(2, "antithesis", 0.7), candidate(3, "synthesis", 0.9)];

    expect(ids(orderCandidates(list, { cutoffs, recentPersonas: ["thesis"] }))).toEqual([2, 3, 1]);
    expect(ids(orderCandidates(list, { cutoffs, recentPersonas: ["synthesis", "thesis", "antithesis"] }))[0]).toBe(2);
    expect(ids(orderCandidates(list, { cutoffs, recentPersonas: ["antithesis", "synthesis", "thesis"] }))[0]).toBe(1);
  });

  it("among personas the rater has not rated lately, starts with the one whose best turn is nearest a cut-off", () => {
    const list = [candidate(1, "thesis", 0.3), candidate(2, "antithesis", 0.66), candidate(3, "synthesis", 0.9)];

    expect(ids(orderCandidates(list, { cutoffs, recentPersonas: [] }))).toEqual([2, 3, 1]);
  });

  it("cycles through the personas as the rater's history grows", () => {
    const pool = [
      candidate(1, "thesis", 0.5), candidate(2, "thesis", 0.51), candidate(3, "thesis", 0.52),
      candidate(4, "antithesis", 0.3), candidate(5, "antithesis", 0.31),
      candidate(6, "synthesis", 0.95), candidate(7, "synthesis", 0.96),
    ];
    const served: string[] = [];
    let open = [...pool];
    for (let step = 0; step < 6; step++) {
      const [next] = orderCandidates(open, { cutoffs, recentPersonas: [...served].reverse() });
      served.push(next.personaId);
      open = open.filter((c) => c.turnId !== next.turnId);
    }

    expect(served).toEqual(["thesis", "synthesis", "antithesis", "thesis", "synthesis", "antithesis"]);
  });

  it("lists each turn once when the database proposes it from two cut-offs", () => {
    const ordered = orderCandidates([candidate(1, "thesis", 0.57), candidate(1, "thesis", 0.57), candidate(2, "thesis", 0.2)], { cutoffs, recentPersonas: [] });

    expect(ids(ordered)).toEqual([1, 2]);
  });

  it("returns nothing for no candidates", () => {
    expect(orderCandidates([], { cutoffs, recentPersonas: ["thesis"] })).toEqual([]);
  });
});
