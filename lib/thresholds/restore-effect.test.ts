import { describe, expect, it } from "vitest";
import { describeRestoreEffect } from "./restore-effect";

describe("describeRestoreEffect", () => {
  it("names κ_w before and after and how many turns and sessions change level", () => {
    expect(
      describeRestoreEffect({ turns: { total: 5000, changed: 1240 }, sessions: { total: 80, changed: 12 }, kappaBefore: 0.61, kappaAfter: 0.58, ratedTurns: 300 }),
    ).toBe("κ_w goes from 0.610 to 0.580; 1,240 of 5,000 turns and 12 of 80 sessions change level.");
  });

  it("says when nothing changes, and when κ cannot be compared", () => {
    expect(describeRestoreEffect({ turns: { total: 1, changed: 0 }, sessions: { total: 1, changed: 0 }, kappaBefore: 0.5, kappaAfter: 0.5, ratedTurns: 40 })).toBe(
      "κ_w stays at 0.500; no turn or session changes level.",
    );
    expect(describeRestoreEffect({ turns: { total: 10, changed: 3 }, sessions: { total: 1, changed: 1 }, kappaBefore: null, kappaAfter: null, ratedTurns: 0 })).toBe(
      "No turn has a human rating, so κ_w cannot be compared; 3 of 10 turns and 1 of 1 session change level.",
    );
  });
});
