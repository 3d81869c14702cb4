import { describe, expect, it } from "vitest";
import { markDrift, withDriftMarks } from "./drift";

describe("markDrift", () => {
  it("marks a version whose κ is below its predecessor's interval as a regression", () => {
    expect(
      markDrift([
        { kappa: 0.7, ci: [0.62, 0.78] },
        { kappa: 0.72, ci: [0.64, 0.8] },
        { kappa: 0.6399, ci: [0.55, 0.72] },
      ]),
    ).toEqual([
      { status: "first", against: null },
      { status: "steady", against: 0 },
      { status: "regression", against: 1 },
    ]);
  });

  it("counts the interval's ends as inside: equal to the lower end is steady, equal to the upper end too", () => {
    expect(markDrift([{ kappa: 0.7, ci: [0.62, 0.78] }, { kappa: 0.62, ci: [0.5, 0.7] }]).map((m) => m.status)).toEqual(["first", "steady"]);
    expect(markDrift([{ kappa: 0.7, ci: [0.62, 0.78] }, { kappa: 0.78, ci: [0.7, 0.85] }]).map((m) => m.status)).toEqual(["first", "steady"]);
    expect(markDrift([{ kappa: 0.7, ci: [0.62, 0.78] }, { kappa: 0.7801, ci: [0.7, 0.85] }]).map((m) => m.status)).toEqual(["first", "improvement"]);
    expect(markDrift([{ kappa: 0.7, ci: [0.62, 0.78] }, { kappa: 0.6199, ci: [0.5, 0.7] }]).map((m) => m.status)).toEqual(["first", "regression"]);
  });

  it("compares with the nearest earlier version that has an interval, passing over versions without κ or interval", () => {
    expect(
      markDrift([
        { kappa: 0.8, ci: [0.75, 0.85] },
        { kappa: null, ci: null },
        { kappa: 0.5, ci: null },
        { kappa: 0.74, ci: [0.7, 0.8] },
      ]),
    ).toEqual([
      { status: "first", against: null },
      { status: "no-kappa", against: null },
      { status: "regression", against: 0 },
      { status: "regression", against: 0 },
    ]);
  });

  it("cannot compare when no earlier version has an interval", () => {
    expect(markDrift([{ kappa: 0.8, ci: null }, { kappa: 0.2, ci: [0.1, 0.3] }, { kappa: 0.05, ci: null }])).toEqual([
      { status: "first", against: null },
      { status: "not-compared", against: null },
      { status: "regression", against: 1 },
    ]);
  });
});

describe("withDriftMarks", () => {
  const row = (version: string, kappa: number | null, ci: [number, number] | null) => ({ id: 1, version, kind: "llm", createdAt: "2026-01-01T00:00:00.000Z", nScored: 12, kappa, ci });
  it("names the version compared with, and leaves everything pending until the intervals are in", () => {
    const rows = [row("p1", 0.7, [0.6, 0.8]), row("p2", 0.5, [0.4, 0.6])];
    expect(withDriftMarks(rows, true).map((r) => [r.status, r.against])).toEqual([
      ["first", null],
      ["regression", "p1"],
    ]);
    expect(withDriftMarks([row("p1", 0.7, null), row("p2", null, null)], false).map((r) => r.status)).toEqual(["pending", "no-kappa"]);
  });
});
