import { ratingLevels, type AgreementPairs } from "./build-pairs";

export type DisagreementRow = {
  turnId: number;
  sessionId: number;
  persona: string;
  criterion: string;
  ratingCriterion: string;
  score: number;
  judgeLevel: number;
  humanLevel: number;
  /** The raters' lower median, adjudication aside. */
  median: number;
  levels: number[];
  adjudicated: number | null;
  /** Judge level minus human level. */
  gap: number;
  /** Highest minus lowest rating. */
  spread: number;
};

/** How many turns each list shows. */
export const DISAGREEMENT_LIMIT = 25;

/**
 * The turns to look at first: where the judge's level is furthest from the human level, and
 * where the raters are furthest apart (turns not yet adjudicated first: they are the inbox).
 */
export function disagreements(pairs: AgreementPairs, limit = DISAGREEMENT_LIMIT) {
  const { human, judgeLevel, spread, nRatings } = pairs;
  const gap = (u: number) => Math.abs(judgeLevel[u] - human[u]);
  const isAdjudicated = (u: number) => (pairs.units.adjudicated[u] === null ? 0 : 1);
  const byTurn = (a: number, b: number) => pairs.units.turnId[a] - pairs.units.turnId[b];
  // The unit index last: the order a stable sort of the units in index order gives.
  const judgeVsHuman = new TopUnits(limit, (a, b) => gap(b) - gap(a) || spread[b] - spread[a] || byTurn(a, b) || a - b);
  const amongHumans = new TopUnits(limit, (a, b) => isAdjudicated(a) - isAdjudicated(b) || spread[b] - spread[a] || gap(b) - gap(a) || byTurn(a, b) || a - b);
  for (let u = 0; u < pairs.n; u++) {
    if (judgeLevel[u] !== human[u]) judgeVsHuman.offer(u);
    if (nRatings[u] >= 2 && spread[u] > 0) amongHumans.offer(u);
  }
  return {
    judgeVsHuman: { total: judgeVsHuman.total, rows: judgeVsHuman.units.map((u) => row(pairs, u)) },
    amongHumans: { total: amongHumans.total, rows: amongHumans.units.map((u) => row(pairs, u)) },
  };
}

/**
 * The first `limit` units under a total order, and how many were offered: what sorting all
 * of them and taking the first `limit` gives, without sorting tens of thousands of units.
 */
class TopUnits {
  readonly units: number[] = [];
  total = 0;

  constructor(
    private readonly limit: number,
    private readonly compare: (a: number, b: number) => number,
  ) {}

  offer(u: number): void {
    this.total++;
    const { units, limit, compare } = this;
    if (units.length === limit && (limit === 0 || compare(u, units[limit - 1]) >= 0)) return;
    let at = units.length;
    while (at > 0 && compare(u, units[at - 1]) < 0) at--;
    units.splice(at, 0, u);
    if (units.length > limit) units.pop();
  }
}

function row(pairs: AgreementPairs, u: number): DisagreementRow {
  const { units } = pairs;
  return {
    turnId: units.turnId[u],
    sessionId: units.sessionId[u],
    persona: units.persona[u],
    criterion: units.criterion[u],
    ratingCriterion: units.ratingCriterion[u],
    score: units.score[u],
    judgeLevel: pairs.judgeLevel[u],
    humanLevel: pairs.human[u],
    median: pairs.median[u],
    levels: ratingLevels(pairs, u),
    adjudicated: units.adjudicated[u],
    gap: pairs.judgeLevel[u] - pairs.human[u],
    spread: pairs.spread[u],
  };
}
