import { describe, expect, it } from "vitest";
import { DEFAULT_QUEUE_SETTINGS, queueScopeFormSchema, queueSettingsFormSchema, queueSettingsSchema } from "./settings.schema";
import { queueActionSchema } from "./queue-action.schema";
import { undoSecondsLeft } from "./undo";

describe("queue settings and scope", () => {
  it("keeps k = 2, 5-minute leases and 10 % gold as defaults", () => {
    expect(queueSettingsSchema.parse(DEFAULT_QUEUE_SETTINGS)).toEqual({ ratingsPerTurn: 2, leaseMinutes: 5, goldRate: 0.1, skipCooldownHours: 24 });
  });

  it("reads the admin's form, with the gold rate in percent", () => {
    const parsed = queueSettingsFormSchema.parse({ ratingsPerTurn: "3", leaseMinutes: "10", goldPercent: "5", skipCooldownHours: "12" });

    expect(parsed).toEqual({ ratingsPerTurn: 3, leaseMinutes: 10, goldRate: 0.05, skipCooldownHours: 12 });
  });

  it("refuses k of 0, a blank lease time and more than 50 % gold", () => {
    const result = queueSettingsFormSchema.safeParse({ ratingsPerTurn: "0", leaseMinutes: "", goldPercent: "60", skipCooldownHours: "1" });

    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["ratingsPerTurn", "leaseMinutes", "goldPercent"]);
  });

  it("treats blank scope fields as no restriction and refuses a range that ends before it starts", () => {
    expect(queueScopeFormSchema.parse({ personaId: "", importId: "", from: "", to: "" })).toEqual({});
    expect(queueScopeFormSchema.parse({ personaId: "antithesis", importId: "7", from: "2025-10-01", to: "2025-10-31" })).toEqual({
      personaId: "antithesis",
      importId: 7,
      from: "2025-10-01",
      to: "2025-10-31",
    });
    expect(queueScopeFormSchema.safeParse({ from: "2025-10-31", to: "2025-10-01" }).error?.issues[0].path).toEqual(["to"]);
    expect(queueScopeFormSchema.safeParse({ from: "31/10/2025" }).success).toBe(false);
  });
});

describe("the queue form", () => {
  it("reads a rating with its answers as JSON and caps the time spent at a day", () => {
    const parsed = queueActionSchema.parse({
      intent: "submit",
      turnId: "12",
      rubricVersionId: "3",
      values: '{"overall":3,"completeness":4,"is_safe":"Pass","errors":["Factual"],"novelty":7.5}',
      rationale: "  ",
      timeSpentMs: "90000000",
    });

    expect(parsed).toEqual({
      intent: "submit",
      turnId: 12,
      rubricVersionId: 3,
      values: { overall: 3, completeness: 4, is_safe: "Pass", errors: ["Factual"], novelty: 7.5 },
      rationale: null,
      timeSpentMs: 86_400_000,
    });
  });

  it("refuses answers that are not JSON, and answers that are neither a number, a label nor a list of labels", () => {
    const base = { intent: "submit", turnId: "1", rubricVersionId: "1", timeSpentMs: "1" };
    expect(queueActionSchema.safeParse({ ...base, values: "{overall:3}" }).success).toBe(false);
    expect(queueActionSchema.safeParse({ ...base, values: '{"overall":null}' }).success).toBe(false);
    expect(queueActionSchema.safeParse({ ...base, values: '{"errors":[1,2]}' }).success).toBe(false);
    expect(queueActionSchema.safeParse({ ...base, values: '{"overall":{"level":3}}' }).success).toBe(false);
    // Whether 2.5 fits is the rubric's business (checkRatingValues): a level no, a score maybe.
    expect(queueActionSchema.safeParse({ ...base, values: '{"novelty":2.5}' }).success).toBe(true);
  });

  it("reads skip and undo", () => {
    expect(queueActionSchema.parse({ intent: "skip", turnId: "5" })).toEqual({ intent: "skip", turnId: 5 });
    expect(queueActionSchema.parse({ intent: "undo" })).toEqual({ intent: "undo" });
  });
});

describe("the undo window", () => {
  it("counts down from 30 seconds and stops at 0", () => {
    const ratedAt = new Date("2025-10-12T10:00:00.000Z");
    expect(undoSecondsLeft(ratedAt, new Date("2025-10-12T10:00:00.000Z"))).toBe(30);
    expect(undoSecondsLeft(ratedAt, new Date("2025-10-12T10:00:29.500Z"))).toBe(1);
    expect(undoSecondsLeft(ratedAt, new Date("2025-10-12T10:00:30.000Z"))).toBe(0);
    expect(undoSecondsLeft(ratedAt, new Date("2025-10-12T10:05:00.000Z"))).toBe(0);
  });
});
