-- Covering indexes for the sessions list (issue 20): the list's sorts and filters read index
-- entries only, never the sessions' rows. A session row is wide (its search document is
-- stored in it), so a list that probed rows read ~8 KB per session it counted or skipped.
-- Indexes only: no table, column or data changes.
--
-- Each sort index carries every column the filters read (start time, turn count, rated
-- count, personas), so a filtered walk in sort order and a capped count are index-only
-- scans. They replace the plain sort indexes of migrations "sessions_browse" and
-- "session_aggregates" (same keys, so the same orders are served).
CREATE INDEX IF NOT EXISTS "eval_sessions_list_started_idx" ON "eval_sessions" ((COALESCE("started_at", "created_at")), "id")
  INCLUDE ("started_at", "created_at", "turn_count", "rated_turn_count", "persona_ids");
CREATE INDEX IF NOT EXISTS "eval_sessions_list_turns_idx" ON "eval_sessions" ("turn_count", "id")
  INCLUDE ("started_at", "created_at", "rated_turn_count", "persona_ids");
CREATE INDEX IF NOT EXISTS "eval_sessions_list_rated_share_idx" ON "eval_sessions" (("rated_turn_count"::float8 / GREATEST("turn_count", 1)), "id")
  INCLUDE ("started_at", "created_at", "turn_count", "rated_turn_count", "persona_ids");
DROP INDEX IF EXISTS "eval_sessions_started_or_created_id_idx";
DROP INDEX IF EXISTS "eval_sessions_turn_count_id_idx";
DROP INDEX IF EXISTS "eval_sessions_rated_share_id_idx";

-- The same columns by id: the filters checked for a list of sessions (a text search's
-- matches) or for sessions reached through their scores (sorted by average score).
CREATE INDEX IF NOT EXISTS "eval_sessions_list_id_idx" ON "eval_sessions" ("id")
  INCLUDE ("started_at", "created_at", "turn_count", "rated_turn_count", "persona_ids");

-- Each session's shown average (the row the list shows without a judge filter), by
-- session: the score filters checked while walking a sort on the session's own columns.
CREATE INDEX IF NOT EXISTS "session_scores_shown_session_id_idx" ON "session_scores" ("session_id") INCLUDE ("average_score") WHERE "is_shown";
