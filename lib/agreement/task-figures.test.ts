import { describe, expect, it } from "vitest";
import { expectClose } from "@/lib/stats/expect-close";
import { fleissKappa } from "@/lib/stats/fleiss-kappa";
import { gwetAc } from "@/lib/stats/gwet-ac";
import { krippendorffAlpha } from "@/lib/stats/krippendorff-alpha";
import type { TaskCriterion, TaskData, TaskValue } from "./task-data";
import { buildTaskFigures, isJudgeCorrect } from "./task-figures";
import { ratingSlots } from "./task-human-agreement";
import { humanValues, labelsChosenByHalf, labelOrder, majorityLabel } from "./task-human-label";

type Unit = { judge: TaskValue; session?: number; confidence?: number | null; ratings: [string, TaskValue][] };

function dataOf(units: Unit[]): TaskData {
  const data: TaskData = { units: { turnId: [], session: [], judge: [], confidence: [] }, ratings: { unit: [], rater: [], value: [] } };
  units.forEach((unit, i) => {
    data.units.turnId.push(100 + i);
    data.units.session.push(unit.session ?? i);
    data.units.judge.push(unit.judge);
    data.units.confidence.push(unit.confidence ?? null);
    for (const [rater, value] of unit.ratings) {
      data.ratings.unit.push(i);
      data.ratings.rater.push(rater);
      data.ratings.value.push(value);
    }
  });
  return data;
}

const criterion = (type: TaskCriterion["type"], labels: string[] = [], positive: string | null = null): TaskCriterion => ({
  name: "c",
  type,
  labels,
  positive,
  min: null,
  max: null,
});

describe("the human label of a unit", () => {
  const order = labelOrder(["ok", "toxic", "off-topic"]);

  it("is the label most raters gave", () => {
    expect(majorityLabel(["toxic", "ok", "toxic"], order)).toBe("toxic");
    expect(majorityLabel(["off-topic"], order)).toBe("off-topic");
  });

  it("breaks a tie by the criterion's label order, unlisted labels last and by code point", () => {
    expect(majorityLabel(["toxic", "ok"], order)).toBe("ok");
    expect(majorityLabel(["off-topic", "toxic"], order)).toBe("toxic");
    expect(majorityLabel(["zeta", "ok"], order)).toBe("ok");
    expect(majorityLabel(["zeta", "alpha"], order)).toBe("alpha");
  });

  it("is negative on a tie of a binary criterion, which lists [negative, positive]", () => {
    const [human] = humanValues(criterion("binary", ["fail", "pass"], "pass"), [["pass", "fail"]]);
    expect(human).toBe("fail");
  });

  it("holds the labels at least half the raters chose (multi-label), in the criterion's order", () => {
    const labels = labelOrder(["b", "a", "c"]);
    expect(labelsChosenByHalf([["a"], ["a", "b"], []], labels)).toEqual(["a"]);
    expect(labelsChosenByHalf([["a"], ["b"]], labels)).toEqual(["b", "a"]);
    expect(labelsChosenByHalf([[], [], ["c"]], labels)).toEqual([]);
  });

  it("is the raters' mean on a numeric criterion", () => {
    expect(humanValues(criterion("numeric"), [[1, 2, 4], [3]])).toEqual([7 / 3, 3]);
  });
});

describe("buildTaskFigures", () => {
  it("scores a binary judge against the majority label, the positive one as declared", () => {
    const figures = buildTaskFigures(
      criterion("binary", ["fail", "pass"], "pass"),
      dataOf([
        { judge: "pass", ratings: [["a", "pass"], ["b", "pass"]] }, // tp
        { judge: "pass", ratings: [["a", "pass"], ["b", "fail"]] }, // tie → fail: fp
        { judge: "fail", ratings: [["a", "pass"]] }, // fn
        { judge: "fail", ratings: [["a", "fail"], ["b", "fail"]] }, // tn
        { judge: "fail", ratings: [] }, // nobody rated: left out
      ]),
    );
    expect(figures.n).toBe(4);
    expect(figures.nRatings).toBe(7);
    expect(figures.nRaters).toBe(2);
    if (figures.judge.type !== "binary") throw new Error("expected binary figures");
    expect(figures.judge.metrics).toMatchObject({ tp: 1, fp: 1, fn: 1, tn: 1, n: 4, precision: 0.5, recall: 0.5, accuracy: 0.5, prevalenceHuman: 0.5 });
    expect(figures.judge.confusion).toEqual({ labels: ["fail", "pass"], matrix: [[1, 1], [1, 1]] });
    expect(figures.calibration).toBeNull();
  });

  it("lists categorical classes in the criterion's order, rows human and columns judge", () => {
    const figures = buildTaskFigures(
      criterion("categorical", ["ok", "toxic", "off-topic"]),
      dataOf([
        { judge: "ok", ratings: [["a", "ok"]] },
        { judge: "toxic", ratings: [["a", "ok"], ["b", "ok"]] },
        { judge: "off-topic", ratings: [["a", "off-topic"]] },
        { judge: "toxic", ratings: [["a", "toxic"], ["b", "off-topic"]] }, // tie → toxic
      ]),
    );
    if (figures.judge.type !== "categorical") throw new Error("expected categorical figures");
    expect(figures.judge.metrics.labels).toEqual(["ok", "toxic", "off-topic"]);
    expect(figures.judge.metrics.matrix).toEqual([
      [1, 1, 0],
      [0, 1, 0],
      [0, 0, 1],
    ]);
    expect(figures.judge.metrics.perClass.map((c) => [c.label, c.support])).toEqual([
      ["ok", 2],
      ["toxic", 1],
      ["off-topic", 1],
    ]);
    expect(figures.judge.metrics.accuracy).toBe(0.75);
  });

  it("compares multi-label sets with the labels half the raters chose", () => {
    const figures = buildTaskFigures(
      criterion("multilabel", ["x", "y"]),
      dataOf([
        { judge: ["x"], ratings: [["a", ["x"]], ["b", ["x", "y"]], ["c", []]] }, // human {x}
        { judge: ["x", "y"], ratings: [["a", ["y"]], ["b", ["x"]]] }, // human {x, y}
        { judge: [], ratings: [["a", []]] }, // human {}
      ]),
    );
    if (figures.judge.type !== "multilabel") throw new Error("expected multi-label figures");
    expect(figures.judge.metrics.subsetAccuracy).toBe(1);
    expect(figures.judge.metrics.hammingLoss).toBe(0);
    if (figures.humans.type !== "multilabel") throw new Error("expected per-label agreement");
    expect(figures.humans.perLabel.map((row) => [row.label, row.nUnits])).toEqual([
      ["x", 2],
      ["y", 2],
    ]);
  });

  it("takes the raters' mean as the human number", () => {
    const figures = buildTaskFigures(
      criterion("numeric"),
      dataOf([
        { judge: 1, ratings: [["a", 1], ["b", 3]] },
        { judge: 4, ratings: [["a", 4]] },
        { judge: 2, ratings: [["a", 5], ["b", 5]] },
      ]),
    );
    if (figures.judge.type !== "numeric") throw new Error("expected numeric figures");
    expectClose(figures.judge.mae, (1 + 0 + 3) / 3, 1e-12);
    expectClose(figures.judge.rmse, Math.sqrt((1 + 0 + 9) / 3), 1e-12);
    expect(figures.judge.icc.k).toBe(2);
    expect(figures.calibration).toBeNull();
    if (figures.humans.type !== "numeric") throw new Error("expected numeric agreement");
    expect(figures.humans.overall.nUnits).toBe(2);
    expect(figures.humans.isWeightedSkipped).toBe(false);
  });

  it("counts the judge right when its label is the human one, with ECE and Brier over the confident units", () => {
    const figures = buildTaskFigures(
      criterion("categorical", ["ok", "bad"]),
      dataOf([
        { judge: "ok", confidence: 0.9, ratings: [["a", "ok"]] },
        { judge: "bad", confidence: 0.8, ratings: [["a", "bad"]] },
        { judge: "ok", confidence: 0.6, ratings: [["a", "bad"]] },
        { judge: "ok", confidence: null, ratings: [["a", "bad"]] },
      ]),
    );
    expect(figures.calibration).not.toBeNull();
    const calibration = figures.calibration!;
    expect(calibration.n).toBe(3);
    expectClose(calibration.brier, (0.01 + 0.04 + 0.36) / 3, 1e-12);
    expectClose(calibration.ece, (0.1 + 0.2 + 0.6) / 3, 1e-12);
    expect(calibration.bins.filter((bin) => bin.count > 0).map((bin) => [bin.lower, bin.accuracy])).toEqual([
      [0.6, 0],
      [0.8, 1],
      [0.9, 1],
    ]);
  });

  it("counts a multi-label answer right only when it is exactly the human set", () => {
    expect(isJudgeCorrect(["a", "b"], ["b", "a"])).toBe(true);
    expect(isJudgeCorrect(["a"], ["a", "b"])).toBe(false);
    expect(isJudgeCorrect([], [])).toBe(true);
    expect(isJudgeCorrect("a", "a")).toBe(true);
  });
});

describe("ratingSlots", () => {
  it("gives Fleiss' κ, Gwet's AC1 and α the values of the table with one row per rater", () => {
    const byRater = [
      ["a", "b", null, "a", "c"],
      ["a", null, "b", "b", "c"],
      [null, "b", "b", "a", null],
    ];
    const grouped = byRater[0].map((_, u) => byRater.map((row) => row[u]).filter((v): v is string => v !== null));
    const slots = ratingSlots(grouped);
    expect(slots).toHaveLength(3);
    expect(fleissKappa(slots).value).toBe(fleissKappa(byRater).value);
    expect(gwetAc(slots).value).toBe(gwetAc(byRater).value);
    expectClose(krippendorffAlpha(slots, "nominal").value, krippendorffAlpha(byRater, "nominal").value, 1e-15);
  });
});
