import "server-only";
import type { QualityCutoffs } from "@/lib/judge";
import type { ListQuery } from "@/lib/sessions/list-query.schema";
import type { SessionListPage } from "@/lib/sessions/session-list";
import { findSessionPageIds } from "./find-session-page-ids";
import { findSessionRows } from "./find-session-rows";

/**
 * One page of the sessions list under the given quality cut-offs (the active thresholds, or
 * others to preview): first the page's ids and the count, then the page's figures.
 */
/** `preferredJudgeId`: the judge whose scores a session shows when no judge filter is set (the active thresholds' scoring judge). */
export async function findSessions(query: ListQuery, cutoffs: QualityCutoffs, preferredJudgeId?: number): Promise<SessionListPage> {
  const { ids, total, isTotalCapped } = await findSessionPageIds(query, cutoffs, preferredJudgeId);
  const hasNextPage = ids.length > query.pageSize;
  const rows = await findSessionRows(ids.slice(0, query.pageSize), { judgeId: query.judge, preferredJudgeId, cutoffs });
  return { rows, page: query.page, pageSize: query.pageSize, total, isTotalCapped, hasNextPage };
}
