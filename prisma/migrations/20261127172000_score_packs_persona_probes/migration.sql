-- refresh_score_packs finds the personas of its sessions' turns by a probe of each session on
-- the (session_id, persona_id) index (a lateral subquery that cannot be flattened, OFFSET 0).
-- As a join with turns it was planned as a scan of every turn, once per import chunk: at a
-- million imported turns that statement took 50 of the import's 146 s of PostgreSQL CPU
-- (0.28 s at 100,000 turns), found with pg_stat_statements.

CREATE OR REPLACE FUNCTION "refresh_score_packs"(p_session_ids integer[]) RETURNS void LANGUAGE plpgsql
SET plan_cache_mode = force_custom_plan AS $$
DECLARE
  seed integer := score_index_judge_id();
BEGIN
  PERFORM lock_session_aggregates(p_session_ids);
  INSERT INTO score_index_personas (persona_id)
  SELECT DISTINCT t.persona_id FROM (SELECT DISTINCT id FROM unnest(p_session_ids) AS ids(id)) i
  CROSS JOIN LATERAL (SELECT DISTINCT x.persona_id FROM turns x WHERE x.session_id = i.id OFFSET 0) t
  WHERE NOT EXISTS (SELECT 1 FROM score_index_personas p WHERE p.persona_id = t.persona_id)
  ORDER BY 1
  ON CONFLICT (persona_id) DO NOTHING;

  WITH ids AS (
    SELECT DISTINCT id FROM unnest(p_session_ids) AS ids(id) WHERE id IS NOT NULL
  ), fresh AS (
    SELECT i.id AS session_id, pack.* FROM ids i CROSS JOIN LATERAL score_pack_of(i.id, seed) pack
  ), removed AS (
    DELETE FROM score_index_packs k USING ids i
    WHERE k.session_id = i.id AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.session_id = i.id)
  )
  INSERT INTO score_index_packs AS k (session_id, first_turn_id, last_turn_id, turn_count, data)
  SELECT session_id, first_turn_id, last_turn_id, turn_count, data FROM fresh
  ON CONFLICT (session_id) DO UPDATE
  SET first_turn_id = EXCLUDED.first_turn_id, last_turn_id = EXCLUDED.last_turn_id, turn_count = EXCLUDED.turn_count, data = EXCLUDED.data
  WHERE (k.first_turn_id, k.last_turn_id, k.turn_count, k.data) IS DISTINCT FROM (EXCLUDED.first_turn_id, EXCLUDED.last_turn_id, EXCLUDED.turn_count, EXCLUDED.data);
END
$$;
