import { describe, expect, test } from "bun:test";
import type { CharacterVitals } from "../character/index.ts";
import { emptyInventory, type Inventory, type InventorySlotState } from "../inventory/index.ts";
import { itemCatalogFromObjects, ObjectType } from "../items/index.ts";
import { deathOutcome, GHOST_BODY, isDead, vitalsAfterDeath, vitalsAfterPriestResurrection, type DeathCircumstances } from "./index.ts";
import { drawFor, scriptedRandom } from "../../random/scripted-random.test-support.ts";

/** Our own objects: one of each kind the rule tells apart. */
const ITEM = { potion: 1, newbieSword: 2, keptRing: 3, key: 4, boat: 5, saddle: 6, undroppable: 7, destroys: 8, bound: 9, armor: 10 } as const;
const CATALOG = itemCatalogFromObjects([
  { id: ITEM.potion, objType: ObjectType.Potion },
  { id: ITEM.newbieSword, objType: ObjectType.Weapon, newbie: true },
  { id: ITEM.keptRing, objType: ObjectType.Ring, noDropOnDeath: true },
  { id: ITEM.key, objType: ObjectType.Key },
  { id: ITEM.boat, objType: ObjectType.Ship },
  { id: ITEM.saddle, objType: ObjectType.Saddle },
  { id: ITEM.undroppable, objType: ObjectType.Food, cannotDrop: true },
  { id: ITEM.destroys, objType: ObjectType.Food, destroyOnDrop: true },
  { id: ITEM.bound, objType: ObjectType.Food, untradeable: true },
  { id: ITEM.armor, objType: ObjectType.Armor },
]);

function inventory(gold: number, entries: [slot: number, objectId: number, amount: number][]): Inventory {
  const base = emptyInventory(24, gold);
  const slots: InventorySlotState[] = [...base.slots];
  for (const [slot, objectId, amount] of entries) slots[slot - 1] = { objectId, amount, equipped: false, tags: 0 };
  return { ...base, slots };
}

const EVERYTHING = inventory(0, [
  [1, ITEM.potion, 7],
  [2, ITEM.newbieSword, 1],
  [3, ITEM.keptRing, 1],
  [4, ITEM.key, 1],
  [5, ITEM.boat, 1],
  [6, ITEM.saddle, 1],
  [7, ITEM.undroppable, 3],
  [8, ITEM.destroys, 2],
  [9, ITEM.bound, 1],
  [10, ITEM.armor, 1],
  // Beyond the 24 usable slots: unreachable, never thrown.
  [30, ITEM.potion, 5],
]);

function who(changes: Partial<DeathCircumstances> = {}): DeathCircumstances {
  return { inventory: EVERYTHING, level: 5, ordinaryPlayer: true, onArenaTile: false, mapDropsItems: true, ...changes };
}

describe("what falls on dying (§8.1)", () => {
  test("a newbie keeps newbie items; keys, ships, saddles, NoSeCae, Intirable, Destruye, Instransferible stay", () => {
    const outcome = deathOutcome(who(), CATALOG, scriptedRandom());
    expect(outcome.fallingSlots.map((s) => s.slot)).toEqual([1, 10]);
    expect(outcome.fallingSlots[0]).toEqual({ slot: 1, objectId: ITEM.potion, amount: 7, tags: 0 });
    expect(outcome).toMatchObject({ body: GHOST_BODY, head: 0, goldDropped: 0, goldStacks: [] });
  });

  test("from level 13 the newbie items fall too", () => {
    expect(deathOutcome(who({ level: 13 }), CATALOG, scriptedRandom()).fallingSlots.map((s) => s.slot)).toEqual([1, 2, 10]);
  });

  test("gold above 1000 × level falls, in stacks of 10 000", () => {
    const rich = deathOutcome(who({ level: 2, inventory: inventory(22_500, []) }), CATALOG, scriptedRandom());
    expect(rich.goldDropped).toBe(20_500);
    expect(rich.goldStacks).toEqual([10_000, 10_000, 500]);
    expect(deathOutcome(who({ level: 5, inventory: inventory(5000, []) }), CATALOG, scriptedRandom()).goldDropped).toBe(0);
  });

  test("nothing falls on an arena tile, on a map that keeps items, or for staff; still a ghost", () => {
    for (const safe of [who({ onArenaTile: true }), who({ mapDropsItems: false }), who({ ordinaryPlayer: false })]) {
      expect(deathOutcome({ ...safe, inventory: inventory(50_000, [[1, ITEM.potion, 1]]) }, CATALOG, scriptedRandom())).toEqual({
        goldDropped: 0,
        goldStacks: [],
        fallingSlots: [],
        body: GHOST_BODY,
        head: 0,
      });
    }
  });

  test("a galleon pirate draws once per occupied usable slot and keeps an item on 1..33", () => {
    const pirateBag = inventory(0, [
      [1, ITEM.potion, 1],
      [2, ITEM.key, 1],
      [3, ITEM.armor, 1],
      [4, ITEM.potion, 2],
    ]);
    const random = scriptedRandom(drawFor(33, 1, 100), drawFor(1, 1, 100), drawFor(34, 1, 100), drawFor(100, 1, 100));
    const outcome = deathOutcome(who({ level: 40, inventory: pirateBag, galleonPirate: true }), CATALOG, random);
    // The key's draw is taken although keys never fall.
    expect(random.used).toBe(4);
    expect(outcome.fallingSlots.map((s) => s.slot)).toEqual([3, 4]);
  });
});

describe("vitals after dying and at the priest (§8.1, §8.3)", () => {
  const vitals: CharacterVitals = { hp: 12, maxHp: 40, mana: 7, maxMana: 50, stamina: 33, maxStamina: 60, food: 40, water: 30 };

  test("dying: HP and stamina 0, the rest untouched", () => {
    expect(vitalsAfterDeath(vitals)).toEqual({ ...vitals, hp: 0, stamina: 0 });
    expect(isDead(vitalsAfterDeath(vitals))).toBe(true);
    expect(isDead(vitals)).toBe(false);
  });

  test("a priest: HP = MaxHP; mana, stamina, hunger and thirst as they were", () => {
    const ghost = vitalsAfterDeath(vitals);
    expect(vitalsAfterPriestResurrection(ghost)).toEqual({ ...ghost, hp: 40 });
  });
});
