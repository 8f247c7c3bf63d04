/**
 * The key ring kept with the character (migration 0010_key_ring: `characters.key_ring`; VB6
 * `Keys(1 To MAXKEYS)`) on every backend (PGlite always, Postgres with TEST_DATABASE_URL): a
 * record without keys reads as before the column existed, a save writes the ten slots and a load
 * gives them back, a save writes ten slots at most and the row's check refuses more, and a hand-edited row with junk gives
 * back empty slots for it.
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { MIGRATIONS } from "../src/db/migrations.gen.ts";
import { characterTables, describeOnBothBackends, type BackendHarness } from "./fixtures/db-harness.ts";

setDefaultTimeout(30_000);
const OPEN_TIMEOUT_MS = 120_000;

function describeKeyRing(label: string, makeHarness: () => Promise<BackendHarness>): void {
  describe(`the key ring (${label})`, () => {
    const { db, raw, newCharacter } = characterTables(makeHarness, OPEN_TIMEOUT_MS);

    test("the migration is in the journal; a new character has an empty ring and reads without one", async () => {
      expect(MIGRATIONS.map((migration) => migration.tag)).toContain("0010_key_ring");
      const pepe = await newCharacter("Pepe");
      expect(pepe.keyRing).toBeUndefined();
      expect(await raw("SELECT key_ring FROM characters WHERE id = $1", [pepe.id])).toEqual([{ key_ring: [] }]);
    });

    test("a save keeps the slots in order; a load gives them back; a save without a ring empties it", async () => {
      const pepe = await newCharacter("Pepe");
      const ring = [28, 0, 54, 0, 0, 0, 0, 0, 0, 0];
      expect((await db().characters.saveCharacters([{ ...pepe, keyRing: ring }])).kind).toBe("ok");
      const loaded = (await db().characters.loadCharacter(pepe.id))!;
      expect(loaded.keyRing).toEqual(ring);
      const { keyRing: _ring, ...without } = loaded;
      expect((await db().characters.saveCharacters([without])).kind).toBe("ok");
      expect((await db().characters.loadCharacter(pepe.id))!.keyRing).toBeUndefined();
    });

    test("a save writes ten slots at most; the row's check refuses eleven written by hand; junk reads as empty slots", async () => {
      const pepe = await newCharacter("Pepe");
      expect((await db().characters.saveCharacters([{ ...pepe, keyRing: new Array(11).fill(1) }])).kind).toBe("ok");
      expect((await db().characters.loadCharacter(pepe.id))!.keyRing).toEqual(new Array(10).fill(1));
      const error = await raw(`UPDATE characters SET key_ring = '[1,2,3,4,5,6,7,8,9,10,11]'::jsonb WHERE id = $1`, [pepe.id]).then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(error).toBeDefined();
      await raw(`UPDATE characters SET key_ring = '[28, "x", -3, 7]'::jsonb WHERE id = $1`, [pepe.id]);
      expect((await db().characters.loadCharacter(pepe.id))!.keyRing).toEqual([28, 0, 0, 7]);
    });
  });
}

describeOnBothBackends("the key ring", describeKeyRing);
