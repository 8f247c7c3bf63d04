/**
 * The quest log kept with the character (migration 0009_character_quests: `characters.quests`,
 * VB6's `quest` and `quest_done` tables, quests.md §11) on every backend (PGlite always, Postgres
 * with TEST_DATABASE_URL): a record without quests reads as before the column existed; a save
 * writes the active quests with their counters and the done list with completions in the same row
 * (the same statement) as the rewards; a load gives them back; the row's check refuses six active
 * quests and the batch writes nothing; a hand-edited row gives back only well-formed entries.
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { DatabaseError } from "../src/db/index.ts";
import { MIGRATIONS } from "../src/db/migrations.gen.ts";
import type { CharacterQuests, CharacterRecord } from "../src/game/character/index.ts";
import { characterTables, describeOnBothBackends, type BackendHarness } from "./fixtures/db-harness.ts";

setDefaultTimeout(30_000);
const OPEN_TIMEOUT_MS = 120_000;

function describeQuests(label: string, makeHarness: () => Promise<BackendHarness>): void {
  describe(`the quest log (${label})`, () => {
    const { db, raw, newCharacter } = characterTables(makeHarness, OPEN_TIMEOUT_MS);

    test("the migration is in the journal; a new character has none and reads as before", async () => {
      expect(MIGRATIONS.map((migration) => migration.tag)).toContain("0009_character_quests");
      const pepe = await newCharacter("Pepe");
      expect(pepe.quests).toBeUndefined();
      expect(await raw("SELECT quests FROM characters WHERE id = $1", [pepe.id])).toEqual([{ quests: { active: [], done: [] } }]);
    });

    test("quest 4 at 7 kills and the done list with completions survive a save and a load, with the rewards of the same save", async () => {
      const pepe = await newCharacter("Pepe");
      const quests: CharacterQuests = {
        active: [
          { questId: 4, npcKills: [7], targetClicks: [] },
          { questId: 5, npcKills: [], targetClicks: [1] },
        ],
        done: [
          { questId: 2, times: 3 },
          { questId: 38, times: 1 },
        ],
      };
      expect((await db().characters.saveCharacters([{ ...pepe, quests, exp: pepe.exp + 250, gold: pepe.gold + 100 }])).kind).toBe("ok");
      const loaded = (await db().characters.loadCharacter(pepe.id))!;
      expect(loaded.quests).toEqual(quests);
      expect([loaded.exp, loaded.gold]).toEqual([pepe.exp + 250, pepe.gold + 100]);
      expect((await db().characters.findCharacterByName("pepe"))!.quests).toEqual(quests);
      const { quests: _quests, ...without } = loaded;
      expect((await db().characters.saveCharacters([without])).kind).toBe("ok");
      expect((await db().characters.loadCharacter(pepe.id))!.quests).toBeUndefined();
    });

    test("six active quests break the row's check: the batch writes nothing", async () => {
      const pepe = await newCharacter("Pepe");
      const six = { active: [1, 2, 3, 4, 5, 6].map((questId) => ({ questId, npcKills: [], targetClicks: [] })), done: [] };
      const error = await db().characters.saveCharacters([{ ...pepe, quests: six, gold: 77 }]).then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(DatabaseError);
      const loaded = (await db().characters.loadCharacter(pepe.id))!;
      expect(loaded.quests).toBeUndefined();
      expect(loaded.gold).toBe(pepe.gold);
    });

    test("a hand-edited row gives back only well-formed entries", async () => {
      const pepe = await newCharacter("Pepe");
      await raw(
        `UPDATE characters SET quests = '{"active":[{"questId":4,"npcKills":[3,"x",-1]},{"questId":"y"},null],"done":[{"questId":9},{"questId":0,"times":2},{"questId":12,"times":2}]}'::jsonb WHERE id = $1`,
        [pepe.id],
      );
      expect((await db().characters.loadCharacter(pepe.id))!.quests).toEqual({
        active: [{ questId: 4, npcKills: [3, 0, 0], targetClicks: [] }],
        done: [
          { questId: 9, times: 1 },
          { questId: 12, times: 2 },
        ],
      });
    });
  });
}

describeOnBothBackends("the quest log", describeQuests);
