import { describe, expect, it } from "vitest";
import { getDb } from "../db";
import { getActiveRubric } from "../rubrics/get-active-rubric";
import { createRaters, createScoredTurns, testConfig, uniquePersona } from "./queue-test-data";
import { submitRating } from "./submit-rating";
import { takeNextItem } from "./take-next-item";

const RATERS = 20;
const ITEMS = 500;
const K = 2;

describe("many raters at once", () => {
  it(`${RATERS} raters work through ${ITEMS} items with k = ${K}: no item twice, never more than k, no lease held twice`, async () => {
    const persona = uniquePersona("crowd");
    const scores = Array.from({ length: ITEMS }, (_, i) => ({ score: ((i * 7919) % 1000) / 1000 }));
    const { turnIds } = await createScoredTurns(persona, scores);
    const raters = await createRaters(RATERS);
    const config = testConfig({ personaId: persona }, { ratingsPerTurn: K });
    const { versionId } = await getActiveRubric();
    const problems: string[] = [];
    const outcomes: string[] = [];

    await Promise.all(
      raters.map(async (raterId, index) => {
        for (;;) {
          const lease = await takeNextItem(raterId, config);
          if (!lease) return;
          // While this rater holds the item, the lease row must name them and nobody else.
          const row = await getDb().ratingLease.findUnique({ where: { turnId: lease.turnId } });
          if (row?.raterId !== raterId) problems.push(`rater ${raterId} was given turn ${lease.turnId} but the lease names ${row?.raterId}`);
          const outcome = await submitRating({
            raterId,
            turnId: lease.turnId,
            rubricVersionId: versionId,
            values: { overall: 1 + ((lease.turnId + index) % 4) },
            rationale: null,
            timeSpentMs: 10,
            ratingsPerTurn: K,
            scope: config.scope,
          });
          outcomes.push(outcome.status);
        }
      }),
    );

    expect(problems).toEqual([]);
    expect(outcomes.filter((status) => status !== "saved")).toEqual([]);
    const perTurn = await getDb().$queryRaw<{ turn_id: number; n: number; raters: number }[]>`
      SELECT turn_id, count(*)::int AS n, count(DISTINCT rater_id)::int AS raters FROM ratings
      WHERE turn_id = ANY(${turnIds}::int[]) GROUP BY turn_id`;
    expect(perTurn).toHaveLength(ITEMS);
    expect(perTurn.filter((row) => row.n !== K || row.raters !== K)).toEqual([]);
    expect(outcomes).toHaveLength(ITEMS * K);
    const counts = await getDb().queueItem.groupBy({ by: ["ratingCount"], where: { personaId: persona }, _count: true });
    expect(counts).toEqual([{ ratingCount: K, _count: ITEMS }]);
    expect(await getDb().ratingLease.count({ where: { raterId: { in: raters } } })).toBe(0);
  });
});
