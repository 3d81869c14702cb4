import "server-only";
import type { z } from "zod";
import type { ChatMessage } from "@/lib/llm-judge/chat";
import { correctiveMessages, parseModelOutput } from "@/lib/llm-judge/model-output";
import { callChat, type CallOptions } from "./call-chat";
import type { EndpointCredentials } from "./find-endpoint-credentials";
import type { ChatReply } from "./request-chat-completion";

/** One reply of the model, kept for audit with what was wrong with it, if anything. */
export type Exchange = { content: string; problem: string | null; finishReason: string | null; usage: ChatReply["usage"] };

export class MalformedOutputError extends Error {
  constructor(
    readonly problem: string,
    readonly exchanges: Exchange[],
  ) {
    super(`the model's output was malformed twice: ${problem}`);
    this.name = "MalformedOutputError";
  }
}

/**
 * Asks for a JSON reply matching `schema`. A malformed reply gets one retry with a
 * corrective message; a second malformed reply is a MalformedOutputError carrying both.
 */
export async function askForJson<S extends z.ZodType>(
  endpoint: EndpointCredentials,
  messages: readonly ChatMessage[],
  schema: S,
  options: CallOptions,
): Promise<{ value: z.infer<S>; exchanges: Exchange[]; model: string | null }> {
  const exchanges: Exchange[] = [];
  let conversation = [...messages];
  for (let attempt = 0; attempt < 2; attempt++) {
    const reply = await callChat(endpoint, conversation, options);
    const parsed = parseModelOutput(reply.content, schema);
    exchanges.push({ content: reply.content, problem: parsed.ok ? null : parsed.problem, finishReason: reply.finishReason, usage: reply.usage });
    if (parsed.ok) return { value: parsed.value, exchanges, model: reply.model };
    conversation = correctiveMessages(messages, reply.content, parsed.problem);
  }
  throw new MalformedOutputError(exchanges.at(-1)!.problem!, exchanges);
}
