import "server-only";
import type { QualityCutoffs } from "@/lib/judge";
import type { JudgeCriterion } from "@/lib/llm-judge/criteria";
import { criterionOfTurn, readCriterionType, type CriterionTypeRow } from "@/lib/llm-judge/criterion-type";
import { bareCriterionText, type CriterionText } from "@/lib/llm-judge/typed-prompt";
import { answerByType } from "./answer-by-type";
import type { CallOptions } from "./call-chat";
import type { EndpointCredentials } from "./find-endpoint-credentials";
import { findTurnToJudge } from "./find-turn-to-judge";
import type { CriteriaSource } from "./load-judge-criteria";
import { saveDirectScore } from "./save-direct-score";
import { saveTypedAnswer } from "./save-typed-answer";
import { scoreTurnDirectly } from "./score-turn-directly";

/** What a direct-scoring run reads once and every turn of it uses. */
export type DirectRunSetup = {
  jobId: number;
  judgeId: number;
  endpoint: EndpointCredentials;
  /** The criteria scored on levels, and the rubric's texts for the others. */
  criteria: JudgeCriterion[];
  texts: CriterionText[];
  source: CriteriaSource;
  types: Map<string, CriterionTypeRow>;
  thresholds: { version: number; cutoffs: QualityCutoffs };
  options: CallOptions & { signal: AbortSignal };
};

/**
 * Judges one turn on its criterion (its dimension, else "overall") as that criterion's type
 * asks: levels as always, or a label, a label set or a number with a confidence.
 */
export async function judgeTurn(turnId: number, setup: DirectRunSetup): Promise<void> {
  const turn = await findTurnToJudge(turnId);
  if (!turn) throw new Error("the turn no longer exists");
  const criterion = criterionOfTurn(turn.dimension);
  const read = readCriterionType(criterion, setup.types.get(criterion));
  if (!read.ok) throw new Error(read.problem);
  const { endpoint, options, jobId, judgeId, source } = setup;
  if (read.type.type === "ordinal") {
    const score = await scoreTurnDirectly(endpoint, turn, setup.criteria, setup.thresholds.cutoffs, options);
    options.signal.throwIfAborted();
    await saveDirectScore({ jobId, turnId, judgeId, score, criteriaSource: source, thresholds: setup.thresholds });
    return;
  }
  const text = setup.texts.find((entry) => entry.key === criterion) ?? bareCriterionText(criterion);
  const score = await answerByType(endpoint, turn, text, read.type, options);
  options.signal.throwIfAborted();
  await saveTypedAnswer({ jobId, turnId, judgeId, criterion, type: read.type, score, criteriaSource: source });
}
