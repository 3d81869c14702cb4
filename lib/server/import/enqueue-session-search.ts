import "server-only";
import { SESSION_SEARCH_JOB_KIND } from "../jobs/session-search-kind";
import type { Tx } from "./import-types";

/**
 * For the rest of the import's transaction, new turns mark their sessions search_pending
 * instead of rebuilding the sessions' full-text documents in the turns trigger (migration
 * "deferred_session_search"; the text search checks pending sessions directly meanwhile).
 */
export async function deferSessionSearch(tx: Tx): Promise<void> {
  await tx.query("SET LOCAL concord.defer_session_search = 'on'");
}

/**
 * The job that builds the documents of the sessions this import gave turns, in the import's
 * transaction: it commits with the import or not at all. The server's job worker runs it.
 */
export async function enqueueSessionSearch(tx: Tx, sessionIds: readonly number[]): Promise<void> {
  await tx.query("INSERT INTO jobs (kind, payload, total) VALUES ($1, jsonb_build_object('sessionIds', $2::int[]), $3)", [
    SESSION_SEARCH_JOB_KIND,
    sessionIds,
    sessionIds.length,
  ]);
}
