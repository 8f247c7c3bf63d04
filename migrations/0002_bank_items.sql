CREATE TABLE "bank_items" (
	"character_id" integer NOT NULL,
	"slot" integer NOT NULL,
	"object_id" integer NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "bank_items_pkey" PRIMARY KEY("character_id","slot"),
	CONSTRAINT "bank_items_slot_valid" CHECK ("bank_items"."slot" BETWEEN 1 AND 42),
	CONSTRAINT "bank_items_object_positive" CHECK ("bank_items"."object_id" > 0),
	CONSTRAINT "bank_items_amount_valid" CHECK ("bank_items"."amount" BETWEEN 1 AND 10000)
);
--> statement-breakpoint
ALTER TABLE "bank_items" ADD CONSTRAINT "bank_items_character_id_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;