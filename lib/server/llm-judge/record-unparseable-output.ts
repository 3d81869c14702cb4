import "server-only";
import { knownTokens } from "@/lib/llm-judge/token-usage";
import { getDb } from "../db";
import type { Exchange } from "./ask-for-json";

const MAX_ERROR_CHARS = 1000;
/** Far above a judge's reply; bounds the job's payload should a model run on and on. */
const MAX_REPLY_CHARS = 20_000;

function keep(content: string): string {
  return content.length > MAX_REPLY_CHARS ? `${content.slice(0, MAX_REPLY_CHARS)}… (${content.length - MAX_REPLY_CHARS} more characters)` : content;
}

/**
 * Records an item whose output the schema could not parse after the retry: a failure like
 * any other (counted in `failed`, skipped on resume, tried again by a retry), marked
 * `kind: "unparseable"` so the run shows how many there were, and its replies appended to
 * payload.unparseableOutputs for audit (kept across retries). Nothing is stored for the
 * item itself, but the tokens its replies used count in the run's totals (they were spent,
 * each time). Recording the same item twice changes nothing else.
 */
export async function recordUnparseableOutput(jobId: number, item: string, error: string, exchanges: readonly Exchange[]): Promise<void> {
  const message = error.length > MAX_ERROR_CHARS ? `${error.slice(0, MAX_ERROR_CHARS)}…` : error;
  const audit = {
    item,
    recordedAt: new Date().toISOString(),
    replies: exchanges.map((exchange) => ({ content: keep(exchange.content), problem: exchange.problem, finishReason: exchange.finishReason })),
  };
  const spent = knownTokens(exchanges.map((e) => e.usage));
  await getDb().$executeRaw`
    UPDATE jobs SET input_tokens = input_tokens + ${spent.input}, output_tokens = output_tokens + ${spent.output} WHERE id = ${jobId}`;
  await getDb().$executeRaw`
    UPDATE jobs SET failed = failed + 1, last_error = ${`${item}: ${message}`},
      payload = jsonb_set(
        jsonb_set(payload, '{failures}', COALESCE(payload->'failures', '[]'::jsonb) || jsonb_build_array(jsonb_build_object('item', ${item}::text, 'error', ${message}::text, 'kind', 'unparseable'))),
        '{unparseableOutputs}', COALESCE(payload->'unparseableOutputs', '[]'::jsonb) || jsonb_build_array(${JSON.stringify(audit)}::jsonb)),
      updated_at = now()
    WHERE id = ${jobId}
      AND NOT COALESCE(payload->'failures', '[]'::jsonb) @> jsonb_build_array(jsonb_build_object('item', ${item}::text))`;
}
