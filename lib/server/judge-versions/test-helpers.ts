import "server-only";
import { getDb } from "@/lib/server/db";
import { plantTurns, uniqueName } from "../agreement/test-helpers";

// One judge name with four versions, made in this order: v1 (close to people), v1b (scored
// no rated turn), v2 (as close as v1), v3 (shuffled levels: a regression). Under the seed
// cut-offs (0.5 / 0.65 / 0.8) the scores below are levels 1, 2, 3, 4.
export const SCORE_OF_LEVEL = [0, 0.3, 0.55, 0.7, 0.9];
export const SESSIONS = 8;
export const TURNS_PER_SESSION = 5;

export function levelsOf(s: number, t: number) {
  const truth = 1 + ((s * 3 + t * 2) % 4);
  const ratings: [string, number][] = [
    ["rater-a", truth],
    ["rater-b", Math.min(4, truth + ((s + t) % 3 === 0 ? 1 : 0))],
    ...(t % 2 === 0 ? [["rater-c", Math.max(1, truth - ((s + t) % 4 === 0 ? 1 : 0))] as [string, number]] : []),
  ];
  const v1 = truth;
  const v2 = (s + t) % 5 === 0 ? Math.min(4, truth + 1) : truth;
  const v3 = 1 + ((truth + s + 2 * t) % 4);
  return { ratings, v1, v2, v3 };
}

export async function plantVersions() {
  const name = uniqueName("drift");
  const db = getDb();
  const turns: { turnId: number; v2: number; v3: number }[] = [];
  let v1Id = 0;
  for (let s = 0; s < SESSIONS; s++) {
    const planned = Array.from({ length: TURNS_PER_SESSION }, (_, t) => levelsOf(s, t));
    const planted = await plantTurns(
      planned.map((p) => ({ score: SCORE_OF_LEVEL[p.v1], ratings: p.ratings })),
      { judge: name },
    );
    v1Id = planted.judgeId;
    planned.forEach((p, t) => turns.push({ turnId: planted.turnIds[t], v2: p.v2, v3: p.v3 }));
  }
  const version = async (label: string, minutes: number) =>
    (
      await db.$queryRawUnsafe<{ id: number }[]>(
        `INSERT INTO judges (name, version, kind, created_at) VALUES ($1, $2, 'imported', now() + ($3 || ' minutes')::interval) RETURNING id`,
        name,
        label,
        String(minutes),
      )
    )[0].id;
  await db.$executeRawUnsafe(`UPDATE judges SET created_at = now() - interval '1 hour' WHERE id = $1`, v1Id);
  await version("v1b", 1);
  const v2Id = await version("v2", 2);
  const v3Id = await version("v3", 3);
  const insert = async (judgeId: number, rows: { turnId: number; level: number }[]) =>
    db.$executeRawUnsafe(
      `INSERT INTO judge_scores (turn_id, judge_id, overall_score, is_imported) SELECT (r->>'turn')::int, $1, (r->>'score')::float8, true FROM jsonb_array_elements($2::jsonb) r`,
      judgeId,
      JSON.stringify(rows.map((r) => ({ turn: r.turnId, score: SCORE_OF_LEVEL[r.level] }))),
    );
  await insert(v2Id, turns.map((t) => ({ turnId: t.turnId, level: t.v2 })));
  // v3 leaves the last turn out: the frozen set is the other 39.
  await insert(v3Id, turns.slice(0, -1).map((t) => ({ turnId: t.turnId, level: t.v3 })));
  return { name, turns };
}
