import "server-only";
import type { ResolvedScope } from "@/lib/agreement/resolved-scope";
import { emptyTaskData, type TaskData, type TaskType } from "@/lib/agreement/task-data";
import { getDb } from "@/lib/server/db";
import { scopeFilters } from "./scope-filters";

// The judge-vs-human data of a binary, categorical, multi-label or numeric criterion, as
// column-wise JSON arrays (see find-agreement-data.ts for the level-based report's). A unit
// is a turn that someone rated on the criterion and the scope's judge answered: a label or
// label set in judge_labels, or for a numeric criterion its overall score in judge_scores.

/** What a rating judged: its criterion, or for a generic dataset's "overall" rating the turn's dimension. */
const CRITERION_SQL = "COALESCE(CASE WHEN r.criterion = 'overall' THEN t.dimension END, r.criterion)";
const RATER_SQL = "COALESCE('u' || r.rater_id, 'a:' || r.annotator)";

type Source = { rating: string; ratingPresent: string; judgeTable: string; judge: string; judgePresent: string; confidence: string };

const SOURCES: Record<TaskType, Source> = {
  binary: { rating: "to_json(r.label)", ratingPresent: "r.label IS NOT NULL", judgeTable: "judge_labels", judge: "to_json(j.label)", judgePresent: "j.label IS NOT NULL", confidence: "j.confidence" },
  categorical: { rating: "to_json(r.label)", ratingPresent: "r.label IS NOT NULL", judgeTable: "judge_labels", judge: "to_json(j.label)", judgePresent: "j.label IS NOT NULL", confidence: "j.confidence" },
  multilabel: { rating: "to_json(r.labels)", ratingPresent: "r.labels IS NOT NULL", judgeTable: "judge_labels", judge: "to_json(j.labels)", judgePresent: "j.labels IS NOT NULL", confidence: "j.confidence" },
  // A numeric criterion's rating is a number without a level (a level marks an ordinal rating).
  numeric: { rating: "to_json(r.score)", ratingPresent: "r.level IS NULL AND r.score IS NOT NULL", judgeTable: "judge_scores", judge: "to_json(j.overall_score)", judgePresent: "j.overall_score IS NOT NULL", confidence: "NULL::float8" },
};

/** The scope's ratings of the criterion, one per rater and turn (the latest should one rater have two). */
function ratedSql(source: Source, where: string): string {
  return `
  SELECT DISTINCT ON (r.turn_id, ${RATER_SQL}) r.turn_id, ${RATER_SQL} AS rater, ${source.rating} AS value
  FROM ratings r
  JOIN turns t ON t.id = r.turn_id
  JOIN eval_sessions s ON s.id = t.session_id
  WHERE ${source.ratingPresent} AND (r.rater_id IS NOT NULL OR r.annotator IS NOT NULL) ${where}
  ORDER BY r.turn_id, ${RATER_SQL}, r.id DESC`;
}

/** $1 the judge's id, then the scope's filters. */
function dataSql(source: Source, where: string): string {
  return `
WITH rated AS MATERIALIZED (${ratedSql(source, where)}),
unit AS MATERIALIZED (
  SELECT j.turn_id, t.session_id, ${source.judge} AS value, ${source.confidence} AS confidence,
         (row_number() OVER (ORDER BY j.turn_id) - 1)::int AS ix
  FROM ${source.judgeTable} j
  JOIN turns t ON t.id = j.turn_id
  WHERE j.judge_id = $1 AND ${source.judgePresent} AND j.turn_id IN (SELECT turn_id FROM rated)
)
SELECT
  (SELECT json_build_object(
      'turnId', COALESCE(json_agg(turn_id ORDER BY ix), '[]'),
      'session', COALESCE(json_agg(session_id ORDER BY ix), '[]'),
      'judge', COALESCE(json_agg(value ORDER BY ix), '[]'),
      'confidence', COALESCE(json_agg(confidence ORDER BY ix), '[]'))::text
   FROM unit) AS units,
  (SELECT json_build_object(
      'unit', COALESCE(json_agg(u.ix ORDER BY u.ix, r.rater), '[]'),
      'rater', COALESCE(json_agg(r.rater ORDER BY u.ix, r.rater), '[]'),
      'value', COALESCE(json_agg(r.value ORDER BY u.ix, r.rater), '[]'))::text
   FROM rated r JOIN unit u ON u.turn_id = r.turn_id) AS ratings`;
}

function filters(scope: ResolvedScope, firstParam: number) {
  return scopeFilters(scope, { firstParam, criterionSql: CRITERION_SQL });
}

/** The units and their ratings of the scope's criterion (which must be set), in turn order. */
export async function findTaskData(scope: ResolvedScope, type: TaskType): Promise<TaskData> {
  if (scope.judge === null || scope.criterion === null) return emptyTaskData();
  const source = SOURCES[type];
  const { sql, values } = filters(scope, 2);
  const [row] = await getDb().$queryRawUnsafe<{ units: string; ratings: string }[]>(dataSql(source, sql), scope.judge.id, ...values);
  return { units: JSON.parse(row.units) as TaskData["units"], ratings: JSON.parse(row.ratings) as TaskData["ratings"] };
}

/**
 * The judge that answered the most rated turns of the scope's criterion (the lowest id on a
 * tie), or null when none did: the default judge of the level-based report scores turns
 * and may never have labelled one.
 */
export async function findTaskJudgeId(scope: ResolvedScope, type: TaskType): Promise<number | null> {
  if (scope.criterion === null) return null;
  const source = SOURCES[type];
  const { sql, values } = filters(scope, 1);
  const rows = await getDb().$queryRawUnsafe<{ judge_id: number }[]>(
    `WITH rated AS MATERIALIZED (${ratedSql(source, sql)})
     SELECT j.judge_id FROM ${source.judgeTable} j
     WHERE ${source.judgePresent} AND j.turn_id IN (SELECT turn_id FROM rated)
     GROUP BY j.judge_id ORDER BY count(*) DESC, j.judge_id LIMIT 1`,
    ...values,
  );
  return rows[0]?.judge_id ?? null;
}
