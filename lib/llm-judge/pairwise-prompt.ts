import type { ChatMessage } from "./chat";
import type { JudgeCriterion } from "./criteria";

export const COMPARATOR_SYSTEM_MESSAGE =
  "You are an expert evaluator comparing two AI responses. You are impartial, and you reply with a single JSON object and nothing else.";

/**
 * The pairwise prompt of seed 001: critical instructions against length and position
 * bias, the prompt, the two responses as "A" (first) and "B" (second), the criteria, and
 * a JSON output with per-criterion comparison, overall winner, confidence and reasoning.
 */
export function buildPairwiseMessages(input: { prompt: string | null; first: string; second: string; criteria: readonly JudgeCriterion[] }): ChatMessage[] {
  const user = [
    "## Critical Instructions",
    "- Do NOT prefer responses because they are longer",
    "- Do NOT prefer responses based on position (first vs second)",
    "- Focus ONLY on quality according to the specified criteria",
    "- Ties are acceptable when responses are genuinely equivalent",
    "",
    "## Original Prompt",
    input.prompt ?? "(not recorded)",
    "",
    "## Response A",
    "<<<",
    input.first,
    ">>>",
    "",
    "## Response B",
    "<<<",
    input.second,
    ">>>",
    "",
    "## Comparison Criteria",
    input.criteria.map((criterion) => `- ${criterion.name}: ${criterion.description}`).join("\n"),
    "",
    "## Instructions",
    "1. Analyze each response independently first",
    "2. Compare them on each criterion",
    "3. Determine the overall winner with a confidence level between 0 and 1",
    "",
    "## Output Format",
    "Respond with only this JSON object, keys in this order (analysis and reasoning before the verdict):",
    '{"analysis":{"A":"…","B":"…"},"comparison":[{"criterion":"…","winner":"A"|"B"|"TIE","reasoning":"…"}],"reasoning":"…","winner":"A"|"B"|"TIE","confidence":<number 0-1>}',
  ].join("\n");
  return [
    { role: "system", content: COMPARATOR_SYSTEM_MESSAGE },
    { role: "user", content: user },
  ];
}
