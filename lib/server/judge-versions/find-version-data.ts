import "server-only";
import type { AgreementData } from "@/lib/agreement/agreement-data";
import { bootstrapInput } from "@/lib/agreement/bootstrap-input";
import { buildPairs } from "@/lib/agreement/build-pairs";
import type { ResolvedScope } from "@/lib/agreement/resolved-scope";
import type { CrossedInput } from "@/lib/stats/crossed-bootstrap";
import { cohenKappa } from "@/lib/stats/cohen-kappa";
import { levelOfScore } from "@/lib/thresholds/levels";
import { getDb } from "../db";
import { findAgreementData } from "../agreement/find-agreement-data";
import { scopeFilters } from "../agreement/scope-filters";

type VersionRow = { id: number; version: string; kind: string; created_at: Date };

export type VersionData = {
  name: string;
  /** Every version of the name, oldest first, with the rated items of the scope it scored. */
  versions: (VersionRow & { nScored: number })[];
  /** The frozen set as the crossed bootstrap reads it, and each listed version's levels on it. */
  input: CrossedInput | null;
  levels: Int32Array[];
  /** Each listed version's κ_q on the frozen set (null: undefined). */
  kappas: (number | null)[];
  frozen: { nItems: number; nSessions: number; nRatings: number };
};

/**
 * One judge name's versions on a scope's frozen set: the rated items (turn × criterion, as
 * the report counts them) in the scope that every version with any score there has scored.
 * Versions are ordered by creation time (then id). Levels come from the scope's cut-offs.
 */
export async function findVersionData(scope: ResolvedScope, name: string): Promise<VersionData> {
  const db = getDb();
  const rows = await db.$queryRaw<VersionRow[]>`SELECT id, version, kind::text AS kind, created_at FROM judges WHERE name = ${name} ORDER BY created_at, id`;
  const { sql, values } = scopeFilters(scope, { firstParam: 2, criterionSql: "u.label", columns: { persona: "u.persona_id", time: "u.turn_time", importId: "u.import_id" } });
  const counts = await db.$queryRawUnsafe<{ judge_id: number; n: bigint }[]>(
    `SELECT s.judge_id, count(*) AS n FROM rated_units u JOIN rated_unit_scores s ON s.turn_id = u.turn_id
     WHERE s.judge_id = ANY($1::int[]) ${sql} GROUP BY s.judge_id`,
    rows.map((r) => r.id),
    ...values,
  );
  const scored = new Map(counts.map((c) => [c.judge_id, Number(c.n)]));
  const versions = rows.map((row) => ({ ...row, nScored: scored.get(row.id) ?? 0 }));
  const listed = versions.filter((v) => v.nScored > 0);
  const empty: VersionData = { name, versions, input: null, levels: [], kappas: listed.map(() => null), frozen: { nItems: 0, nSessions: 0, nRatings: 0 } };
  if (listed.length === 0) return empty;

  const first = listed[0];
  const data = await findAgreementData({ ...scope, judge: { id: first.id, name, version: first.version, kind: first.kind } });
  const turnIds = [...new Set(data.units.turnId)];
  const scores = await db.$queryRaw<{ judge_id: number; turn_id: number; score: number }[]>`
    SELECT judge_id, turn_id, score FROM rated_unit_scores WHERE judge_id = ANY(${listed.map((v) => v.id)}::int[]) AND turn_id = ANY(${turnIds}::int[])`;
  const scoreOf = listed.map(() => new Map<number, number>());
  const versionIndex = new Map(listed.map((v, i) => [v.id, i]));
  for (const s of scores) scoreOf[versionIndex.get(s.judge_id)!].set(s.turn_id, s.score);
  const keep = data.units.turnId.map((turnId) => scoreOf.every((map) => map.has(turnId)));
  const frozenData = subset(data, keep);
  const n = frozenData.units.turnId.length;
  if (n === 0) return empty;

  const { cutoffs } = scope.thresholds;
  const pairs = buildPairs(frozenData, cutoffs);
  const input = bootstrapInput(pairs);
  const levels = scoreOf.map((map) => Int32Array.from(frozenData.units.turnId, (turnId) => levelOfScore(map.get(turnId)!, cutoffs)));
  const kappas = levels.map((level) => cohenKappa(pairs.human, level, pairs.labels).quadratic.value);
  return { name, versions, input, levels, kappas, frozen: { nItems: n, nSessions: input.nClusters, nRatings: input.offsets[n] } };
}

/** The units where keep[u] holds, with their ratings. */
function subset(data: Awaited<ReturnType<typeof findAgreementData>>, keep: boolean[]): AgreementData {
  const { units, ratings } = data;
  const newIndex = new Int32Array(keep.length).fill(-1);
  const out: AgreementData = {
    units: { turnId: [], sessionId: [], persona: [], criterion: [], ratingCriterion: [], wordCount: [], score: [], adjudicated: [], gold: [], day: [], importId: [] },
    ratings: { unit: [], rater: [], level: [] },
    pairwise: { pass1: [], pass2: [], winner: [], human: [], confidence: [] },
  };
  const columns = Object.keys(out.units) as (keyof AgreementData["units"])[];
  keep.forEach((isKept, u) => {
    if (!isKept) return;
    newIndex[u] = out.units.turnId.length;
    for (const column of columns) (out.units[column] as unknown[]).push(units[column][u]);
  });
  ratings.unit.forEach((u, i) => {
    if (newIndex[u] < 0) return;
    out.ratings.unit.push(newIndex[u]);
    out.ratings.rater.push(ratings.rater[i]);
    out.ratings.level.push(ratings.level[i]);
  });
  return out;
}
