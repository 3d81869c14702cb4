import "server-only";
// Rows for the queue's integration tests: a session of scored turns under a persona id of
// the test's own, so tests sharing the database never serve each other's turns.
import { randomUUID } from "node:crypto";
import { DEFAULT_QUEUE_SETTINGS, type QueueScope, type QueueSettings } from "@/lib/queue/settings.schema";
import { createTestUser } from "@/scripts/test/factories";
import { getDb } from "../db";
import type { QueueConfig } from "./get-queue-config";

export const TEST_CUTOFFS = { fair: 0.5, good: 0.65, excellent: 0.8 };

export function uniquePersona(label = "queue"): string {
  return `${label}-${randomUUID().slice(0, 8)}`;
}

export function testConfig(scope: QueueScope, settings: Partial<QueueSettings> = {}): QueueConfig {
  return { scope, settings: { ...DEFAULT_QUEUE_SETTINGS, goldRate: 0, ...settings }, cutoffs: TEST_CUTOFFS };
}

async function heuristicJudgeId(): Promise<number> {
  const [row] = await getDb().$queryRaw<{ id: number }[]>`
    WITH created AS (
      INSERT INTO judges (name, version, kind) VALUES ('heuristic', 'v1', 'heuristic') ON CONFLICT (name, version) DO NOTHING RETURNING id
    )
    SELECT id FROM created UNION ALL SELECT id FROM judges WHERE name = 'heuristic' AND version = 'v1'`;
  return row.id;
}

export type TestTurnSpec = { score: number; personaId?: string; response?: string; occurredAt?: Date };

/**
 * One session with the given turns (ordinal = position), each scored by the heuristic judge
 * with its `score`; the judge_scores trigger puts them in the queue. Returns turn ids in order.
 */
export async function createScoredTurns(
  personaId: string,
  turns: readonly TestTurnSpec[],
  options: { seedPrompt?: string; importId?: number; startedAt?: Date } = {},
): Promise<{ sessionId: number; turnIds: number[] }> {
  const db = getDb();
  const judgeId = await heuristicJudgeId();
  const session = await db.evalSession.create({
    data: {
      externalId: `test-${randomUUID()}`,
      contentHash: randomUUID(),
      seedPrompt: options.seedPrompt ?? "How should a city decide what to build next?",
      importId: options.importId,
      startedAt: options.startedAt ?? new Date("2025-10-12T10:00:00Z"),
      turnCount: turns.length,
    },
    select: { id: true },
  });
  const rows = turns.map((turn, ordinal) => ({
    session_id: session.id,
    ordinal,
    persona_id: turn.personaId ?? personaId,
    response: turn.response ?? `Response ${ordinal} of persona ${turn.personaId ?? personaId}.`,
    occurred_at: (turn.occurredAt ?? new Date(Date.UTC(2025, 9, 12, 10, 0, ordinal))).toISOString(),
    score: turn.score,
  }));
  const inserted = await db.$queryRaw<{ id: number }[]>`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS x(session_id int, ordinal int, persona_id text, response text, occurred_at timestamptz, score float8)
    ), turns_in AS (
      INSERT INTO turns (session_id, ordinal, persona_id, response, word_count, occurred_at, raw)
      SELECT session_id, ordinal, persona_id, response, 4, occurred_at,
        jsonb_build_object('evaluation_metrics', jsonb_build_object('overall_score', score))
      FROM input
      RETURNING id, ordinal
    ), scores AS (
      INSERT INTO judge_scores (turn_id, judge_id, overall_score)
      SELECT turns_in.id, ${judgeId}::int, input.score FROM turns_in JOIN input USING (ordinal)
    )
    SELECT id FROM turns_in ORDER BY ordinal`;
  return { sessionId: session.id, turnIds: inserted.map((row) => row.id) };
}

/** An import row of its own: scoping the queue to it takes exactly this test's turns. */
export async function createTestImport(): Promise<number> {
  const row = await getDb().import.create({ data: { source: "cli", format: "orchestrator", contentHash: randomUUID() }, select: { id: true } });
  return row.id;
}

/** Raters made one after another: password hashing is bounded per process, so 20 at once would be refused (429), as they should be. */
export async function createRaters(count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) ids.push((await createTestUser("rater")).id);
  return ids;
}

/**
 * Gives the rater a 30-minute lease on the turn, as the queue would, unless another rater
 * holds a live one: a rating is stored only under the rater's own lease.
 */
export async function holdLease(raterId: number, turnId: number): Promise<void> {
  await getDb().$executeRaw`
    INSERT INTO rating_leases (turn_id, rater_id, leased_at, expires_at)
    VALUES (${turnId}::int, ${raterId}::int, now(), now() + interval '30 minutes')
    ON CONFLICT (turn_id) DO UPDATE SET rater_id = EXCLUDED.rater_id, leased_at = EXCLUDED.leased_at, expires_at = EXCLUDED.expires_at
      WHERE rating_leases.expires_at <= now() OR rating_leases.rater_id = EXCLUDED.rater_id`;
}
