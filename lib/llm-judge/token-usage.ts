/** The `usage` of one chat-completions reply, as OpenAI-compatible servers report it (any part may be missing). */
export type ReplyUsage = { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number } | null;

/** Tokens of one judged item: every call it took, retries included; null when a reply did not say. */
export type TokenCounts = { inputTokens: number | null; outputTokens: number | null };

/**
 * Sums `prompt_tokens` (input) and `completion_tokens` (output) over the replies of one
 * item. A count is null when any reply lacks it (a local server may not report usage): a
 * partial sum would understate the cost without saying so.
 */
export function sumTokens(usages: readonly ReplyUsage[]): TokenCounts {
  let input: number | null = usages.length > 0 ? 0 : null;
  let output: number | null = usages.length > 0 ? 0 : null;
  for (const usage of usages) {
    input = input !== null && Number.isFinite(usage?.prompt_tokens) ? input + usage!.prompt_tokens! : null;
    output = output !== null && Number.isFinite(usage?.completion_tokens) ? output + usage!.completion_tokens! : null;
  }
  return { inputTokens: input, outputTokens: output };
}

/** What the run's totals take from an item: the known counts, 0 for unknown ones. */
export function knownTokens(usages: readonly ReplyUsage[]): { input: number; output: number } {
  let input = 0;
  let output = 0;
  for (const usage of usages) {
    if (Number.isFinite(usage?.prompt_tokens)) input += usage!.prompt_tokens!;
    if (Number.isFinite(usage?.completion_tokens)) output += usage!.completion_tokens!;
  }
  return { input, output };
}
