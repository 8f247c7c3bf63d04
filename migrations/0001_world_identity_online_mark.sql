CREATE TABLE "world_identity" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"pack_hash" text NOT NULL,
	"first_started_at" timestamp with time zone NOT NULL,
	"last_started_at" timestamp with time zone NOT NULL,
	CONSTRAINT "world_identity_single_row" CHECK (id = 1)
);
--> statement-breakpoint
ALTER TABLE "characters" ADD COLUMN "online_since" timestamp with time zone;