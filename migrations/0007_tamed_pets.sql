ALTER TABLE "characters" ADD COLUMN "tamed_pets" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "characters" ADD COLUMN "pets_stored" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "characters" ADD CONSTRAINT "characters_tamed_pets_valid" CHECK (jsonb_typeof("characters"."tamed_pets") = 'array' AND jsonb_array_length("characters"."tamed_pets") <= 3);