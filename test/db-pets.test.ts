/**
 * Tamed pets kept with the character (migration 0007_tamed_pets: `characters.tamed_pets`,
 * `characters.pets_stored`; VB6 `MascotasType` and `flags.MascotasGuardadas`) on every backend
 * (PGlite always, Postgres with TEST_DATABASE_URL): a record without pets reads as before the
 * columns existed, a save writes them and a load gives them back, the Druid's stored flag too, a
 * save without them clears them, the row's check refuses more than three, and a hand-edited row
 * with junk gives back only NPC numbers.
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { DatabaseError } from "../src/db/index.ts";
import { MIGRATIONS } from "../src/db/migrations.gen.ts";
import { characterTables, describeOnBothBackends, type BackendHarness } from "./fixtures/db-harness.ts";

setDefaultTimeout(30_000);
/** First PGlite start runs initdb: seconds, not milliseconds. */
const OPEN_TIMEOUT_MS = 120_000;

function describePets(label: string, makeHarness: () => Promise<BackendHarness>): void {
  describe(`kept pets (${label})`, () => {
    const { db, raw, newCharacter } = characterTables(makeHarness, OPEN_TIMEOUT_MS);

    test("the migration is in the journal and adds both columns with their defaults", async () => {
      expect(MIGRATIONS.map((migration) => migration.tag)).toContain("0007_tamed_pets");
      const columns = await raw(
        "SELECT column_name, data_type, is_nullable, column_default FROM information_schema.columns WHERE table_name = 'characters' AND column_name IN ('tamed_pets', 'pets_stored') ORDER BY column_name",
      );
      expect(columns).toEqual([
        { column_name: "pets_stored", data_type: "boolean", is_nullable: "NO", column_default: "false" },
        { column_name: "tamed_pets", data_type: "jsonb", is_nullable: "NO", column_default: "'[]'::jsonb" },
      ]);
    });

    test("a new character has none: the record has neither field, the row holds [] and false", async () => {
      const pepe = await newCharacter("Pepe");
      expect(pepe.tamedPets).toBeUndefined();
      expect(pepe.petsStored).toBeUndefined();
      expect(await raw("SELECT tamed_pets, pets_stored FROM characters WHERE id = $1", [pepe.id])).toEqual([{ tamed_pets: [], pets_stored: false }]);
    });

    test("a save keeps the tamed pets in their order and the stored flag; a load gives them back; a save without them clears them", async () => {
      const pepe = await newCharacter("Pepe");
      const saved = await db().characters.saveCharacters([{ ...pepe, tamedPets: [46, 501, 46], petsStored: true }]);
      expect(saved.kind).toBe("ok");
      const loaded = (await db().characters.loadCharacter(pepe.id))!;
      expect(loaded.tamedPets).toEqual([46, 501, 46]);
      expect(loaded.petsStored).toBe(true);
      expect(await raw("SELECT tamed_pets, pets_stored FROM characters WHERE id = $1", [pepe.id])).toEqual([{ tamed_pets: [46, 501, 46], pets_stored: true }]);
      // The same through the login's read by name.
      expect((await db().characters.findCharacterByName("pepe"))!.tamedPets).toEqual([46, 501, 46]);

      const { tamedPets: _pets, petsStored: _stored, ...without } = loaded;
      expect((await db().characters.saveCharacters([without])).kind).toBe("ok");
      const cleared = (await db().characters.loadCharacter(pepe.id))!;
      expect(cleared.tamedPets).toBeUndefined();
      expect(cleared.petsStored).toBeUndefined();
    });

    test("four pets break the row's check: the batch writes nothing", async () => {
      const pepe = await newCharacter("Pepe");
      const error = await db().characters.saveCharacters([{ ...pepe, tamedPets: [1, 2, 3, 4], gold: 77 }]).then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(DatabaseError);
      const loaded = (await db().characters.loadCharacter(pepe.id))!;
      expect(loaded.tamedPets).toBeUndefined();
      expect(loaded.gold).toBe(pepe.gold);
    });

    test("a hand-edited row with junk in the list gives back only NPC numbers", async () => {
      const pepe = await newCharacter("Pepe");
      await raw(`UPDATE characters SET tamed_pets = '[46, "x", -3]'::jsonb WHERE id = $1`, [pepe.id]);
      expect((await db().characters.loadCharacter(pepe.id))!.tamedPets).toEqual([46]);
    });
  });
}

describeOnBothBackends("kept pets", describePets);
