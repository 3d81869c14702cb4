import type { QualityLevelName } from "@/lib/thresholds/levels";

/** One row of the sessions list, as the page and GET /api/v1/sessions show it. */
export type SessionListRow = {
  id: number;
  externalId: string;
  kind: "orchestrator" | "generic";
  /** The start of the seed prompt (at most 300 characters). */
  seedPrompt: string | null;
  startedAt: Date | null;
  /** When the session was imported; the list's time for sessions whose log had no timestamps. */
  createdAt: Date;
  turnCount: number;
  /** The judge whose scores the figures use: the one filtered on, else the session's first judge. */
  judge: { id: number; name: string; version: string } | null;
  /** Sum of that judge's overall scores over the turn count (unscored turns count 0, seed 002 §4.2). */
  averageScore: number | null;
  qualityLevel: QualityLevelName | null;
  /** Turns per persona, in order of first appearance. */
  personaMix: Array<{ personaId: string; count: number }>;
  /** Turns with at least one human rating. */
  ratedTurnCount: number;
};

export type SessionListPage = {
  rows: SessionListRow[];
  page: number;
  pageSize: number;
  /** Matching sessions; when `isTotalCapped`, at least this many. */
  total: number;
  isTotalCapped: boolean;
  hasNextPage: boolean;
};

/**
 * Counting stops here: the list shows "1,000+" rather than read further (each counted
 * session costs a probe, and a text search's a read of the session's row).
 */
export const TOTAL_COUNT_CAP = 1_000;
