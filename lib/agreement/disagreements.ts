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
  const judgeVsHuman: number[] = [];
  const amongHumans: number[] = [];
  for (let u = 0; u < pairs.n; u++) {
    if (judgeLevel[u] !== human[u]) judgeVsHuman.push(u);
    if (nRatings[u] >= 2 && spread[u] > 0) amongHumans.push(u);
  }
  const gap = (u: number) => Math.abs(judgeLevel[u] - human[u]);
  const isAdjudicated = (u: number) => (pairs.units.adjudicated[u] === null ? 0 : 1);
  const byTurn = (a: number, b: number) => pairs.units.turnId[a] - pairs.units.turnId[b];
  judgeVsHuman.sort((a, b) => gap(b) - gap(a) || spread[b] - spread[a] || byTurn(a, b));
  amongHumans.sort((a, b) => isAdjudicated(a) - isAdjudicated(b) || spread[b] - spread[a] || gap(b) - gap(a) || byTurn(a, b));
  return {
    judgeVsHuman: { total: judgeVsHuman.length, rows: judgeVsHuman.slice(0, limit).map((u) => row(pairs, u)) },
    amongHumans: { total: amongHumans.length, rows: amongHumans.slice(0, limit).map((u) => row(pairs, u)) },
  };
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
