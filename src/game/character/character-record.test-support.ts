/**
 * Test support for every context that handles character records (saves, the world's hand-overs,
 * the map harness): a plain level-1 record whose every field a test can override. A face of
 * `src/game/character` for tests (src/faces.test.ts).
 */
import { EMPTY_EQUIPMENT, type CharacterRecord } from "./character-record.ts";

/** A level-1 character with id `id` (its account's too), named `P<id>`, at (50, 50) of map 1, except where `fields` say. */
export function testCharacter(id: number, fields: Partial<CharacterRecord> = {}): CharacterRecord {
  return {
    id,
    accountId: id,
    name: `P${id}`,
    race: 1,
    gender: 1,
    class: 1,
    head: 1,
    body: 1,
    homeCity: 1,
    level: 1,
    exp: 0,
    freeSkillPoints: 0,
    position: { map: 1, x: 50, y: 50, heading: 3 },
    vitals: { hp: 10, maxHp: 10, mana: 0, maxMana: 0, stamina: 10, maxStamina: 10, food: 100, water: 100 },
    gold: 0,
    bankGold: 0,
    attributes: [18, 18, 18, 18, 18],
    skills: new Array<number>(24).fill(0),
    inventory: [],
    equipment: { ...EMPTY_EQUIPMENT },
    spells: [],
    createdAt: new Date(0),
    updatedAt: new Date(0),
    lastLoginAt: null,
    ...fields,
  };
}
