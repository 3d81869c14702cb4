import { describe, expect, it } from "vitest";
import { parseScoreBody } from "./score-request.schema";

const TURN = { response: "a", seed_prompt: "b", persona_id: "thesis", persona_role: "Seed explorer" };

describe("parseScoreBody", () => {
  it("takes one turn or an array, keeping the judge's fields and ignoring others", () => {
    expect(parseScoreBody({ ...TURN, extra: 1 })).toEqual({ ok: true, isBatch: false, turns: [TURN] });
    expect(parseScoreBody([TURN, { ...TURN, facts_total: 2 }])).toEqual({ ok: true, isBatch: true, turns: [TURN, { ...TURN, facts_total: 2 }] });
  });

  it("names each bad field with what was expected and what was found", () => {
    const parsed = parseScoreBody({ seed_prompt: "b", persona_id: 1, persona_role: null, tools_used: [true], facts_total: -1 });

    expect(parsed).toMatchObject({
      ok: false,
      status: 400,
      error:
        "response: missing: expected a string; persona_id: expected a string, found number; persona_role: expected a string, found null; tools_used[0]: expected a string, found boolean; facts_total: expected a whole number ≥ 0, found -1",
    });
  });

  it("names the turn of a batch: [3].response", () => {
    expect(parseScoreBody([TURN, TURN, TURN, { ...TURN, response: 3 }])).toMatchObject({ ok: false, status: 400, error: "[3].response: expected a string, found number" });
    expect(parseScoreBody([TURN, "x"])).toMatchObject({ error: '[1]: expected a turn object {response, seed_prompt, persona_id, persona_role}, found the string "x"' });
  });

  it("refuses an empty array (400) and more than 1,000 turns (413) before checking any", () => {
    expect(parseScoreBody([])).toMatchObject({ ok: false, status: 400 });
    expect(parseScoreBody(Array.from({ length: 1001 }, () => 0))).toMatchObject({ ok: false, status: 413, error: "at most 1,000 turns per request; this one has 1,001: send them in batches" });
    expect(parseScoreBody(Array.from({ length: 1000 }, () => TURN))).toMatchObject({ ok: true });
  });

  it("lists at most 20 problems, and says how many more", () => {
    const parsed = parseScoreBody(Array.from({ length: 30 }, () => 0));

    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.problems).toHaveLength(20);
      expect(parsed.error.endsWith("; and 10 more")).toBe(true);
    }
  });
});
