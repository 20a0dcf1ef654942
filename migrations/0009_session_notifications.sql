-- Every app instance keeps signed-in sessions in memory for a few seconds (src/server/modules/auth).
-- Whatever may end a session sooner or changes who its user is (revocation, a shorter life, an idle
-- clock set back, deactivation, role, name, e-mail, deletion) tells every instance at once, so none
-- serves a revoked session from memory. The idle clock moving forward (once a minute per active
-- session) only makes a session live longer and stays quiet.
CREATE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch names only its own table's columns: plpgsql resolves a record's fields when it runs.
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('session_changes', OLD.id::text);
  ELSE
    PERFORM pg_notify('session_changes', OLD.user_id::text);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER sessions_notify_change AFTER UPDATE OF revoked_at, expires_at, last_seen_at, user_id ON sessions
  FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
    OR NEW.last_seen_at < OLD.last_seen_at OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION notify_session_change();--> statement-breakpoint
CREATE TRIGGER sessions_notify_delete AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();--> statement-breakpoint
CREATE TRIGGER users_notify_change AFTER UPDATE OF role, is_active, username, email ON users
  FOR EACH ROW WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.is_active IS DISTINCT FROM NEW.is_active
    OR OLD.username IS DISTINCT FROM NEW.username OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION notify_session_change();--> statement-breakpoint
CREATE TRIGGER users_notify_delete AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();
