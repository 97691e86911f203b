CREATE TABLE "alarm_notification_counts" (
	"user_id" uuid NOT NULL,
	"hour" integer NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "alarm_notification_counts_user_id_hour_pk" PRIMARY KEY("user_id","hour")
);
--> statement-breakpoint
ALTER TABLE "alarm_notification_counts" ADD CONSTRAINT "alarm_notification_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;