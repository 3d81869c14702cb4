import type { z } from "zod";
import type { ChatMessage } from "./chat";

export type ParsedOutput<T> = { ok: true; value: T } | { ok: false; problem: string };

const MAX_PROBLEMS = 5;

/**
 * The JSON object in a model's reply. Models asked for JSON still wrap it in a ```json
 * fence or a sentence now and then; the object between the first "{" and the last "}" is
 * tried when the whole text is not JSON.
 */
export function extractJson(content: string): ParsedOutput<unknown> {
  const text = content.trim();
  if (!text) return { ok: false, problem: "the reply was empty" };
  const candidates = [text];
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  if (fenced) candidates.push(fenced[1].trim());
  const first = text.indexOf("{");
  const last = text.lastIndexOf("}");
  if (first >= 0 && last > first) candidates.push(text.slice(first, last + 1));
  let error = "";
  for (const candidate of candidates) {
    try {
      return { ok: true, value: JSON.parse(candidate) };
    } catch (caught) {
      error ||= caught instanceof Error ? caught.message : String(caught);
    }
  }
  return { ok: false, problem: `the reply is not valid JSON (${error})` };
}

function describeIssues(error: z.ZodError): string {
  const parts = error.issues.slice(0, MAX_PROBLEMS).map((issue) => `${issue.path.length ? issue.path.join(".") : "(root)"}: ${issue.message}`);
  const more = error.issues.length > MAX_PROBLEMS ? `; and ${error.issues.length - MAX_PROBLEMS} more` : "";
  return `the JSON does not match the required format (${parts.join("; ")}${more})`;
}

/** The reply parsed and validated against a Zod schema, or what is wrong with it. */
export function parseModelOutput<S extends z.ZodType>(content: string, schema: S): ParsedOutput<z.infer<S>> {
  const json = extractJson(content);
  if (!json.ok) return json;
  const result = schema.safeParse(json.value);
  return result.success ? { ok: true, value: result.data } : { ok: false, problem: describeIssues(result.error) };
}

/**
 * The one retry after a malformed reply: the conversation so far, the model's own reply,
 * and a user message saying what was wrong and asking for the JSON object alone.
 */
export function correctiveMessages(messages: readonly ChatMessage[], badReply: string, problem: string): ChatMessage[] {
  return [
    ...messages,
    { role: "assistant", content: badReply },
    {
      role: "user",
      content: `Your previous reply could not be used: ${problem}. Reply again with only the JSON object in the requested format — no prose, no code fence — with every required key present.`,
    },
  ];
}
