import { cohenKappa } from "../stats/cohen-kappa.ts";
import { tokenCost, type TokenPrices } from "./cost.ts";

/** How a judge's cost is known: Concord's own heuristic judge is free; an LLM judge costs its tokens at its endpoint's prices. */
export type CostBasis = { isFree: boolean; prices: TokenPrices };

/** One turn's tokens from one judge; null counts when the judge did not record them. */
export type TurnTokens = { input: number | null; output: number | null };

export type CostFigure = {
  /** Total over the turns; null when it cannot be known (see `missing`). */
  cost: number | null;
  perTurn: number | null;
  tokens: { input: number; output: number } | null;
  missing: "no prices set" | "no token counts" | null;
};

/** The cost of a judge over some turns: its tokens summed, at its prices (0 when free). */
export function costOver(tokens: readonly (TurnTokens | undefined)[], basis: CostBasis): CostFigure {
  if (basis.isFree) return { cost: 0, perTurn: tokens.length > 0 ? 0 : null, tokens: null, missing: null };
  let input = 0;
  let output = 0;
  for (const turn of tokens) {
    if (!turn || turn.input === null || turn.output === null) return { cost: null, perTurn: null, tokens: null, missing: "no token counts" };
    input += turn.input;
    output += turn.output;
  }
  const cost = tokenCost({ input, output }, basis.prices);
  return { cost, perTurn: cost === null || tokens.length === 0 ? null : cost / tokens.length, tokens: { input, output }, missing: cost === null ? "no prices set" : null };
}

/** Two costs added (the cascade: the screener on every turn, the strong judge on the escalated ones). */
function addCosts(a: CostFigure, b: CostFigure, turns: number): CostFigure {
  if (a.cost === null) return { ...a, perTurn: null };
  if (b.cost === null) return { ...b, perTurn: null };
  const cost = a.cost + b.cost;
  const tokens = a.tokens && b.tokens ? { input: a.tokens.input + b.tokens.input, output: a.tokens.output + b.tokens.output } : (a.tokens ?? b.tokens);
  return { cost, perTurn: turns > 0 ? cost / turns : null, tokens, missing: null };
}

export type CascadeFiguresInput = {
  labels: readonly number[];
  /** Per rated unit (a turn and criterion): the human level, the levels of the cascade, its screener and its strong judge (0: no score). */
  human: ArrayLike<number>;
  cascadeLevel: ArrayLike<number>;
  screenerLevel: ArrayLike<number>;
  strongLevel: ArrayLike<number>;
  isEscalated: ArrayLike<boolean>;
  turnId: ArrayLike<number>;
  screenerTokens: ReadonlyMap<number, TurnTokens>;
  strongTokens: ReadonlyMap<number, TurnTokens>;
  screenerCost: CostBasis;
  strongCost: CostBasis;
};

export type CascadeFigures = {
  /** Rated units where the cascade, its screener and its strong judge all answered: the figures' common ground. */
  n: number;
  /** Rated units of the cascade left out because the strong judge did not score them. */
  nWithoutStrong: number;
  escalated: number;
  escalatedShare: number | null;
  kappa: { cascade: number | null; screener: number | null; strong: number | null };
  /** Over the distinct turns of those units (a turn rated on two criteria was judged once). */
  turns: number;
  cost: { cascade: CostFigure; screener: CostFigure; strong: CostFigure };
};

/**
 * The cascade against its two judges alone, on the same rated units: quadratic κ on levels
 * with the human level (the report's headline κ), the share escalated, and the cost — the
 * screener on every turn plus the strong judge on the escalated ones, against each alone.
 */
export function cascadeFigures(input: CascadeFiguresInput): CascadeFigures {
  const keep: number[] = [];
  for (let u = 0; u < input.human.length; u++) if (input.strongLevel[u] > 0 && input.screenerLevel[u] > 0) keep.push(u);
  const pick = (values: ArrayLike<number>) => keep.map((u) => values[u]);
  const human = pick(input.human);
  const kappa = (levels: ArrayLike<number>) => cohenKappa(human, pick(levels), input.labels).quadratic.value;
  const escalated = keep.filter((u) => input.isEscalated[u]).length;

  const turns = [...new Set(keep.map((u) => input.turnId[u]))];
  const escalatedTurns = [...new Set(keep.filter((u) => input.isEscalated[u]).map((u) => input.turnId[u]))];
  const screener = costOver(turns.map((t) => input.screenerTokens.get(t)), input.screenerCost);
  const strong = costOver(turns.map((t) => input.strongTokens.get(t)), input.strongCost);
  const cascade = addCosts(screener, costOver(escalatedTurns.map((t) => input.strongTokens.get(t)), input.strongCost), turns.length);
  return {
    n: keep.length,
    nWithoutStrong: input.human.length - keep.length,
    escalated,
    escalatedShare: keep.length > 0 ? escalated / keep.length : null,
    kappa: { cascade: kappa(input.cascadeLevel), screener: kappa(input.screenerLevel), strong: kappa(input.strongLevel) },
    turns: turns.length,
    cost: { cascade, screener, strong },
  };
}
