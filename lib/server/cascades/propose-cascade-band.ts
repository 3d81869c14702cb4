import "server-only";
import type { BandProposalQuery } from "@/lib/cascade/cascade.schema";
import { proposeBand, type BandProposal } from "@/lib/cascade/propose-band";
import { levelOfScore } from "@/lib/thresholds/levels";
import { computeAgreement } from "../agreement/compute-agreement";
import { getDb } from "../db";
import { DomainError } from "../errors";

export type CascadeBandProposal = BandProposal & { cutoff: number; tolerance: number; cutoffs: { fair: number; good: number; excellent: number } };

/**
 * The band the settings page proposes: on the turns people rated that both judges scored
 * (the agreement report's default scope for the screener: its units, human levels and the
 * active cut-offs), the narrowest band within `tolerance` of the strong judge's κ_q.
 */
export async function proposeCascadeBand(query: BandProposalQuery): Promise<CascadeBandProposal> {
  const db = getDb();
  const judges = await db.judge.findMany({ where: { id: { in: [query.screener, query.strong] } }, select: { id: true, name: true, version: true } });
  const screener = judges.find((j) => j.id === query.screener);
  if (!screener) throw new DomainError("not_found", `No judge with id ${query.screener}: reload the page and pick again.`, { screener: "Choose the screener again" });
  if (!judges.some((j) => j.id === query.strong)) throw new DomainError("not_found", `No judge with id ${query.strong}: reload the page and pick again.`, { strong: "Choose the strong judge again" });

  const { pairs, report } = await computeAgreement({ judge: screener.name, judgeVersion: screener.version });
  const cutoffs = report.scope.thresholds.cutoffs;
  const turnIds = [...new Set(pairs.units.turnId)];
  const strongRows = await db.$queryRaw<{ turn_id: number; overall_score: number }[]>`
    SELECT turn_id, overall_score FROM judge_scores WHERE judge_id = ${query.strong} AND turn_id = ANY(${turnIds}::int[])`;
  const strongOf = new Map(strongRows.map((row) => [row.turn_id, row.overall_score]));
  const keep: number[] = [];
  for (let u = 0; u < pairs.n; u++) if (strongOf.has(pairs.units.turnId[u])) keep.push(u);
  const proposal = proposeBand({
    screenerScore: keep.map((u) => pairs.units.score[u]),
    screenerLevel: keep.map((u) => pairs.judgeLevel[u]),
    strongLevel: keep.map((u) => levelOfScore(strongOf.get(pairs.units.turnId[u])!, cutoffs)),
    human: keep.map((u) => pairs.human[u]),
    labels: pairs.labels,
    cutoff: query.cutoff,
    tolerance: query.tolerance,
  });
  return { ...proposal, cutoff: query.cutoff, tolerance: query.tolerance, cutoffs };
}
