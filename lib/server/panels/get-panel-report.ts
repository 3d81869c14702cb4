import "server-only";
import { panelDiagnostics } from "@/lib/agreement/panel-diagnostics";
import { reportScopeKey } from "@/lib/agreement/resolved-scope";
import type { Scope } from "@/lib/agreement/scope.schema";
import { isPanelConfig } from "@/lib/panels/panel.schema";
import type { PanelReport } from "@/lib/panels/panel-report";
import { levelOfScore } from "@/lib/thresholds/levels";
import { computeAgreement } from "../agreement/compute-agreement";
import { panelCache } from "../agreement/report-cache";
import { getDb } from "../db";

/**
 * The panel section of a scope whose judge is a panel of scores (mean or median): each
 * member's level under the scope's cut-offs on the rated turns, against the human level and
 * the panel's (lib/agreement/panel-diagnostics.ts). Cached with the report's data version
 * and scope; the bootstrap works on per-session confusion counts, so it stays small.
 */
export async function getPanelReport(input: Scope): Promise<PanelReport> {
  const { pairs, report } = await computeAgreement(input);
  const judge = report.scope.judge;
  if (!judge || judge.kind !== "panel") return { panel: null, diagnostics: null };
  const key = `${report.dataVersion}|${reportScopeKey(report.scope)}`;
  const cached = panelCache.get(key) as PanelReport | undefined;
  if (cached) return cached;
  const row = await getDb().judge.findUnique({ where: { id: judge.id }, select: { config: true } });
  if (!isPanelConfig(row?.config)) return { panel: null, diagnostics: null };
  const config = row.config.panel;
  const panel = { ...config, id: judge.id, name: judge.name, version: judge.version };
  if (config.aggregate === "vote" || pairs.n === 0) return { panel, diagnostics: null };

  const turnIds = Array.from(pairs.units.turnId);
  const scores = await getDb().$queryRaw<{ judge_id: number; turn_id: number; overall_score: number }[]>`
    SELECT judge_id, turn_id, overall_score FROM judge_scores
    WHERE judge_id = ANY(${config.members.map((m) => m.id)}::int[]) AND turn_id = ANY(${turnIds}::int[])`;
  const position = new Map(turnIds.map((id, u) => [id, u]));
  const levels = config.members.map(() => new Int32Array(pairs.n));
  const raw = config.members.map(() => new Float64Array(pairs.n));
  const memberIndex = new Map(config.members.map((m, i) => [m.id, i]));
  const { cutoffs } = report.scope.thresholds;
  for (const score of scores) {
    const [m, u] = [memberIndex.get(score.judge_id)!, position.get(score.turn_id)!];
    levels[m][u] = levelOfScore(score.overall_score, cutoffs);
    raw[m][u] = score.overall_score;
  }
  // A panel answers only turns every member scored; a member's score removed since leaves a 0 here: drop those units.
  const keep = turnIds.map((_, u) => u).filter((u) => levels.every((level) => level[u] !== 0));
  const pick = (values: ArrayLike<number>) => keep.map((u) => values[u]);
  const diagnostics = panelDiagnostics({
    members: config.members.map((m) => `${m.name} ${m.version}`),
    human: pick(pairs.human),
    panel: pick(pairs.judgeLevel),
    levels: levels.map(pick),
    scores: raw.map(pick),
    cluster: pick(pairs.units.sessionId),
    labels: pairs.labels,
  });
  const result: PanelReport = { panel, diagnostics };
  panelCache.set(key, result);
  return result;
}
