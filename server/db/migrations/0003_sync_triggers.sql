-- Every insert or update of a mirrored row draws a new sync position. A transaction-wide advisory
-- lock makes positions commit in order: a sync reader that has seen position N has seen every
-- committed change below N, and none still in flight can take a lower one. The lock is taken by a
-- statement-level trigger, before the statement locks any row: taken in a row trigger (after the
-- row lock) it deadlocked two writers that touch the same lifts in different orders.
CREATE FUNCTION "sync_lock"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_advisory_xact_lock(7411);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "sync_position"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.sync_seq := nextval('sync_seq');
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "lifts_sync_lock" BEFORE INSERT OR UPDATE ON "lifts"
	FOR EACH STATEMENT EXECUTE FUNCTION "sync_lock"();
--> statement-breakpoint
CREATE TRIGGER "lifts_sync_position" BEFORE INSERT OR UPDATE ON "lifts"
	FOR EACH ROW EXECUTE FUNCTION "sync_position"();
--> statement-breakpoint
CREATE TRIGGER "descriptions_sync_lock" BEFORE INSERT OR UPDATE ON "descriptions"
	FOR EACH STATEMENT EXECUTE FUNCTION "sync_lock"();
--> statement-breakpoint
CREATE TRIGGER "descriptions_sync_position" BEFORE INSERT OR UPDATE ON "descriptions"
	FOR EACH ROW EXECUTE FUNCTION "sync_position"();
--> statement-breakpoint
CREATE TRIGGER "messages_sync_lock" BEFORE INSERT OR UPDATE ON "messages"
	FOR EACH STATEMENT EXECUTE FUNCTION "sync_lock"();
--> statement-breakpoint
CREATE TRIGGER "messages_sync_position" BEFORE INSERT OR UPDATE ON "messages"
	FOR EACH ROW EXECUTE FUNCTION "sync_position"();
--> statement-breakpoint
-- Whoever sees a lift may change when it is assigned or unassigned ...
CREATE TRIGGER "lift_users_sync_lock" BEFORE INSERT OR DELETE ON "lift_users"
	FOR EACH STATEMENT EXECUTE FUNCTION "sync_lock"();
--> statement-breakpoint
CREATE FUNCTION "lift_users_access_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "lift_access_changes" ("lift_id")
		VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.lift_id ELSE NEW.lift_id END);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "lift_users_access_change" AFTER INSERT OR DELETE ON "lift_users"
	FOR EACH ROW EXECUTE FUNCTION "lift_users_access_change"();
--> statement-breakpoint
-- ... or when an assigned user's role, company or status changes (customer_admin scope).
CREATE FUNCTION "users_access_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.role IS DISTINCT FROM OLD.role OR NEW.company_id IS DISTINCT FROM OLD.company_id
		OR NEW.status IS DISTINCT FROM OLD.status THEN
		INSERT INTO "lift_access_changes" ("lift_id")
			SELECT DISTINCT "lift_id" FROM "lift_users" WHERE "user_id" = NEW.id;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_sync_lock" BEFORE UPDATE ON "users"
	FOR EACH STATEMENT EXECUTE FUNCTION "sync_lock"();
--> statement-breakpoint
CREATE TRIGGER "users_access_change" AFTER UPDATE ON "users"
	FOR EACH ROW EXECUTE FUNCTION "users_access_change"();
