import { afterEach, describe, expect, it } from "vitest";
import { agreementFigures } from "@/lib/calibration/agreement-figures";
import { uniformSource } from "@/lib/stats/seeded-random";
import { SEED_THRESHOLDS, type Thresholds } from "@/lib/thresholds/thresholds.schema";
import { findThresholdVersion } from "./find-threshold-version";
import { getScoringJudge } from "./get-scoring-judge";
import { loadHumanLevels } from "./load-human-levels";
import { previewThresholds } from "./preview-thresholds";
import { runRecomputeJobs } from "./run-recompute-jobs";
import { saveThresholdVersion } from "./save-threshold-version";
import { scorePool } from "./score-pool";
import { insertScoredSession, useScratchDatabase, type TurnSpec } from "./thresholds-test-data";

const PERSONAS = ["thesis", "antithesis", "synthesis", "monitor"];
const DRAFT: Thresholds = {
  cutoffs: { fair: 0.4, good: 0.6, excellent: 0.75 },
  weights: {
    ...SEED_THRESHOLDS.weights,
    thesis: { length: 0.35, sentiment: 0.15, completeness: 0.5 },
    antithesis: { length: 0.1, sentiment: 0.2, completeness: 0.3, critical_intensity: 0.4 },
    default: { length: 0.5, sentiment: 0.25, completeness: 0.25 },
  },
};

/** 10,000 turns in 400 sessions of 10 to 40 turns; a metric missing now and then; a fifth rated, a few adjudicated. */
function sessions(): TurnSpec[][] {
  const uniform = uniformSource(2026);
  const two = () => Math.round(uniform() * 100) / 100;
  const all: TurnSpec[][] = [];
  let left = 10_000;
  while (left > 0) {
    const size = Math.min(left, 10 + Math.floor(uniform() * 31));
    left -= size;
    all.push(
      Array.from({ length: size }, (_, i) => {
        const personaId = PERSONAS[(i + all.length) % PERSONAS.length];
        const isRated = uniform() < 0.2;
        return {
          personaId,
          length: uniform() < 0.02 ? null : two(),
          sentiment: uniform() < 0.02 ? null : two() * 2 - 1,
          completeness: uniform() < 0.02 ? null : uniform() < 0.5 ? two() : uniform(),
          critical: personaId === "antithesis" && uniform() < 0.9 ? two() : null,
          ...(isRated ? { ratings: [1 + Math.floor(uniform() * 4), 1 + Math.floor(uniform() * 4)] } : {}),
          ...(isRated && uniform() < 0.1 ? { adjudicated: 1 + Math.floor(uniform() * 4) } : {}),
        };
      }),
    );
  }
  return all;
}

const LEVEL = (score: string, cutoffs: Thresholds["cutoffs"]) =>
  `CASE WHEN ${score} >= ${cutoffs.excellent} THEN 4 WHEN ${score} >= ${cutoffs.good} THEN 3 WHEN ${score} >= ${cutoffs.fair} THEN 2 ELSE 1 END`;

let drop: (() => Promise<void>) | null = null;
afterEach(async () => {
  await drop?.();
  drop = null;
});

describe("the thresholds preview against a full recompute", () => {
  it("counts on 10,000 turns exactly what saving the draft and recomputing every score gives", async () => {
    drop = await useScratchDatabase();
    for (const turns of sessions()) await insertScoredSession(turns);
    const base = await findThresholdVersion("active");

    const preview = await previewThresholds(DRAFT);

    await saveThresholdVersion({ thresholds: DRAFT, note: "recompute", basedOnId: base.id, authorId: null });
    const run = await runRecomputeJobs();
    expect(run.failed).toEqual([]);
    const draftJudge = (await getScoringJudge("active", { startRecompute: false })).judge;
    const seedJudge = (await scorePool().query<{ id: number }>("SELECT id FROM judges WHERE name = 'heuristic' AND version = 'v1'")).rows[0].id;
    const pool = scorePool();
    const { rows: turnRows } = await pool.query<{ total: number; changed: number; up: number; down: number }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE b <> a)::int AS changed, count(*) FILTER (WHERE a > b)::int AS up, count(*) FILTER (WHERE a < b)::int AS down
       FROM (SELECT ${LEVEL("v.overall_score", base.cutoffs)} AS b, ${LEVEL("w.overall_score", DRAFT.cutoffs)} AS a
             FROM judge_scores v JOIN judge_scores w ON w.turn_id = v.turn_id AND w.judge_id = $2 WHERE v.judge_id = $1) x`,
      [seedJudge, draftJudge.id],
    );
    const { rows: sessionRows } = await pool.query<{ total: number; changed: number }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE ${LEVEL("b", base.cutoffs)} <> ${LEVEL("a", DRAFT.cutoffs)})::int AS changed
       FROM (SELECT sum(v.overall_score ORDER BY v.turn_id) / count(*) AS b, sum(w.overall_score ORDER BY v.turn_id) / count(*) AS a
             FROM judge_scores v JOIN judge_scores w ON w.turn_id = v.turn_id AND w.judge_id = $2 JOIN turns t ON t.id = v.turn_id
             WHERE v.judge_id = $1 GROUP BY t.session_id) x`,
      [seedJudge, draftJudge.id],
    );
    expect(turnRows[0].total).toBe(10_000);
    expect(preview.turns).toEqual(turnRows[0]);
    expect(preview.sessions).toEqual(sessionRows[0]);
    expect(preview.turns.changed).toBeGreaterThan(1000);

    const humans = await loadHumanLevels();
    const { rows: scored } = await pool.query<{ turn_id: number; before: number; after: number }>(
      `SELECT v.turn_id, v.overall_score AS before, w.overall_score AS after FROM judge_scores v
       JOIN judge_scores w ON w.turn_id = v.turn_id AND w.judge_id = $2 WHERE v.judge_id = $1 ORDER BY v.turn_id`,
      [seedJudge, draftJudge.id],
    );
    const rated = scored.filter((row) => humans.has(row.turn_id));
    expect(preview.agreement.draft.n).toBe(rated.length);
    expect(preview.agreement.current).toEqual(agreementFigures(rated.map((row) => ({ score: row.before, level: humans.get(row.turn_id)! })), base.cutoffs));
    expect(preview.agreement.draft).toEqual(agreementFigures(rated.map((row) => ({ score: row.after, level: humans.get(row.turn_id)! })), DRAFT.cutoffs));
  });
});
