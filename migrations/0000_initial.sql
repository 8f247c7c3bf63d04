CREATE TABLE "accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"banned" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_login_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "characters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "characters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"race" integer NOT NULL,
	"gender" integer NOT NULL,
	"class" integer NOT NULL,
	"head" integer NOT NULL,
	"body" integer NOT NULL,
	"home_city" integer NOT NULL,
	"level" integer NOT NULL,
	"exp" bigint NOT NULL,
	"free_skill_points" integer NOT NULL,
	"map" integer NOT NULL,
	"x" integer NOT NULL,
	"y" integer NOT NULL,
	"heading" integer NOT NULL,
	"hp" integer NOT NULL,
	"max_hp" integer NOT NULL,
	"mana" integer NOT NULL,
	"max_mana" integer NOT NULL,
	"stamina" integer NOT NULL,
	"max_stamina" integer NOT NULL,
	"food" integer NOT NULL,
	"water" integer NOT NULL,
	"gold" bigint NOT NULL,
	"bank_gold" bigint NOT NULL,
	"attributes" jsonb NOT NULL,
	"skills" jsonb NOT NULL,
	"inventory" jsonb NOT NULL,
	"equipment" jsonb NOT NULL,
	"spells" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"last_login_at" timestamp with time zone,
	CONSTRAINT "characters_level_positive" CHECK ("characters"."level" >= 1),
	CONSTRAINT "characters_exp_non_negative" CHECK ("characters"."exp" >= 0),
	CONSTRAINT "characters_gold_non_negative" CHECK ("characters"."gold" >= 0 AND "characters"."bank_gold" >= 0),
	CONSTRAINT "characters_heading_valid" CHECK ("characters"."heading" BETWEEN 1 AND 4)
);
--> statement-breakpoint
ALTER TABLE "characters" ADD CONSTRAINT "characters_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_email_lower_key" ON "accounts" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "characters_name_lower_key" ON "characters" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "characters_account_id_idx" ON "characters" USING btree ("account_id");