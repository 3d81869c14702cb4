import "server-only";
import type { AgreementRatings, AgreementUnits } from "@/lib/agreement/agreement-data";
import type { ResolvedScope } from "@/lib/agreement/resolved-scope";
import { getDb } from "@/lib/server/db";
import { scopeFilters, TURN_TIME_SQL } from "./scope-filters";

// The judge-vs-human data of a scope, in one statement per range of turn ids. Ratings are
// grouped per unit (turn × criterion) in SQL, each unit is joined to the judge's score and
// its turn and session and filtered by the scope, and the result comes back as a few JSON
// arrays (column-wise), far cheaper to move and parse than 100 000s of row objects. The
// human level itself is computed from the ratings in lib/agreement (one tested rule).

/** What a rating judged: its criterion, or for a generic dataset's "overall" rating the turn's dimension. */
const CRITERION_SQL = "COALESCE(CASE WHEN u.criterion = 'overall' THEN t.dimension END, u.criterion)";

const RATED = `r.level IS NOT NULL AND (r.rater_id IS NOT NULL OR r.annotator IS NOT NULL)`;

/** $1 judge id, $2 and $3 the turn id range [from, to), then the scope's filters. */
function unitsSql(where: string): string {
  return `
WITH unit AS (
  SELECT r.turn_id, r.criterion FROM ratings r
  WHERE ${RATED} AND r.turn_id >= $2 AND r.turn_id < $3
  GROUP BY r.turn_id, r.criterion
),
scoped AS MATERIALIZED (
  SELECT u.turn_id, u.criterion, t.session_id, t.persona_id, t.word_count, js.overall_score, s.import_id,
         ${CRITERION_SQL} AS label,
         floor(extract(epoch FROM ${TURN_TIME_SQL}) / 86400)::int AS day
  FROM unit u
  JOIN judge_scores js ON js.turn_id = u.turn_id AND js.judge_id = $1 AND js.turn_id >= $2 AND js.turn_id < $3
  JOIN turns t ON t.id = u.turn_id
  JOIN eval_sessions s ON s.id = t.session_id
  WHERE true ${where}
),
numbered AS MATERIALIZED (
  SELECT sc.*, (row_number() OVER (ORDER BY sc.turn_id, sc.criterion) - 1)::int AS ix,
         a.level AS adjudicated, g.level AS gold
  FROM scoped sc
  LEFT JOIN adjudications a ON a.turn_id = sc.turn_id AND a.criterion = sc.criterion
  LEFT JOIN gold_items g ON g.turn_id = sc.turn_id AND g.criterion = sc.criterion
)
SELECT
  (SELECT json_build_object(
      'ix', COALESCE(json_agg(ix), '[]'), 'turnId', COALESCE(json_agg(turn_id), '[]'),
      'sessionId', COALESCE(json_agg(session_id), '[]'), 'persona', COALESCE(json_agg(persona_id), '[]'),
      'criterion', COALESCE(json_agg(label), '[]'), 'ratingCriterion', COALESCE(json_agg(NULLIF(criterion, label)), '[]'),
      'wordCount', COALESCE(json_agg(word_count), '[]'), 'score', COALESCE(json_agg(overall_score), '[]'),
      'adjudicated', COALESCE(json_agg(adjudicated), '[]'), 'gold', COALESCE(json_agg(gold), '[]'),
      'day', COALESCE(json_agg(day), '[]'), 'importId', COALESCE(json_agg(import_id), '[]'))::text
   FROM numbered) AS units,
  (SELECT json_build_object(
      'unit', COALESCE(json_agg(n.ix), '[]'),
      'rater', COALESCE(json_agg(COALESCE('u' || r.rater_id, 'a:' || r.annotator)), '[]'),
      'level', COALESCE(json_agg(r.level), '[]'))::text
   FROM ratings r JOIN numbered n ON n.turn_id = r.turn_id AND n.criterion = r.criterion
   WHERE ${RATED} AND r.turn_id >= $2 AND r.turn_id < $3) AS ratings`;
}

/** A large scope on a busy server may take a while; Prisma's default is 5 s. */
const QUERY_TRANSACTION = { timeout: 120_000, maxWait: 30_000 };

/**
 * Rated turns are split into this many id ranges, queried at the same time on as many
 * connections: the database spreads the work over its cores (a single statement's JSON
 * building runs on one). Small data takes one range.
 */
const PARTS = 2;
const MIN_SPAN_TO_SPLIT = 20_000;

type Data = { units: AgreementUnits; ratings: AgreementRatings };
type UnitsJson = Omit<AgreementUnits, "ratingCriterion"> & { ix: number[]; ratingCriterion: (string | null)[] };

/** The units (turn × criterion with ratings and a score of the scope's judge) and their ratings, in turn order. */
export async function findAgreementData(scope: ResolvedScope): Promise<Data> {
  if (scope.judge === null) return emptyData();
  const judgeId = scope.judge.id;
  const [bounds] = await getDb().$queryRawUnsafe<{ low: number | null; high: number | null }[]>(
    `SELECT min(turn_id) AS low, max(turn_id) AS high FROM ratings WHERE level IS NOT NULL`,
  );
  if (bounds.low === null || bounds.high === null) return emptyData();
  const span = bounds.high + 1 - bounds.low;
  const parts = span < MIN_SPAN_TO_SPLIT ? 1 : PARTS;
  const edges = Array.from({ length: parts + 1 }, (_, i) => (i === parts ? bounds.high! + 1 : bounds.low! + Math.floor((span * i) / parts)));
  const { sql, values } = scopeFilters(scope, { firstParam: 4, criterionSql: CRITERION_SQL });
  const results = await Promise.all(
    edges.slice(0, -1).map((from, i) =>
      getDb().$transaction(async (tx) => {
        // The planner tends to hash a whole million-row table (judge_scores) to join a tenth
        // of it; merging along the judge's (judge_id, turn_id) index and probing the covering
        // turns index costs half the CPU. More memory keeps the sorts off disk.
        await tx.$executeRawUnsafe(`SET LOCAL enable_hashjoin = off`);
        await tx.$executeRawUnsafe(`SET LOCAL work_mem = '64MB'`);
        return tx.$queryRawUnsafe<{ units: string; ratings: string }[]>(unitsSql(sql), judgeId, from, edges[i + 1], ...values);
      }, QUERY_TRANSACTION),
    ),
  );
  return concatenate(results.map(([row]) => parsePart(row)));
}

function parsePart(row: { units: string; ratings: string }): Data {
  const { ix, ratingCriterion, ...rest } = JSON.parse(row.units) as UnitsJson;
  // A CTE scan returns the rows in the order they were stored, which is ix order; checked.
  if (!ix.every((value, i) => value === i)) throw new Error("agreement units came back out of order");
  const units: AgreementUnits = { ...rest, ratingCriterion: ratingCriterion.map((c, i) => c ?? rest.criterion[i]) };
  return { units, ratings: JSON.parse(row.ratings) as AgreementRatings };
}

function concatenate(parts: Data[]): Data {
  if (parts.length === 1) return parts[0];
  const data = emptyData();
  let offset = 0;
  for (const part of parts) {
    for (const key of Object.keys(data.units) as (keyof AgreementUnits)[]) {
      (data.units[key] as unknown[]) = (data.units[key] as unknown[]).concat(part.units[key]);
    }
    for (let i = 0; i < part.ratings.unit.length; i++) {
      data.ratings.unit.push(part.ratings.unit[i] + offset);
      data.ratings.rater.push(part.ratings.rater[i]);
      data.ratings.level.push(part.ratings.level[i]);
    }
    offset += part.units.turnId.length;
  }
  return data;
}

function emptyData(): Data {
  return {
    units: { turnId: [], sessionId: [], persona: [], criterion: [], ratingCriterion: [], wordCount: [], score: [], adjudicated: [], gold: [], day: [], importId: [] },
    ratings: { unit: [], rater: [], level: [] },
  };
}
