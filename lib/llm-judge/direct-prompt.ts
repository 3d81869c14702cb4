import type { ChatMessage } from "./chat";
import type { JudgeCriterion } from "./criteria";

/** What the judge sees of a turn: its prompt, the turns before it, and the response. */
export type TurnToJudge = {
  seedPrompt: string | null;
  promptDigest: string | null;
  personaName: string | null;
  personaRole: string | null;
  personaId: string;
  response: string;
  previousTurns: ReadonlyArray<{ personaId: string; response: string }>;
};

const CONTEXT_TURN_CHARS = 600;

export const EVALUATOR_SYSTEM_MESSAGE =
  "You are an expert evaluator assessing response quality. You are impartial, you cite evidence, and you reply with a single JSON object and nothing else.";

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}

export function formatCriterion(criterion: JudgeCriterion): string {
  const lines = [`### ${criterion.name} (key: "${criterion.key}", weight ${criterion.weight})`, criterion.description, `Scale 1–${criterion.levels.length}:`];
  for (const level of criterion.levels) {
    const traits = level.characteristics.length ? ` Characteristics: ${level.characteristics.join("; ")}.` : "";
    lines.push(`- ${level.score} = ${level.label}: ${level.description}${traits}`);
  }
  if (criterion.edgeCases.length) {
    lines.push("Edge cases:");
    for (const edge of criterion.edgeCases) lines.push(`- ${edge.situation} ${edge.guidance}`);
  }
  if (criterion.guidelines.length) {
    lines.push("Scoring guidelines:");
    for (const guideline of criterion.guidelines) lines.push(`- ${guideline}`);
  }
  return lines.join("\n");
}

function formatPersona(turn: TurnToJudge): string {
  const name = turn.personaName ?? turn.personaId;
  return turn.personaRole ? `${name} (${turn.personaRole})` : name;
}

function formatContext(turn: TurnToJudge): string {
  if (turn.previousTurns.length === 0) return "(this is the first turn)";
  return turn.previousTurns.map((previous) => `[${previous.personaId}] ${clip(previous.response, CONTEXT_TURN_CHARS)}`).join("\n\n");
}

/** The turn as every direct-scoring prompt shows it: original prompt, context, response. */
export function formatTurnSections(turn: TurnToJudge): string[] {
  return [
    "## Original Prompt",
    turn.seedPrompt ?? "(not recorded)",
    ...(turn.promptDigest ? ["", `Instruction given to the persona: ${turn.promptDigest}`] : []),
    "",
    "## Conversation So Far",
    formatContext(turn),
    "",
    "## Response to Evaluate",
    `Persona: ${formatPersona(turn)}`,
    "<<<",
    turn.response,
    ">>>",
  ];
}

/** What every direct-scoring prompt tells the judge about biases and skipping. */
export const JUDGING_RULES = [
  "Do not prefer longer responses, and do not reward a confident tone or verbosity for its own sake.",
  "Always give an answer: you cannot skip a response (guidance about skipping is meant for human raters).",
];

export const CONFIDENCE_INSTRUCTION = "Give your confidence that your answer is right, from 0 (a guess) to 1 (certain).";

/**
 * The direct-scoring prompt of seed 001 for criteria scored on levels: task, original
 * prompt, response, criteria with their levels, then instructions that ask for evidence
 * and a justification before the score (chain of thought), and a JSON output format whose
 * keys come in that order, ending with the judge's confidence.
 */
export function buildDirectScoringMessages(turn: TurnToJudge, criteria: readonly JudgeCriterion[]): ChatMessage[] {
  const example = criteria.map((criterion) => `{"criterion":"${criterion.key}","evidence":["…"],"justification":"…","score":<integer 1-${criterion.levels.length}>,"improvement":"…"}`);
  const user = [
    "## Task",
    "Evaluate the following response against each criterion.",
    "",
    ...formatTurnSections(turn),
    "",
    "## Criteria",
    criteria.map(formatCriterion).join("\n\n"),
    "",
    "## Instructions",
    "For each criterion:",
    "1. Find specific evidence in the response (quote or point to the passage).",
    "2. Justify your judgement from that evidence.",
    "3. Only then score the response according to the rubric.",
    "4. Suggest one specific improvement.",
    ...JUDGING_RULES,
    CONFIDENCE_INSTRUCTION,
    "",
    "## Output Format",
    "Respond with only this JSON object, keeping the keys in this order (evidence and justification before the score):",
    `{"scores":[${example.join(",")}],"summary":"…","confidence":<number 0-1>}`,
  ].join("\n");
  return [
    { role: "system", content: EVALUATOR_SYSTEM_MESSAGE },
    { role: "user", content: user },
  ];
}
