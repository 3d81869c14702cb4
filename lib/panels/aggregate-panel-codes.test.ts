import { describe, expect, it } from "vitest";
import { seededChoices } from "@/lib/stats/seeded-random";
import { aggregatePanelVoteCodes, aggregatePanelVotes, type MemberLabelCodes } from "./aggregate-panel";

const ids = (...values: number[]) => Int32Array.from(values);

describe("aggregatePanelVoteCodes", () => {
  it("takes the majority label, a tie going to the earliest-listed member's, on the turns all members labelled", () => {
    const dictionary = ["ok", "toxic", "off"];
    const panel = aggregatePanelVoteCodes({
      dictionary,
      members: [
        { turnIds: ids(1, 2, 3, 4), codes: ids(2, 1, 0, 0) },
        { turnIds: ids(1, 2, 4), codes: ids(0, 0, 0) },
        { turnIds: ids(1, 2, 3, 4), codes: ids(0, 2, 2, 1) },
        { turnIds: ids(1, 2, 3, 4), codes: ids(1, 1, 2, 2) },
      ],
    });
    expect([Array.from(panel.turnIds), panel.labels, Array.from(panel.confidence)]).toEqual([[1, 2, 4], ["ok", "toxic", "ok"], [0.5, 0.5, 0.5]]);
    const tie = aggregatePanelVoteCodes({ dictionary: ["a", "b"], members: [ids(1), ids(0), ids(0), ids(1)].map((codes) => ({ turnIds: ids(5), codes })) });
    expect([tie.labels, Array.from(tie.confidence)]).toEqual([["b"], [0.5]]);
  });

  it("gives exactly what aggregatePanelVotes gives on the same labels, with missing answers and many ties", () => {
    const { next, int } = seededChoices(2121);
    const dictionary = ["good", "fa\nir", "po\\nor", "ça va", "", "😀"];
    for (const k of [1, 2, 3, 4, 5, 6]) {
      const members: MemberLabelCodes["members"] = Array.from({ length: k }, () => {
        const turns = Array.from({ length: 2000 }, (_, t) => t + 1).filter(() => next() >= 0.1);
        return { turnIds: Int32Array.from(turns), codes: Int32Array.from(turns, () => int(0, dictionary.length - 1)) };
      });
      const byCode = aggregatePanelVoteCodes({ dictionary, members });
      const byLabel = aggregatePanelVotes(members.map((m) => ({ turnIds: m.turnIds, labels: Array.from(m.codes, (c) => dictionary[c]) })));
      expect(byCode.turnIds).toEqual(byLabel.turnIds);
      expect(byCode.labels).toEqual(byLabel.labels);
      expect(byCode.confidence).toEqual(byLabel.confidence);
    }
  });
});
