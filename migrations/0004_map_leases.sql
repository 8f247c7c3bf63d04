CREATE TABLE "map_leases" (
	"map_id" integer PRIMARY KEY NOT NULL,
	"owner" text,
	"epoch" bigint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"renewed_at" timestamp with time zone,
	CONSTRAINT "map_leases_map_id_positive" CHECK ("map_leases"."map_id" >= 1),
	CONSTRAINT "map_leases_epoch_non_negative" CHECK ("map_leases"."epoch" >= 0),
	CONSTRAINT "map_leases_owner_has_expiry" CHECK (("map_leases"."owner" IS NULL) = ("map_leases"."expires_at" IS NULL))
);
