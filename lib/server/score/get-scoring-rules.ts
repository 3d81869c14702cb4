import "server-only";
import type { ScoringRules } from "@/lib/score/score-turns";
import { judgeConfigFor } from "@/lib/thresholds/weights";
import { cachedByKey } from "../changes/cached-by-key";
import { databaseUrl } from "../db";
import { getActiveThresholds } from "../thresholds/get-active-thresholds";
import { judgeVersionForWeights } from "../thresholds/judge-version-for-weights";
import { getRetryPolicy } from "./get-retry-policy";

/** The thresholds version an answer was computed under, so an orchestrator's log can be traced. */
export type ThresholdsUsed = { id: number | null; version: number; label: string; judge_version: string };

export type ActiveScoringRules = ScoringRules & { thresholds: ThresholdsUsed };

/**
 * How POST /api/v1/score scores: the active thresholds version's weights and cut-offs and the
 * retry policy, held in memory. A save of either is announced by a trigger (NOTIFY) and drops
 * the copy on every server; without a notification the copy is re-read after at most
 * RULES_TTL_MS, in the background while requests keep coming.
 */
export const RULES_TTL_MS = 5000;

const rules = cachedByKey<"active", ActiveScoringRules>(
  { tables: ["threshold_versions", "settings"], ttlMs: RULES_TTL_MS, refreshAfterMs: RULES_TTL_MS / 2 },
  async () => {
    const [active, retry] = await Promise.all([getActiveThresholds(), getRetryPolicy()]);
    return {
      // One config object per load: the judge compiles its lookups once per config (compileConfig).
      config: judgeConfigFor(active.weights),
      cutoffs: active.cutoffs,
      retry,
      thresholds: { id: active.id, version: active.version, label: `version ${active.version}`, judge_version: judgeVersionForWeights(active.weights) },
    };
  },
);

export async function getScoringRules(): Promise<ActiveScoringRules> {
  const found = await rules.get(databaseUrl(), "active");
  if (!found) throw new Error("the scoring rules could not be read");
  return found;
}
