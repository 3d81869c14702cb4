import { describe, expect, it } from "vitest";
import { uniformSource } from "@/lib/stats/seeded-random";
import { taskBootstrap } from "./task-bootstrap";
import type { TaskCriterion, TaskData, TaskValue } from "./task-data";
import { buildTaskFigures } from "./task-figures";

const criterion = (type: TaskCriterion["type"], labels: string[] = [], positive: string | null = null): TaskCriterion => ({
  name: "c",
  type,
  labels,
  positive,
  min: null,
  max: null,
});

/** A seeded dataset: `sessions` sessions of `perSession` units, 3 of `raters` raters per unit. */
function synthetic(type: TaskCriterion["type"], seed: number, sessions = 12, perSession = 5, raters = 6): TaskData {
  const uniform = uniformSource(seed);
  const data: TaskData = { units: { turnId: [], session: [], judge: [], confidence: [] }, ratings: { unit: [], rater: [], value: [] } };
  const labels = ["ok", "toxic", "off-topic"];
  const draw = (truth: number): TaskValue => {
    const noisy = uniform() < 0.25 ? Math.floor(uniform() * 3) : truth;
    if (type === "numeric") return noisy + uniform();
    if (type === "binary") return noisy === 0 ? "pass" : "fail";
    if (type === "multilabel") return labels.filter((_, i) => i === noisy || (i === 2 && uniform() < 0.2));
    return labels[noisy];
  };
  let unit = 0;
  for (let s = 0; s < sessions; s++) {
    for (let t = 0; t < perSession; t++, unit++) {
      const truth = Math.floor(uniform() * 3);
      data.units.turnId.push(1000 + unit);
      data.units.session.push(70 + s);
      data.units.judge.push(draw(truth));
      data.units.confidence.push(null);
      const first = Math.floor(uniform() * raters);
      for (let r = 0; r < 3; r++) {
        data.ratings.unit.push(unit);
        data.ratings.rater.push(`u${(first + r) % raters}`);
        data.ratings.value.push(draw(truth));
      }
    }
  }
  return data;
}

/**
 * One replicate written out in full, independently of the implementation: the same draws
 * (sessions, then raters, each n draws of floor(u · n)), units repeated per session draw and
 * every rating repeated per rater draw, as separate raters.
 */
function writtenOut(data: TaskData, seed: number): TaskData {
  const uniform = uniformSource(seed);
  const sessions = [...new Set(data.units.session)];
  const raters = [...new Set(data.ratings.rater)];
  const sessionCount = new Map<number, number>();
  for (let t = 0; t < sessions.length; t++) {
    const s = sessions[Math.floor(uniform() * sessions.length)];
    sessionCount.set(s, (sessionCount.get(s) ?? 0) + 1);
  }
  const raterCount = new Map<string, number>();
  for (let t = 0; t < raters.length; t++) {
    const r = raters[Math.floor(uniform() * raters.length)];
    raterCount.set(r, (raterCount.get(r) ?? 0) + 1);
  }
  const out: TaskData = { units: { turnId: [], session: [], judge: [], confidence: [] }, ratings: { unit: [], rater: [], value: [] } };
  data.units.turnId.forEach((turnId, u) => {
    for (let copy = 0; copy < (sessionCount.get(data.units.session[u]) ?? 0); copy++) {
      const at = out.units.turnId.length;
      out.units.turnId.push(turnId);
      out.units.session.push(data.units.session[u]);
      out.units.judge.push(data.units.judge[u]);
      out.units.confidence.push(null);
      data.ratings.unit.forEach((unit, i) => {
        if (unit !== u) return;
        for (let m = 0; m < (raterCount.get(data.ratings.rater[i]) ?? 0); m++) {
          out.ratings.unit.push(at);
          out.ratings.rater.push(`${data.ratings.rater[i]}#${m}`);
          out.ratings.value.push(data.ratings.value[i]);
        }
      });
    }
  });
  return out;
}

const CASES = [
  { type: "binary", criterion: criterion("binary", ["fail", "pass"], "pass"), figure: "f1", read: (f: ReturnType<typeof buildTaskFigures>) => (f.judge.type === "binary" ? f.judge.metrics.f1 : null) },
  { type: "categorical", criterion: criterion("categorical", ["ok", "toxic", "off-topic"]), figure: "macroF1", read: (f: ReturnType<typeof buildTaskFigures>) => (f.judge.type === "categorical" ? f.judge.metrics.macroF1 : null) },
  { type: "multilabel", criterion: criterion("multilabel", ["ok", "toxic", "off-topic"]), figure: "microF1", read: (f: ReturnType<typeof buildTaskFigures>) => (f.judge.type === "multilabel" ? f.judge.metrics.microF1 : null) },
  { type: "numeric", criterion: criterion("numeric"), figure: "spearman", read: (f: ReturnType<typeof buildTaskFigures>) => (f.judge.type === "numeric" ? f.judge.spearman.value : null) },
] as const;

describe("taskBootstrap", () => {
  for (const c of CASES) {
    it(`estimates the ${c.type} figures as the report does, and draws a replicate as the data written out`, () => {
      const data = synthetic(c.type, 7);
      const result = taskBootstrap(c.criterion, data, { replicates: 1, seed: 99 });
      expect(result.figures[c.figure].estimate).toBe(c.read(buildTaskFigures(c.criterion, data)));
      // With one replicate the percentile interval is that replicate's figure on both ends.
      const replicateValue = c.read(buildTaskFigures(c.criterion, writtenOut(data, 99)));
      expect(replicateValue).not.toBeNull();
      expect(result.figures[c.figure].percentileCi).toEqual([replicateValue, replicateValue]);
      expect(result).toMatchObject({ nUnits: 60, nRatings: 180, nRaters: 6, nClusters: 12 });
    });
  }

  it("gives the same intervals for the same seed and other ones for another", () => {
    const data = synthetic("categorical", 3);
    const c = criterion("categorical", ["ok", "toxic", "off-topic"]);
    const a = taskBootstrap(c, data, { replicates: 200, seed: 1 });
    expect(taskBootstrap(c, data, { replicates: 200, seed: 1 })).toEqual(a);
    expect(taskBootstrap(c, data, { replicates: 200, seed: 2 }).figures.accuracy.ci).not.toEqual(a.figures.accuracy.ci);
    const { estimate, ci } = a.figures.accuracy;
    expect(ci![0]).toBeLessThan(estimate!);
    expect(ci![1]).toBeGreaterThan(estimate!);
  });

  it("narrows with more sessions and more raters: about half as wide with four times the data", () => {
    const c = criterion("binary", ["fail", "pass"], "pass");
    const width = (data: TaskData) => {
      const ci = taskBootstrap(c, data, { replicates: 400 }).figures.accuracy.ci!;
      return ci[1] - ci[0];
    };
    const ratio = width(synthetic("binary", 11, 48, 5, 24)) / width(synthetic("binary", 11, 12, 5, 6));
    expect(ratio).toBeGreaterThan(0.3);
    expect(ratio).toBeLessThan(0.75);
  });

  it("gives a point interval when the judge always gives the people's label", () => {
    const data = synthetic("categorical", 5);
    const grouped = new Map<number, TaskValue>();
    data.ratings.unit.forEach((u, i) => grouped.set(u, data.ratings.value[i]));
    data.ratings.value = data.ratings.unit.map((u) => grouped.get(u)!);
    data.units.judge = data.units.judge.map((_, u) => grouped.get(u)!);
    const result = taskBootstrap(criterion("categorical", ["ok", "toxic", "off-topic"]), data, { replicates: 100 });
    expect(result.figures.accuracy).toMatchObject({ estimate: 1, ci: [1, 1], percentileCi: [1, 1], nDefined: 100 });
  });

  it("leaves a figure's undefined replicates out, and has no interval for a figure never defined", () => {
    // Every rating and judge answer positive: specificity (tn / (tn + fp)) has no negatives.
    const data = synthetic("binary", 9);
    data.ratings.value = data.ratings.value.map(() => "pass");
    data.units.judge = data.units.judge.map(() => "pass");
    const result = taskBootstrap(criterion("binary", ["fail", "pass"], "pass"), data, { replicates: 50 });
    expect(result.figures.specificity).toMatchObject({ nDefined: 50, ci: [0, 0] });
    expect(result.figures.kappa).toMatchObject({ estimate: null, ci: null, nDefined: 0 });
  });
});
