import "server-only";
import type { QualityCutoffs } from "@/lib/judge";
import type { JudgeRef, SessionDetail, TurnDetail } from "@/lib/sessions/session-detail";
import { compareWithImported, summarizeTurns } from "@/lib/sessions/session-summary";
import { readTurnMetrics } from "@/lib/sessions/turn-metrics.schema";
import { getDb } from "../db";

export type GetSessionOptions = {
  cutoffs: QualityCutoffs;
  /** Use this judge's scores; by default `preferredJudgeId` when it scored the session, else its first judge. */
  judgeId?: number;
  /** The active thresholds' scoring judge (lib/server/thresholds/get-scoring-judge.ts). */
  preferredJudgeId?: number;
  /** Rater names are for signed-in admins and viewers; API keys see rater ids only. */
  includeRaterNames: boolean;
};

type Resonance = Parameters<typeof summarizeTurns>[0][number]["resonance"];

/** One session with its turns, scores, human ratings and recomputed summary; null when absent. */
export async function getSession(id: number, options: GetSessionOptions): Promise<SessionDetail | null> {
  const db = getDb();
  const [session, turns] = await Promise.all([
    db.evalSession.findUnique({
      where: { id },
      select: {
        id: true, externalId: true, kind: true, seedPrompt: true, startedAt: true, endedAt: true,
        createdAt: true, turnCount: true, importId: true, importedSummary: true,
      },
    }),
    db.turn.findMany({
      where: { sessionId: id },
      orderBy: { ordinal: "asc" },
      select: {
        id: true, ordinal: true, depthIndex: true, stepIndex: true, occurredAt: true, personaId: true,
        personaName: true, personaRole: true, response: true, wordCount: true, affectAmplitude: true,
        itemId: true, dimension: true,
        judgeScores: {
          select: {
            overallScore: true, metrics: true, rationale: true, isImported: true,
            judge: { select: { id: true, name: true, version: true, kind: true } },
          },
        },
        judgeLabels: {
          orderBy: { judgeId: "asc" },
          select: { label: true, labels: true, confidence: true, judge: { select: { name: true } } },
        },
        ratings: {
          orderBy: [{ createdAt: "asc" }, { id: "asc" }],
          select: {
            id: true, criterion: true, level: true, score: true, label: true, labels: true, annotator: true, source: true, rationale: true,
            createdAt: true, rater: { select: { id: true, name: true } },
          },
        },
      },
    }),
  ]);
  if (!session) return null;

  const judges = judgesOf(turns.flatMap((turn) => turn.judgeScores.map((score) => score.judge)));
  const wanted = options.judgeId ?? options.preferredJudgeId;
  const judge =
    (wanted === undefined ? undefined : judges.find((candidate) => candidate.id === wanted)) ??
    (options.judgeId === undefined ? judges[0] : undefined) ??
    null;
  const turnDetails: TurnDetail[] = turns.map(({ judgeScores, judgeLabels, ratings, ...turn }) => {
    const score = judge === null ? undefined : judgeScores.find((candidate) => candidate.judge.id === judge.id);
    return {
      ...turn,
      // Scores recomputed under other weights keep only the components; the metric breakdown
      // (the same for every weighting) then comes from the turn's other heuristic row.
      score: score
        ? {
            overallScore: score.overallScore,
            metrics: readTurnMetrics(score.metrics ?? judgeScores.find((candidate) => candidate.metrics !== null)?.metrics ?? null),
            rationale: score.rationale,
            isImported: score.isImported,
          }
        : null,
      judgeLabels: judgeLabels.map(({ judge: labelJudge, ...answer }) => ({ ...answer, judgeName: labelJudge.name })),
      ratings: ratings.map(({ rater, ...rating }) => ({
        ...rating,
        rater: rater ? { id: rater.id, name: options.includeRaterNames ? rater.name : null } : null,
      })),
    };
  });
  const summary = summarizeTurns(
    turnDetails.map((turn) => ({
      personaId: turn.personaId,
      affectAmplitude: turn.affectAmplitude,
      overallScore: turn.score?.overallScore ?? null,
      resonance: (turn.score?.metrics?.resonance ?? null) as Resonance,
    })),
    options.cutoffs,
  );
  const { importedSummary, ...sessionFields } = session;
  return {
    session: sessionFields,
    judges,
    judge: judge === null ? null : { id: judge.id, name: judge.name, version: judge.version, kind: judge.kind },
    turns: turnDetails,
    summary,
    comparison: compareWithImported(importedSummary, summary),
  };
}

/** Distinct judges by id, lowest first, with how many turns each scored. */
function judgesOf(scored: ReadonlyArray<JudgeRef>): Array<JudgeRef & { scoredTurns: number }> {
  const byId = new Map<number, JudgeRef & { scoredTurns: number }>();
  for (const judge of scored) {
    const known = byId.get(judge.id);
    if (known) known.scoredTurns++;
    else byId.set(judge.id, { ...judge, scoredTurns: 1 });
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
