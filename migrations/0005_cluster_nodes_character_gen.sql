CREATE TABLE "cluster_nodes" (
	"id" text PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"name" text NOT NULL,
	"pid" integer NOT NULL,
	"gateway_index" integer,
	"started_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cluster_nodes_role_known" CHECK ("cluster_nodes"."role" IN ('gateway', 'mapnode')),
	CONSTRAINT "cluster_nodes_gateway_index_range" CHECK ("cluster_nodes"."gateway_index" IS NULL OR "cluster_nodes"."gateway_index" BETWEEN 1 AND 255)
);
--> statement-breakpoint
ALTER TABLE "characters" ADD COLUMN "gen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "characters" ADD COLUMN "owner_node" text;--> statement-breakpoint
CREATE INDEX "cluster_nodes_seen_at_idx" ON "cluster_nodes" USING btree ("seen_at");