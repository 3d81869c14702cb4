import "server-only";
import { MalformedOutputError } from "./ask-for-json";

const REPLY_EXCERPT_CHARS = 200;

/** A failed item's error as the runs page shows it, with the start of a malformed reply. */
export function describeItemFailure(error: unknown): string {
  if (error instanceof MalformedOutputError) {
    const reply = error.exchanges.at(-1)?.content.replace(/\s+/g, " ").trim() ?? "";
    const excerpt = reply.length > REPLY_EXCERPT_CHARS ? `${reply.slice(0, REPLY_EXCERPT_CHARS)}…` : reply;
    return `${error.message}; the last reply was: ${excerpt ? JSON.stringify(excerpt) : "(empty)"}`;
  }
  return error instanceof Error ? error.message : String(error);
}
