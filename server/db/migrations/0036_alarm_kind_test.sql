ALTER TABLE "alarms" DROP CONSTRAINT "alarms_kind_known";--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_kind_known" CHECK ("alarms"."kind" in ('error', 'offline', 'test'));