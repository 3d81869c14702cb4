import "server-only";
import { diffThresholds, type ThresholdChange } from "@/lib/thresholds/diff-thresholds";
import { getDb } from "../db";
import { toRecord, WITH_AUTHOR, type ThresholdVersionRecord } from "./threshold-version-record";

export type ThresholdHistoryEntry = ThresholdVersionRecord & {
  /** What this save changed from the version it was based on (the one before it when none). */
  changes: ThresholdChange[];
  comparedWith: number | null;
};

/** Every threshold version, newest first, each with what it changed. */
export async function listThresholdVersions(): Promise<ThresholdHistoryEntry[]> {
  const rows = await getDb().thresholdVersion.findMany({ orderBy: { version: "desc" }, include: WITH_AUTHOR });
  const records = rows.map(toRecord);
  const byId = new Map(records.map((record) => [record.id, record]));
  return records.map((record, i) => {
    const previous = (record.basedOnId !== null ? byId.get(record.basedOnId) : undefined) ?? records[i + 1];
    return { ...record, changes: previous ? diffThresholds(previous, record) : [], comparedWith: previous?.version ?? null };
  });
}
