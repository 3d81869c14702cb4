import { describe, expect, it } from "vitest";
import { readLogItems, type LogInput } from "./log-input";
import { LogPlanner, type LogPlanOptions } from "./plan-log-import";
import { bytesSource } from "./read-lines";
import type { ImportedSummary } from "./log-record.schema";

function record(sessionId: string | null, response: string, extra: Record<string, unknown> = {}) {
  return { ...(sessionId ? { session_id: sessionId } : {}), persona: { id: "thesis", role: "Seed explorer" }, response, ...extra };
}

function ndjson(lines: readonly (object | string)[]): LogInput {
  const text = lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n");
  return { kind: "ndjson", source: bytesSource(new TextEncoder().encode(text)) };
}

async function plan(input: LogInput, options: LogPlanOptions = {}, summary: ImportedSummary | null = null) {
  const planner = new LogPlanner(options);
  for await (const { entry } of readLogItems(input)) planner.add(entry);
  return planner.finish(summary);
}

async function sessions(input: LogInput, options: LogPlanOptions = {}) {
  const result = await plan(input, options);
  if (!("plan" in result)) throw new Error(JSON.stringify(result.problems));
  return result.plan.sessions;
}

describe("LogPlanner", () => {
  it("gives each turn the session of its own session_id, else the last header's, else the one given at import", async () => {
    const planned = await sessions(
      ndjson([record(null, "1"), { type: "session", session_id: "h", seed_prompt: "P" }, record(null, "2"), record("own", "3"), record(null, "4")]),
      { sessionId: "given" },
    );

    expect(planned.map((s) => [s.externalId, s.turnCount, s.seedPrompt])).toEqual([
      ["given", 1, null],
      ["h", 2, "P"],
      ["own", 1, null],
    ]);
    expect(planned[1].meta).toEqual({ type: "session", session_id: "h", seed_prompt: "P" });
  });

  it("names a session without an id by its content, the same for NDJSON and for a JSON array", async () => {
    const records = [record(null, "a"), record(null, "b")];

    const [fromLines] = await sessions(ndjson(records));
    const [fromArray] = await sessions({ kind: "json", values: records, pathPrefix: "" });
    const [other] = await sessions(ndjson([record(null, "a"), record(null, "c")]));

    expect(fromLines.externalId).toMatch(/^sha256:[0-9a-f]{32}$/);
    expect(fromArray.externalId).toBe(fromLines.externalId);
    expect(fromArray.contentHash).toBe(fromLines.contentHash);
    expect(other.externalId).not.toBe(fromLines.externalId);
  });

  it("counts the seed prompt given at import time as content, and uses it only when the log names none", async () => {
    const [plain] = await sessions(ndjson([record("s", "a")]));
    const [prompted] = await sessions(ndjson([record("s", "a")]), { seedPrompt: "P" });
    const [own] = await sessions(ndjson([record("s", "a", { seed_prompt: "Own" })]), { seedPrompt: "P" });

    expect(prompted.seedPrompt).toBe("P");
    expect(prompted.contentHash).not.toBe(plain.contentHash);
    expect(own.seedPrompt).toBe("Own");
  });

  it("spans the session from its first to its last timestamp, whatever the order", async () => {
    const [session] = await sessions(
      ndjson([record("s", "a", { timestamp: "2025-10-12T10:30:00Z" }), record("s", "b", { timestamp: "2025-10-12T09:00:00.5+02:00" }), record("s", "c", { timestamp: "2025-10-12T11:00:00" })]),
    );

    expect([session.startedAt, session.endedAt]).toEqual(["2025-10-12T07:00:00.500Z", "2025-10-12T11:00:00.000Z"]);
  });

  it("refuses an input without turns, and a summary for several sessions", async () => {
    expect(await plan(ndjson([{ type: "session", session_id: "x" }]))).toEqual({ problems: { problems: [{ line: null, path: "", message: "the input holds no turns" }], omitted: 0 } });
    expect(await plan(ndjson([record("a", "1"), record("b", "2")]), {}, { total_turns: 2, avg_overall_score: 0.5 })).toEqual({
      problems: { problems: [{ line: null, path: "summary", message: "a summary describes one session, but the input holds 2 sessions" }], omitted: 0 },
    });
  });

  it("refuses two anonymous sessions with the same content", async () => {
    const result = await plan(ndjson([{ type: "session" }, record(null, "a"), { type: "session" }, record(null, "a")]));

    expect(result).toMatchObject({ problems: { problems: [{ line: null, path: "", message: expect.stringMatching(/^two anonymous sessions in the input have the same content/) }] } });
  });

  it("lists the first 50 problems and counts the rest", async () => {
    const result = await plan(ndjson(Array.from({ length: 75 }, () => "not json")));

    expect(result).toMatchObject({ problems: { omitted: 25 } });
    if ("problems" in result) expect(result.problems.problems.map((p) => p.line)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });
});

describe("LogPlanner with repeated session headers", () => {
  it("refuses a second header for the same session that disagrees, naming both lines", async () => {
    const result = await plan(
      ndjson([
        { type: "session", session_id: "dup", seed_prompt: "Why?" },
        record(null, "a"),
        { type: "session", session_id: "dup", seed_prompt: "How?", model: "m" },
        record(null, "b"),
      ]),
    );

    expect(result).toEqual({
      problems: {
        problems: [{ line: 3, path: "", message: 'this session header for session "dup" disagrees with the one on line 1 (seed_prompt, model differ); give each session one header' }],
        omitted: 0,
      },
    });
  });

  it("accepts the same header repeated word for word", async () => {
    const header = { type: "session", session_id: "twice", seed_prompt: "Why?" };

    const planned = await sessions(ndjson([header, record(null, "a"), header, record(null, "b")]));

    expect(planned.map((session) => [session.externalId, session.seedPrompt, session.turnCount])).toEqual([["twice", "Why?", 2]]);
  });

  it("names records in a JSON body by their place", async () => {
    const result = await plan({ kind: "json", pathPrefix: "records", values: [{ type: "session", session_id: "j", seed_prompt: "A" }, record(null, "a"), { type: "session", session_id: "j", seed_prompt: "B" }] });

    expect(result).toEqual({
      problems: { problems: [{ line: null, path: "records[2]", message: 'this session header for session "j" disagrees with the one on records[0] (seed_prompt differs); give each session one header' }], omitted: 0 },
    });
  });
});
