/** An endpoint's prices in currency units per 1M tokens; null when none are set. */
export type TokenPrices = { inputPerMillion: number; outputPerMillion: number } | null;

/**
 * Cost of tokens at per-million prices: (input × price_in + output × price_out) / 10⁶.
 * Null when there are no prices, or when the token counts are unknown.
 */
export function tokenCost(tokens: { input: number | null; output: number | null }, prices: TokenPrices): number | null {
  if (prices === null || tokens.input === null || tokens.output === null) return null;
  return (tokens.input * prices.inputPerMillion + tokens.output * prices.outputPerMillion) / 1_000_000;
}

/** Prices from an endpoint row's two nullable columns (the database keeps both or neither). */
export function pricesOf(row: { inputPricePerMillion: number | null; outputPricePerMillion: number | null } | null | undefined): TokenPrices {
  if (!row || row.inputPricePerMillion === null || row.outputPricePerMillion === null) return null;
  return { inputPerMillion: row.inputPricePerMillion, outputPerMillion: row.outputPricePerMillion };
}
