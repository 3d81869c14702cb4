import "server-only";
import { reportScopeKey } from "@/lib/agreement/resolved-scope";
import type { Scope } from "@/lib/agreement/scope.schema";
import { calibrationFigures } from "@/lib/calibrated-judge/calibrate-judge";
import { isCalibratedConfig } from "@/lib/calibrated-judge/calibrated-judge.schema";
import type { CalibrationReport } from "@/lib/calibrated-judge/calibration-report";
import { computeAgreement } from "../agreement/compute-agreement";
import { calibrationCache } from "../agreement/report-cache";
import { getDb } from "../db";

/**
 * The calibration section of a scope whose judge is a calibrated judge: on the rated turns
 * in scope, the raw judge against its calibrated version (mean error on the level scale,
 * κ_q, reliability bins). The calibrated values of rated turns were fitted without their
 * session, so these figures are out of fold. Cached with the report's data version and scope.
 */
export async function getCalibrationReport(input: Scope): Promise<CalibrationReport> {
  const { pairs, report } = await computeAgreement(input);
  const judge = report.scope.judge;
  const thresholdVersion = report.scope.thresholds.version;
  if (!judge || judge.kind !== "calibrated") return { calibrated: null, figures: null, thresholdVersion };
  const key = `${report.dataVersion}|${reportScopeKey(report.scope)}`;
  const cached = calibrationCache.get(key) as CalibrationReport | undefined;
  if (cached) return cached;
  const row = await getDb().judge.findUnique({ where: { id: judge.id }, select: { config: true } });
  if (!isCalibratedConfig(row?.config)) return { calibrated: null, figures: null, thresholdVersion };
  const calibrated = { ...row.config.calibrated, id: judge.id, name: judge.name, version: judge.version };
  if (pairs.n === 0) return { calibrated, figures: null, thresholdVersion };

  const turnIds = Array.from(pairs.units.turnId);
  const rows = await getDb().$queryRaw<{ turn_id: number; raw: number; level: number | null }[]>`
    SELECT c.turn_id, r.overall_score AS raw, (c.metrics->'calibrated'->>'level')::float8 AS level
    FROM judge_scores c JOIN judge_scores r ON r.turn_id = c.turn_id AND r.judge_id = ${calibrated.source.id}
    WHERE c.judge_id = ${judge.id} AND c.turn_id = ANY(${turnIds}::int[])`;
  const byTurn = new Map(rows.filter((r) => r.level !== null).map((r) => [r.turn_id, r]));
  // A source score removed since leaves the unit without a raw value: drop it.
  const keep = turnIds.flatMap((id, u) => (byTurn.has(id) ? [u] : []));
  const figures = calibrationFigures(
    {
      human: keep.map((u) => pairs.human[u]),
      rawScore: keep.map((u) => byTurn.get(turnIds[u])!.raw),
      calibratedLevel: keep.map((u) => byTurn.get(turnIds[u])!.level!),
      calibratedJudgeLevel: keep.map((u) => pairs.judgeLevel[u]),
    },
    report.scope.thresholds.cutoffs,
    pairs.labels,
  );
  const result: CalibrationReport = { calibrated, figures, thresholdVersion };
  calibrationCache.set(key, result);
  return result;
}
