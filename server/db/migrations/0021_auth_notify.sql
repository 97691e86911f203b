-- Session lookups are cached per process (docs/api.md#caches-and-their-bounds): a change to a user's
-- row or to one of his sessions, from whichever process or by hand, names the user on the channel
-- auth_changed, and every process drops his cached lookups when the change commits.
CREATE FUNCTION "notify_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_TABLE_NAME = 'users' THEN
		PERFORM pg_notify('auth_changed', OLD.id::text);
	ELSE
		PERFORM pg_notify('auth_changed', OLD.user_id::text);
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_auth_changed" AFTER UPDATE OR DELETE ON "users"
	FOR EACH ROW EXECUTE FUNCTION "notify_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "sessions_auth_changed" AFTER UPDATE OR DELETE ON "sessions"
	FOR EACH ROW EXECUTE FUNCTION "notify_auth_changed"();
