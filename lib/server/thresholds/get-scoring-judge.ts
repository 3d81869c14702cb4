import "server-only";
import type { QualityCutoffs } from "@/lib/judge";
import type { WeightsTable } from "@/lib/thresholds/weights";
import { ensureRecomputeJob } from "./ensure-recompute-job";
import { findRecomputeJobs, type RecomputeJobStatus } from "./find-recompute-jobs";
import { findThresholdVersion, type ThresholdVersionRef } from "./find-threshold-version";
import { HEURISTIC_JUDGE_NAME } from "./judge-version-for-weights";
import { kickRecompute } from "./kick-recompute";

export type ScoringJudge = {
  thresholdVersion: { id: number; version: number; cutoffs: QualityCutoffs; weights: WeightsTable };
  /** The judge row whose judge_scores hold overall scores under this version's weights. */
  judge: { id: number; name: string; version: string };
  /** False while scores under these weights are being computed: some turns have none yet. */
  isComplete: boolean;
  recompute: RecomputeJobStatus | null;
};

/**
 * What every page that shows an overall score or a quality level reads them under: the
 * active threshold version (or the one named), the judge version holding the overall scores
 * under its weights (heuristic v1 for the seed's weights), and whether those scores are
 * complete. Read a turn's score from judge_scores with judge_id = judge.id, and its level
 * with levelOfScore(score, thresholdVersion.cutoffs) (lib/thresholds/levels.ts).
 *
 * When turns lack a score under these weights (a new version, or turns imported since), a
 * recompute job is enqueued and, unless `startRecompute` is false, started in the background.
 */
export async function getScoringJudge(ref: ThresholdVersionRef = "active", options: { startRecompute?: boolean } = {}): Promise<ScoringJudge> {
  const version = await findThresholdVersion(ref);
  const ids = await ensureRecomputeJob(version.weights);
  const recompute = ids.jobId === null ? null : ((await findRecomputeJobs({ ids: [ids.jobId], limit: 1 }))[0] ?? null);
  if (ids.jobId !== null && options.startRecompute !== false) void kickRecompute();
  return {
    thresholdVersion: { id: version.id, version: version.version, cutoffs: version.cutoffs, weights: version.weights },
    judge: { id: ids.judgeId, name: HEURISTIC_JUDGE_NAME, version: ids.judgeVersion },
    isComplete: ids.jobId === null,
    recompute,
  };
}
