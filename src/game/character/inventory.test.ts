import { describe, expect, test } from "bun:test";
import { INVENTORY_SLOT_COUNT, MAX_STACK, type InventorySlot } from "./character-record.ts";
import { addItems } from "./inventory.ts";

const slot = (number: number, objectId: number, amount: number, equipped = false): InventorySlot => ({ slot: number, objectId, amount, equipped });

describe("addItems", () => {
  test("an object already carried goes onto its stack", () => {
    const before = [slot(1, 10, 5), slot(3, 20, 1, true)];
    const outcome = addItems(before, [{ objectId: 20, amount: 4 }]);
    expect(outcome).toEqual({ kind: "ok", inventory: [slot(1, 10, 5), slot(3, 20, 5, true)], touchedSlots: [3] });
    // The input is untouched.
    expect(before).toEqual([slot(1, 10, 5), slot(3, 20, 1, true)]);
  });

  test("a new object takes the lowest free slot", () => {
    const outcome = addItems([slot(1, 10, 5), slot(3, 20, 1)], [{ objectId: 30, amount: 7 }]);
    expect(outcome).toEqual({ kind: "ok", inventory: [slot(1, 10, 5), slot(2, 30, 7), slot(3, 20, 1)], touchedSlots: [2] });
  });

  test("a stack fills up to the slot maximum and the rest spills into free slots", () => {
    const outcome = addItems([slot(2, 10, MAX_STACK - 3)], [{ objectId: 10, amount: 2 * MAX_STACK + 3 }]);
    expect(outcome).toEqual({
      kind: "ok",
      inventory: [slot(1, 10, MAX_STACK), slot(2, 10, MAX_STACK), slot(3, 10, MAX_STACK)],
      touchedSlots: [1, 2, 3],
    });
  });

  test("no room: refused as a whole, naming the object and what was missing", () => {
    const full = Array.from({ length: INVENTORY_SLOT_COUNT }, (_, index) => slot(index + 1, 100 + index, 1));
    expect(addItems(full, [{ objectId: 999, amount: 1 }])).toEqual({ kind: "no_room", objectId: 999, missing: 1 });
    // Stacking onto an existing object still works in a full inventory.
    expect(addItems(full, [{ objectId: 100, amount: 2 }]).kind).toBe("ok");
    // The first grant fits, the second does not: nothing is added.
    const almost = full.slice(1);
    expect(addItems(almost, [{ objectId: 1, amount: 1 }, { objectId: 2, amount: 1 }])).toEqual({ kind: "no_room", objectId: 2, missing: 1 });
  });

  test("grants of the same object add up", () => {
    const outcome = addItems([], [{ objectId: 5, amount: 6_000 }, { objectId: 5, amount: 6_000 }]);
    expect(outcome).toEqual({ kind: "ok", inventory: [slot(1, 5, MAX_STACK), slot(2, 5, 2_000)], touchedSlots: [1, 2] });
  });
});
