import { describe, expect, test } from "bun:test";
import { MAX_STACK } from "../character/index.ts";
import { emptyInventory, inventoryProblems, slotAt, type Inventory } from "./inventory.ts";
import {
  countItems,
  deleteItem,
  hasItems,
  hasRoomFor,
  markEquipped,
  moveItem,
  putIntoSlot,
  putItem,
  removeFromSlot,
  slotForItem,
  takeItems,
} from "./operations.ts";
import {
  APPLE,
  ARMOR,
  BACKPACK,
  BROKEN_ROD,
  BROKEN_STRONG_ROD,
  GOLD,
  LINE,
  POTION,
  ROD,
  SHIP,
  SWORD,
  TEST_CATALOG,
  inventoryWith,
} from "./test-fixtures.ts";

const catalog = TEST_CATALOG;

function ok<T extends { ok: boolean }>(outcome: T): Extract<T, { ok: true }> {
  if (!outcome.ok) throw new Error(`expected ok, got ${JSON.stringify(outcome)}`);
  return outcome as Extract<T, { ok: true }>;
}

/** The inventory with `kind` pointing at `slot` (and the flag set). */
function equip(inventory: Inventory, slot: number, kind: Parameters<typeof markEquipped>[2]): Inventory {
  return markEquipped(inventory, slot, kind).inventory;
}

describe("putItem (MeterItemEnInventario, §3.3)", () => {
  test("an existing stack with room wins over an earlier empty slot", () => {
    const before = inventoryWith([[3, POTION, 5]]);
    const outcome = ok(putItem(before, { objectId: POTION, amount: 10 }, catalog));
    expect(outcome.slot).toBe(3);
    expect(outcome.changed).toEqual([3]);
    expect(slotAt(outcome.inventory, 3).amount).toBe(15);
    expect(before.slots[2]!.amount).toBe(5); // input untouched
  });

  test("a stack without room is skipped: the item goes whole to the first empty slot", () => {
    const before = inventoryWith([[2, POTION, MAX_STACK - 5]]);
    const outcome = ok(putItem(before, { objectId: POTION, amount: 6 }, catalog));
    expect(outcome.slot).toBe(1);
    expect(slotAt(outcome.inventory, 1)).toEqual({ objectId: POTION, amount: 6, equipped: false, tags: 0 });
  });

  test("stacks are (object, tags): another tag takes a new slot", () => {
    const before = inventoryWith([[1, POTION, 5]]);
    const outcome = ok(putItem(before, { objectId: POTION, amount: 1, tags: 4 }, catalog));
    expect(outcome.slot).toBe(2);
    expect(slotAt(outcome.inventory, 2).tags).toBe(4);
  });

  test("only usable slots are searched; none free is inventory_full", () => {
    const full = inventoryWith(Array.from({ length: 24 }, (_, i) => [i + 1, APPLE + (i % 2) * 2, 1] as const), 24);
    expect(putItem(full, { objectId: POTION, amount: 1 }, catalog)).toEqual({ ok: false, reason: "inventory_full" });
  });

  test("gold goes to the wallet without the MAXORO cap (Q2 kept)", () => {
    const before = emptyInventory(24, 89_999_999);
    const outcome = ok(putItem(before, { objectId: GOLD, amount: 100 }, catalog));
    expect(outcome.inventory.gold).toBe(90_000_099);
    expect(outcome.goldDelta).toBe(100);
    expect(outcome.changed).toEqual([]);
    expect(putItem(emptyInventory(24, 2_147_483_600), { objectId: GOLD, amount: 100 }, catalog)).toEqual({ ok: false, reason: "gold_overflow" });
  });

  test("Q3 fixed: more than 10000 units are refused instead of making an object-less slot", () => {
    expect(putItem(emptyInventory(), { objectId: POTION, amount: MAX_STACK + 1 }, catalog)).toEqual({ ok: false, reason: "too_many" });
  });

  test("Q4 fixed: 0 units change nothing (no slot with an object and amount 0)", () => {
    const outcome = ok(putItem(emptyInventory(), { objectId: POTION, amount: 0 }, catalog));
    expect(outcome.changed).toEqual([]);
    expect(slotAt(outcome.inventory, 1).objectId).toBe(0);
  });

  test("hostile input is refused", () => {
    for (const amount of [-1, 1.5, Number.NaN, Infinity]) {
      expect(putItem(emptyInventory(), { objectId: POTION, amount }, catalog)).toEqual({ ok: false, reason: "invalid_amount" });
    }
    for (const objectId of [0, -3, 9999, 2.5]) {
      expect(putItem(emptyInventory(), { objectId, amount: 1 }, catalog)).toEqual({ ok: false, reason: "unknown_object" });
    }
  });

  test("slotForItem answers 0 when nothing fits", () => {
    const full = inventoryWith(Array.from({ length: 24 }, (_, i) => [i + 1, POTION, MAX_STACK] as const));
    expect(slotForItem(full, { objectId: POTION, amount: 1 })).toBe(0);
    expect(slotForItem(full, { objectId: POTION, amount: 0 })).toBe(1);
  });
});

describe("putIntoSlot (TryInsertGroundObjectIntoInventorySlot, §6.3 step 5)", () => {
  test("partial transfer into a stack; the rest is left to the caller", () => {
    const outcome = ok(putIntoSlot(inventoryWith([[4, POTION, 9990]]), 4, { objectId: POTION, amount: 50 }, catalog));
    expect(outcome.transferred).toBe(10);
    expect(slotAt(outcome.inventory, 4).amount).toBe(MAX_STACK);
  });

  test("another object, a full stack, gold and bad slots are refused", () => {
    const inv = inventoryWith([[1, APPLE, 1], [2, POTION, MAX_STACK]]);
    expect(putIntoSlot(inv, 1, { objectId: POTION, amount: 1 }, catalog)).toEqual({ ok: false, reason: "inventory_full" });
    expect(putIntoSlot(inv, 2, { objectId: POTION, amount: 1 }, catalog)).toEqual({ ok: false, reason: "slot_full" });
    expect(putIntoSlot(inv, 3, { objectId: GOLD, amount: 1 }, catalog)).toEqual({ ok: false, reason: "gold_not_in_slot" });
    for (const slot of [0, 25, 43, -1, 1.5]) expect(putIntoSlot(inv, slot, { objectId: POTION, amount: 1 }, catalog)).toEqual({ ok: false, reason: "bad_slot" });
  });
});

describe("removeFromSlot (QuitarUserInvItem, §3.4) and automatic unequip (§4.4)", () => {
  test("takes units; the last unit unequips and empties the slot", () => {
    const inv = equip(inventoryWith([[5, SWORD, 1]]), 5, "weapon");
    const outcome = ok(removeFromSlot(inv, 5, 1));
    expect(outcome.unequipped).toEqual([{ slot: 5, objectId: SWORD, kinds: ["weapon"] }]);
    expect(outcome.inventory.equipped.weapon).toBe(0);
    expect(slotAt(outcome.inventory, 5)).toEqual({ objectId: 0, amount: 0, equipped: false, tags: 0 });
    expect(inventoryProblems(outcome.inventory)).toEqual([]);
  });

  test("a partial removal keeps the equipment", () => {
    const inv = equip(inventoryWith([[5, POTION, 3, true]]), 5, "weapon");
    const outcome = ok(removeFromSlot(inv, 5, 2));
    expect(outcome.unequipped).toEqual([]);
    expect(outcome.inventory.equipped.weapon).toBe(5);
  });

  test("more than the slot holds empties it and reports what left", () => {
    const outcome = ok(removeFromSlot(inventoryWith([[1, POTION, 3]]), 1, 500));
    expect(outcome.removed).toBe(3);
  });

  test("hostile slots and amounts", () => {
    const inv = inventoryWith([[1, POTION, 3]]);
    for (const slot of [0, 25, 43, 2.5]) expect(removeFromSlot(inv, slot, 1)).toEqual({ ok: false, reason: "bad_slot" });
    for (const amount of [0, -1, 1.5, 1e20]) expect(removeFromSlot(inv, 1, amount)).toEqual({ ok: false, reason: "invalid_amount" });
    expect(removeFromSlot(inv, 2, 1)).toEqual({ ok: false, reason: "empty_slot" });
  });
});

describe("countItems / hasItems / takeItems (TieneObjetos / QuitarObjetos)", () => {
  const inv = inventoryWith([[2, POTION, 4], [7, POTION, 6], [9, POTION, 100]], 24, 50);

  test("counts matching (object, tags) over the usable slots; gold counts the wallet", () => {
    expect(countItems(inv, POTION)).toBe(110);
    expect(countItems(inv, POTION, 3)).toBe(0);
    expect(countItems(inventoryWith([[30, POTION, 5]], 24), POTION)).toBe(0); // slot past the tier
    expect(countItems(inv, GOLD)).toBe(50);
    expect(hasItems(inv, POTION, 110)).toBe(true);
    expect(hasItems(inv, POTION, 111)).toBe(false);
  });

  test("takes in slot order, emptying whole slots first", () => {
    const outcome = ok(takeItems(inv, POTION, 12));
    expect(outcome.changed).toEqual([2, 7, 9]);
    expect([2, 7, 9].map((s) => slotAt(outcome.inventory, s).amount)).toEqual([0, 0, 98]);
  });

  test("all or nothing", () => {
    expect(takeItems(inv, POTION, 111)).toEqual({ ok: false, reason: "not_enough" });
    expect(takeItems(inv, POTION, 0)).toEqual({ ok: false, reason: "invalid_amount" });
  });

  test("gold comes from the wallet", () => {
    const outcome = ok(takeItems(inv, GOLD, 20));
    expect(outcome.inventory.gold).toBe(30);
    expect(outcome.goldDelta).toBe(-20);
  });

  test("emptied equipped slots are unequipped", () => {
    const armed = equip(inventoryWith([[1, SWORD, 1], [2, SWORD, 1]]), 1, "weapon");
    const outcome = ok(takeItems(armed, SWORD, 1));
    expect(outcome.unequipped).toEqual([{ slot: 1, objectId: SWORD, kinds: ["weapon"] }]);
    expect(outcome.inventory.equipped.weapon).toBe(0);
  });
});

describe("hasRoomFor (HayLugarEnInventario)", () => {
  test("strictly below 10000 and tags ignored", () => {
    const full = inventoryWith(Array.from({ length: 24 }, (_, i) => [i + 1, i === 0 ? POTION : APPLE, i === 0 ? 9990 : MAX_STACK] as const));
    expect(hasRoomFor(full, POTION, 9)).toBe(true);
    expect(hasRoomFor(full, POTION, 10)).toBe(false); // 9990 + 10 = 10000 is not < 10000
    expect(putItem(full, { objectId: POTION, amount: 10 }, catalog).ok).toBe(true); // the real insert takes it
  });
});

describe("moveItem (eMoveitem, §3.5)", () => {
  test("merge: the excess over 10000 stays in the source", () => {
    const outcome = ok(moveItem(inventoryWith([[1, POTION, 6000], [2, POTION, 7000]]), 1, 2, catalog));
    expect(outcome.kind).toBe("merge");
    expect([slotAt(outcome.inventory, 1).amount, slotAt(outcome.inventory, 2).amount]).toEqual([3000, MAX_STACK]);
    expect(outcome.changed).toEqual([1, 2]);
  });

  test("merge that fits empties the source; flag and pointers follow", () => {
    const inv = equip(inventoryWith([[1, POTION, 5], [2, POTION, 7]]), 1, "ammunition");
    const outcome = ok(moveItem(inv, 1, 2, catalog));
    expect(slotAt(outcome.inventory, 2)).toEqual({ objectId: POTION, amount: 12, equipped: true, tags: 0 });
    expect(outcome.inventory.equipped.ammunition).toBe(2);
    expect(inventoryProblems(outcome.inventory)).toEqual([]);
  });

  test("swap carries flags and re-points both pointers", () => {
    let inv = inventoryWith([[1, SWORD, 1], [2, ARMOR, 1]]);
    inv = equip(equip(inv, 1, "weapon"), 2, "armor");
    const outcome = ok(moveItem(inv, 1, 2, catalog));
    expect(outcome.kind).toBe("swap");
    expect(outcome.inventory.equipped).toMatchObject({ weapon: 2, armor: 1 });
    expect(slotAt(outcome.inventory, 2)).toMatchObject({ objectId: SWORD, equipped: true });
  });

  test("move into an empty slot; ships keep their flagless pointer", () => {
    const inv = equip(inventoryWith([[3, SHIP, 1]]), 3, "ship");
    const outcome = ok(moveItem(inv, 3, 10, catalog));
    expect(outcome.kind).toBe("move");
    expect(outcome.inventory.equipped.ship).toBe(10);
    expect(slotAt(outcome.inventory, 10).equipped).toBe(false);
  });

  test("Q6 fixed: the backpack pointer follows its item", () => {
    const inv = equip(inventoryWith([[4, BACKPACK, 1]]), 4, "backpack");
    expect(ok(moveItem(inv, 4, 6, catalog)).inventory.equipped.backpack).toBe(6);
  });

  test("Q5 fixed: moving a slot onto itself is refused (VB6 duplicated or destroyed units)", () => {
    for (const amount of [4000, 6000]) {
      expect(moveItem(inventoryWith([[1, POTION, amount]]), 1, 1, catalog)).toEqual({ ok: false, reason: "same_slot" });
    }
  });

  test("slots past the tier are locked; outside 1…42 are bad", () => {
    const inv = inventoryWith([[1, POTION, 1]], 24);
    expect(moveItem(inv, 1, 30, catalog)).toEqual({ ok: false, reason: "slot_locked" });
    for (const slot of [0, 43, -2, 1.5]) expect(moveItem(inv, 1, slot, catalog)).toEqual({ ok: false, reason: "bad_slot" });
  });

  test("a fishing line mends a broken rod (TryRepairFishingRod), either way round", () => {
    for (const [from, to] of [[1, 2], [2, 1]] as const) {
      const outcome = ok(moveItem(inventoryWith([[1, LINE, 3], [2, BROKEN_ROD, 1]]), from, to, catalog));
      expect(outcome.kind).toBe("repair");
      expect(outcome.repairedRod).toBe(ROD);
      expect(slotAt(outcome.inventory, 1)).toMatchObject({ objectId: LINE, amount: 2 });
      expect(slotAt(outcome.inventory, 2)).toMatchObject({ objectId: ROD, amount: 1 });
      expect(outcome.changed).toEqual([1, 2]);
    }
  });

  test("a line too weak for the rod: the player is told and the move goes on as a swap", () => {
    const outcome = ok(moveItem(inventoryWith([[1, LINE, 1], [2, BROKEN_STRONG_ROD, 1]]), 1, 2, catalog));
    expect(outcome).toMatchObject({ kind: "swap", notice: "line_too_weak" });
  });

  test("a mended rod that would not fit is refused (VB6 lost it)", () => {
    const entries = Array.from({ length: 24 }, (_, i) => [i + 1, APPLE, 1] as [number, number, number]);
    entries[0] = [1, LINE, 2];
    entries[1] = [2, BROKEN_ROD, 2];
    expect(moveItem(inventoryWith(entries), 1, 2, catalog)).toEqual({ ok: false, reason: "inventory_full" });
  });
});

describe("deleteItem (eDeleteItem, §3.6)", () => {
  const safe = { safeMap: true, dead: false };

  test("empties a slot that is not equipped on a safe map", () => {
    const outcome = ok(deleteItem(inventoryWith([[2, POTION, 9]]), 2, safe));
    expect(outcome).toMatchObject({ objectId: POTION, amount: 9, changed: [2] });
  });

  test("refusals in VB6 order", () => {
    const inv = equip(inventoryWith([[2, SWORD, 1]]), 2, "weapon");
    expect(deleteItem(inv, 2, { ...safe, skin: true })).toEqual({ ok: false, reason: "disabled" });
    expect(deleteItem(inv, 0, safe)).toEqual({ ok: false, reason: "bad_slot" });
    expect(deleteItem(inv, 2, { safeMap: false, dead: false })).toEqual({ ok: false, reason: "not_safe_map" });
    expect(deleteItem(inv, 2, { ...safe, eventMap: true })).toEqual({ ok: false, reason: "not_safe_map" });
    expect(deleteItem(inv, 2, { ...safe, dead: true })).toEqual({ ok: false, reason: "dead" });
    expect(deleteItem(inv, 2, safe)).toEqual({ ok: false, reason: "equipped" });
    const sailing = equip(inventoryWith([[3, SHIP, 1]]), 3, "ship");
    expect(deleteItem(sailing, 3, safe)).toEqual({ ok: false, reason: "equipped" });
  });
});
