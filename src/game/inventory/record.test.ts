import { describe, expect, test } from "bun:test";
import { EMPTY_EQUIPMENT } from "../character/index.ts";
import { inventoryProblems, slotAt } from "./inventory.ts";
import { inventoryFromRecord, toRecordInventory } from "./record.ts";
import { APPLE, ARMOR, BACKPACK, LINE, POTION, SHIP, SWORD, TEST_CATALOG } from "./test-fixtures.ts";

describe("inventoryFromRecord / toRecordInventory", () => {
  const record = {
    inventory: [
      { slot: 1, objectId: SWORD, amount: 1, equipped: true },
      { slot: 2, objectId: ARMOR, amount: 1, equipped: true },
      { slot: 3, objectId: POTION, amount: 40, equipped: false },
      { slot: 4, objectId: LINE, amount: 1, equipped: true },
      { slot: 5, objectId: BACKPACK, amount: 1, equipped: true },
      { slot: 7, objectId: SHIP, amount: 1, equipped: false },
    ],
    equipment: { ...EMPTY_EQUIPMENT, weapon: SWORD, armor: ARMOR, ship: SHIP },
    gold: 1234,
  };

  test("pointers come from the flags (tool and backpack too) and the ship from equipment.ship", () => {
    const inv = inventoryFromRecord(record, TEST_CATALOG);
    expect(inv.equipped).toMatchObject({ weapon: 1, armor: 2, tool: 4, backpack: 5, ship: 7, shield: 0, saddle: 0 });
    expect(inv.gold).toBe(1234);
    expect(inv.usableSlots).toBe(24);
    expect(inventoryProblems(inv)).toEqual([]);
    expect(toRecordInventory(inv)).toEqual(record);
  });

  test("hostile records are normalised, not thrown on", () => {
    const inv = inventoryFromRecord(
      {
        inventory: [
          { slot: 0, objectId: APPLE, amount: 1, equipped: false },
          { slot: 43, objectId: APPLE, amount: 1, equipped: false },
          { slot: 2, objectId: APPLE, amount: -5, equipped: false },
          { slot: 3, objectId: APPLE, amount: 50_000, equipped: false },
          { slot: 3, objectId: POTION, amount: 1, equipped: false },
          { slot: 4, objectId: APPLE, amount: 1, equipped: true },
          { slot: 5, objectId: 9999, amount: 1, equipped: true },
          { slot: 6, objectId: SWORD, amount: 1, equipped: true },
          { slot: 8, objectId: SWORD, amount: 1, equipped: true },
        ],
        equipment: { ...EMPTY_EQUIPMENT, ship: SHIP, weapon: 777 },
        gold: -10,
      },
      TEST_CATALOG,
      99,
    );
    expect(inventoryProblems(inv)).toEqual([]);
    expect(inv.usableSlots).toBe(42);
    expect(slotAt(inv, 2).objectId).toBe(0);
    expect(slotAt(inv, 3)).toMatchObject({ objectId: APPLE, amount: 10_000 });
    expect([4, 5, 6, 8].map((n) => slotAt(inv, n).equipped)).toEqual([false, false, true, false]);
    expect(inv.equipped).toMatchObject({ weapon: 6, ship: 0 });
    expect(inv.gold).toBe(0);
  });
});
