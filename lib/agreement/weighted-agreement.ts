import { hajekMeanCi, weightedPpiMean } from "@/lib/stats/ipw";
import { classicalMeanCi, ppiMean, type MeanInterval, type PpiMean } from "@/lib/stats/ppi";

// The agreement report's inverse-probability-weighted figures (issue 21): items rated under
// the sampled queue design carry their take's inclusion probability π; each is weighted by
// 1/π (Hájek, lib/stats/ipw.ts), so escalated items, served more often, count for what they
// are in the pool. Beside each weighted figure, the unweighted one on the same items.

/** One rated turn: the human and judge levels (1–4), and how the queue served it. */
export type WeightedUnit = {
  human: number;
  judge: number;
  /** The first queue rating's inclusion probability; null outside the sampled design. */
  probability: number | null;
  /** Served through the escalation share. */
  isEscalated: boolean;
  /** The UTC day (days since 1970-01-01) of its first queue rating; null when none. */
  ratedDay: number | null;
};

export type WeightedFigure = { key: "agreement" | "withinOne" | "absoluteGap"; unweighted: MeanInterval; weighted: MeanInterval };
export type FeedbackWeek = { weekStart: string; escalated: { n: number; disagreement: number | null }; sampled: { n: number; disagreement: number | null } };

export type WeightedAgreement = {
  nRated: number;
  /** Rated items that carry an inclusion probability (the sampled design). */
  nSampled: number;
  /** Of those, served through the escalation share. */
  nEscalated: number;
  figures: WeightedFigure[];
  /** Mean human level over every scored turn in scope: PPI++ unweighted, and weighted by 1/π. */
  quality: { unweighted: PpiMean; weighted: PpiMean } | null;
  /** The feedback loop: per week of rating, disagreement of escalated items against the random sample's. */
  feedback: FeedbackWeek[];
};

const FIGURES: { key: WeightedFigure["key"]; value: (u: WeightedUnit) => number }[] = [
  { key: "agreement", value: (u) => (u.human === u.judge ? 1 : 0) },
  { key: "withinOne", value: (u) => (Math.abs(u.human - u.judge) <= 1 ? 1 : 0) },
  { key: "absoluteGap", value: (u) => Math.abs(u.human - u.judge) },
];

/**
 * The weighted section from the rated units and the judge levels of the unrated turns in
 * scope (counts per level, index 0 = level 1). Figures use only items with a probability;
 * the population of the corrected estimate is every scored turn in scope (rated or not).
 */
export function weightedAgreement(units: readonly WeightedUnit[], unlabeledLevels: readonly number[]): WeightedAgreement {
  const sampled = units.filter((u) => u.probability !== null);
  const probabilities = sampled.map((u) => u.probability!);
  const figures = FIGURES.map(({ key, value }) => {
    const values = sampled.map(value);
    return { key, unweighted: classicalMeanCi(values), weighted: hajekMeanCi(values, probabilities) };
  });
  let quality: WeightedAgreement["quality"] = null;
  if (sampled.length > 0) {
    const unlabeled = unlabeledLevels.flatMap((count, level) => Array<number>(count).fill(level + 1));
    const unrated = [...units.filter((u) => u.probability === null).map((u) => u.judge), ...unlabeled];
    const y = sampled.map((u) => u.human);
    const yHat = sampled.map((u) => u.judge);
    const population = [...yHat, ...unrated];
    quality = { unweighted: ppiMean(y, yHat, unrated.length > 0 ? unrated : yHat), weighted: weightedPpiMean(y, yHat, probabilities, population) };
  }
  return {
    nRated: units.length,
    nSampled: sampled.length,
    nEscalated: sampled.filter((u) => u.isEscalated).length,
    figures,
    quality,
    feedback: feedbackWeeks(sampled),
  };
}

/** Disagreement (human level ≠ judge level) per ISO week (Monday, UTC) of the first rating. */
export function feedbackWeeks(units: readonly WeightedUnit[]): FeedbackWeek[] {
  const weeks = new Map<number, { escalated: number[]; sampled: number[] }>();
  for (const u of units) {
    if (u.ratedDay === null) continue;
    const monday = u.ratedDay - ((u.ratedDay + 3) % 7); // day 0 (1970-01-01) was a Thursday
    const week = weeks.get(monday) ?? { escalated: [], sampled: [] };
    (u.isEscalated ? week.escalated : week.sampled).push(u.human === u.judge ? 0 : 1);
    weeks.set(monday, week);
  }
  const rate = (values: number[]) => ({ n: values.length, disagreement: values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length });
  return [...weeks.entries()]
    .sort(([a], [b]) => a - b)
    .map(([monday, week]) => ({ weekStart: new Date(monday * 86_400_000).toISOString().slice(0, 10), escalated: rate(week.escalated), sampled: rate(week.sampled) }));
}
