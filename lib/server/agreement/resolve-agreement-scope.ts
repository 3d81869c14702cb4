import "server-only";
import type { ResolvedScope } from "@/lib/agreement/resolved-scope";
import type { Scope } from "@/lib/agreement/scope.schema";
import { getDb } from "@/lib/server/db";
import { DomainError } from "@/lib/server/errors";
import { HEURISTIC_JUDGE } from "@/lib/server/import/ensure-judge";
import { getActiveThresholds } from "@/lib/server/thresholds/get-active-thresholds";
import { getScoringJudge } from "@/lib/server/thresholds/get-scoring-judge";
import { defaultJudgeCache, thresholdsCache } from "./report-cache";

type JudgeRow = { id: number; name: string; version: string; kind: string };

/**
 * Fills in the scope's defaults: the judge, and the threshold version's cut-offs. Callers
 * that choose their own judge when none is named (the per-type metrics) pass
 * `withDefaultJudge: false` and get null there.
 */
export async function resolveAgreementScope(scope: Scope, dataVersion: string, { withDefaultJudge = true } = {}): Promise<ResolvedScope> {
  const judge = scope.judge || withDefaultJudge ? findJudge(scope, dataVersion) : Promise.resolve(null);
  const [resolvedJudge, thresholds] = await Promise.all([judge, cachedThresholds(scope.thresholds, dataVersion)]);
  return {
    judge: resolvedJudge,
    thresholds,
    persona: scope.persona ?? null,
    criterion: scope.criterion ?? null,
    from: scope.from ?? null,
    to: scope.to ?? null,
    importId: scope.import ?? null,
  };
}

async function findJudge(scope: Scope, dataVersion: string): Promise<JudgeRow | null> {
  const db = getDb();
  if (scope.judge) {
    const judge = await db.judge.findFirst({
      where: { name: scope.judge, ...(scope.judgeVersion ? { version: scope.judgeVersion } : {}) },
      orderBy: { id: "desc" },
      select: { id: true, name: true, version: true, kind: true },
    });
    if (!judge) {
      const named = scope.judgeVersion ? `${scope.judge} ${scope.judgeVersion}` : scope.judge;
      throw new DomainError("not_found", `No judge named ${named}.`, { judge: "Unknown judge" });
    }
    return judge;
  }
  const key = `${dataVersion}:${scope.thresholds ?? "active"}`;
  const cached = defaultJudgeCache.get(key);
  if (cached !== undefined) return cached;
  const judge = await followWeights(await findDefaultJudge(), scope.thresholds);
  defaultJudgeCache.set(key, judge);
  return judge;
}

/**
 * The heuristic judge's scores under the threshold version's weights live in a judge version
 * of their own (v1 for the seed's weights, v1-w… otherwise; lib/server/thresholds), so the
 * default judge follows the version the report is pointed at.
 */
async function followWeights(judge: JudgeRow | null, thresholdVersion: number | undefined): Promise<JudgeRow | null> {
  if (!judge || judge.name !== HEURISTIC_JUDGE.name || judge.version !== HEURISTIC_JUDGE.version) return judge;
  const scoring = await getScoringJudge(thresholdVersion === undefined ? "active" : { version: thresholdVersion });
  return { ...scoring.judge, kind: judge.kind };
}

/**
 * The heuristic judge v1 when it scored any rated turn (the orchestrator's own judge),
 * else the judge that scored the most rated turns, else none.
 */
async function findDefaultJudge(): Promise<JudgeRow | null> {
  const db = getDb();
  const select = { id: true, name: true, version: true, kind: true } as const;
  // The heuristic judge and whether it scored a rated turn, in one round trip.
  const [found] = await db.$queryRawUnsafe<(JudgeRow & { found: boolean })[]>(
    `SELECT j.id, j.name, j.version, j.kind::text AS kind,
            EXISTS (SELECT 1 FROM ratings r JOIN judge_scores js ON js.turn_id = r.turn_id AND js.judge_id = j.id WHERE r.level IS NOT NULL) AS found
     FROM judges j WHERE j.name = $1 AND j.version = $2`,
    HEURISTIC_JUDGE.name,
    HEURISTIC_JUDGE.version,
  );
  const heuristic: JudgeRow | null = found ? { id: found.id, name: found.name, version: found.version, kind: found.kind } : null;
  if (found?.found) return heuristic;
  const best = await db.$queryRawUnsafe<{ judge_id: number }[]>(
    `SELECT js.judge_id FROM (SELECT DISTINCT turn_id FROM ratings WHERE level IS NOT NULL) r
     JOIN judge_scores js ON js.turn_id = r.turn_id
     GROUP BY js.judge_id ORDER BY count(*) DESC, js.judge_id LIMIT 1`,
  );
  if (best.length > 0) return db.judge.findUnique({ where: { id: best[0].judge_id }, select });
  return heuristic ?? db.judge.findFirst({ orderBy: { id: "asc" }, select });
}

/** The cut-offs, read once per data version (a warm report then asks the database only for the snapshot). */
async function cachedThresholds(version: number | undefined, dataVersion: string): Promise<ResolvedScope["thresholds"]> {
  const key = `${dataVersion}:${version ?? "active"}`;
  const cached = thresholdsCache.get(key);
  if (cached) return cached;
  const thresholds = await findThresholds(version);
  thresholdsCache.set(key, thresholds);
  return thresholds;
}

async function findThresholds(version: number | undefined): Promise<ResolvedScope["thresholds"]> {
  if (version === undefined) {
    const active = await getActiveThresholds();
    return { id: active.id, version: active.version, isActive: true, cutoffs: active.cutoffs };
  }
  const row = await getDb().thresholdVersion.findUnique({ where: { version } });
  if (!row) throw new DomainError("not_found", `No threshold version ${version}.`, { thresholds: "Unknown threshold version" });
  return { id: row.id, version: row.version, isActive: row.isActive, cutoffs: { fair: row.fairCutoff, good: row.goodCutoff, excellent: row.excellentCutoff } };
}
