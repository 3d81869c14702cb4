
-- CreateEnum
CREATE TYPE "role" AS ENUM ('admin', 'rater', 'viewer');

-- CreateEnum
CREATE TYPE "api_key_scope" AS ENUM ('ingest', 'read');

-- CreateEnum
CREATE TYPE "session_kind" AS ENUM ('orchestrator', 'generic');

-- CreateEnum
CREATE TYPE "import_source" AS ENUM ('cli', 'web', 'api', 'demo');

-- CreateEnum
CREATE TYPE "judge_kind" AS ENUM ('heuristic', 'llm', 'imported');

-- CreateEnum
CREATE TYPE "rating_source" AS ENUM ('queue', 'imported');

-- CreateEnum
CREATE TYPE "job_status" AS ENUM ('pending', 'running', 'done', 'failed', 'cancelled');

-- CreateEnum
CREATE TYPE "pairwise_winner" AS ENUM ('model_a', 'tie', 'model_b');

-- CreateTable
CREATE TABLE "users" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "role" "role" NOT NULL,
    "password_hash" TEXT,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "must_change_password" BOOLEAN NOT NULL DEFAULT false,
    "last_sign_in_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "auth_sessions" (
    "id" SERIAL NOT NULL,
    "token_hash" TEXT NOT NULL,
    "user_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),
    "ip_address" TEXT,
    "user_agent" TEXT,

    CONSTRAINT "auth_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invites" (
    "id" SERIAL NOT NULL,
    "token_hash" TEXT NOT NULL,
    "user_id" INTEGER NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "accepted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "invites_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sign_in_attempts" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "ip_address" TEXT NOT NULL,
    "is_success" BOOLEAN NOT NULL,
    "attempted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sign_in_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "key_hash" TEXT NOT NULL,
    "scope" "api_key_scope" NOT NULL,
    "created_by_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3),
    "last_used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "imports" (
    "id" SERIAL NOT NULL,
    "source" "import_source" NOT NULL,
    "file_name" TEXT,
    "format" "session_kind" NOT NULL,
    "content_hash" TEXT NOT NULL,
    "session_count" INTEGER NOT NULL DEFAULT 0,
    "turn_count" INTEGER NOT NULL DEFAULT 0,
    "user_id" INTEGER,
    "api_key_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "imports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "eval_sessions" (
    "id" SERIAL NOT NULL,
    "external_id" TEXT NOT NULL,
    "content_hash" TEXT NOT NULL,
    "kind" "session_kind" NOT NULL DEFAULT 'orchestrator',
    "seed_prompt" TEXT,
    "import_id" INTEGER,
    "started_at" TIMESTAMPTZ(3),
    "ended_at" TIMESTAMPTZ(3),
    "turn_count" INTEGER NOT NULL DEFAULT 0,
    "meta" JSONB,
    "imported_summary" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "eval_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "turns" (
    "id" SERIAL NOT NULL,
    "session_id" INTEGER NOT NULL,
    "ordinal" INTEGER NOT NULL,
    "depth_index" INTEGER,
    "step_index" INTEGER,
    "occurred_at" TIMESTAMPTZ(3),
    "persona_id" TEXT NOT NULL,
    "persona_name" TEXT,
    "persona_role" TEXT,
    "backend_id" TEXT,
    "backend_type" TEXT,
    "prompt_digest" TEXT,
    "response" TEXT NOT NULL,
    "word_count" INTEGER NOT NULL,
    "affect_amplitude" DOUBLE PRECISION,
    "item_id" TEXT,
    "dimension" TEXT,
    "phase" JSONB,
    "state_after" JSONB,
    "raw" JSONB NOT NULL,

    CONSTRAINT "turns_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "judges" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "kind" "judge_kind" NOT NULL,
    "config" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "endpoint_id" INTEGER,

    CONSTRAINT "judges_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "judge_scores" (
    "id" SERIAL NOT NULL,
    "turn_id" INTEGER NOT NULL,
    "judge_id" INTEGER NOT NULL,
    "overall_score" DOUBLE PRECISION NOT NULL,
    "length_score" DOUBLE PRECISION,
    "sentiment_score" DOUBLE PRECISION,
    "completeness_score" DOUBLE PRECISION,
    "critical_intensity" DOUBLE PRECISION,
    "impact_score" DOUBLE PRECISION,
    "metrics" JSONB,
    "rationale" TEXT,
    "raw_output" JSONB,
    "is_imported" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "judge_scores_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "threshold_versions" (
    "id" SERIAL NOT NULL,
    "version" INTEGER NOT NULL,
    "fair_cutoff" DOUBLE PRECISION NOT NULL,
    "good_cutoff" DOUBLE PRECISION NOT NULL,
    "excellent_cutoff" DOUBLE PRECISION NOT NULL,
    "persona_weights" JSONB NOT NULL,
    "note" TEXT NOT NULL,
    "is_active" BOOLEAN NOT NULL DEFAULT false,
    "based_on_id" INTEGER,
    "author_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "threshold_versions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rubrics" (
    "id" SERIAL NOT NULL,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "rubrics_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rubric_versions" (
    "id" SERIAL NOT NULL,
    "rubric_id" INTEGER NOT NULL,
    "version" INTEGER NOT NULL,
    "criteria" JSONB NOT NULL,
    "note" TEXT,
    "is_active" BOOLEAN NOT NULL DEFAULT false,
    "created_by_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "rubric_versions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ratings" (
    "id" SERIAL NOT NULL,
    "turn_id" INTEGER NOT NULL,
    "rater_id" INTEGER,
    "annotator" TEXT,
    "rubric_version_id" INTEGER,
    "criterion" TEXT NOT NULL DEFAULT 'overall',
    "level" INTEGER,
    "score" DOUBLE PRECISION,
    "rationale" TEXT,
    "time_spent_ms" INTEGER,
    "is_gold" BOOLEAN NOT NULL DEFAULT false,
    "source" "rating_source" NOT NULL DEFAULT 'queue',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ratings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rating_leases" (
    "turn_id" INTEGER NOT NULL,
    "rater_id" INTEGER NOT NULL,
    "leased_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "rating_leases_pkey" PRIMARY KEY ("turn_id")
);

-- CreateTable
CREATE TABLE "rating_skips" (
    "turn_id" INTEGER NOT NULL,
    "rater_id" INTEGER NOT NULL,
    "skipped_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "rating_skips_pkey" PRIMARY KEY ("turn_id","rater_id")
);

-- CreateTable
CREATE TABLE "gold_items" (
    "id" SERIAL NOT NULL,
    "turn_id" INTEGER NOT NULL,
    "criterion" TEXT NOT NULL DEFAULT 'overall',
    "level" INTEGER NOT NULL,
    "note" TEXT,
    "created_by_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "gold_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "adjudications" (
    "id" SERIAL NOT NULL,
    "turn_id" INTEGER NOT NULL,
    "criterion" TEXT NOT NULL DEFAULT 'overall',
    "level" INTEGER NOT NULL,
    "note" TEXT,
    "adjudicator_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "adjudications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "settings" (
    "key" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "settings_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "judge_endpoints" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "base_url" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "api_key_ciphertext" TEXT,
    "temperature" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "max_concurrency" INTEGER NOT NULL DEFAULT 2,
    "requests_per_minute" INTEGER NOT NULL DEFAULT 60,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "judge_endpoints_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "jobs" (
    "id" SERIAL NOT NULL,
    "kind" TEXT NOT NULL,
    "status" "job_status" NOT NULL DEFAULT 'pending',
    "payload" JSONB NOT NULL,
    "total" INTEGER NOT NULL DEFAULT 0,
    "completed" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "run_after" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locked_by" TEXT,
    "locked_until" TIMESTAMPTZ(3),
    "endpoint_id" INTEGER,
    "created_by_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "jobs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pairwise_comparisons" (
    "id" SERIAL NOT NULL,
    "turn_a_id" INTEGER NOT NULL,
    "turn_b_id" INTEGER NOT NULL,
    "judge_id" INTEGER NOT NULL,
    "pass1_winner" "pairwise_winner",
    "pass1_confidence" DOUBLE PRECISION,
    "pass2_winner" "pairwise_winner",
    "pass2_confidence" DOUBLE PRECISION,
    "winner" "pairwise_winner",
    "confidence" DOUBLE PRECISION,
    "human_winner" "pairwise_winner",
    "raw_output" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pairwise_comparisons_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE UNIQUE INDEX "auth_sessions_token_hash_key" ON "auth_sessions"("token_hash");

-- CreateIndex
CREATE INDEX "auth_sessions_user_id_idx" ON "auth_sessions"("user_id");

-- CreateIndex
CREATE INDEX "auth_sessions_expires_at_idx" ON "auth_sessions"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "invites_token_hash_key" ON "invites"("token_hash");

-- CreateIndex
CREATE INDEX "invites_user_id_idx" ON "invites"("user_id");

-- CreateIndex
CREATE INDEX "sign_in_attempts_email_attempted_at_idx" ON "sign_in_attempts"("email", "attempted_at");

-- CreateIndex
CREATE INDEX "sign_in_attempts_ip_address_attempted_at_idx" ON "sign_in_attempts"("ip_address", "attempted_at");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_key_hash_key" ON "api_keys"("key_hash");

-- CreateIndex
CREATE INDEX "imports_created_at_idx" ON "imports"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "eval_sessions_external_id_key" ON "eval_sessions"("external_id");

-- CreateIndex
CREATE INDEX "eval_sessions_started_at_id_idx" ON "eval_sessions"("started_at", "id");

-- CreateIndex
CREATE INDEX "eval_sessions_created_at_id_idx" ON "eval_sessions"("created_at", "id");

-- CreateIndex
CREATE INDEX "eval_sessions_import_id_idx" ON "eval_sessions"("import_id");

-- CreateIndex
CREATE INDEX "turns_persona_id_idx" ON "turns"("persona_id");

-- CreateIndex
CREATE INDEX "turns_occurred_at_idx" ON "turns"("occurred_at");

-- CreateIndex
CREATE UNIQUE INDEX "turns_session_id_ordinal_key" ON "turns"("session_id", "ordinal");

-- CreateIndex
CREATE UNIQUE INDEX "judges_name_version_key" ON "judges"("name", "version");

-- CreateIndex
CREATE INDEX "judge_scores_judge_id_overall_score_idx" ON "judge_scores"("judge_id", "overall_score");

-- CreateIndex
CREATE UNIQUE INDEX "judge_scores_turn_id_judge_id_key" ON "judge_scores"("turn_id", "judge_id");

-- CreateIndex
CREATE UNIQUE INDEX "threshold_versions_version_key" ON "threshold_versions"("version");

-- CreateIndex
CREATE UNIQUE INDEX "rubrics_key_key" ON "rubrics"("key");

-- CreateIndex
CREATE UNIQUE INDEX "rubric_versions_rubric_id_version_key" ON "rubric_versions"("rubric_id", "version");

-- CreateIndex
CREATE INDEX "ratings_rater_id_created_at_idx" ON "ratings"("rater_id", "created_at");

-- CreateIndex
CREATE INDEX "ratings_created_at_idx" ON "ratings"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "ratings_turn_id_rater_id_criterion_key" ON "ratings"("turn_id", "rater_id", "criterion");

-- CreateIndex
CREATE UNIQUE INDEX "ratings_turn_id_annotator_criterion_key" ON "ratings"("turn_id", "annotator", "criterion");

-- CreateIndex
CREATE INDEX "rating_leases_rater_id_idx" ON "rating_leases"("rater_id");

-- CreateIndex
CREATE INDEX "rating_leases_expires_at_idx" ON "rating_leases"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "gold_items_turn_id_criterion_key" ON "gold_items"("turn_id", "criterion");

-- CreateIndex
CREATE UNIQUE INDEX "adjudications_turn_id_criterion_key" ON "adjudications"("turn_id", "criterion");

-- CreateIndex
CREATE UNIQUE INDEX "judge_endpoints_name_key" ON "judge_endpoints"("name");

-- CreateIndex
CREATE INDEX "jobs_status_run_after_idx" ON "jobs"("status", "run_after");

-- CreateIndex
CREATE UNIQUE INDEX "pairwise_comparisons_turn_a_id_turn_b_id_judge_id_key" ON "pairwise_comparisons"("turn_a_id", "turn_b_id", "judge_id");

-- AddForeignKey
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invites" ADD CONSTRAINT "invites_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "imports" ADD CONSTRAINT "imports_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "imports" ADD CONSTRAINT "imports_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "eval_sessions" ADD CONSTRAINT "eval_sessions_import_id_fkey" FOREIGN KEY ("import_id") REFERENCES "imports"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "turns" ADD CONSTRAINT "turns_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "eval_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "judges" ADD CONSTRAINT "judges_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "judge_endpoints"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "judge_scores" ADD CONSTRAINT "judge_scores_turn_id_fkey" FOREIGN KEY ("turn_id") REFERENCES "turns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "judge_scores" ADD CONSTRAINT "judge_scores_judge_id_fkey" FOREIGN KEY ("judge_id") REFERENCES "judges"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "threshold_versions" ADD CONSTRAINT "threshold_versions_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "threshold_versions" ADD CONSTRAINT "threshold_versions_based_on_id_fkey" FOREIGN KEY ("based_on_id") REFERENCES "threshold_versions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rubric_versions" ADD CONSTRAINT "rubric_versions_rubric_id_fkey" FOREIGN KEY ("rubric_id") REFERENCES "rubrics"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rubric_versions" ADD CONSTRAINT "rubric_versions_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_turn_id_fkey" FOREIGN KEY ("turn_id") REFERENCES "turns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_rater_id_fkey" FOREIGN KEY ("rater_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_rubric_version_id_fkey" FOREIGN KEY ("rubric_version_id") REFERENCES "rubric_versions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rating_leases" ADD CONSTRAINT "rating_leases_turn_id_fkey" FOREIGN KEY ("turn_id") REFERENCES "turns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rating_leases" ADD CONSTRAINT "rating_leases_rater_id_fkey" FOREIGN KEY ("rater_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rating_skips" ADD CONSTRAINT "rating_skips_turn_id_fkey" FOREIGN KEY ("turn_id") REFERENCES "turns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rating_skips" ADD CONSTRAINT "rating_skips_rater_id_fkey" FOREIGN KEY ("rater_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "gold_items" ADD CONSTRAINT "gold_items_turn_id_fkey" FOREIGN KEY ("turn_id") REFERENCES "turns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "gold_items" ADD CONSTRAINT "gold_items_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "adjudications" ADD CONSTRAINT "adjudications_turn_id_fkey" FOREIGN KEY ("turn_id") REFERENCES "turns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "adjudications" ADD CONSTRAINT "adjudications_adjudicator_id_fkey" FOREIGN KEY ("adjudicator_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "judge_endpoints"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pairwise_comparisons" ADD CONSTRAINT "pairwise_comparisons_turn_a_id_fkey" FOREIGN KEY ("turn_a_id") REFERENCES "turns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pairwise_comparisons" ADD CONSTRAINT "pairwise_comparisons_turn_b_id_fkey" FOREIGN KEY ("turn_b_id") REFERENCES "turns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pairwise_comparisons" ADD CONSTRAINT "pairwise_comparisons_judge_id_fkey" FOREIGN KEY ("judge_id") REFERENCES "judges"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Constraints Prisma's schema language cannot express: ranges and "one active version".
ALTER TABLE "users" ADD CONSTRAINT "users_email_lower_check" CHECK ("email" = lower("email"));
ALTER TABLE "eval_sessions" ADD CONSTRAINT "eval_sessions_turn_count_check" CHECK ("turn_count" >= 0);
ALTER TABLE "imports" ADD CONSTRAINT "imports_counts_check" CHECK ("session_count" >= 0 AND "turn_count" >= 0);
ALTER TABLE "turns" ADD CONSTRAINT "turns_ordinal_check" CHECK ("ordinal" >= 0);
ALTER TABLE "turns" ADD CONSTRAINT "turns_word_count_check" CHECK ("word_count" >= 0);
ALTER TABLE "judge_scores" ADD CONSTRAINT "judge_scores_overall_finite_check"
  CHECK ("overall_score" > '-Infinity'::float8 AND "overall_score" < 'Infinity'::float8);
ALTER TABLE "threshold_versions" ADD CONSTRAINT "threshold_versions_cutoffs_check"
  CHECK (0 <= "fair_cutoff" AND "fair_cutoff" < "good_cutoff" AND "good_cutoff" < "excellent_cutoff" AND "excellent_cutoff" <= 1);
ALTER TABLE "threshold_versions" ADD CONSTRAINT "threshold_versions_version_check" CHECK ("version" >= 1);
CREATE UNIQUE INDEX "threshold_versions_one_active" ON "threshold_versions" ("is_active") WHERE "is_active";
ALTER TABLE "rubric_versions" ADD CONSTRAINT "rubric_versions_version_check" CHECK ("version" >= 1);
CREATE UNIQUE INDEX "rubric_versions_one_active" ON "rubric_versions" ("rubric_id") WHERE "is_active";
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_value_check" CHECK ("level" IS NOT NULL OR "score" IS NOT NULL);
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_level_check" CHECK ("level" BETWEEN 1 AND 10);
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_score_finite_check"
  CHECK ("score" > '-Infinity'::float8 AND "score" < 'Infinity'::float8);
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_who_check" CHECK ("rater_id" IS NOT NULL OR "annotator" IS NOT NULL);
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_time_spent_check" CHECK ("time_spent_ms" >= 0);
ALTER TABLE "rating_leases" ADD CONSTRAINT "rating_leases_expiry_check" CHECK ("expires_at" > "leased_at");
ALTER TABLE "gold_items" ADD CONSTRAINT "gold_items_level_check" CHECK ("level" BETWEEN 1 AND 10);
ALTER TABLE "adjudications" ADD CONSTRAINT "adjudications_level_check" CHECK ("level" BETWEEN 1 AND 10);
ALTER TABLE "judge_endpoints" ADD CONSTRAINT "judge_endpoints_limits_check"
  CHECK ("temperature" BETWEEN 0 AND 2 AND "max_concurrency" >= 1 AND "requests_per_minute" >= 1);
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_progress_check"
  CHECK ("total" >= 0 AND "completed" >= 0 AND "failed" >= 0 AND "attempts" >= 0);
ALTER TABLE "pairwise_comparisons" ADD CONSTRAINT "pairwise_comparisons_distinct_check" CHECK ("turn_a_id" <> "turn_b_id");
ALTER TABLE "pairwise_comparisons" ADD CONSTRAINT "pairwise_comparisons_confidence_check"
  CHECK ("confidence" BETWEEN 0 AND 1 AND "pass1_confidence" BETWEEN 0 AND 1 AND "pass2_confidence" BETWEEN 0 AND 1);
