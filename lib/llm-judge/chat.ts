/** A message of an OpenAI-compatible chat-completions request. */
export type ChatMessage = { role: "system" | "user" | "assistant"; content: string };

/**
 * The version of Concord's judge prompts. Stored as judges.version, so a change in the
 * prompts makes a new judge whose scores are compared with the old ones, never mixed.
 * p2: direct scoring asks for a confidence, and asks binary, categorical, multi-label and
 * numeric criteria for a label, a label set or a number (p1 asked every criterion for a level).
 */
export const PROMPT_VERSION = "p2";

/** The judges row an endpoint's scores are stored under: `llm:<model>` version PROMPT_VERSION. */
export function llmJudgeName(model: string): string {
  return `llm:${model}`;
}
