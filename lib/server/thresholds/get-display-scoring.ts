import "server-only";
import type { QualityCutoffs } from "@/lib/judge";
import { ensureDisplayJudge } from "../sessions/session-display";
import { getActiveThresholds } from "./get-active-thresholds";
import { getScoringJudge } from "./get-scoring-judge";

export type DisplayScoring = { version: number; cutoffs: QualityCutoffs; judgeId?: number };

/**
 * What pages showing scores and levels need: the active cut-offs, and the judge whose scores
 * hold the active weights (heuristic v1 for the seed's weights). No judge id before any
 * threshold version is stored: sessions then show their own first judge. Keeps the display
 * judge of the sessions list and the rating queue (lib/server/sessions/session-display.ts)
 * equal to the scoring judge; the queue's rescore after a change runs in the background.
 */
export async function getDisplayScoring(): Promise<DisplayScoring> {
  const active = await getActiveThresholds();
  if (active.id === null) return { version: active.version, cutoffs: active.cutoffs };
  const scoring = await getScoringJudge({ id: active.id });
  await ensureDisplayJudge(scoring.judge.id, { queue: "background" });
  return { version: active.version, cutoffs: active.cutoffs, judgeId: scoring.judge.id };
}
