import "server-only";
import type { QualityCutoffs } from "@/lib/judge";
import { PROMPT_VERSION } from "@/lib/llm-judge/chat";
import { insertLlmScore } from "./insert-llm-score";
import type { CriteriaSource } from "./load-judge-criteria";
import type { DirectScore } from "./score-turn-directly";

/** Stores one direct score on levels (see insertLlmScore: once per turn and judge, counted on the job). */
export async function saveDirectScore(input: {
  jobId: number | null;
  turnId: number;
  judgeId: number;
  score: DirectScore;
  criteriaSource: CriteriaSource;
  /** The cut-offs the overall level was placed with, kept so the score can be read back. */
  thresholds: { version: number; cutoffs: QualityCutoffs };
}): Promise<boolean> {
  const { verdict, output, exchanges, model } = input.score;
  const metrics = { level: verdict.level, levelLabel: verdict.levelLabel, confidence: verdict.confidence, criteria: verdict.criteria, summary: output.summary, rubric: input.criteriaSource, thresholds: input.thresholds };
  const rawOutput = { promptVersion: PROMPT_VERSION, model, parsed: output, exchanges };
  return insertLlmScore({ jobId: input.jobId, turnId: input.turnId, judgeId: input.judgeId, overallScore: verdict.overallScore, metrics, rationale: verdict.rationale, rawOutput, usages: exchanges.map((e) => e.usage) });
}
