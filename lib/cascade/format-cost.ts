/** A price per 1M tokens: "$0.15". */
export function formatPrice(perMillion: number): string {
  return `$${perMillion.toLocaleString("en", { maximumFractionDigits: 4 })}`;
}

/**
 * A cost in dollars with enough places to be read: "$1.24", "$0.045", "$0.0031", "$0" — a
 * cost under $1 keeps two significant digits, so $0.045 and $0.053 are not both "$0.05".
 */
export function formatCost(cost: number | null, missing = "no prices set"): string {
  if (cost === null) return missing;
  if (cost === 0) return "$0";
  if (cost >= 1) return `$${cost.toLocaleString("en", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  return `$${cost.toLocaleString("en", { maximumSignificantDigits: 2 })}`;
}

/** "12,345 in / 2,345 out tokens". */
export function formatTokens(input: number, output: number): string {
  return `${input.toLocaleString("en")} in / ${output.toLocaleString("en")} out tokens`;
}

/** "0.44 to 0.56 around 0.5". */
export function describeBand(cascade: { cutoff: number; below: number; above: number }): string {
  const round = (value: number) => Number(value.toPrecision(6));
  return `${round(cascade.cutoff - cascade.below)} to ${round(cascade.cutoff + cascade.above)} around ${round(cascade.cutoff)}`;
}
