import "server-only";
import { getDb } from "@/lib/server/db";
import { createCalibratedJudge } from "../calibrated-judges/create-calibrated-judge";
import { HEURISTIC_JUDGE } from "./ensure-judge";

export const DEMO_CALIBRATED = "heuristic calibrated";

/**
 * A calibrated version of the heuristic judge for a new user, fitted on the demo's ratings,
 * so the report's calibration section and the Calibrated settings tab have something to show.
 * Returns the turns it scored.
 */
export async function seedDemoCalibrated(): Promise<number> {
  const heuristic = await getDb().judge.findUniqueOrThrow({ where: { name_version: { name: HEURISTIC_JUDGE.name, version: HEURISTIC_JUDGE.version } }, select: { id: true } });
  const created = await createCalibratedJudge({ name: DEMO_CALIBRATED, source: heuristic.id });
  return created.turns;
}
