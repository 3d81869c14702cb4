import "server-only";
import { isCalibratedConfig, type CalibratedConfig } from "@/lib/calibrated-judge/calibrated-judge.schema";
import { getDb } from "../db";

export type CalibratedJudgeRow = { id: number; name: string; version: string; createdAt: Date; turns: number } & CalibratedConfig["calibrated"];
export type CalibrationSource = { id: number; name: string; version: string; kind: string; scores: number };

/** Every calibrated judge, newest first, with how many turns it scored. */
export async function listCalibratedJudges(): Promise<CalibratedJudgeRow[]> {
  const judges = await getDb().judge.findMany({
    where: { kind: "calibrated" },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, name: true, version: true, config: true, createdAt: true, _count: { select: { scores: true } } },
  });
  return judges.flatMap(({ config, _count, ...judge }) => (isCalibratedConfig(config) ? [{ ...judge, ...config.calibrated, turns: _count.scores }] : []));
}

/** The judges that can be calibrated: those with scores, and how many. */
export async function listCalibrationSources(): Promise<CalibrationSource[]> {
  const judges = await getDb().judge.findMany({
    where: { scores: { some: {} } },
    orderBy: [{ name: "asc" }, { version: "asc" }],
    select: { id: true, name: true, version: true, kind: true, _count: { select: { scores: true } } },
  });
  return judges.map(({ _count, ...judge }) => ({ ...judge, scores: _count.scores }));
}
