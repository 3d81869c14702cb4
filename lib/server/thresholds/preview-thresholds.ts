import "server-only";
import { agreementFigures, type AgreementFigures } from "@/lib/calibration/agreement-figures";
import { HUMAN_LEVEL_RULE } from "@/lib/agreement/human-level";
import type { CalibrationPair } from "@/lib/calibration/propose-cutoffs";
import { levelOfScore, type QualityLevel } from "@/lib/thresholds/levels";
import { scorerFor } from "@/lib/thresholds/overall-from-components";
import type { Thresholds } from "@/lib/thresholds/thresholds.schema";
import { isSameWeights } from "@/lib/thresholds/weights";
import { findSeedJudgeId } from "./find-seed-judge-id";
import { findThresholdVersion } from "./find-threshold-version";
import { judgeVersionForWeights } from "./judge-version-for-weights";
import { loadHumanLevels } from "./load-human-levels";
import { readScoreBatches } from "./read-score-batches";
import { scorePool } from "./score-pool";

type Scored = { score: number; level: QualityLevel };
export type TurnLevelChange = { turnId: number; sessionId: number; personaId: string; before: Scored; after: Scored };
export type SessionLevelChange = { sessionId: number; turns: number; before: Scored; after: Scored };

export type ThresholdPreview = {
  base: { id: number; version: number; judgeVersion: string };
  draftJudgeVersion: string;
  isWeightsChanged: boolean;
  turns: { total: number; changed: number; up: number; down: number };
  sessions: { total: number; changed: number };
  examples: { turns: TurnLevelChange[]; sessions: SessionLevelChange[] };
  agreement: { current: AgreementFigures; draft: AgreementFigures };
  humanLevelRule: string;
};

type SessionTally = { turns: number; before: number; after: number };

/**
 * What saving `draft` would change, against the active version, over every turn scored by
 * the heuristic judge: turns and sessions whose quality level moves (a session's level is
 * that of its mean overall score, seed 002 §4.2), with a few examples, and agreement with
 * the human levels (κ quadratic and unweighted, ρ, τ, confusion matrices) before and after.
 * Draft scores under new weights are computed in memory from the stored metric scores, the
 * same way a saved version's are, and never written. Stops early when `signal` aborts.
 */
export async function previewThresholds(
  draft: Thresholds,
  options: { exampleCount?: number; batchSize?: number; signal?: AbortSignal } = {},
): Promise<ThresholdPreview> {
  const exampleCount = options.exampleCount ?? 5;
  const [base, seedJudgeId, humans] = await Promise.all([findThresholdVersion("active"), findSeedJudgeId(), loadHumanLevels()]);
  const scoreBefore = scorerFor(base.weights);
  const scoreAfter = scorerFor(draft.weights);
  const turns = { total: 0, changed: 0, up: 0, down: 0 };
  const examples: TurnLevelChange[] = [];
  const sessions = new Map<number, SessionTally>();
  const pairsBefore: CalibrationPair[] = [];
  const pairsAfter: CalibrationPair[] = [];

  const batches = seedJudgeId === null ? [] : readScoreBatches(scorePool(), { judgeId: seedJudgeId, batchSize: options.batchSize });
  for await (const batch of batches) {
    // The editor asks again as the draft changes: stop reading for a draft nobody waits for.
    options.signal?.throwIfAborted();
    for (const row of batch) {
      const before = scoreBefore(row);
      const after = scoreAfter(row);
      const levelBefore = levelOfScore(before, base.cutoffs);
      const levelAfter = levelOfScore(after, draft.cutoffs);
      turns.total++;
      if (levelBefore !== levelAfter) {
        turns.changed++;
        if (levelAfter > levelBefore) turns.up++;
        else turns.down++;
        if (examples.length < exampleCount) {
          examples.push({
            turnId: row.turnId,
            sessionId: row.sessionId,
            personaId: row.personaId,
            before: { score: before, level: levelBefore },
            after: { score: after, level: levelAfter },
          });
        }
      }
      const tally = sessions.get(row.sessionId);
      if (tally) {
        tally.turns++;
        tally.before += before;
        tally.after += after;
      } else sessions.set(row.sessionId, { turns: 1, before, after });
      const human = humans.get(row.turnId);
      if (human !== undefined) {
        pairsBefore.push({ score: before, level: human });
        pairsAfter.push({ score: after, level: human });
      }
    }
  }

  let sessionsChanged = 0;
  const sessionExamples: SessionLevelChange[] = [];
  for (const [sessionId, tally] of sessions) {
    const before = tally.before / tally.turns;
    const after = tally.after / tally.turns;
    const levelBefore = levelOfScore(before, base.cutoffs);
    const levelAfter = levelOfScore(after, draft.cutoffs);
    if (levelBefore === levelAfter) continue;
    sessionsChanged++;
    if (sessionExamples.length < exampleCount) {
      sessionExamples.push({ sessionId, turns: tally.turns, before: { score: before, level: levelBefore }, after: { score: after, level: levelAfter } });
    }
  }

  return {
    base: { id: base.id, version: base.version, judgeVersion: base.judgeVersion },
    draftJudgeVersion: judgeVersionForWeights(draft.weights),
    isWeightsChanged: !isSameWeights(base.weights, draft.weights),
    turns,
    sessions: { total: sessions.size, changed: sessionsChanged },
    examples: { turns: examples, sessions: sessionExamples },
    agreement: { current: agreementFigures(pairsBefore, base.cutoffs), draft: agreementFigures(pairsAfter, draft.cutoffs) },
    humanLevelRule: HUMAN_LEVEL_RULE,
  };
}
