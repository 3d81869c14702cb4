import { z } from "zod";
import { sessionKeyCandidates } from "./session-path";

// The session page's and GET /api/v1/sessions/{id}'s inputs: the session's id in the path
// (its own id from the log; an old link's database key still resolves, see findSessionRef)
// and an optional ?judge= naming whose scores to use.

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** The path segment and judge, or null when the segment cannot name a session (a 404, not a 400). */
export function parseSessionParams(
  rawId: string,
  search: URLSearchParams | Record<string, string | string[] | undefined>,
): { key: string; judgeId?: number } | null {
  if (sessionKeyCandidates(rawId).length === 0) return null;
  const rawJudge = search instanceof URLSearchParams ? search.get("judge") : [search.judge ?? []].flat()[0];
  const judge = rawJudge ? id.safeParse(rawJudge) : null;
  return { key: rawId, ...(judge?.success ? { judgeId: judge.data } : {}) };
}

/** Turns per page of the session page and of GET /api/v1/sessions/{id}. */
export const TURN_PAGE_SIZE = 50;

/** The session page's `page=` query that shows turn `number` (from 1); "" for the first page. */
export function turnPageQuery(number: number): string {
  const page = Math.ceil(number / TURN_PAGE_SIZE);
  return page > 1 ? `page=${page}` : "";
}
/** Points a session chart draws at most: longer sessions are drawn as runs of turns. */
export const MAX_CHART_POINTS = 500;
/** Depth boundaries drawn at most; past this they would cover the chart. */
export const MAX_DEPTH_BOUNDARIES = 40;
/** The highest page asked for that is read at all (a 32-bit ordinal over 50 turns a page). */
const MAX_PAGE = 50_000_000;

/** `?page=` of the session's turns: 1 when absent, else a whole number from 1, or the problem with it. */
export function parseTurnPage(
  search: URLSearchParams | Record<string, string | string[] | undefined>,
): { page: number; problem?: undefined } | { page: 1; problem: string } {
  const raw = search instanceof URLSearchParams ? search.get("page") : [search.page ?? []].flat()[0];
  if (raw === null || raw === undefined) return { page: 1 };
  const page = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!(page >= 1 && page <= MAX_PAGE)) return { page: 1, problem: `page must be a whole number from 1 to ${MAX_PAGE} (got "${raw.slice(0, 40)}")` };
  return { page };
}
