import "server-only";
import type { SummaryTotals } from "@/lib/sessions/session-summary";
import { Prisma } from "@/prisma/generated/client";
import { getDb } from "../db";

const RESONANCE_KEYS = ["impact_score", "transparency", "reproducibility", "verifiability"] as const;

type PersonaRow = { persona_id: string; count: number; score_total: number };
type WholeRow = { count: number; score_total: number; scored: number; resonance_count: number; affects: string } & Record<
  (typeof RESONANCE_KEYS)[number],
  number
>;

const joinScore = (judgeId: number | null) => Prisma.sql`LEFT JOIN judge_scores s ON s.turn_id = t.id AND s.judge_id = ${judgeId}::int`;

/**
 * The resonance the summary reads of each turn the judge scored: the chosen score's metrics,
 * else the turn's other metrics (scores recomputed under other weights keep only the
 * components), as the page shows them; each part a number, 0 when absent or not a number
 * (the seed's `.get(key, 0)`). OFFSET 0 keeps the metrics read once per turn.
 */
const resonance = Prisma.sql`CROSS JOIN LATERAL (
  SELECT coalesce(jsonb_typeof(r) = 'object' AND r <> '{}'::jsonb, false) AS has_resonance,
    ${Prisma.join(RESONANCE_KEYS.map((key) => Prisma.sql`CASE WHEN jsonb_typeof(r -> ${key}) = 'number' THEN (r ->> ${key})::float8 ELSE 0 END AS ${Prisma.raw(key)}`))}
  FROM (
    SELECT CASE WHEN s.turn_id IS NOT NULL THEN coalesce(
      s.metrics,
      (SELECT o.metrics FROM judge_scores o WHERE o.turn_id = t.id AND o.metrics IS NOT NULL ORDER BY o.id LIMIT 1)
    ) -> 'resonance' END AS r
    OFFSET 0
  ) AS metrics
) AS res`;

/**
 * The session summary's inputs under one judge (null: none), summed by the database in turn
 * order (float8 addition, left to right, as the seed's sum): one aggregate over the whole
 * session and one per persona. A turn the judge did not score counts as 0.
 */
export async function findSummaryTotals(sessionId: number, judgeId: number | null): Promise<SummaryTotals & { scoredTurns: number }> {
  const db = getDb();
  const [[, [whole]], personas] = await Promise.all([
    // Sorting a long session's turns by position needs more than the default 4 MB of memory;
    // without it the sort spills to disk and takes several times as long.
    db.$transaction([
      db.$executeRaw`SET LOCAL work_mem = '32MB'`,
      db.$queryRaw<WholeRow[]>`
      SELECT count(*)::int AS count, coalesce(sum(coalesce(score, 0) ORDER BY ordinal), 0) AS score_total,
        count(*) FILTER (WHERE is_scored)::int AS scored, count(*) FILTER (WHERE has_resonance)::int AS resonance_count,
        -- A part is 0 on a turn without resonance, and adding 0 leaves a float sum as it is. No
        -- FILTER: aggregates ordered alike read the rows in the order the subquery gives them.
        ${Prisma.join(RESONANCE_KEYS.map((key) => Prisma.sql`coalesce(sum(${Prisma.raw(key)} ORDER BY ordinal), 0) AS ${Prisma.raw(key)}`))},
        -- As text (float8's shortest exact form): it reads back far faster than an array of numbers.
        coalesce(string_agg(affect_amplitude::text, ',' ORDER BY ordinal), '') AS affects
      FROM (
        SELECT t.ordinal, t.affect_amplitude, s.overall_score AS score, s.turn_id IS NOT NULL AS is_scored, res.*
        FROM turns t ${joinScore(judgeId)} ${resonance}
        WHERE t.session_id = ${sessionId}::int
        ORDER BY t.ordinal
      ) AS turn`,
    ]),
    db.$queryRaw<PersonaRow[]>`
      SELECT t.persona_id, count(*)::int AS count, sum(coalesce(s.overall_score, 0) ORDER BY t.ordinal) AS score_total
      FROM turns t ${joinScore(judgeId)}
      WHERE t.session_id = ${sessionId}::int
      GROUP BY t.persona_id
      ORDER BY min(t.ordinal)`,
  ]);
  return {
    turnCount: whole.count,
    scoreTotal: whole.score_total,
    scoredTurns: whole.scored,
    personas: personas.map((row) => ({ personaId: row.persona_id, count: row.count, scoreTotal: row.score_total })),
    resonanceCount: whole.resonance_count,
    resonanceTotals: {
      impact_score: whole.impact_score,
      transparency: whole.transparency,
      reproducibility: whole.reproducibility,
      verifiability: whole.verifiability,
    },
    affects: whole.affects === "" ? [] : whole.affects.split(",").map(Number),
  };
}
