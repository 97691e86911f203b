-- Lift list pages are shared for a second per process (docs/api.md#lift-list). A change to which
-- lifts a user sees, from whichever process or by hand, is said on the channel lift_lists_changed,
-- and every process drops its shared scopes and pages when the change commits: a lift that left a
-- user's scope is not listed from another process's memory. Statement triggers, so a batch says it
-- once; ingest's updates of lift rows do not name these columns and stay silent.
CREATE FUNCTION "notify_lift_lists_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('lift_lists_changed', '');
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "lifts_lists_changed" AFTER INSERT OR DELETE OR UPDATE OF "deleted_at", "uid" ON "lifts"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_lift_lists_changed"();
--> statement-breakpoint
CREATE TRIGGER "lift_users_lists_changed" AFTER INSERT OR UPDATE OR DELETE ON "lift_users"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_lift_lists_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_lists_changed" AFTER UPDATE OF "company_id", "display_name" ON "users"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_lift_lists_changed"();
