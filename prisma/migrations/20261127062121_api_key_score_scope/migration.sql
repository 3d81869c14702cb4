-- AlterEnum
ALTER TYPE "api_key_scope" ADD VALUE 'score';


-- Every server keeps the active thresholds, the retry policy and API keys in memory for
-- POST /api/v1/score; a change to any of them is announced on one channel, whichever code
-- path (a page, the CLI, another server, psql) made it, so each server drops its copy.
-- The payload names the table. last_used_at writes are not changes worth announcing.
CREATE OR REPLACE FUNCTION concord_notify_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('concord_changes', TG_TABLE_NAME);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER threshold_versions_notify_change
  AFTER INSERT OR UPDATE OR DELETE ON "threshold_versions"
  FOR EACH STATEMENT EXECUTE FUNCTION concord_notify_change();

CREATE TRIGGER settings_notify_change
  AFTER INSERT OR UPDATE OR DELETE ON "settings"
  FOR EACH STATEMENT EXECUTE FUNCTION concord_notify_change();

CREATE TRIGGER api_keys_notify_change
  AFTER INSERT OR DELETE OR UPDATE OF "key_hash", "scope", "name", "expires_at", "revoked_at" ON "api_keys"
  FOR EACH STATEMENT EXECUTE FUNCTION concord_notify_change();
