import "server-only";
import { MAX_CHART_POINTS, MAX_DEPTH_BOUNDARIES } from "@/lib/sessions/session-params";
import type { ChartPoint, SessionChart } from "@/lib/sessions/session-detail";
import { getDb } from "../db";

/**
 * The session's charts, aggregated by the database: each turn is a point up to
 * MAX_CHART_POINTS turns; a longer session is cut into runs of ceil(turns / MAX_CHART_POINTS)
 * consecutive turns (by position), each one point with the mean, lowest and highest affect
 * and the mean score of the turns the judge scored. So the page draws a bounded number of
 * points whatever the session's length. Depth boundaries: null when there are too many to draw.
 */
export async function findSessionChart(sessionId: number, judgeId: number | null): Promise<SessionChart> {
  const db = getDb();
  const [points, boundaries] = await Promise.all([
    db.$queryRaw<Array<ChartPoint & { bucketSize: number }>>`
      WITH size AS (
        SELECT greatest(1, ceil(count(*) / ${MAX_CHART_POINTS}::numeric))::int AS b FROM turns WHERE session_id = ${sessionId}::int
      )
      SELECT (min(t.ordinal) + 1)::int AS "firstTurn", (max(t.ordinal) + 1)::int AS "lastTurn",
        CASE WHEN min(t.persona_id) = max(t.persona_id) THEN min(t.persona_id) END AS "personaId",
        CASE WHEN min(t.depth_index) = max(t.depth_index) AND count(t.depth_index) = count(*) THEN min(t.depth_index) END AS depth,
        avg(t.affect_amplitude) AS affect, min(t.affect_amplitude) AS "affectMin", max(t.affect_amplitude) AS "affectMax",
        avg(s.overall_score) AS score, max(size.b) AS "bucketSize"
      FROM turns t CROSS JOIN size
        LEFT JOIN judge_scores s ON s.turn_id = t.id AND s.judge_id = ${judgeId}::int
      WHERE t.session_id = ${sessionId}::int
      GROUP BY t.ordinal / size.b
      ORDER BY t.ordinal / size.b`,
    db.$queryRaw<Array<{ turn: number; depth: number }>>`
      SELECT ordinal + 1 AS turn, depth_index AS depth FROM (
        SELECT ordinal, depth_index, lag(depth_index) OVER (ORDER BY ordinal) AS previous
        FROM turns WHERE session_id = ${sessionId}::int AND depth_index IS NOT NULL
      ) d
      WHERE previous IS NOT NULL AND depth_index <> previous
      ORDER BY ordinal LIMIT ${MAX_DEPTH_BOUNDARIES + 1}::int`,
  ]);
  return {
    bucketSize: points[0]?.bucketSize ?? 1,
    points: points.map(({ bucketSize: _size, ...point }) => point),
    depthBoundaries: boundaries.length > MAX_DEPTH_BOUNDARIES ? null : boundaries,
  };
}
