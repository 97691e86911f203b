-- Access changes name whose access changed (the user, and his company then), so that sync tells
-- only that user, or his company's customer admins, to drop a lift: nobody else learns its id.
CREATE OR REPLACE FUNCTION "lift_users_access_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	changed_user uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
BEGIN
	INSERT INTO "lift_access_changes" ("lift_id", "user_id", "company_id")
		VALUES (
			CASE WHEN TG_OP = 'DELETE' THEN OLD.lift_id ELSE NEW.lift_id END,
			changed_user,
			(SELECT "company_id" FROM "users" WHERE "id" = changed_user)
		);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "users_access_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' OR NEW.role IS DISTINCT FROM OLD.role
		OR NEW.company_id IS DISTINCT FROM OLD.company_id OR NEW.status IS DISTINCT FROM OLD.status THEN
		INSERT INTO "lift_access_changes" ("lift_id", "user_id", "company_id")
			SELECT DISTINCT "lift_id", OLD.id, OLD.company_id FROM "lift_users" WHERE "user_id" = OLD.id;
	END IF;
	-- Lifts show their users' names: a rename sends those lifts again (a new sync position only;
	-- their version stays, so nobody's offline edit of the lift turns into a conflict).
	IF TG_OP = 'UPDATE' AND NEW.display_name IS DISTINCT FROM OLD.display_name THEN
		UPDATE "lifts" SET "sync_seq" = "sync_seq"
			WHERE "id" IN (SELECT "lift_id" FROM "lift_users" WHERE "user_id" = NEW.id);
	END IF;
	-- A BEFORE trigger that returns NULL would cancel the delete.
	IF TG_OP = 'DELETE' THEN
		RETURN OLD;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A deleted user's assignments go with him (cascade); record them, with his company, before.
CREATE TRIGGER "users_delete_sync_lock" BEFORE DELETE ON "users"
	FOR EACH STATEMENT EXECUTE FUNCTION "sync_lock"();
--> statement-breakpoint
CREATE TRIGGER "users_delete_access_change" BEFORE DELETE ON "users"
	FOR EACH ROW EXECUTE FUNCTION "users_access_change"();
