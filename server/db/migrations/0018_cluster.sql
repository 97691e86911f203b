CREATE TABLE "cluster_nodes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_connections" (
	"node_id" uuid NOT NULL,
	"socket_id" text NOT NULL,
	"lift_id" uuid NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_connections_node_id_socket_id_pk" PRIMARY KEY("node_id","socket_id")
);
--> statement-breakpoint
CREATE TABLE "presence_sockets" (
	"node_id" uuid NOT NULL,
	"socket_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "presence_sockets_node_id_socket_id_pk" PRIMARY KEY("node_id","socket_id")
);
--> statement-breakpoint
ALTER TABLE "device_connections" ADD CONSTRAINT "device_connections_node_id_cluster_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."cluster_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_connections" ADD CONSTRAINT "device_connections_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presence_sockets" ADD CONSTRAINT "presence_sockets_node_id_cluster_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."cluster_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presence_sockets" ADD CONSTRAINT "presence_sockets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_connections_lift_idx" ON "device_connections" USING btree ("lift_id");--> statement-breakpoint
CREATE INDEX "presence_sockets_user_idx" ON "presence_sockets" USING btree ("user_id");