import "server-only";
import { getDb } from "../db";
import { DomainError } from "../errors";
import { ensureSeedThresholds } from "./get-active-thresholds";
import { toRecord, WITH_AUTHOR, type ThresholdVersionRecord } from "./threshold-version-record";

export type ThresholdVersionRef = { id: number } | { version: number } | "active";

/**
 * One threshold version: the active one (the seed's values stored as version 1 first, on a
 * database that has none yet), or one named by row id or version number.
 */
export async function findThresholdVersion(ref: ThresholdVersionRef = "active"): Promise<ThresholdVersionRecord> {
  const db = getDb();
  if (ref === "active") {
    await ensureSeedThresholds();
    const row = await db.thresholdVersion.findFirst({ where: { isActive: true }, include: WITH_AUTHOR });
    if (row) return toRecord(row);
    throw new DomainError("not_found", "No threshold version is active");
  }
  const row = await db.thresholdVersion.findUnique({ where: "id" in ref ? { id: ref.id } : { version: ref.version }, include: WITH_AUTHOR });
  if (!row) throw new DomainError("not_found", "id" in ref ? `No threshold version with id ${ref.id}` : `No threshold version ${ref.version}`);
  return toRecord(row);
}
