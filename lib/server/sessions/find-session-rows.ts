import "server-only";
import { preferredFirst } from "./find-session-page-ids";
import type { QualityCutoffs } from "@/lib/judge";
import type { SessionListRow } from "@/lib/sessions/session-list";
import { levelName, levelOfScore } from "@/lib/thresholds/levels";
import { Prisma } from "@/prisma/generated/client";
import { getDb } from "../db";

type RowRecord = Omit<SessionListRow, "judge" | "qualityLevel"> & {
  judgeId: number | null;
  judgeName: string | null;
  judgeVersion: string | null;
};

/**
 * The list's figures for the given sessions, in the given order: a few index probes per
 * session (the average and rated count are stored, see session_scores), so a page costs the
 * same whatever the size of the table.
 */
export async function findSessionRows(ids: readonly number[], options: { judgeId?: number; preferredJudgeId?: number; cutoffs: QualityCutoffs }): Promise<SessionListRow[]> {
  if (ids.length === 0) return [];
  const judge = options.judgeId === undefined ? Prisma.empty : Prisma.sql`AND ss.judge_id = ${options.judgeId}::int`;
  const records = await getDb().$queryRaw<RowRecord[]>`
    SELECT s.id, s.external_id AS "externalId", s.kind::text AS kind, left(s.seed_prompt, 300) AS "seedPrompt",
      s.started_at AS "startedAt", s.created_at AS "createdAt", s.turn_count AS "turnCount",
      sc.judge_id AS "judgeId", j.name AS "judgeName", j.version AS "judgeVersion",
      sc.average_score AS "averageScore",
      COALESCE(pm.mix, '[]'::json) AS "personaMix", s.rated_turn_count AS "ratedTurnCount"
    FROM unnest(${[...ids]}::int[]) WITH ORDINALITY AS page(id, position)
    JOIN eval_sessions s ON s.id = page.id
    LEFT JOIN LATERAL (
      SELECT ss.judge_id, ss.average_score FROM session_scores ss
      WHERE ss.session_id = s.id ${judge}
      ORDER BY ${preferredFirst(options.preferredJudgeId, Prisma.sql`ss.judge_id`)} ss.judge_id LIMIT 1
    ) sc ON true
    LEFT JOIN judges j ON j.id = sc.judge_id
    LEFT JOIN LATERAL (
      SELECT json_agg(json_build_object('personaId', x.persona_id, 'count', x.n) ORDER BY x.first_ordinal) AS mix
      FROM (SELECT persona_id, count(*)::int AS n, min(ordinal) AS first_ordinal FROM turns t WHERE t.session_id = s.id GROUP BY persona_id) x
    ) pm ON true
    ORDER BY page.position`;
  return records.map(({ judgeId, judgeName, judgeVersion, ...row }) => ({
    ...row,
    judge: judgeId === null ? null : { id: judgeId, name: judgeName ?? "", version: judgeVersion ?? "" },
    qualityLevel: row.averageScore === null ? null : levelName(levelOfScore(row.averageScore, options.cutoffs)),
  }));
}
