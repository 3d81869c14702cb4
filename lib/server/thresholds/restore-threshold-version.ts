import "server-only";
import { findThresholdVersion } from "./find-threshold-version";
import { saveThresholdVersion, type SavedThresholdVersion } from "./save-threshold-version";

/** Restores an earlier version as a new one (history is never rewritten), with the same checks as a save. */
export async function restoreThresholdVersion(input: {
  versionId: number;
  basedOnId: number;
  authorId: number | null;
  note?: string;
}): Promise<SavedThresholdVersion & { restoredVersion: number }> {
  const source = await findThresholdVersion({ id: input.versionId });
  const extra = input.note?.trim();
  const saved = await saveThresholdVersion({
    thresholds: { cutoffs: source.cutoffs, weights: source.weights },
    note: extra ? `Restored version ${source.version}: ${extra}` : `Restored version ${source.version}`,
    basedOnId: input.basedOnId,
    authorId: input.authorId,
  });
  return { ...saved, restoredVersion: source.version };
}
