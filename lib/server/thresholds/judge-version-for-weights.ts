import "server-only";
import { createHash } from "node:crypto";
import { SEED_THRESHOLDS } from "@/lib/thresholds/thresholds.schema";
import { canonicalWeightsJson, type WeightsTable } from "@/lib/thresholds/weights";

/** The heuristic judge: version v1 scores with the seed's weights (seed 002 §4.1). */
export const HEURISTIC_JUDGE_NAME = "heuristic";
export const SEED_JUDGE_VERSION = "v1";

/**
 * The judge version whose scores follow these weights: `v1` for the seed's, otherwise
 * `v1-w` + the first 8 hex digits of the SHA-256 of the canonical weights JSON, so that
 * threshold versions with equal weights share one set of scores and a cut-off-only change
 * needs no recompute.
 */
export function judgeVersionForWeights(weights: WeightsTable): string {
  const canonical = canonicalWeightsJson(weights);
  if (canonical === canonicalWeightsJson(SEED_THRESHOLDS.weights)) return SEED_JUDGE_VERSION;
  return `${SEED_JUDGE_VERSION}-w${createHash("sha256").update(canonical).digest("hex").slice(0, 8)}`;
}
