import { z } from "zod";

// The session page's and GET /api/v1/sessions/{id}'s inputs: the id in the path and an
// optional ?judge= naming whose scores to use.

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** The session id and judge, or null when the id is not a session id (a 404, not a 400). */
export function parseSessionParams(
  rawId: string,
  search: URLSearchParams | Record<string, string | string[] | undefined>,
): { id: number; judgeId?: number } | null {
  const parsedId = /^\d+$/.test(rawId) ? id.safeParse(rawId) : null;
  if (!parsedId?.success) return null;
  const rawJudge = search instanceof URLSearchParams ? search.get("judge") : [search.judge ?? []].flat()[0];
  const judge = rawJudge ? id.safeParse(rawJudge) : null;
  return { id: parsedId.data, ...(judge?.success ? { judgeId: judge.data } : {}) };
}
