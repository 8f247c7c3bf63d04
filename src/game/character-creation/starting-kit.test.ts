import { describe, expect, test } from "bun:test";
import { MAX_LONG } from "../character/index.ts";
import { createCharacter } from "./create-character.ts";
import { CLASS_IDS } from "./ids.ts";
import { checkCreationRules } from "./rules.ts";
import type { StarterKit } from "./starter-kit.ts";
import {
  EMPTY_STARTING_KIT,
  KIT_MAX_SLOT,
  checkStartingKit,
  resolveStartingKit,
  startingKitArmors,
  startingKitFromStarterKit,
  startingKitObjects,
  uniformStartingKit,
  type KitEntry,
  type StartingKit,
} from "./starting-kit.ts";
import { replay, sampleRules } from "./test-fixtures.ts";

/** Invented objects: 10 a potion, 20 a sword, 30..32 clothes (armour), 40 short clothes, 50 bread. */
const TYPES = new Map<number, number>([
  [10, 11],
  [20, 2],
  [30, 3],
  [31, 3],
  [32, 3],
  [40, 3],
  [50, 1],
]);
const world = { objectType: (id: number) => TYPES.get(id), hasSpell: (id: number) => id === 1 || id === 2 };
const entry = (slot: number, objects: number[], amount = 1, extra: Partial<KitEntry> = {}): KitEntry => ({ slot, objects, amount, equipped: false, ...extra });

/** Every class: potion, sword, clothes by race/gender (random for the tall, fixed for the short), bread; 7 gold. */
const KIT: StartingKit = uniformStartingKit(
  {
    items: [
      entry(1, [10], 20),
      entry(2, [20]),
      entry(3, [30, 31, 32], 1, { equipped: true, races: [1, 2, 3, 6] }),
      entry(3, [40], 1, { equipped: true, races: [4, 5] }),
      entry(4, [50], 5),
    ],
    spells: [1, 0, 2],
  },
  7,
);

describe("resolveStartingKit", () => {
  test("slots as the kit names them; the race picks the entry; one draw per multi-object entry", () => {
    const rng = replay(0.7);
    const human = resolveStartingKit(KIT, 3, 1, 1, rng)!;
    expect(rng.used).toBe(1);
    expect(human.items).toEqual([
      { slot: 1, objectId: 10, amount: 20, equipped: false },
      { slot: 2, objectId: 20, amount: 1, equipped: false },
      { slot: 3, objectId: 32, amount: 1, equipped: true },
      { slot: 4, objectId: 50, amount: 5, equipped: false },
    ]);
    expect([human.gold, human.spells]).toEqual([7, [1, 0, 2]]);
    // VB6 RandomNumber(lo, hi) over the three objects: [0, 1/3) → first, [2/3, 1) → last.
    expect([0, 0.34, 0.99].map((r) => resolveStartingKit(KIT, 3, 2, 2, () => r)!.items[2]!.objectId)).toEqual([30, 31, 32]);
    // A dwarf gets the fixed object and draws nothing.
    const none = replay();
    expect(resolveStartingKit(KIT, 3, 5, 1, none)!.items[2]).toEqual({ slot: 3, objectId: 40, amount: 1, equipped: true });
    expect(none.used).toBe(0);
  });

  test("gender filters, gaps between slots, and a clash is a configuration fault", () => {
    const kit = uniformStartingKit({ items: [entry(2, [10], 3, { genders: [2] }), entry(5, [50], 1)], spells: [] });
    expect(resolveStartingKit(kit, 1, 1, 1, replay())!.items.map((i) => i.slot)).toEqual([5]);
    expect(resolveStartingKit(kit, 1, 1, 2, replay())!.items.map((i) => i.slot)).toEqual([2, 5]);
    const clash = uniformStartingKit({ items: [entry(2, [10]), entry(2, [50])], spells: [] });
    expect(resolveStartingKit(clash, 1, 1, 1, replay())).toBeNull();
  });

  test("createCharacter: kit after the stamina roll, worn clothes give armour and body, gold to the wallet", () => {
    const armorBodies = new Map([30, 31, 32, 40].map((id) => [id, { defaultBody: 1000 + id, byRace: { 1: { male: 0, female: 0 }, 2: { male: 0, female: 0 }, 3: { male: 0, female: 0 }, 4: { male: 0, female: 0 }, 5: { male: 0, female: 0 }, 6: { male: 0, female: 0 } } }]));
    const rules = sampleRules({ startingKit: KIT, armorBodies });
    expect(checkCreationRules(rules)).toEqual([]);
    // Stamina draws 0.0 first, then the clothes draw 0.5 → object 31.
    const rng = replay(0, 0.5);
    const outcome = createCharacter({ accountId: 1, name: "Tarkan", race: 1, gender: 1, class: 3, head: 1, homeCity: 1 }, rules, { rng });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(rng.used).toBe(2);
    expect(outcome.character.inventory.map((s) => [s.slot, s.objectId, s.amount, s.equipped])).toEqual([
      [1, 10, 20, false],
      [2, 20, 1, false],
      [3, 31, 1, true],
      [4, 50, 5, false],
    ]);
    expect([outcome.character.equipment.armor, outcome.character.body, outcome.character.gold, outcome.character.spells]).toEqual([31, 1031, 7, [1, 0, 2]]);
  });

  test("the empty kit gives nothing: naked body, no gold, no spells", () => {
    const outcome = createCharacter({ accountId: 1, name: "Tarkan", race: 1, gender: 1, class: 3, head: 1, homeCity: 1 }, sampleRules({ startingKit: EMPTY_STARTING_KIT }), { rng: replay(0) });
    expect(outcome.ok && [outcome.character.inventory, outcome.character.equipment.armor, outcome.character.body, outcome.character.gold, outcome.character.spells]).toEqual([[], 0, 1, 0, []]);
  });
});

describe("checkStartingKit", () => {
  test("a sound kit has no issue; objects and armours are listed", () => {
    expect(checkStartingKit(KIT, world)).toEqual([]);
    expect(startingKitObjects(KIT)).toEqual([10, 20, 30, 31, 32, 40, 50]);
    expect(startingKitArmors(KIT)).toEqual([30, 31, 32, 40]);
  });

  test("each fault names its class and entry", () => {
    const bad: StartingKit = {
      gold: -5,
      byClass: {
        ...KIT.byClass,
        3: {
          items: [
            entry(0, [10]),
            entry(KIT_MAX_SLOT + 1, [10]),
            entry(2, [999]),
            entry(3, [10], -4),
            entry(4, [20], 2, { equipped: true }),
            entry(5, [], 1),
            entry(6, [50], 1, { races: [7], genders: [] }),
            entry(7, [10], 20_000),
            entry(8, [30], 1, { equipped: true }),
            entry(8, [31], 1, { equipped: true }),
          ],
          spells: [1, 3, -1],
        },
      },
    };
    const issues = checkStartingKit(bad, world).map((issue) => `${issue.entry} | ${issue.code} | ${issue.message}`);
    expect(issues).toEqual([
      "gold | bad_gold | gold -5 is not in 0..2147483647",
      "class 3 (Warrior) item #1 (slot 0) | bad_slot | slot 0 is not in 1..24 (a new character's inventory)",
      "class 3 (Warrior) item #2 (slot 25) | bad_slot | slot 25 is not in 1..24 (a new character's inventory)",
      "class 3 (Warrior) item #3 (slot 2) | unknown_object | object 999 is not in the world's object table",
      "class 3 (Warrior) item #4 (slot 3) | bad_amount | amount -4 is not in 1..10000",
      "class 3 (Warrior) item #5 (slot 4) | bad_amount | a worn item has amount 1, not 2",
      "class 3 (Warrior) item #5 (slot 4) | not_armor | object 20 is worn but its ObjType is 2, not 3 (armour)",
      "class 3 (Warrior) item #6 (slot 5) | bad_object | 0 objects, expected 1..64",
      "class 3 (Warrior) item #7 (slot 6) | bad_filter | race 7 is not one of 1, 2, 3, 4, 5, 6",
      "class 3 (Warrior) item #7 (slot 6) | bad_filter | gender list is empty (leave it out for everyone)",
      "class 3 (Warrior) item #8 (slot 7) | bad_amount | amount 20000 is not in 1..10000",
      "class 3 (Warrior) item #10 (slot 8) | slot_clash | slot 8 is already filled by item #9 for race 1 gender 1",
      "class 3 (Warrior) | two_armors | items #5, #9, #10 are all worn for race 1 gender 1; a character wears one armour",
      "class 3 (Warrior) spell slot 2 | unknown_spell | spell 3 is not in the world's spell table",
      "class 3 (Warrior) spell slot 3 | bad_spell | spell -1 is not a spell number (0 = none)",
    ]);
    expect(checkStartingKit({ ...KIT, gold: MAX_LONG }, world)).toEqual([]);
  });

  test("race-limited entries may share a slot when no character gets both", () => {
    const shared = uniformStartingKit({ items: [entry(1, [30], 1, { equipped: true, genders: [1] }), entry(1, [40], 1, { equipped: true, genders: [2] })], spells: [] });
    expect(checkStartingKit(shared, world)).toEqual([]);
    const overlapping = uniformStartingKit({ items: [entry(1, [30], 1, { races: [1, 2] }), entry(1, [40], 1, { races: [2, 3] })], spells: [] });
    expect(checkStartingKit(overlapping, world).map((issue) => issue.code)).toEqual(new Array(CLASS_IDS.length).fill("slot_clash"));
  });
});

describe("startingKitFromStarterKit (EquipamientoInicial.dat layout, §5.1)", () => {
  const file: { common: StarterKit["common"]; byClass: Record<number, StarterKit["common"]> } = {
    common: {
      items: [
        { objectId: 10, amount: 5, equip: false },
        { objectId: 0, amount: 0, equip: false },
      ],
      spells: [1, 2],
    },
    byClass: Object.fromEntries(CLASS_IDS.map((id) => [id, { items: [], spells: [] }])),
  };
  file.byClass[1] = {
    items: [
      { objectId: 20, amount: 0, equip: false },
      { objectId: 30, amount: 9, equip: true },
      { objectId: 50, amount: 3, equip: false },
    ],
    spells: [7],
  };

  test("common first, then the class; empty lines keep their slot; equip wears one unit; class spells overwrite from slot 1", () => {
    const { kit, problems } = startingKitFromStarterKit(file as StarterKit, 12);
    expect(problems).toEqual([]);
    expect(kit.gold).toBe(12);
    expect(kit.byClass[1]).toEqual({
      items: [
        { slot: 1, objects: [10], amount: 5, equipped: false },
        { slot: 4, objects: [30], amount: 1, equipped: true },
        { slot: 5, objects: [50], amount: 3, equipped: false },
      ],
      spells: [7, 2],
    });
    expect(kit.byClass[2]).toEqual({ items: [{ slot: 1, objects: [10], amount: 5, equipped: false }], spells: [1, 2] });
    expect(checkStartingKit(kit, { objectType: world.objectType })).toEqual([]);
  });
});
