import { describe, expect, it } from "vitest";
import { scoreTurn } from "@/lib/judge";
import { readJsonLogBody } from "@/lib/ingest/log-input";
import { getDb } from "@/lib/server/db";
import { ImportConflictError, ImportInvalidError } from "./import-errors";
import { importLog } from "./import-log";
import { countTurns, ndjson, rejectionOf, seedExample, turn, uniqueId } from "./test-helpers";

const cli = { source: "cli" } as const;

describe("importLog", () => {
  it("imports the seed's own example record as is, with its metrics and unknown fields", async () => {
    const id = uniqueId("seed");
    const example = seedExample();
    const record = { ...example, session_id: id, orchestrator_build: "2025.10" };

    const result = await importLog({ input: ndjson([record]), actor: cli, fileName: "seed.jsonl" });

    expect(result).toMatchObject({ status: "created", turnCount: 1, ratingCount: 0 });
    expect(result.sessions).toEqual([{ id: expect.any(Number), externalId: id, status: "created", turnCount: 1, summaryDifferences: null }]);
    const stored = await getDb().turn.findFirstOrThrow({
      where: { session: { externalId: id } },
      include: { judgeScores: { include: { judge: true } }, session: { include: { import: true } } },
    });
    expect(stored).toMatchObject({
      ordinal: 0,
      depthIndex: 1,
      stepIndex: 2,
      occurredAt: new Date("2025-10-12T10:30:45.123Z"),
      personaId: "antithesis",
      personaName: "Boundary Challenger",
      personaRole: "Critical reflector",
      backendId: "local_ollama",
      backendType: "subprocess",
      promptDigest: "System instruction: You challenge blind spots...",
      response: "While the thesis proposes...",
      wordCount: 4,
      affectAmplitude: 0.62,
      phase: { name: "antithesis", cycle: 1, affect_target: 0.6 },
      stateAfter: { affect_amplitude: 0.62, drift: 0.04, dominant_persona: "antithesis" },
    });
    expect(stored.raw).toEqual(record);
    expect(stored.judgeScores).toHaveLength(1);
    expect(stored.judgeScores[0]).toMatchObject({
      overallScore: 0.74,
      lengthScore: 0.85,
      sentimentScore: -0.18,
      completenessScore: 0.72,
      criticalIntensity: 0.68,
      impactScore: 0.74,
      isImported: true,
      metrics: example.evaluation_metrics,
    });
    expect(stored.judgeScores[0].judge).toMatchObject({ name: "heuristic", version: "v1", kind: "heuristic" });
    expect(stored.session).toMatchObject({ kind: "orchestrator", turnCount: 1, startedAt: new Date("2025-10-12T10:30:45.123Z") });
    expect(stored.session.import).toMatchObject({ source: "cli", fileName: "seed.jsonl", format: "orchestrator", sessionCount: 1, turnCount: 1 });
  });

  it("imports the seed's example as a single pretty-printed JSON record", async () => {
    const id = uniqueId("seed-json");
    const body = readJsonLogBody({ ...seedExample() });
    if (!("body" in body)) throw new Error("unexpected problems");

    const result = await importLog({ input: body.body.input, actor: { source: "api" }, sessionId: id });

    expect(result.sessions.map((s) => s.externalId)).toEqual([id]);
    expect(await countTurns(id)).toBe(1);
  });

  it("scores turns without evaluation_metrics with the heuristic judge, using the session's seed prompt", async () => {
    const id = uniqueId("scored");
    const prompt = "How can a city build resilience against heat waves?";
    const response = "However, the plan may fail because heat risk is uneven. For example, who pays for cooling centres?";

    await importLog({ input: ndjson([{ type: "session", session_id: id, seed_prompt: prompt }, turn(null, "antithesis", response)]), actor: cli });

    const score = await getDb().judgeScore.findFirstOrThrow({ where: { turn: { session: { externalId: id } } } });
    const expected = scoreTurn({ response, seed_prompt: prompt, persona_id: "antithesis", persona_role: "Critical reflector" });
    expect(score.metrics).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(score.overallScore).toBe(expected.overall_score);
    expect(score.criticalIntensity).toBe(expected.critical_intensity!.intensity_score);
    expect(score.isImported).toBe(false);
    const session = await getDb().evalSession.findUniqueOrThrow({ where: { externalId: id } });
    expect(session.seedPrompt).toBe(prompt);
    expect(session.meta).toEqual({ type: "session", session_id: id, seed_prompt: prompt });
  });

  it("takes the seed prompt given at import time when the log names none", async () => {
    const id = uniqueId("prompt");
    const prompt = "Explore the potential of community gardens";
    const response = "Gardens expand community potential because neighbours explore together.";

    await importLog({ input: ndjson([turn(id, "thesis", response)]), actor: cli, seedPrompt: prompt });

    const score = await getDb().judgeScore.findFirstOrThrow({ where: { turn: { session: { externalId: id } } } });
    expect(score.overallScore).toBe(scoreTurn({ response, seed_prompt: prompt, persona_id: "thesis", persona_role: "Seed explorer" }).overall_score);
  });

  it("says already imported when the same file comes again, and writes nothing", async () => {
    const id = uniqueId("again");
    const lines = [turn(id, "thesis", "First answer."), turn(id, "antithesis", "But why?")];
    const first = await importLog({ input: ndjson(lines), actor: cli });
    const importsBefore = await getDb().import.count();

    const second = await importLog({ input: ndjson(lines), actor: cli });

    expect(second).toEqual({
      status: "already_imported",
      importId: null,
      sessions: [{ id: first.sessions[0].id, externalId: id, status: "unchanged", turnCount: 2, summaryDifferences: null }],
      turnCount: 0,
      ratingCount: 0,
    });
    expect(await getDb().import.count()).toBe(importsBefore);
    expect(await countTurns(id)).toBe(2);
  });

  it("refuses different content under a stored session id, naming it", async () => {
    const id = uniqueId("conflict");
    await importLog({ input: ndjson([turn(id, "thesis", "Original.")]), actor: cli });

    const attempt = importLog({ input: ndjson([turn(id, "thesis", "Edited."), turn(id, "synthesis", "New.")]), actor: cli });

    await expect(attempt).rejects.toThrow(ImportConflictError);
    await expect(importLog({ input: ndjson([turn(id, "thesis", "Edited.")]), actor: cli })).rejects.toThrow(
      `session ${id} is already stored with different content; nothing was imported (import again with replace to overwrite)`,
    );
    const turns = await getDb().turn.findMany({ where: { session: { externalId: id } } });
    expect(turns.map((t) => t.response)).toEqual(["Original."]);
  });

  it("replaces a stored session when asked: same session row, old turns gone", async () => {
    const id = uniqueId("replace");
    const first = await importLog({ input: ndjson([turn(id, "thesis", "Original."), turn(id, "antithesis", "Old doubt.")]), actor: cli });

    const second = await importLog({ input: ndjson([turn(id, "synthesis", "Replacement.")]), actor: cli, replace: true });

    expect(second.status).toBe("created");
    expect(second.sessions).toEqual([{ id: first.sessions[0].id, externalId: id, status: "replaced", turnCount: 1, summaryDifferences: null }]);
    const turns = await getDb().turn.findMany({ where: { session: { externalId: id } }, include: { judgeScores: true } });
    expect(turns.map((t) => [t.ordinal, t.response, t.judgeScores.length])).toEqual([[0, "Replacement.", 1]]);
    const session = await getDb().evalSession.findUniqueOrThrow({ where: { externalId: id } });
    expect(session.turnCount).toBe(1);
    expect(session.importId).toBe(second.importId);
  });

  it("stores nothing when a line in the middle is bad, naming its line and path", async () => {
    const id = uniqueId("bad");
    const bad = { ...turn(id, "thesis", "Fine."), persona: { name: "No id" } };

    const attempt = importLog({ input: ndjson([turn(id, "thesis", "One."), turn(id, "thesis", "Two."), bad, turn(id, "synthesis", "Four.")]), actor: cli });

    const error = await rejectionOf(attempt, ImportInvalidError);
    expect(error.report).toEqual({
      problems: [{ line: 3, path: "persona.id", message: "Invalid input: expected string, received undefined", found: "nothing (the field is missing)", expected: "text" }],
      omitted: 0,
    });
    expect(await getDb().evalSession.count({ where: { externalId: id } })).toBe(0);
  });

  it("names invalid JSON and wrong types with their lines", async () => {
    const id = uniqueId("types");

    const error = await rejectionOf(
      importLog({ input: ndjson([turn(id, "thesis", "Ok."), "{not json", { ...turn(id, "thesis", "x"), depth_index: -1, response: 5 }]), actor: cli }),
      ImportInvalidError,
    );

    expect(error.report.problems).toEqual([
      { line: 2, path: "", message: expect.stringMatching(/^not valid JSON/) },
      { line: 3, path: "depth_index", message: "Too small: expected number to be >=0", found: "-1 (a number)", expected: "a number ≥ 0" },
      { line: 3, path: "response", message: "Invalid input: expected string, received number", found: "5 (a number)", expected: "text" },
    ]);
  });

  it("lists the first 50 problems of 60 bad lines and counts the other 10", async () => {
    const id = uniqueId("many");
    const lines = Array.from({ length: 60 }, (_, i) => ({ ...turn(id, "thesis", `Answer ${i}.`), response: null }));

    const error = await rejectionOf(importLog({ input: ndjson([turn(id, "thesis", "good"), ...lines]), actor: cli }), ImportInvalidError);

    expect(error.report.problems).toHaveLength(50);
    expect(error.report.problems[0]).toEqual({ line: 2, path: "response", message: "Invalid input: expected string, received null", found: "null", expected: "text" });
    expect(error.report.problems[49].line).toBe(51);
    expect(error.report.omitted).toBe(10);
    expect(error.message.split("\n").at(-1)).toBe("… and 10 more problems");
    expect(await getDb().evalSession.count({ where: { externalId: id } })).toBe(0);
  });

  it("stores one session when two imports of the same file run at once", async () => {
    const id = uniqueId("race");
    const lines = Array.from({ length: 200 }, (_, i) => turn(id, ["thesis", "antithesis", "synthesis"][i % 3], `Turn ${i} explores growth because of trust.`));

    const results = await Promise.all([importLog({ input: ndjson(lines), actor: cli }), importLog({ input: ndjson(lines), actor: cli })]);

    expect(results.map((r) => r.status).sort()).toEqual(["already_imported", "created"]);
    expect(await getDb().evalSession.count({ where: { externalId: id } })).toBe(1);
    expect(await countTurns(id)).toBe(200);
    expect(await getDb().import.count({ where: { sessions: { some: { externalId: id } } } })).toBe(1);
  });

  it("splits a file into sessions by the session_id of each line", async () => {
    const a = uniqueId("multi-a");
    const b = uniqueId("multi-b");

    const result = await importLog({
      input: ndjson([turn(a, "thesis", "A1"), turn(b, "thesis", "B1"), turn(a, "antithesis", "A2"), turn(b, "synthesis", "B2"), turn(b, "thesis", "B3")]),
      actor: cli,
    });

    expect(result.sessions.map((s) => [s.externalId, s.turnCount])).toEqual([[a, 2], [b, 3]]);
    expect(result.turnCount).toBe(5);
    const turns = await getDb().turn.findMany({ where: { session: { externalId: b } }, orderBy: { ordinal: "asc" } });
    expect(turns.map((t) => [t.ordinal, t.response])).toEqual([[0, "B1"], [1, "B2"], [2, "B3"]]);
  });

  it("names a session without session_id by a hash of its content, so a second import is a no-op", async () => {
    const lines = [turn(null, "thesis", `Anonymous ${uniqueId()}`)];

    const first = await importLog({ input: ndjson(lines), actor: cli });
    const second = await importLog({ input: ndjson(lines), actor: cli });

    expect(first.sessions[0].externalId).toMatch(/^sha256:[0-9a-f]{32}$/);
    expect(second.status).toBe("already_imported");
    expect(second.sessions[0].externalId).toBe(first.sessions[0].externalId);
  });

  it("uses the session id given at import time for lines that name none", async () => {
    const id = uniqueId("given");

    const result = await importLog({ input: ndjson([turn(null, "thesis", "x"), turn(null, "synthesis", "y")]), actor: cli, sessionId: id });

    expect(result.sessions.map((s) => s.externalId)).toEqual([id]);
    expect(await countTurns(id)).toBe(2);
  });
});
