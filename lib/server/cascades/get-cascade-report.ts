import "server-only";
import type { Scope } from "@/lib/agreement/scope.schema";
import { cascadeFigures } from "@/lib/cascade/cascade-figures";
import { isCascadeConfig } from "@/lib/cascade/cascade.schema";
import type { CascadeReport } from "@/lib/cascade/cascade-report";
import { levelOfScore } from "@/lib/thresholds/levels";
import { computeAgreement } from "../agreement/compute-agreement";
import { getDb } from "../db";
import { findJudgeCosts } from "./find-judge-costs";

/**
 * The cascade section of a scope whose judge is a cascade: on its rated units, the cascade,
 * its screener alone and its strong judge alone against people (κ_q on levels under the
 * scope's cut-offs), the share escalated, and what each costs from the recorded tokens at
 * the endpoints' prices. Not cached: prices can change without the data version moving.
 */
export async function getCascadeReport(input: Scope): Promise<CascadeReport> {
  const { pairs, report } = await computeAgreement(input);
  const judge = report.scope.judge;
  if (!judge || judge.kind !== "cascade") return { cascade: null, figures: null };
  const row = await getDb().judge.findUnique({ where: { id: judge.id }, select: { config: true } });
  if (!isCascadeConfig(row?.config)) return { cascade: null, figures: null };
  const config = row.config.cascade;
  const cascade = { ...config, id: judge.id, name: judge.name, version: judge.version };
  if (pairs.n === 0) return { cascade, figures: null };

  const turnIds = [...new Set(pairs.units.turnId)];
  const scores = await getDb().$queryRaw<{ judge_id: number; turn_id: number; overall_score: number; escalated: boolean | null }[]>`
    SELECT judge_id, turn_id, overall_score, (metrics->'cascade'->>'escalated')::boolean AS escalated FROM judge_scores
    WHERE judge_id = ANY(${[config.screener.id, config.strong.id, judge.id]}::int[]) AND turn_id = ANY(${turnIds}::int[])`;
  const screenerOf = new Map<number, number>();
  const strongOf = new Map<number, number>();
  const escalatedTurns = new Set<number>();
  for (const score of scores) {
    if (score.judge_id === config.screener.id) screenerOf.set(score.turn_id, score.overall_score);
    else if (score.judge_id === config.strong.id) strongOf.set(score.turn_id, score.overall_score);
    else if (score.escalated) escalatedTurns.add(score.turn_id);
  }
  const { cutoffs } = report.scope.thresholds;
  const levelOf = (values: Map<number, number>) => Array.from(pairs.units.turnId, (t) => (values.has(t) ? levelOfScore(values.get(t)!, cutoffs) : 0));
  const [screenerCosts, strongCosts] = await Promise.all([findJudgeCosts(config.screener.id, turnIds), findJudgeCosts(config.strong.id, turnIds)]);
  const figures = cascadeFigures({
    labels: pairs.labels,
    human: pairs.human,
    cascadeLevel: pairs.judgeLevel,
    screenerLevel: levelOf(screenerOf),
    strongLevel: levelOf(strongOf),
    isEscalated: Array.from(pairs.units.turnId, (t) => escalatedTurns.has(t)),
    turnId: pairs.units.turnId,
    screenerTokens: screenerCosts.tokens,
    strongTokens: strongCosts.tokens,
    screenerCost: screenerCosts.basis,
    strongCost: strongCosts.basis,
  });
  return { cascade, figures };
}
