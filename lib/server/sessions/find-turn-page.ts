import "server-only";
import { judgeModelOf, modelFamily } from "@/lib/self-enhancement/model-families";
import type { TurnDetail } from "@/lib/sessions/session-detail";
import { readTurnMetrics } from "@/lib/sessions/turn-metrics.schema";
import { getDb } from "../db";

export type TurnPageOptions = {
  /** Whose score each turn shows; null: none. */
  judgeId: number | null;
  page: number;
  pageSize: number;
  includeRaterNames: boolean;
};

/**
 * One page of the session's turns, in order, with the chosen judge's score and metric
 * breakdown, every judge's labels and the human ratings. A page at a time, so that the
 * relations are read for pageSize turns, never for every turn of a long session.
 */
export async function findTurnPage(sessionId: number, options: TurnPageOptions): Promise<TurnDetail[]> {
  const turns = await getDb().turn.findMany({
    where: { sessionId },
    orderBy: { ordinal: "asc" },
    skip: (options.page - 1) * options.pageSize,
    take: options.pageSize,
    select: {
      id: true, ordinal: true, depthIndex: true, stepIndex: true, occurredAt: true, personaId: true,
      personaName: true, personaRole: true, response: true, wordCount: true, affectAmplitude: true,
      itemId: true, dimension: true, generatorModel: true,
      judgeScores: {
        orderBy: { id: "asc" },
        select: { judgeId: true, overallScore: true, metrics: true, rationale: true, isImported: true },
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
      adjudications: {
        orderBy: { criterion: "asc" },
        select: { criterion: true, level: true, note: true, createdAt: true, adjudicator: { select: { name: true } } },
      },
    },
  });
  const judge = options.judgeId === null ? null : await getDb().judge.findUnique({ where: { id: options.judgeId }, select: { name: true, kind: true, config: true } });
  const judgeFamily = judge ? modelFamily(judgeModelOf(judge)) : null;
  return turns.map(({ judgeScores, judgeLabels, ratings, adjudications, ...turn }) => {
    const isJudgeOwnFamily = judgeFamily !== null && modelFamily(turn.generatorModel) === judgeFamily;
    const score = options.judgeId === null ? undefined : judgeScores.find((candidate) => candidate.judgeId === options.judgeId);
    return {
      ...turn,
      isJudgeOwnFamily,
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
      judgeLabels: judgeLabels.map(({ judge, ...answer }) => ({ ...answer, judgeName: judge.name })),
      adjudications: adjudications.map(({ adjudicator, ...adjudication }) => ({
        ...adjudication,
        adjudicator: options.includeRaterNames ? (adjudicator?.name ?? null) : null,
      })),
      ratings: ratings.map(({ rater, ...rating }) => ({
        ...rating,
        rater: rater ? { id: rater.id, name: options.includeRaterNames ? rater.name : null } : null,
      })),
    };
  });
}
