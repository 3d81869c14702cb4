import { afterEach, describe, expect, it } from "vitest";
import { SEED_THRESHOLDS } from "@/lib/thresholds/thresholds.schema";
import { importLog } from "../import/import-log";
import { ndjson, turn, uniqueId } from "../import/test-helpers";
import { findThresholdVersion } from "./find-threshold-version";
import { readScorePacks } from "./read-score-packs";
import { runRecomputeJobs } from "./run-recompute-jobs";
import { saveThresholdVersion } from "./save-threshold-version";
import { scorePool } from "./score-pool";
import { insertScoredSession, useScratchDatabase, type TurnSpec } from "./thresholds-test-data";

// score_index_packs (migration "score_index_packs") is kept by triggers on judge_scores and
// turns. After each kind of write, the table must hold exactly what a rebuild from
// judge_scores and turns gives, and the index read from it exactly what the join gives.

let drop: (() => Promise<void>) | null = null;
afterEach(async () => {
  await drop?.();
  drop = null;
});

type Turn = { turnId: number; sessionId: number; persona: string; values: number[] };

/** Every turn the seed judge scored, by a plain join (a missing metric as 0), in turn order. */
async function joined(): Promise<Turn[]> {
  const { rows } = await scorePool().query<{ turn_id: number; session_id: number; persona_id: string; values: number[] }>(
    `SELECT t.id AS turn_id, t.session_id, t.persona_id, ARRAY[s.overall_score, COALESCE(s.length_score, 0), COALESCE(s.sentiment_score, 0),
            COALESCE(s.completeness_score, 0), COALESCE(s.critical_intensity, 0)] AS values
     FROM judge_scores s JOIN turns t ON t.id = s.turn_id JOIN judges j ON j.id = s.judge_id AND j.name = 'heuristic' AND j.version = 'v1'
     ORDER BY t.id`,
  );
  return rows.map((row) => ({ turnId: row.turn_id, sessionId: row.session_id, persona: row.persona_id, values: row.values }));
}

/** The same turns as read from the packs, in 1, 2 and 3 parts. */
async function packed(parts: number): Promise<Turn[]> {
  const { personas, columns } = await readScorePacks(scorePool(), { parts });
  return Array.from(columns.turnId, (turnId, i) => ({
    turnId,
    sessionId: columns.sessionIds[columns.session[i]],
    persona: personas[columns.persona[i]],
    values: [columns.overall[i], columns.length[i], columns.sentiment[i], columns.completeness[i], columns.critical[i]],
  }));
}

/** The table's rows byte for byte, and those a rebuild of every session gives now. */
async function storedAndRebuilt(): Promise<{ stored: unknown[]; rebuilt: unknown[] }> {
  const pool = scorePool();
  const columns = "session_id, first_turn_id, last_turn_id, turn_count, encode(data, 'hex') AS data";
  const stored = await pool.query(`SELECT ${columns} FROM score_index_packs ORDER BY session_id`);
  const rebuilt = await pool.query(
    `SELECT ${columns} FROM (SELECT s.id AS session_id, pack.* FROM eval_sessions s CROSS JOIN LATERAL score_pack_of(s.id, score_index_judge_id()) pack) x ORDER BY session_id`,
  );
  return { stored: stored.rows, rebuilt: rebuilt.rows };
}

async function expectPacksRight(label: string): Promise<Turn[]> {
  const { stored, rebuilt } = await storedAndRebuilt();
  expect(stored, label).toEqual(rebuilt);
  const expected = await joined();
  for (const parts of [1, 2, 3]) expect(await packed(parts), `${label}, read in ${parts} part(s)`).toEqual(expected);
  return expected;
}

function turns(count: number, offset: number, personas = ["thesis", "antithesis", "synthesis"]): TurnSpec[] {
  return Array.from({ length: count }, (_, i) => {
    const k = i + offset;
    const personaId = personas[k % personas.length];
    return {
      personaId,
      length: k % 11 === 0 ? null : (k % 100) / 100,
      sentiment: ((k * 37) % 200) / 100 - 1,
      completeness: k % 13 === 0 ? null : ((k * 7) % 100) / 100,
      critical: personaId === "antithesis" ? ((k * 3) % 100) / 100 : null,
      ...(k % 5 === 0 ? { ratings: [1 + (k % 4), 1 + ((k * 3) % 4)] } : {}),
    };
  });
}

async function importSession(externalId: string, responses: string[]): Promise<void> {
  await importLog({
    input: ndjson([{ type: "session", session_id: externalId, seed_prompt: "A prompt" }, ...responses.map((text, i) => turn(null, ["thesis", "antithesis", "synthesis"][i % 3], text))]),
    actor: { source: "cli" },
    fileName: `${externalId}.jsonl`,
  });
}

describe("score_index_packs", () => {
  it("equals a rebuild from judge_scores and turns after imports, ratings, recomputes, edits and deletions", async () => {
    drop = await useScratchDatabase();
    const pool = scorePool();
    expect(await expectPacksRight("empty")).toEqual([]);

    // Imports through the importer (scored by the heuristic judge as they land) and sessions written directly.
    const imported = uniqueId("packs");
    await importSession(imported, ["A first answer, short.", "Yet another answer that goes on for a while, with care and detail.", "Third."]);
    await importSession(uniqueId("packs"), ["One more session with a single answer."]);
    const sessions: Awaited<ReturnType<typeof insertScoredSession>>[] = [];
    for (let s = 0; s < 4; s++) sessions.push(await insertScoredSession(turns(20 + s, s * 30)));
    const afterImports = await expectPacksRight("after imports");
    expect(afterImports.length).toBe(4 + 86);

    // A rating changes no score.
    await pool.query("INSERT INTO ratings (turn_id, annotator, level, source) VALUES ($1, 'late', 4, 'imported')", [sessions[1].turnIds[0]]);
    expect(await expectPacksRight("after a rating")).toEqual(afterImports);

    // A recompute under new weights writes another judge's scores: the seed judge's packs stay.
    const base = await findThresholdVersion("active");
    const weights = { ...SEED_THRESHOLDS.weights, thesis: { length: 0.3, sentiment: 0.1, completeness: 0.6 } };
    await saveThresholdVersion({ thresholds: { cutoffs: base.cutoffs, weights }, note: "packs", basedOnId: base.id, authorId: null });
    expect((await runRecomputeJobs()).failed).toEqual([]);
    expect((await pool.query("SELECT count(DISTINCT judge_id)::int AS n FROM judge_scores")).rows[0].n).toBe(2);
    expect(await expectPacksRight("after a recompute")).toEqual(afterImports);

    // A seed score rewritten, another's token counts (no score) updated, one removed.
    const seedId = (await pool.query<{ id: number }>("SELECT score_index_judge_id() AS id")).rows[0].id;
    await pool.query("UPDATE judge_scores SET sentiment_score = -0.25, length_score = NULL WHERE turn_id = $1 AND judge_id = $2", [sessions[0].turnIds[3], seedId]);
    await pool.query("UPDATE judge_scores SET input_tokens = 12 WHERE turn_id = ANY($1::int[])", [sessions[2].turnIds]);
    await pool.query("DELETE FROM judge_scores WHERE turn_id = $1 AND judge_id = $2", [sessions[0].turnIds[5], seedId]);
    const edited = await expectPacksRight("after score edits");
    expect(edited.find((row) => row.turnId === sessions[0].turnIds[3])!.values.slice(1, 3)).toEqual([0, -0.25]);
    expect(edited.length).toBe(afterImports.length - 1);

    // A turn given a persona never seen before, and a turn moved to another session (its
    // turns now interleave with that session's).
    await pool.query("UPDATE turns SET persona_id = 'newcomer' WHERE id = $1", [sessions[1].turnIds[2]]);
    await pool.query("UPDATE turns SET session_id = $1, ordinal = 1000 WHERE id = $2", [sessions[3].sessionId, sessions[2].turnIds[4]]);
    const moved = await expectPacksRight("after turn edits");
    expect(moved.find((row) => row.turnId === sessions[1].turnIds[2])!.persona).toBe("newcomer");
    expect(moved.find((row) => row.turnId === sessions[2].turnIds[4])!.sessionId).toBe(sessions[3].sessionId);

    // A turn, a whole session, and an import replaced by a new version of the session.
    await pool.query("DELETE FROM turns WHERE id = $1", [sessions[2].turnIds[0]]);
    await pool.query("DELETE FROM eval_sessions WHERE id = $1", [sessions[1].sessionId]);
    await importLog({
      input: ndjson([{ type: "session", session_id: imported, seed_prompt: "A prompt" }, turn(null, "synthesis", "Replaced: a single, different answer.")]),
      actor: { source: "cli" },
      fileName: "replaced.jsonl",
      replace: true,
    });
    const removed = await expectPacksRight("after deletions");
    expect(removed.filter((row) => row.sessionId === sessions[1].sessionId)).toEqual([]);
    expect(removed.length).toBe(edited.length - 1 - 21 - 3 + 1);

    // Without the seed judge there is nothing to pack.
    await pool.query("DELETE FROM judges WHERE id = $1", [seedId]);
    expect(await expectPacksRight("after the seed judge is removed")).toEqual([]);
    expect((await pool.query("SELECT count(*)::int AS n FROM score_index_packs")).rows[0].n).toBe(0);
  });
});
