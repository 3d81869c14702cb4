import "server-only";
import type { QualityCutoffs } from "@/lib/judge";
import { QUALITY_PARAMS, type ListQuery } from "@/lib/sessions/list-query.schema";
import { TOTAL_COUNT_CAP } from "@/lib/sessions/session-list";
import { Prisma } from "@/prisma/generated/client";
import { getDb } from "../db";
import { buildSessionFilters, whereClause } from "./build-session-filters";
import { findTextMatches } from "./find-text-matches";

export type PageIds = { ids: number[]; total: number; isTotalCapped: boolean };

/**
 * Human-rated share: turns with a rating over turns. It reads the whole ratings table (tens
 * of thousands of rows, a few hundred ms; a stored per-session count would make it an index walk).
 */
const RATED_JOIN = Prisma.sql`LEFT JOIN (
  SELECT t.session_id, count(DISTINCT r.turn_id) AS rated_turns
  FROM ratings r JOIN turns t ON t.id = r.turn_id GROUP BY t.session_id
) rc ON rc.session_id = s.id`;
const RATED_SHARE = Prisma.sql`COALESCE(rc.rated_turns, 0)::float8 / NULLIF(s.turn_count, 0)`;

function needsScores(query: ListQuery): boolean {
  return query.sort === "score" || query.sort === "quality" || query.minScore !== undefined || query.maxScore !== undefined || query.quality !== undefined;
}

/**
 * The ids of one page of sessions, in order, and how many match. Offset pagination: every
 * ORDER BY ends in the id, so equal sort keys never swap between pages.
 */
export async function findSessionPageIds(query: ListQuery, cutoffs: QualityCutoffs, preferredJudgeId?: number): Promise<PageIds> {
  const text = await findTextMatches(query.q);
  if (text.kind === "listed" && text.sessionIds.length === 0) return { ids: [], total: 0, isTotalCapped: false };
  const conditions = buildSessionFilters(query, text);
  return needsScores(query) ? findScoredPage(query, conditions, cutoffs, preferredJudgeId) : findPlainPage(query, conditions);
}

/**
 * Sorts and filters on columns of eval_sessions (and the small ratings table) only: an index
 * walk that stops after the page. The count stops at TOTAL_COUNT_CAP.
 */
async function findPlainPage(query: ListQuery, conditions: Prisma.Sql[]): Promise<PageIds> {
  const where = whereClause(conditions);
  const isRated = query.sort === "rated";
  const dir = query.dir === "asc" ? Prisma.sql`ASC` : Prisma.sql`DESC`;
  // Non-null keys keep the default NULLS order so that an index scan in either direction fits.
  const order =
    query.sort === "turns"
      ? Prisma.sql`s.turn_count ${dir}, s.id ${dir}`
      : isRated
        ? Prisma.sql`${RATED_SHARE} ${dir} NULLS LAST, s.id ${dir}`
        : Prisma.sql`COALESCE(s.started_at, s.created_at) ${dir}, s.id ${dir}`;
  const db = getDb();
  const [page, counted] = await Promise.all([
    db.$queryRaw<Array<{ id: number }>>`
      SELECT s.id FROM eval_sessions s ${isRated ? RATED_JOIN : Prisma.empty} ${where}
      ORDER BY ${order} LIMIT ${query.pageSize + 1}::int OFFSET ${(query.page - 1) * query.pageSize}::int`,
    db.$queryRaw<Array<{ n: number }>>`
      SELECT count(*)::int AS n FROM (SELECT 1 FROM eval_sessions s ${where} LIMIT ${TOTAL_COUNT_CAP + 1}::int) matching`,
  ]);
  const n = counted[0]?.n ?? 0;
  return { ids: page.map((row) => row.id), total: Math.min(n, TOTAL_COUNT_CAP), isTotalCapped: n > TOTAL_COUNT_CAP };
}

/**
 * Sorts or filters on the average score, so every candidate's average is computed: the sum
 * of its judge's overall scores in turn order (the seed's float sum, so levels at a cut-off
 * agree with the session page) over its turn count. Without a judge filter, each session's
 * preferred judge (the active thresholds' scoring judge) is used when it scored the session,
 * else its first judge (lowest id).
 */
async function findScoredPage(query: ListQuery, conditions: Prisma.Sql[], cutoffs: QualityCutoffs, preferredJudgeId?: number): Promise<PageIds> {
  const judge = query.judge === undefined ? Prisma.empty : Prisma.sql`AND js.judge_id = ${query.judge}::int`;
  const scoreConditions: Prisma.Sql[] = [];
  if (query.minScore !== undefined) scoreConditions.push(Prisma.sql`avg_score >= ${query.minScore}::float8`);
  if (query.maxScore !== undefined) scoreConditions.push(Prisma.sql`avg_score <= ${query.maxScore}::float8`);
  if (query.quality !== undefined) {
    const levels = query.quality.map((name) => QUALITY_PARAMS.indexOf(name) + 1);
    scoreConditions.push(Prisma.sql`level = ANY(${levels}::int[])`);
  }
  const dir = query.dir === "asc" ? Prisma.sql`ASC` : Prisma.sql`DESC`;
  const order = {
    score: Prisma.sql`avg_score ${dir} NULLS LAST, id ${dir}`,
    quality: Prisma.sql`level ${dir} NULLS LAST, avg_score ${dir} NULLS LAST, id ${dir}`,
    started: Prisma.sql`started ${dir}, id ${dir}`,
    turns: Prisma.sql`turn_count ${dir}, id ${dir}`,
    rated: Prisma.sql`rated_share ${dir} NULLS LAST, id ${dir}`,
  }[query.sort];
  const isRated = query.sort === "rated";
  const [row] = await getDb().$queryRaw<Array<{ total: number; ids: number[] }>>`
    WITH candidates AS MATERIALIZED (
      SELECT s.id, s.turn_count, COALESCE(s.started_at, s.created_at) AS started,
        ${isRated ? RATED_SHARE : Prisma.sql`NULL::float8`} AS rated_share
      FROM eval_sessions s ${isRated ? RATED_JOIN : Prisma.empty} ${whereClause(conditions)}
    ), per_judge AS (
      SELECT t.session_id, js.judge_id, sum(js.overall_score ORDER BY t.ordinal) AS total
      FROM candidates c JOIN turns t ON t.session_id = c.id JOIN judge_scores js ON js.turn_id = t.id ${judge}
      GROUP BY t.session_id, js.judge_id
    ), chosen AS (
      SELECT DISTINCT ON (session_id) session_id, total FROM per_judge ORDER BY session_id, ${preferredFirst(preferredJudgeId)} judge_id
    ), scored AS (
      SELECT c.id, c.turn_count, c.started, c.rated_share, chosen.total / NULLIF(c.turn_count, 0) AS avg_score
      FROM candidates c LEFT JOIN chosen ON chosen.session_id = c.id
    ), filtered AS (
      SELECT *, CASE WHEN avg_score IS NULL THEN NULL
        WHEN avg_score >= ${cutoffs.excellent}::float8 THEN 4 WHEN avg_score >= ${cutoffs.good}::float8 THEN 3
        WHEN avg_score >= ${cutoffs.fair}::float8 THEN 2 ELSE 1 END AS level
      FROM scored
    ), matching AS (
      SELECT * FROM filtered ${whereClause(scoreConditions)}
    )
    SELECT (SELECT count(*)::int FROM matching) AS total,
      ARRAY(SELECT id FROM matching ORDER BY ${order}
        LIMIT ${query.pageSize + 1}::int OFFSET ${(query.page - 1) * query.pageSize}::int) AS ids`;
  return { ids: row.ids, total: row.total, isTotalCapped: false };
}

/** ORDER BY prefix that puts the preferred judge's row first (nothing when there is none). */
export function preferredFirst(preferredJudgeId: number | undefined, column = Prisma.sql`judge_id`): Prisma.Sql {
  return preferredJudgeId === undefined ? Prisma.empty : Prisma.sql`(${column} = ${preferredJudgeId}::int) DESC,`;
}
