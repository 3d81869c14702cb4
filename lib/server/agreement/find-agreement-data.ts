import "server-only";
import type { AgreementRatings, AgreementUnits } from "@/lib/agreement/agreement-data";
import type { ResolvedScope } from "@/lib/agreement/resolved-scope";
import { scorePool } from "@/lib/server/thresholds/score-pool";
import { scopeFilters, type ScopeColumns } from "./scope-filters";

// The judge-vs-human data of a scope, from two tables kept by triggers (migration
// "rated_units"): rated_units, one row per turn × criterion with human levels, which holds
// its row ready as JSON text (doc, see the schema), and rated_unit_scores, every judge's
// score of those turns. A cold report thus reads about one narrow row per rated turn: two
// aggregates of ready text, run at once on two connections, merged here by turn id. The
// units come back as one flat JSON array, which parses in half the time of nested ones. The human level
// itself is computed from the ratings in lib/agreement (one tested rule).

const COLUMNS: ScopeColumns = { persona: "u.persona_id", time: "u.turn_time", importId: "u.import_id" };

type Data = { units: AgreementUnits; ratings: AgreementRatings };

/** The units (turn × criterion with ratings and a score of the scope's judge) and their ratings, in turn order. */
export async function findAgreementData(scope: ResolvedScope): Promise<Data> {
  if (scope.judge === null) return emptyData();
  const { sql, values } = scopeFilters(scope, { firstParam: 1, criterionSql: "u.label", columns: COLUMNS });
  // Through node-postgres, not Prisma: the two big values (the docs' text, the scores' bytes)
  // arrive as one string and one Buffer, with no conversion on the way.
  const pool = scorePool();
  const [{ rows: [docs] }, { rows: [scores] }] = await Promise.all([
    pool.query<{ data: string | null }>(
      `SELECT '[' || string_agg(u.doc, ',' ORDER BY u.turn_id, u.criterion) || ']' AS data FROM rated_units u WHERE true ${sql}`,
      values,
    ),
    // Turn ids and scores as their own bytes (int4 and float8, big-endian): no number to
    // format in PostgreSQL or to parse here.
    pool.query<{ scores: Buffer | null }>(
      `SELECT string_agg(int4send(turn_id) || float8send(score), ''::bytea ORDER BY turn_id) AS scores FROM rated_unit_scores WHERE judge_id = $1`,
      [scope.judge.id],
    ),
  ]);
  if (docs.data === null || scores.scores === null) return emptyData();
  return merge(JSON.parse(docs.data) as (string | number | null)[], new DataView(scores.scores.buffer, scores.scores.byteOffset, scores.scores.byteLength));
}

/** The units (flat docs, in turn order) that have a score of the judge (turn id and score, 12 bytes each, in turn order), as columns. */
function merge(flat: (string | number | null)[], scores: DataView): Data {
  const data = emptyData();
  const { units, ratings } = data;
  const nScores = scores.byteLength / 12;
  let s = 0;
  let at = 0;
  while (at < flat.length) {
    const turnId = flat[at] as number;
    const k = flat[at + 10] as number;
    const next = at + 11 + 2 * k;
    while (s < nScores && scores.getInt32(12 * s) < turnId) s++;
    if (s < nScores && scores.getInt32(12 * s) === turnId) {
      const u = units.turnId.length;
      if (u > 0 && turnId < units.turnId[u - 1]) throw new Error("agreement units came back out of order");
      units.turnId.push(turnId);
      units.sessionId.push(flat[at + 1] as number);
      units.persona.push(flat[at + 2] as string);
      units.criterion.push(flat[at + 3] as string);
      units.ratingCriterion.push((flat[at + 4] as string | null) ?? (flat[at + 3] as string));
      units.wordCount.push(flat[at + 5] as number);
      units.score.push(scores.getFloat64(12 * s + 4));
      units.day.push(flat[at + 6] as number);
      units.importId.push(flat[at + 7] as number | null);
      units.adjudicated.push(flat[at + 8] as number | null);
      units.gold.push(flat[at + 9] as number | null);
      for (let i = at + 11; i < next; i += 2) {
        ratings.unit.push(u);
        ratings.rater.push(flat[i] as string);
        ratings.level.push(flat[i + 1] as number);
      }
    }
    at = next;
  }
  return data;
}

function emptyData(): Data {
  return {
    units: { turnId: [], sessionId: [], persona: [], criterion: [], ratingCriterion: [], wordCount: [], score: [], adjudicated: [], gold: [], day: [], importId: [] },
    ratings: { unit: [], rater: [], level: [] },
  };
}
