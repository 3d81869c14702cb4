import "server-only";
import type { JudgeKind } from "@/prisma/generated/client";
import type { Tx } from "./import-types";

export const HEURISTIC_JUDGE = { name: "heuristic", version: "v1", kind: "heuristic" } as const;

/**
 * The id of judge name+version, created on first use. Run outside an import's transaction,
 * so that a long import does not hold the new row's lock.
 */
export async function ensureJudge(client: Tx, judge: { name: string; version: string; kind: JudgeKind; model?: string }): Promise<number> {
  await client.query(
    "INSERT INTO judges (name, version, kind) VALUES ($1, $2, $3::judge_kind) ON CONFLICT (name, version) DO NOTHING",
    [judge.name, judge.version, judge.kind],
  );
  // The judge's own model, for the self-enhancement check (judges.config.model, as LLM judges keep it).
  if (judge.model !== undefined) {
    await client.query("UPDATE judges SET config = COALESCE(config, '{}'::jsonb) || jsonb_build_object('model', $3::text) WHERE name = $1 AND version = $2", [
      judge.name,
      judge.version,
      judge.model,
    ]);
  }
  const { rows } = await client.query<{ id: number }>("SELECT id FROM judges WHERE name = $1 AND version = $2", [judge.name, judge.version]);
  return rows[0].id;
}
