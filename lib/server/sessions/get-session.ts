import "server-only";
import type { QualityCutoffs } from "@/lib/judge";
import { TURN_PAGE_SIZE } from "@/lib/sessions/session-params";
import type { SessionDetail } from "@/lib/sessions/session-detail";
import { compareWithImported, summaryFromTotals } from "@/lib/sessions/session-summary";
import { getDb } from "../db";
import { findSessionChart } from "./find-session-chart";
import { findSessionJudges } from "./find-session-judges";
import { findSummaryTotals } from "./find-summary-totals";
import { findTurnPage } from "./find-turn-page";

export type GetSessionOptions = {
  cutoffs: QualityCutoffs;
  /** Use this judge's scores; by default `preferredJudgeId` when it scored the session, else its first judge. */
  judgeId?: number;
  /** The active thresholds' scoring judge (lib/server/thresholds/get-scoring-judge.ts). */
  preferredJudgeId?: number;
  /** Rater names are for signed-in admins and viewers; API keys see rater ids only. */
  includeRaterNames: boolean;
  /** Which page of turns (from 1, TURN_PAGE_SIZE a page); past the last one, no turns. */
  page?: number;
};

/**
 * One session: its judges, the recomputed summary and the charts (aggregated by the
 * database over every turn), and one page of its turns with scores, labels and ratings.
 * The work is bounded by the page size and the chart's points, whatever the session's
 * length (a 44,081-turn session once made a single query with too many bind variables).
 * Null when the session does not exist.
 */
export async function getSession(id: number, options: GetSessionOptions): Promise<SessionDetail | null> {
  const [session, judges] = await Promise.all([
    getDb().evalSession.findUnique({
      where: { id },
      select: {
        id: true, externalId: true, kind: true, seedPrompt: true, startedAt: true, endedAt: true,
        createdAt: true, turnCount: true, importId: true, importedSummary: true, ratedTurnCount: true,
      },
    }),
    findSessionJudges(id),
  ]);
  if (!session) return null;

  const wanted = options.judgeId ?? options.preferredJudgeId;
  const judge =
    (wanted === undefined ? undefined : judges.find((candidate) => candidate.id === wanted)) ??
    (options.judgeId === undefined ? judges[0] : undefined) ??
    null;
  const judgeId = judge?.id ?? null;
  const page = options.page ?? 1;
  const [totals, chart, turns] = await Promise.all([
    findSummaryTotals(id, judgeId),
    findSessionChart(id, judgeId),
    findTurnPage(id, { judgeId, page, pageSize: TURN_PAGE_SIZE, includeRaterNames: options.includeRaterNames }),
  ]);
  const summary = summaryFromTotals(totals, options.cutoffs);
  const { importedSummary, ...sessionFields } = session;
  return {
    session: sessionFields,
    judges,
    judge: judge === null ? null : { id: judge.id, name: judge.name, version: judge.version, kind: judge.kind },
    scoredTurns: totals.scoredTurns,
    turns,
    turnPage: { page, pageSize: TURN_PAGE_SIZE, total: totals.turnCount },
    chart,
    summary,
    comparison: compareWithImported(importedSummary, summary),
  };
}
