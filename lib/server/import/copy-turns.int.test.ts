import { afterEach, describe, expect, it } from "vitest";
import { buildLogTurn } from "@/lib/ingest/build-log-turn";
import type { LogInput } from "@/lib/ingest/log-input";
import { logRecordSchema } from "@/lib/ingest/log-record.schema";
import { bytesSource } from "@/lib/ingest/read-lines";
import { DEFAULT_JUDGE_CONFIG } from "@/lib/judge";
import { getDb } from "@/lib/server/db";
import { buildSessionSearch } from "@/lib/server/jobs/session-search-job";
import { TurnCopyWriter } from "./copy-turns";
import { importLog } from "./import-log";
import { countTurns, turn, uniqueId } from "./test-helpers";
import { withImportTransaction } from "./with-import-transaction";

const cli = { source: "cli" } as const;

// Text that COPY's text format must escape (backslash, tab, newline, carriage return), its
// null marker written out, quotes and characters outside ASCII: each must come back as given.
const AWKWARD = ["a\\b", "tab\there", "line\nbreak", "cr\r\nlf", "\\N", 'say "no"', "naïve — ✓ 😀", "\\\\t"];

/** Two sessions (named by header lines) of `perSession` turns each, ~1 MB: several COPY chunks. */
function logLines(prefix: string, perSession: number): string[] {
  const lines: string[] = [];
  for (const [s, seed] of ["What is fair?", "Tab\tand \\ in a seed"].entries()) {
    // The second session's header names the model of its lines that name none.
    lines.push(JSON.stringify({ type: "session", session_id: `${prefix}-${s}`, seed_prompt: seed, ...(s === 1 ? { generator_model: "gpt-4o\tmini" } : {}) }));
    for (let i = 0; i < perSession; i++) {
      const persona = ["thesis", "antithesis", "synthesis"][i % 3];
      const response = `${AWKWARD[i % AWKWARD.length]} turn ${i}: ${"however the evidence suggests a careful answer ".repeat(1 + (i % 7))}`;
      const extra: Record<string, unknown> = { depth_index: 1 + Math.floor(i / 3), step_index: i % 3 };
      if (i % 5 === 0) extra.phase = null;
      if (i % 4 === 0) extra.state_after = { affect_amplitude: (i % 10) / 10, "key\twith\\odd": "x\ny" };
      if (i % 9 === 0) extra.generator_model = `model\\${i}`;
      if (i % 6 === 0) extra.persona = { id: persona, name: `Name\t${AWKWARD[i % AWKWARD.length]}`, role: "Role\\" };
      lines.push(JSON.stringify(turn(null, persona, response, extra)));
    }
  }
  return lines;
}

function source(lines: readonly string[]): LogInput {
  return { kind: "ndjson", source: bytesSource(new TextEncoder().encode(lines.join("\n") + "\n"), 1 << 16) };
}

/** Everything an import writes or its triggers keep, per session, without ids that differ between imports. */
async function storedOf(externalId: string) {
  const db = getDb();
  const [session] = await db.$queryRawUnsafe<Record<string, unknown>[]>(
    `SELECT kind, seed_prompt, started_at, ended_at, turn_count, meta - 'session_id' AS meta, rated_turn_count, persona_ids, search_vector::text AS search_vector, search_pending
     FROM eval_sessions WHERE external_id = $1`,
    externalId,
  );
  const turns = await db.$queryRawUnsafe<Record<string, unknown>[]>(
    `SELECT t.ordinal, t.depth_index, t.step_index, t.occurred_at, t.persona_id, t.persona_name, t.persona_role, t.backend_id,
       t.backend_type, t.prompt_digest, t.response, t.word_count, t.affect_amplitude, t.item_id, t.dimension, t.generator_model, t.phase,
       t.phase IS NULL AS phase_is_null, t.state_after, t.raw::text AS raw,
       s.overall_score, s.length_score, s.sentiment_score, s.completeness_score, s.critical_intensity, s.impact_score,
       s.metrics::text AS metrics, s.is_imported, j.name AS judge,
       q.persona_id AS queue_persona, q.occurred_at AS queue_occurred_at, q.judge_score AS queue_score, q.rating_count AS queue_ratings
     FROM turns t JOIN eval_sessions e ON e.id = t.session_id
     LEFT JOIN judge_scores s ON s.turn_id = t.id LEFT JOIN judges j ON j.id = s.judge_id
     LEFT JOIN queue_items q ON q.turn_id = t.id
     WHERE e.external_id = $1 ORDER BY t.ordinal`,
    externalId,
  );
  const scores = await db.$queryRawUnsafe<Record<string, unknown>[]>(
    `SELECT j.name, ss.total, ss.scored_turn_count, ss.average_score, ss.is_shown
     FROM session_scores ss JOIN eval_sessions e ON e.id = ss.session_id JOIN judges j ON j.id = ss.judge_id
     WHERE e.external_id = $1 ORDER BY j.name`,
    externalId,
  );
  const [ids] = await db.$queryRawUnsafe<{ ascending: boolean }[]>(
    `SELECT bool_and(id > prev) IS NOT FALSE AS ascending FROM (
       SELECT t.id, lag(t.id) OVER (ORDER BY t.ordinal) AS prev FROM turns t JOIN eval_sessions e ON e.id = t.session_id WHERE e.external_id = $1) x`,
    externalId,
  );
  return { session, turns, scores, idsFollowOrdinals: ids.ascending };
}

describe("import through COPY", () => {
  afterEach(() => {
    delete process.env.CONCORD_IMPORT_WRITE_PATH;
    delete process.env.CONCORD_IMPORT_PIPELINE;
  });

  it("stores exactly what the JSON batches stored: every column, score and trigger-kept aggregate, awkward text included", async () => {
    const viaCopy = uniqueId("copy");
    const viaBatches = uniqueId("batches");
    const perSession = 900;

    const copied = await importLog({ input: source(logLines(viaCopy, perSession)), actor: cli, fileName: "copy.jsonl" });
    process.env.CONCORD_IMPORT_WRITE_PATH = "batches";
    const batched = await importLog({ input: source(logLines(viaBatches, perSession)), actor: cli, fileName: "batches.jsonl" });

    // The COPY path leaves the sessions' search documents to a job (the batches build them at
    // once): once it has run, the two must be the same.
    expect(await buildSessionSearch(copied.sessions.map((session) => session.id))).toBe(2);
    expect(copied.turnCount).toBe(2 * perSession);
    expect(batched.turnCount).toBe(2 * perSession);
    for (const s of [0, 1]) {
      const a = await storedOf(`${viaCopy}-${s}`);
      const b = await storedOf(`${viaBatches}-${s}`);
      expect(a.turns).toHaveLength(perSession);
      expect(a.idsFollowOrdinals).toBe(true);
      expect(a.session).toEqual(b.session);
      expect(a.scores).toEqual(b.scores);
      expect(a.scores).toEqual([{ name: "heuristic", total: expect.any(Number), scored_turn_count: perSession, average_score: expect.any(Number), is_shown: true }]);
      for (let i = 0; i < perSession; i++) expect(a.turns[i]).toEqual(b.turns[i]);
    }
    // The awkward text itself, not only the same on both paths.
    const sample = await storedOf(`${viaCopy}-0`);
    expect(sample.turns.slice(0, AWKWARD.length).map((t) => (t.response as string).split(" turn ")[0])).toEqual(AWKWARD);
    expect(sample.turns[0]).toMatchObject({ phase: null, phase_is_null: true, state_after: { affect_amplitude: 0, "key\twith\\odd": "x\ny" }, persona_name: `Name\t${AWKWARD[0]}`, persona_role: "Role\\" });
    expect(JSON.parse(sample.turns[0].raw as string)).toEqual(JSON.parse(logLines(viaCopy, 1)[1]));
    expect(sample.session).toMatchObject({ seed_prompt: "What is fair?", persona_ids: ["antithesis", "synthesis", "thesis"], turn_count: perSession });
    expect(sample.turns.slice(0, 2).map((t) => t.generator_model)).toEqual(["model\\0", null]);
    const second = await storedOf(`${viaCopy}-1`);
    expect(second.turns.slice(0, 2).map((t) => t.generator_model)).toEqual(["model\\0", "gpt-4o\tmini"]);
  });

  it("stores nothing when the input fails in the middle of the COPY, and the next import on the pool works", async () => {
    const prefix = uniqueId("copy-abort");
    const lines = logLines(prefix, 900);
    let pass = 0;
    const changing: LogInput = {
      kind: "ndjson",
      // The second pass (the write) finds a bad line after ~1,400 turns have been sent.
      source: () => bytesSource(new TextEncoder().encode((++pass === 1 ? lines : [...lines.slice(0, 1400), "{not json", ...lines.slice(1400)]).join("\n") + "\n"))(),
    };

    await expect(importLog({ input: changing, actor: cli, fileName: "changing.jsonl" })).rejects.toThrow("the input changed while it was being imported");
    expect(pass).toBe(2);
    expect(await countTurns(`${prefix}-0`)).toBe(0);
    const [{ n }] = await getDb().$queryRawUnsafe<{ n: number }[]>("SELECT count(*)::int AS n FROM eval_sessions WHERE external_id LIKE $1", `${prefix}%`);
    expect(n).toBe(0);

    // Every pooled connection is usable again: four imports at once (the pool's size) succeed.
    const again = await Promise.all(
      [0, 1, 2, 3].map((k) => importLog({ input: source(logLines(`${prefix}-again-${k}`, 20)), actor: cli, fileName: "again.jsonl" })),
    );
    expect(again.map((r) => r.turnCount)).toEqual([40, 40, 40, 40]);
  });

  it("stores the same rows pipelined as when each chunk waits for the database, raw as the line was given", async () => {
    const pipelined = uniqueId("pipelined");
    const serial = uniqueId("serial");
    const perSession = 900; // chunks of 64, 128, … 1,024 turns: several in flight at once
    await importLog({ input: source(logLines(pipelined, perSession)), actor: cli, fileName: "pipelined.jsonl" });
    process.env.CONCORD_IMPORT_PIPELINE = "serial";
    await importLog({ input: source(logLines(serial, perSession)), actor: cli, fileName: "serial.jsonl" });

    for (const s of [0, 1]) {
      const a = await storedOf(`${pipelined}-${s}`);
      const b = await storedOf(`${serial}-${s}`);
      expect(a.turns).toHaveLength(perSession);
      expect(a.idsFollowOrdinals).toBe(true);
      expect(a.session).toEqual(b.session);
      expect(a.scores).toEqual(b.scores);
      for (let i = 0; i < perSession; i++) expect(a.turns[i]).toEqual(b.turns[i]);
    }
    // turns.raw is json: the line's own text, key order and escapes included.
    const lines = logLines(pipelined, perSession);
    const stored = await storedOf(`${pipelined}-1`);
    expect(stored.turns.map((t) => t.raw)).toEqual(lines.slice(perSession + 2));
  });

  it("stores nothing when the last line of a large input changes between the passes, with chunks still in flight", async () => {
    const prefix = uniqueId("copy-abort-end");
    const lines = logLines(prefix, 900);
    let pass = 0;
    const changing: LogInput = {
      kind: "ndjson",
      source: () => bytesSource(new TextEncoder().encode((++pass === 1 ? lines : [...lines.slice(0, -1), "{not json"]).join("\n") + "\n"), 1 << 16)(),
    };

    await expect(importLog({ input: changing, actor: cli, fileName: "changing-end.jsonl" })).rejects.toThrow(
      "the input changed while it was being imported; nothing was imported",
    );
    expect(pass).toBe(2);
    const [{ sessions, turns }] = await getDb().$queryRawUnsafe<{ sessions: number; turns: number }[]>(
      `SELECT count(DISTINCT e.id)::int AS sessions, count(t.id)::int AS turns FROM eval_sessions e LEFT JOIN turns t ON t.session_id = e.id WHERE e.external_id LIKE $1`,
      `${prefix}%`,
    );
    expect({ sessions, turns }).toEqual({ sessions: 0, turns: 0 });
    const again = await importLog({ input: source(logLines(`${prefix}-again`, 30)), actor: cli, fileName: "again.jsonl" });
    expect(again.turnCount).toBe(60);
  });

  it("rolls back every chunk when the database refuses a row of a later chunk while Node builds the next", async () => {
    const externalId = uniqueId("copy-refused");
    const record = logRecordSchema.parse(turn(null, "thesis", "A careful answer, however brief."));
    const stored = (ordinal: number) => buildLogTurn({ record, raw: JSON.stringify(record), ordinal, seedPrompt: "Why?", config: DEFAULT_JUDGE_CONFIG });
    let writer: TurnCopyWriter | null = null;
    const work = withImportTransaction(async (tx) => {
      const { rows } = await tx.query<{ id: number }>("INSERT INTO eval_sessions (external_id, content_hash, turn_count) VALUES ($1, 'x', 400) RETURNING id", [externalId]);
      writer = new TurnCopyWriter(tx, (await tx.query<{ id: number }>("SELECT id FROM judges WHERE name = 'heuristic' AND version = 'v1'")).rows[0].id, { chunkTurns: 100, expectedTurns: 400 });
      try {
        // Turns 0–199 go in; turn 250 names a session that does not exist (the foreign key
        // refuses it in the third chunk's COPY) while the fourth chunk is being built.
        for (let i = 0; i < 400; i++) await writer.add(i === 250 ? rows[0].id + 1_000_000 : rows[0].id, stored(i));
        await writer.finish();
      } catch (error) {
        await writer.abort(error as Error);
        throw error;
      }
    });
    await expect(work).rejects.toThrow(/foreign key constraint "turns_session_id_fkey"/);
    const [{ n }] = await getDb().$queryRawUnsafe<{ n: number }[]>("SELECT count(*)::int AS n FROM eval_sessions WHERE external_id = $1", externalId);
    expect(n).toBe(0);
    expect(writer).not.toBeNull();
    const again = await importLog({ input: source(logLines(`${externalId}-again`, 30)), actor: cli, fileName: "again.jsonl" });
    expect(again.turnCount).toBe(60);
  });
});
