import "server-only";
import { PROMPT_VERSION } from "@/lib/llm-judge/chat";
import type { AnswerType } from "@/lib/llm-judge/criterion-type";
import { normaliseValue } from "@/lib/llm-judge/typed-output.schema";
import { knownTokens, sumTokens } from "@/lib/llm-judge/token-usage";
import { getDb } from "../db";
import type { TypedScore } from "./answer-by-type";
import { insertLlmScore } from "./insert-llm-score";
import type { CriteriaSource } from "./load-judge-criteria";

type Input = { jobId: number | null; turnId: number; judgeId: number; criterion: string; type: AnswerType; score: TypedScore; criteriaSource: CriteriaSource };

/**
 * Stores the judge's answer on a typed criterion, once per turn and judge, counted on its
 * job in the same statement. A label or label set goes to judge_labels. A number goes to
 * judge_scores.overall_score as the number on the criterion's scale, not rescaled to 0–1:
 * the generic import stores a judge's numbers that way and the agreement report compares
 * them with the raters' numbers on that scale; metrics keeps the range and the 0–1 position.
 */
export async function saveTypedAnswer(input: Input): Promise<boolean> {
  const { answer, exchanges, model } = input.score;
  if (answer.kind === "number") {
    if (input.type.type !== "numeric") throw new Error(`a number is no answer on a ${input.type.type} criterion`);
    const { min, max } = input.type;
    const metrics = { type: "numeric", criterion: input.criterion, value: answer.value, min, max, normalised: normaliseValue(answer.value, input.type), confidence: answer.confidence, rubric: input.criteriaSource };
    const rawOutput = { promptVersion: PROMPT_VERSION, model, criterion: input.criterion, type: input.type, parsed: answer, exchanges };
    return insertLlmScore({ jobId: input.jobId, turnId: input.turnId, judgeId: input.judgeId, overallScore: answer.value, metrics, rationale: answer.reasoning, rawOutput, usages: exchanges.map((e) => e.usage) });
  }
  const label = answer.kind === "label" ? answer.label : null;
  const labels = answer.kind === "labels" ? answer.labels : null;
  const rawOutput = JSON.stringify({ promptVersion: PROMPT_VERSION, model, criterion: input.criterion, type: input.type, parsed: answer, exchanges });
  const usages = exchanges.map((e) => e.usage);
  const { inputTokens, outputTokens } = sumTokens(usages);
  const spent = knownTokens(usages);
  const rows = await getDb().$queryRaw<Array<{ inserted: number }>>`
    WITH inserted AS (
      INSERT INTO judge_labels (turn_id, judge_id, label, labels, confidence, rationale, raw_output, input_tokens, output_tokens)
      VALUES (${input.turnId}, ${input.judgeId}, ${label}, ${labels}::text[], ${answer.confidence}, ${answer.reasoning}, ${rawOutput}::jsonb, ${inputTokens}::int, ${outputTokens}::int)
      ON CONFLICT (turn_id, judge_id) DO NOTHING
      RETURNING 1
    ), counted AS (
      UPDATE jobs SET completed = completed + (SELECT count(*) FROM inserted), input_tokens = input_tokens + ${spent.input}, output_tokens = output_tokens + ${spent.output}, updated_at = now()
      WHERE id = ${input.jobId}
    )
    SELECT count(*)::int AS inserted FROM inserted`;
  return rows[0].inserted === 1;
}
