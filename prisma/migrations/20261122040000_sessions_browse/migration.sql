-- Indexes for browsing sessions (/sessions, GET /api/v1/sessions): sorting, filtering and
-- text search over 100,000 sessions and 1,000,000 turns (bench/browse.bench.ts).
-- Indexes only: no table, column or data changes.

-- Text search over seed prompts and responses: full text with the `simple` configuration
-- (no stemming and no stop words, so Korean and English are treated alike) and prefix
-- queries. Queries must use exactly these expressions for PostgreSQL to use the indexes.
CREATE INDEX IF NOT EXISTS "turns_response_fts_idx"
  ON "turns" USING gin (to_tsvector('simple'::regconfig, "response"));
CREATE INDEX IF NOT EXISTS "eval_sessions_seed_prompt_fts_idx"
  ON "eval_sessions" USING gin (to_tsvector('simple'::regconfig, COALESCE("seed_prompt", '')));

-- Sort by start time (the import time when the log had none), newest or oldest first,
-- with the id as tie-break: one index walked in either direction stops after the page.
CREATE INDEX IF NOT EXISTS "eval_sessions_started_or_created_id_idx"
  ON "eval_sessions" ((COALESCE("started_at", "created_at")), "id");

-- Sort by number of turns, with the id as tie-break.
CREATE INDEX IF NOT EXISTS "eval_sessions_turn_count_id_idx" ON "eval_sessions" ("turn_count", "id");

-- "Persona present" probes and each row's persona mix, read from the index alone.
CREATE INDEX IF NOT EXISTS "turns_session_id_persona_id_idx" ON "turns" ("session_id", "persona_id");

-- "Scored by judge" and per-judge score lookups by turn, read from the index alone.
CREATE INDEX IF NOT EXISTS "judge_scores_judge_id_turn_id_idx" ON "judge_scores" ("judge_id", "turn_id") INCLUDE ("overall_score");

-- Turn → session (and position) without reading the turns heap, whose rows carry the
-- response text: for ratings and judge scores grouped by session (rated share, "has human
-- ratings", sort by average score).
CREATE INDEX IF NOT EXISTS "turns_id_session_id_idx" ON "turns" ("id") INCLUDE ("session_id", "ordinal");
