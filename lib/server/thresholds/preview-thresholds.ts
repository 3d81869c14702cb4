import "server-only";
import { agreementFigures, type AgreementFigures } from "@/lib/calibration/agreement-figures";
import { HUMAN_LEVEL_RULE } from "@/lib/agreement/human-level";
import type { CalibrationPair } from "@/lib/calibration/propose-cutoffs";
import { compileWeights, overallOf } from "@/lib/thresholds/fast-overall";
import { levelOfScore, type QualityLevel } from "@/lib/thresholds/levels";
import { SEED_THRESHOLDS, type Thresholds } from "@/lib/thresholds/thresholds.schema";
import { isSameWeights } from "@/lib/thresholds/weights";
import { findExternalIds } from "../sessions/find-external-ids";
import { findThresholdVersion } from "./find-threshold-version";
import { judgeVersionForWeights } from "./judge-version-for-weights";
import { loadScoreIndex, type ScoreIndex } from "./load-score-index";

type Scored = { score: number; level: QualityLevel };
/** `sessionKey` is the session's own id (for links and labels); `sessionId` the database key. */
export type TurnLevelChange = { turnId: number; sessionId: number; sessionKey: string; personaId: string; before: Scored; after: Scored };
export type SessionLevelChange = { sessionId: number; sessionKey: string; turns: number; before: Scored; after: Scored };

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

/**
 * What saving `draft` would change, against the active version, over every turn scored by
 * the heuristic judge: turns and sessions whose quality level moves (a session's level is
 * that of its mean overall score, seed 002 §4.2), with a few examples, and agreement with
 * the human levels (κ quadratic and unweighted, ρ, τ, confusion matrices) before and after,
 * on the rated turns only. Draft scores under new weights are computed in memory from the
 * stored metric scores, exactly as a saved version's are (fast-overall.ts), over the score
 * index kept per data version (load-score-index.ts), and never written. Stops early when
 * `signal` aborts.
 */
export async function previewThresholds(draft: Thresholds, options: { exampleCount?: number; signal?: AbortSignal } = {}): Promise<ThresholdPreview> {
  const exampleCount = options.exampleCount ?? 5;
  options.signal?.throwIfAborted();
  const [base, index] = await Promise.all([findThresholdVersion("active"), loadScoreIndex()]);
  // The editor asks again as the draft changes: nobody waits for an aborted draft.
  options.signal?.throwIfAborted();
  const before = scoresUnder(index, base.weights);
  const after = scoresUnder(index, draft.weights);

  const turns = { total: index.n, changed: 0, up: 0, down: 0 };
  const examples: TurnLevelChange[] = [];
  const sessionCount = index.sessionIds.length;
  const turnsOf = new Int32Array(sessionCount);
  const sumBefore = new Float64Array(sessionCount);
  const sumAfter = new Float64Array(sessionCount);
  for (let i = 0; i < index.n; i++) {
    const levelBefore = levelOfScore(before[i], base.cutoffs);
    const levelAfter = levelOfScore(after[i], draft.cutoffs);
    if (levelBefore !== levelAfter) {
      turns.changed++;
      if (levelAfter > levelBefore) turns.up++;
      else turns.down++;
      if (examples.length < exampleCount) {
        examples.push({
          turnId: index.turnId[i],
          sessionId: index.sessionIds[index.session[i]],
          sessionKey: "",
          personaId: index.personas[index.persona[i]],
          before: { score: before[i], level: levelBefore },
          after: { score: after[i], level: levelAfter },
        });
      }
    }
    // Summed in turn order, as the session's page and the seed sum them.
    const s = index.session[i];
    turnsOf[s]++;
    sumBefore[s] += before[i];
    sumAfter[s] += after[i];
  }

  let sessionsChanged = 0;
  const sessionExamples: SessionLevelChange[] = [];
  for (let s = 0; s < sessionCount; s++) {
    const meanBefore = sumBefore[s] / turnsOf[s];
    const meanAfter = sumAfter[s] / turnsOf[s];
    const levelBefore = levelOfScore(meanBefore, base.cutoffs);
    const levelAfter = levelOfScore(meanAfter, draft.cutoffs);
    if (levelBefore === levelAfter) continue;
    sessionsChanged++;
    if (sessionExamples.length < exampleCount) {
      sessionExamples.push({
        sessionId: index.sessionIds[s],
        sessionKey: "",
        turns: turnsOf[s],
        before: { score: meanBefore, level: levelBefore },
        after: { score: meanAfter, level: levelAfter },
      });
    }
  }

  const pairsBefore: CalibrationPair[] = [];
  const pairsAfter: CalibrationPair[] = [];
  for (let r = 0; r < index.rated.length; r++) {
    pairsBefore.push({ score: before[index.rated[r]], level: index.ratedLevel[r] });
    pairsAfter.push({ score: after[index.rated[r]], level: index.ratedLevel[r] });
  }

  const keys = await findExternalIds([...examples, ...sessionExamples].map((example) => example.sessionId));
  for (const example of [...examples, ...sessionExamples]) example.sessionKey = keys.get(example.sessionId) ?? String(example.sessionId);

  return {
    base: { id: base.id, version: base.version, judgeVersion: base.judgeVersion },
    draftJudgeVersion: judgeVersionForWeights(draft.weights),
    isWeightsChanged: !isSameWeights(base.weights, draft.weights),
    turns,
    sessions: { total: sessionCount, changed: sessionsChanged },
    examples: { turns: examples, sessions: sessionExamples },
    agreement: { current: agreementFigures(pairsBefore, base.cutoffs), draft: agreementFigures(pairsAfter, draft.cutoffs) },
    humanLevelRule: HUMAN_LEVEL_RULE,
  };
}

/** Every indexed turn's overall score under a weight table: the stored one under the seed's weights (scorerFor's rule). */
function scoresUnder(index: ScoreIndex, weights: Thresholds["weights"]): Float64Array {
  if (isSameWeights(weights, SEED_THRESHOLDS.weights)) return index.overall;
  const w = compileWeights(weights, index.personas);
  const scores = new Float64Array(index.n);
  for (let i = 0; i < index.n; i++) {
    scores[i] = overallOf(w, index.persona[i], index.length[i], index.sentiment[i], index.completeness[i], index.critical[i]);
  }
  return scores;
}
