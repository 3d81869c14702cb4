import type { ChatMessage } from "./chat";
import type { JudgeCriterion } from "./criteria";
import type { AnswerType } from "./criterion-type";
import { CONFIDENCE_INSTRUCTION, EVALUATOR_SYSTEM_MESSAGE, formatTurnSections, JUDGING_RULES, type TurnToJudge } from "./direct-prompt";

/**
 * What the prompt says about a criterion answered by label or number: no levels, but what
 * the rubric says each label means (its levels' labels and descriptions).
 */
export type CriterionText = Pick<JudgeCriterion, "key" | "name" | "description" | "edgeCases" | "guidelines"> & {
  labelDescriptions: Array<{ label: string; description: string }>;
};

/** A criterion the rubric does not describe (a generic dataset's dimension): its name alone. */
export function bareCriterionText(key: string): CriterionText {
  return { key, name: key, description: `Judge the response on "${key}".`, edgeCases: [], guidelines: [], labelDescriptions: [] };
}

/** The allowed labels the rubric describes, in the type's order; labels it does not know are left out. */
function describedLabels(criterion: CriterionText, type: AnswerType): string[] {
  if (type.type === "numeric") return [];
  return type.labels.flatMap((label) => {
    const found = criterion.labelDescriptions.find((entry) => entry.label === label);
    return found ? [`- ${JSON.stringify(label)}: ${found.description}`] : [];
  });
}

const quoted = (labels: readonly string[]) => labels.map((label) => JSON.stringify(label)).join(", ");

function answerRule(type: AnswerType): string {
  switch (type.type) {
    case "binary":
      return `Answer with exactly one of the two labels ${quoted(type.labels)}; ${JSON.stringify(type.positive)} is the positive one.`;
    case "categorical":
      return `Answer with exactly one label from this ordered list: ${quoted(type.labels)}.`;
    case "multilabel":
      return `Answer with every label that applies, any number of them, from this list: ${quoted(type.labels)}. Give an empty list when none applies.`;
    case "numeric":
      return `Answer with a number from ${type.min} to ${type.max}.`;
  }
}

function outputFormat(type: AnswerType): string {
  const confidence = `"confidence":<number 0-1>`;
  switch (type.type) {
    case "binary":
    case "categorical":
      return `{"reasoning":"…","label":<one of ${quoted(type.labels)}>,${confidence}}`;
    case "multilabel":
      return `{"reasoning":"…","labels":[<any of ${quoted(type.labels)}>],${confidence}}`;
    case "numeric":
      return `{"reasoning":"…","value":<number ${type.min}-${type.max}>,${confidence}}`;
  }
}

function formatCriterionText(criterion: CriterionText, type: AnswerType): string {
  const lines = [`### ${criterion.name} (key: "${criterion.key}", ${type.type})`, criterion.description, answerRule(type)];
  const described = describedLabels(criterion, type);
  if (described.length) lines.push("What the labels mean:", ...described);
  if (criterion.edgeCases.length) {
    lines.push("Edge cases:");
    for (const edge of criterion.edgeCases) lines.push(`- ${edge.situation} ${edge.guidance}`);
  }
  if (criterion.guidelines.length) {
    lines.push("Guidelines:");
    for (const guideline of criterion.guidelines) lines.push(`- ${guideline}`);
  }
  return lines.join("\n");
}

/**
 * Direct scoring of a binary, categorical, multi-label or numeric criterion: the turn as
 * for levels, the criterion with the labels or range allowed, reasoning before the answer,
 * and a JSON object with the reasoning, the label(s) or value, and a confidence.
 */
export function buildTypedScoringMessages(turn: TurnToJudge, criterion: CriterionText, type: AnswerType): ChatMessage[] {
  const user = [
    "## Task",
    "Evaluate the following response on the criterion below.",
    "",
    ...formatTurnSections(turn),
    "",
    "## Criterion",
    formatCriterionText(criterion, type),
    "",
    "## Instructions",
    "1. Find specific evidence in the response (quote or point to the passage).",
    "2. Reason from that evidence.",
    "3. Only then give your answer, using the allowed labels or range exactly as written.",
    ...JUDGING_RULES,
    CONFIDENCE_INSTRUCTION,
    "",
    "## Output Format",
    "Respond with only this JSON object, keeping the keys in this order (reasoning before the answer):",
    outputFormat(type),
  ].join("\n");
  return [
    { role: "system", content: EVALUATOR_SYSTEM_MESSAGE },
    { role: "user", content: user },
  ];
}
