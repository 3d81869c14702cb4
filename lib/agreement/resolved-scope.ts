import type { Cutoffs } from "./agreement-data";

/** The scope after the server has filled in its defaults: what the figures were computed for. */
export type ResolvedScope = {
  judge: { id: number; name: string; version: string; kind: string } | null;
  thresholds: { id: number | null; version: number; isActive: boolean; cutoffs: Cutoffs };
  persona: string | null;
  criterion: string | null;
  /** Inclusive UTC dates, YYYY-MM-DD. */
  from: string | null;
  to: string | null;
  importId: number | null;
};

/** The part of the scope the database query depends on (the cut-offs only change levels). */
export function dataScopeKey(scope: ResolvedScope): string {
  return JSON.stringify([scope.judge?.id ?? null, scope.persona, scope.criterion, scope.from, scope.to, scope.importId]);
}

export function reportScopeKey(scope: ResolvedScope): string {
  const { fair, good, excellent } = scope.thresholds.cutoffs;
  return JSON.stringify([dataScopeKey(scope), fair, good, excellent]);
}
