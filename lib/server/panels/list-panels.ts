import "server-only";
import { isPanelConfig, type PanelConfig } from "@/lib/panels/panel.schema";
import { getDb } from "../db";

export type PanelRow = { id: number; name: string; version: string; createdAt: Date; turns: number } & PanelConfig["panel"];
export type JudgeOption = { id: number; name: string; version: string; kind: string; scores: number; labels: number };

/** Every panel judge, newest first, with how many turns it answered. */
export async function listPanels(): Promise<PanelRow[]> {
  const judges = await getDb().judge.findMany({
    where: { kind: "panel" },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, name: true, version: true, config: true, createdAt: true, _count: { select: { scores: true, labels: true } } },
  });
  return judges.flatMap(({ config, _count, ...judge }) => (isPanelConfig(config) ? [{ ...judge, ...config.panel, turns: _count.scores + _count.labels }] : []));
}

/** The judges a panel can be made of (any, panels included), with how many turns each scored and labelled. */
export async function listPanelCandidates(): Promise<JudgeOption[]> {
  const judges = await getDb().judge.findMany({
    orderBy: [{ name: "asc" }, { version: "asc" }],
    select: { id: true, name: true, version: true, kind: true, _count: { select: { scores: true, labels: true } } },
  });
  return judges.map(({ _count, ...judge }) => ({ ...judge, scores: _count.scores, labels: _count.labels }));
}
