-- The rating queue (issue 8). queue_items holds, for every turn the heuristic judge scored,
-- what the queue orders and filters by: persona, judge score and the number of "overall"
-- ratings the turn has. Triggers keep it current whoever writes judge scores or ratings (the
-- importer, the demo seed, the queue itself), so taking the next item reads a few entries of
-- (persona_id, rating_count, judge_score) near each quality cut-off instead of counting the
-- ratings of every turn. The judge score is stored rather than its distance to a cut-off, so
-- the order follows the active thresholds at once when an admin changes them.

-- CreateTable
CREATE TABLE "queue_items" (
    "turn_id" INTEGER NOT NULL,
    "persona_id" TEXT NOT NULL,
    "session_id" INTEGER NOT NULL,
    "occurred_at" TIMESTAMPTZ(3),
    "judge_score" DOUBLE PRECISION NOT NULL,
    "rating_count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "queue_items_pkey" PRIMARY KEY ("turn_id")
);

-- CreateIndex
CREATE INDEX "queue_items_persona_id_rating_count_judge_score_idx" ON "queue_items"("persona_id", "rating_count", "judge_score");

-- CreateIndex
CREATE INDEX "queue_items_session_id_idx" ON "queue_items"("session_id");

-- AddForeignKey
ALTER TABLE "queue_items" ADD CONSTRAINT "queue_items_turn_id_fkey" FOREIGN KEY ("turn_id") REFERENCES "turns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "queue_items" ADD CONSTRAINT "queue_items_rating_count_check" CHECK ("rating_count" >= 0);

-- A turn enters the queue when the heuristic judge v1 (the seed's weights) scores it (a later
-- v1 score replaces the earlier one). Scores recomputed under other weights (judge versions
-- v1-w…) do not touch the queue, so recomputing a version that is not active cannot reorder it. Statement-level with a transition table: one INSERT per import batch.
CREATE FUNCTION "queue_items_add_scored"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO queue_items (turn_id, persona_id, session_id, occurred_at, judge_score, rating_count)
  SELECT DISTINCT ON (n.turn_id)
         n.turn_id, t.persona_id, t.session_id, COALESCE(t.occurred_at, s.started_at, s.created_at), n.overall_score,
         (SELECT count(*) FROM ratings r WHERE r.turn_id = n.turn_id AND r.criterion = 'overall')
  FROM new_scores n
  JOIN judges j ON j.id = n.judge_id AND j.name = 'heuristic' AND j.version = 'v1'
  JOIN turns t ON t.id = n.turn_id
  JOIN eval_sessions s ON s.id = t.session_id
  ORDER BY n.turn_id, n.id DESC
  ON CONFLICT (turn_id) DO UPDATE SET judge_score = EXCLUDED.judge_score;
  RETURN NULL;
END
$$;

CREATE TRIGGER "judge_scores_queue_insert" AFTER INSERT ON "judge_scores"
  REFERENCING NEW TABLE AS new_scores FOR EACH STATEMENT EXECUTE FUNCTION "queue_items_add_scored"();
CREATE TRIGGER "judge_scores_queue_update" AFTER UPDATE ON "judge_scores"
  REFERENCING NEW TABLE AS new_scores FOR EACH STATEMENT EXECUTE FUNCTION "queue_items_add_scored"();

-- rating_count follows the "overall" ratings of the turn, from any source.
CREATE FUNCTION "queue_items_count_ratings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE queue_items q SET rating_count = q.rating_count - c.n
    FROM (SELECT turn_id, count(*) AS n FROM old_ratings WHERE criterion = 'overall' GROUP BY turn_id) c
    WHERE q.turn_id = c.turn_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    UPDATE queue_items q SET rating_count = q.rating_count + c.n
    FROM (SELECT turn_id, count(*) AS n FROM new_ratings WHERE criterion = 'overall' GROUP BY turn_id) c
    WHERE q.turn_id = c.turn_id;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "ratings_queue_insert" AFTER INSERT ON "ratings"
  REFERENCING NEW TABLE AS new_ratings FOR EACH STATEMENT EXECUTE FUNCTION "queue_items_count_ratings"();
CREATE TRIGGER "ratings_queue_update" AFTER UPDATE ON "ratings"
  REFERENCING OLD TABLE AS old_ratings NEW TABLE AS new_ratings FOR EACH STATEMENT EXECUTE FUNCTION "queue_items_count_ratings"();
CREATE TRIGGER "ratings_queue_delete" AFTER DELETE ON "ratings"
  REFERENCING OLD TABLE AS old_ratings FOR EACH STATEMENT EXECUTE FUNCTION "queue_items_count_ratings"();

-- Turns scored before this migration.
INSERT INTO queue_items (turn_id, persona_id, session_id, occurred_at, judge_score, rating_count)
SELECT DISTINCT ON (js.turn_id)
       js.turn_id, t.persona_id, t.session_id, COALESCE(t.occurred_at, s.started_at, s.created_at), js.overall_score,
       (SELECT count(*) FROM ratings r WHERE r.turn_id = js.turn_id AND r.criterion = 'overall')
FROM judge_scores js
JOIN judges j ON j.id = js.judge_id AND j.name = 'heuristic' AND j.version = 'v1'
JOIN turns t ON t.id = js.turn_id
JOIN eval_sessions s ON s.id = t.session_id
ORDER BY js.turn_id, js.id DESC;

