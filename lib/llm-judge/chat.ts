/** A message of an OpenAI-compatible chat-completions request. */
export type ChatMessage = { role: "system" | "user" | "assistant"; content: string };

/**
 * The version of Concord's judge prompts. Stored as judges.version, so a change in the
 * prompts makes a new judge whose scores are compared with the old ones, never mixed.
 */
export const PROMPT_VERSION = "p1";

/** The judges row an endpoint's scores are stored under: `llm:<model>` version PROMPT_VERSION. */
export function llmJudgeName(model: string): string {
  return `llm:${model}`;
}
