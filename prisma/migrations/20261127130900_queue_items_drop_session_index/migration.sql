-- A queue row's score changes on every change of display judge and every recompute under the
-- display judge's weights (issue 20), and the update is not HOT (the score is in the order
-- index), so each index of queue_items is written again for every moved row. The session_id
-- index served no query of the queue: taking an item walks (persona_id, rating_count,
-- judge_score); a row goes with its turn (turn_id); an import scope is a filter
-- (EXISTS on eval_sessions by the row's session_id), and the counts that use it read the
-- queue in full without a scope as well. Without it, a change of display judge costs about
-- a fifth less PostgreSQL CPU (paired runs, 100,000 queue rows).
DROP INDEX "queue_items_session_id_idx";
