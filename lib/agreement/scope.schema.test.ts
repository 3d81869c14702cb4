import { describe, expect, it } from "vitest";
import { parseScope, scopeKey, scopeToSearchParams } from "./scope.schema";

describe("parseScope", () => {
  it("reads every field from URL parameters, blanks as unset", () => {
    const parsed = parseScope(new URLSearchParams("judge=heuristic&judgeVersion=v1&thresholds=3&persona=&criterion=overall&from=2026-01-01&to=2026-02-01&import=4&by=import"));
    expect(parsed.success && parsed.data).toEqual({
      judge: "heuristic",
      judgeVersion: "v1",
      thresholds: 3,
      criterion: "overall",
      from: "2026-01-01",
      to: "2026-02-01",
      import: 4,
      by: "import",
    });
  });

  it("reads Next's searchParams object, taking the first of repeated values", () => {
    const parsed = parseScope({ persona: ["thesis", "antithesis"], thresholds: "2" });
    expect(parsed.success && parsed.data).toEqual({ persona: "thesis", thresholds: 2 });
  });

  it("names the field when a date is malformed or the range is backwards", () => {
    const bad = parseScope(new URLSearchParams("from=2026-13-40"));
    expect(bad.success).toBe(false);
    const backwards = parseScope(new URLSearchParams("from=2026-02-01&to=2026-01-01"));
    expect(backwards.success ? [] : backwards.error.issues.map((i) => [i.path.join("."), i.message])).toEqual([["to", "The end date is before the start date"]]);
  });

  it("refuses a judge version without a judge name, and a threshold version that is not a number", () => {
    expect(parseScope(new URLSearchParams("judgeVersion=v1")).success).toBe(false);
    expect(parseScope(new URLSearchParams("thresholds=latest")).success).toBe(false);
  });
});

describe("scopeKey and scopeToSearchParams", () => {
  it("round-trips through the URL", () => {
    const scope = { judge: "imported:x", judgeVersion: "1", persona: "a b", from: "2026-01-01" };
    const parsed = parseScope(scopeToSearchParams(scope));
    expect(parsed.success && parsed.data).toEqual(scope);
  });

  it("ignores the over-time grouping, which does not change the figures", () => {
    expect(scopeKey({ persona: "thesis", by: "import" })).toBe(scopeKey({ persona: "thesis" }));
    expect(scopeKey({ persona: "thesis" })).not.toBe(scopeKey({ persona: "synthesis" }));
  });
});
