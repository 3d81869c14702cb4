import "server-only";
import type { QualityCutoffs } from "@/lib/judge";
import { QUALITY_PARAMS, type ListQuery } from "@/lib/sessions/list-query.schema";
import { scoreRangesOfLevels, type QualityLevel } from "@/lib/thresholds/levels";
import { Prisma } from "@/prisma/generated/client";
import { getDb } from "../db";
import { buildSessionFilters, whereClause } from "./build-session-filters";
import { findSessionCount, listCount, type SessionCount } from "./find-session-count";
import { findTextMatches, textProbeCondition } from "./find-text-matches";
import { findDisplayJudgeId } from "./session-display";

export type PageIds = { ids: number[]; total: number; isTotalCapped: boolean };

/**
 * Every list query reads stored per-session aggregates, never every turn: session_scores for
 * averages, eval_sessions.rated_turn_count / persona_ids / search_vector for the rest (kept
 * by triggers, see prisma/migrations/20261122052527_session_aggregates), through covering
 * indexes (migration "sessions_list_covering_indexes"): a session's own row, wide with its
 * search document, is read only to check a text search with too many matches to list.
 * Offset pagination: every ORDER BY ends in the id, so equal sort keys never swap between
 * pages. Counts stop at TOTAL_COUNT_CAP, or are a lower bound (see findSessionCount).
 */
export async function findSessionPageIds(query: ListQuery, cutoffs: QualityCutoffs, preferredJudgeId?: number): Promise<PageIds> {
  const text = await findTextMatches(query.q);
  if (text.kind === "listed" && text.sessionIds.length === 0) return { ids: [], total: 0, isTotalCapped: false };
  const filters: Filters = {
    conditions: buildSessionFilters(query, text),
    text: text.kind === "many" ? text : null,
  };
  const scoreConditions = scoreFilters(query, cutoffs);
  const isScoreSort = query.sort === "score" || query.sort === "quality";
  if (scoreConditions.length === 0 && !isScoreSort) return findColumnPage(query, filters);
  const chosen = chosenScores(query.judge, preferredJudgeId, await findDisplayJudgeId());
  if (scoreConditions.length > 0) return findScoreFilteredPage(query, { ...filters, conditions: [...filters.conditions, ...scoreConditions] }, chosen);
  return findScoreSortedPage(query, filters, chosen);
}

/** The conditions on `eval_sessions s` (and the chosen scores `c`), and the text search when it is checked per session. */
type Filters = { conditions: Prisma.Sql[]; text: { tsQuery: string; atLeast: number } | null };

const S_ID = Prisma.sql`s.id`;
const C_SESSION_ID = Prisma.sql`c.session_id`;

/** The text check per session on `ids` (the session's id as each joined table holds it: the check waits until all are joined). */
function textOf(filters: Filters, ids: readonly Prisma.Sql[]): Source["text"] {
  return filters.text === null ? null : { tsQuery: filters.text.tsQuery, ids };
}

/** The text check as findSessionCount takes it. */
function textCount(source: Source, filters: Filters): { probe: Prisma.Sql; atLeast: number } | null {
  if (source.text === null || filters.text === null) return null;
  return { probe: textProbeCondition(source.text.tsQuery, source.text.ids), atLeast: filters.text.atLeast };
}

const RATED_SHARE = Prisma.sql`(s.rated_turn_count::float8 / GREATEST(s.turn_count, 1))`;

/** The sort key of the sorts on eval_sessions' own columns (each has an index, walked either way). */
function columnKey(query: ListQuery): Prisma.Sql {
  if (query.sort === "turns") return Prisma.sql`s.turn_count`;
  if (query.sort === "rated") return RATED_SHARE;
  return Prisma.sql`COALESCE(s.started_at, s.created_at)`;
}

function direction(query: ListQuery): Prisma.Sql {
  return query.dir === "asc" ? Prisma.sql`ASC` : Prisma.sql`DESC`;
}

function page(query: ListQuery): { limit: number; offset: number } {
  return { limit: query.pageSize + 1, offset: (query.page - 1) * query.pageSize };
}

/** Score range and quality level filters, as bounds on the chosen average `c.average_score`. */
function scoreFilters(query: ListQuery, cutoffs: QualityCutoffs): Prisma.Sql[] {
  const conditions: Prisma.Sql[] = [];
  if (query.minScore !== undefined) conditions.push(Prisma.sql`c.average_score >= ${query.minScore}::float8`);
  if (query.maxScore !== undefined) conditions.push(Prisma.sql`c.average_score <= ${query.maxScore}::float8`);
  if (query.quality !== undefined) {
    const levels = query.quality.map((name) => (QUALITY_PARAMS.indexOf(name) + 1) as QualityLevel);
    const ranges = scoreRangesOfLevels(levels, cutoffs).map((range) => {
      const bounds = [Prisma.sql`c.average_score IS NOT NULL`];
      if (range.min !== undefined) bounds.push(Prisma.sql`c.average_score >= ${range.min}::float8`);
      if (range.below !== undefined) bounds.push(Prisma.sql`c.average_score < ${range.below}::float8`);
      return Prisma.sql`(${Prisma.join(bounds, " AND ")})`;
    });
    conditions.push(ranges.length === 0 ? Prisma.sql`false` : Prisma.sql`(${Prisma.join(ranges, " OR ")})`);
  }
  return conditions;
}

/**
 * Each session's average under the judge it is shown with, as (session_id, average_score):
 * the filtered judge; else the preferred judge (the active thresholds' scoring judge) where
 * it scored the session, and the session's first judge (lowest id) elsewhere; else the first
 * judge. When the preferred judge is the stored display judge (getDisplayScoring keeps it so),
 * these are the rows marked is_shown, read from an index on (average_score, session_id);
 * for any other preference they are worked out here, correct but slower.
 */
function chosenScores(judgeId: number | undefined, preferredJudgeId: number | undefined, displayJudgeId: number | null): Prisma.Sql {
  if (judgeId !== undefined) return Prisma.sql`SELECT session_id, average_score FROM session_scores WHERE judge_id = ${judgeId}::int`;
  if ((preferredJudgeId ?? null) === displayJudgeId) return Prisma.sql`SELECT session_id, average_score FROM session_scores WHERE is_shown`;
  const firstJudge = (extra: Prisma.Sql) => Prisma.sql`
    (SELECT DISTINCT ON (x.session_id) x.session_id, x.average_score FROM session_scores x ${extra}
    ORDER BY x.session_id, x.judge_id)`;
  if (preferredJudgeId === undefined) return firstJudge(Prisma.empty);
  return Prisma.sql`
    SELECT session_id, average_score FROM session_scores WHERE judge_id = ${preferredJudgeId}::int
    UNION ALL
    ${firstJudge(Prisma.sql`WHERE x.judge_id <> ${preferredJudgeId}::int
      AND NOT EXISTS (SELECT 1 FROM session_scores p WHERE p.session_id = x.session_id AND p.judge_id = ${preferredJudgeId}::int)`)}`;
}

/**
 * Up to `fetchThenSortMax` matching sessions are all fetched, then sorted; beyond, the sort's
 * index is walked (an object so that tests can run both plans).
 */
export const listPlan = { fetchThenSortMax: 2_000 };

/** Where a page's sessions come from: `tables` (FROM … on `eval_sessions s`), `conditions`, and the text check per session. */
type Source = { tables: Prisma.Sql; conditions: Prisma.Sql[]; text: { tsQuery: string; ids: readonly Prisma.Sql[] } | null };

function whereAll(source: Source): Prisma.Sql {
  const probe = source.text === null ? [] : [textProbeCondition(source.text.tsQuery, source.text.ids)];
  return Prisma.sql`${source.tables} ${whereClause([...source.conditions, ...probe])}`;
}

/**
 * The page's ids of `source`'s sessions in the order of `key` then id. Walking the sort
 * key's index and stopping after the page is fastest when many sessions match, and slowest
 * when few do; PostgreSQL's guess of how many match can be far off (a judge's averages are
 * not spread like another's), so the count decides: few matches are fetched first (OFFSET 0
 * keeps the planner from merging the two) and sorted. A text search checked per session
 * with up to `listCount.candidatesMax` sessions passing the other filters: those are sorted
 * first (read from covering indexes), then checked in that order until the page is full;
 * PostgreSQL, which cannot tell how many pass the check, would otherwise check every one.
 */
async function orderedIds(query: ListQuery, source: Source, key: Prisma.Sql, total: SessionCount): Promise<number[]> {
  const dir = direction(query);
  const { limit, offset } = page(query);
  const isFew = !total.isTotalCapped && total.total <= listPlan.fetchThenSortMax;
  const db = getDb();
  let rows: Array<{ id: number }>;
  if (isFew) {
    rows = await db.$queryRaw`
      SELECT id FROM (SELECT s.id, ${key} AS sort_key ${whereAll(source)} OFFSET 0) matching
      ORDER BY sort_key ${dir}, id ${dir} LIMIT ${limit}::int OFFSET ${offset}::int`;
  } else if (source.text !== null && total.textCandidates !== undefined && total.textCandidates <= listCount.candidatesMax) {
    rows = await db.$queryRaw`
      SELECT id FROM (
        SELECT s.id, ${key} AS sort_key ${source.tables} ${whereClause(source.conditions)} ORDER BY ${key} ${dir}, s.id ${dir} OFFSET 0
      ) candidates
      WHERE ${textProbeCondition(source.text.tsQuery, [Prisma.sql`candidates.id`])}
      ORDER BY sort_key ${dir}, id ${dir} LIMIT ${limit}::int OFFSET ${offset}::int`;
  } else {
    rows = await db.$queryRaw`SELECT s.id ${whereAll(source)} ORDER BY ${key} ${dir}, s.id ${dir} LIMIT ${limit}::int OFFSET ${offset}::int`;
  }
  return rows.map((row) => row.id);
}

/** Sorts and filters on eval_sessions' columns only. */
async function findColumnPage(query: ListQuery, filters: Filters): Promise<PageIds> {
  const source: Source = { tables: Prisma.sql`FROM eval_sessions s`, conditions: filters.conditions, text: textOf(filters, [S_ID]) };
  const total = await findSessionCount(source.tables, source.conditions, textCount(source, filters));
  return { ids: await orderedIds(query, source, columnKey(query), total), ...total };
}

/**
 * Filtered on the average score or level (whatever the sort; `filters` holds the score
 * conditions): only sessions with an average can match, so the chosen scores are joined and
 * bounded. The level is a step function of the average, so by level and by average is one order.
 */
async function findScoreFilteredPage(query: ListQuery, filters: Filters, chosen: Prisma.Sql): Promise<PageIds> {
  const tables = Prisma.sql`FROM eval_sessions s JOIN (${chosen}) c ON c.session_id = s.id`;
  const source: Source = { tables, conditions: filters.conditions, text: textOf(filters, [S_ID, C_SESSION_ID]) };
  const isScoreSort = query.sort === "score" || query.sort === "quality";
  const total = await findSessionCount(tables, filters.conditions, textCount(source, filters));
  return { ids: await orderedIds(query, source, isScoreSort ? Prisma.sql`c.average_score` : columnKey(query), total), ...total };
}

/**
 * Sorted by average score (or level) without a score filter: sessions with an average in
 * its order, then those without one (no judge scored them) by id, both ways. The second
 * part is only read when the page reaches it.
 */
async function findScoreSortedPage(query: ListQuery, filters: Filters, chosen: Prisma.Sql): Promise<PageIds> {
  const scored: Source = {
    tables: Prisma.sql`FROM eval_sessions s JOIN (${chosen}) c ON c.session_id = s.id`,
    conditions: [...filters.conditions, Prisma.sql`c.average_score IS NOT NULL`],
    text: textOf(filters, [S_ID, C_SESSION_ID]),
  };
  const all: Source = { tables: Prisma.sql`FROM eval_sessions s`, conditions: filters.conditions, text: textOf(filters, [S_ID]) };
  const total = await findSessionCount(all.tables, all.conditions, textCount(all, filters));
  const ids = await orderedIds(query, scored, Prisma.sql`c.average_score`, total);
  const { limit, offset } = page(query);
  if (ids.length < limit) {
    const db = getDb();
    const [{ n: scoredCount }] = await db.$queryRaw<Array<{ n: number }>>`SELECT count(*)::int AS n ${whereAll(scored)}`;
    const unscored: Source = {
      ...all,
      conditions: [...all.conditions, Prisma.sql`NOT EXISTS (SELECT 1 FROM (${chosen}) c WHERE c.session_id = s.id AND c.average_score IS NOT NULL)`],
    };
    const rows = await db.$queryRaw<Array<{ id: number }>>`
      SELECT s.id ${whereAll(unscored)}
      ORDER BY s.id ${direction(query)} LIMIT ${limit - ids.length}::int OFFSET ${Math.max(0, offset - scoredCount)}::int`;
    ids.push(...rows.map((row) => row.id));
  }
  return { ids, ...total };
}

/** ORDER BY prefix that puts the preferred judge's row first (nothing when there is none). */
export function preferredFirst(preferredJudgeId: number | undefined, column = Prisma.sql`judge_id`): Prisma.Sql {
  return preferredJudgeId === undefined ? Prisma.empty : Prisma.sql`(${column} = ${preferredJudgeId}::int) DESC,`;
}
