import "server-only";
import { SEED_THRESHOLDS, weightsTableSchema, type Thresholds } from "@/lib/thresholds/thresholds.schema";
import { getDb } from "../db";

export type ActiveThresholds = Thresholds & { id: number | null; version: number };

/**
 * The quality cut-offs and persona weights everything shows levels and scores under. The
 * seed's values (version 1, written by `concord bootstrap`) until an admin saves another.
 */
export async function getActiveThresholds(): Promise<ActiveThresholds> {
  const row = await getDb().thresholdVersion.findFirst({ where: { isActive: true } });
  if (!row) return { ...SEED_THRESHOLDS, id: null, version: 0 };
  return {
    id: row.id,
    version: row.version,
    cutoffs: { fair: row.fairCutoff, good: row.goodCutoff, excellent: row.excellentCutoff },
    weights: weightsTableSchema.parse(row.personaWeights),
  };
}

/** First run: store the seed's values as version 1, so history starts from them. */
export async function ensureSeedThresholds(): Promise<boolean> {
  const db = getDb();
  if ((await db.thresholdVersion.count()) > 0) return false;
  try {
    await db.thresholdVersion.create({
      data: {
        version: 1,
        fairCutoff: SEED_THRESHOLDS.cutoffs.fair,
        goodCutoff: SEED_THRESHOLDS.cutoffs.good,
        excellentCutoff: SEED_THRESHOLDS.cutoffs.excellent,
        personaWeights: SEED_THRESHOLDS.weights,
        note: "Defaults: Excellent ≥ 0.80, Good ≥ 0.65, Fair ≥ 0.50; the orchestrator's own persona weights",
        isActive: true,
      },
    });
    return true;
  } catch {
    return false; // another server created it at the same moment (version is unique)
  }
}
