/**
 * Properties of the inventory operations on random inventories and random (often hostile)
 * requests: nothing throws, the invariants hold after every operation (amounts 0…10000, empty
 * slots really empty, pointers on equipped slots), units are created or destroyed only where the
 * rule says so, and a put followed by taking the same amount restores the state.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { MAX_STACK } from "../character/index.ts";
import { GOLD_OBJECT, type EquipmentKind } from "../items/index.ts";
import { emptyInventory, inventoryProblems, type Inventory, type InventorySlotState } from "./inventory.ts";
import { deleteItem, markEquipped, markUnequipped, moveItem, putItem, removeFromSlot, takeItems } from "./operations.ts";
import { inventoryFromRecord, toRecordInventory } from "./record.ts";
import { APPLE, ARMOR, ARROW, BROKEN_ROD, GOLD, LINE, POTION, ROD, SHIP, SWORD, TEST_CATALOG } from "./test-fixtures.ts";

const catalog = TEST_CATALOG;
const KNOWN = [APPLE, SWORD, ARMOR, POTION, ARROW, SHIP, LINE, BROKEN_ROD, ROD] as const;
const KIND_OF: Record<number, EquipmentKind> = { [SWORD]: "weapon", [ARMOR]: "armor", [ARROW]: "ammunition", [SHIP]: "ship", [LINE]: "tool", [ROD]: "tool" };

const objectId = fc.oneof(fc.constantFrom(...KNOWN), fc.constantFrom(GOLD, 0, -1, 9999, 1.5));
const amount = fc.oneof(
  fc.integer({ min: 1, max: 50 }),
  fc.integer({ min: MAX_STACK - 20, max: MAX_STACK + 5 }),
  fc.constantFrom(0, -1, -10000, 0.5, 1e12, Number.NaN, Number.POSITIVE_INFINITY),
);
const slot = fc.oneof(fc.integer({ min: 1, max: 24 }), fc.constantFrom(0, 25, 42, 43, -1, 2.5, 200));
const tags = fc.constantFrom(0, 0, 0, 3);

/** A valid inventory: random stacks, some of them equipped through the bookkeeping. */
const inventory = fc
  .record({
    usable: fc.constantFrom(24, 30, 36, 42),
    gold: fc.integer({ min: 0, max: 1_000_000 }),
    stacks: fc.array(fc.tuple(fc.integer({ min: 1, max: 42 }), fc.constantFrom(...KNOWN), fc.integer({ min: 1, max: MAX_STACK }), tags, fc.boolean()), { maxLength: 30 }),
  })
  .map(({ usable, gold, stacks }) => {
    const base = emptyInventory(usable, gold);
    const slots: InventorySlotState[] = [...base.slots];
    for (const [n, id, units, tag] of stacks) slots[n - 1] = { objectId: id, amount: units, equipped: false, tags: tag };
    let result: Inventory = { ...base, slots };
    for (const [n, id, , , wear] of stacks) {
      const kind = KIND_OF[id];
      if (wear && kind !== undefined && slots[n - 1]!.objectId === id && result.equipped[kind] === 0) result = markEquipped(result, n, kind).inventory;
    }
    return result;
  });

type Op =
  | { op: "put"; objectId: number; amount: number; tags: number }
  | { op: "remove"; slot: number; amount: number }
  | { op: "take"; objectId: number; amount: number; tags: number }
  | { op: "move"; from: number; to: number }
  | { op: "delete"; slot: number }
  | { op: "unequip"; slot: number };

const operation: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant("put" as const), objectId, amount, tags }),
  fc.record({ op: fc.constant("remove" as const), slot, amount }),
  fc.record({ op: fc.constant("take" as const), objectId, amount, tags }),
  fc.record({ op: fc.constant("move" as const), from: slot, to: slot }),
  fc.record({ op: fc.constant("delete" as const), slot }),
  fc.record({ op: fc.constant("unequip" as const), slot }),
);

/** Units of every (object, tags) over all 42 slots, plus gold under object 12. */
function totals(inv: Inventory): Map<string, number> {
  const map = new Map<string, number>([[`${GOLD_OBJECT}:0`, inv.gold]]);
  for (const s of inv.slots) if (s.objectId !== 0) map.set(`${s.objectId}:${s.tags}`, (map.get(`${s.objectId}:${s.tags}`) ?? 0) + s.amount);
  return map;
}

function delta(before: Inventory, after: Inventory): Record<string, number> {
  const a = totals(before);
  const b = totals(after);
  const out: Record<string, number> = {};
  for (const key of new Set([...a.keys(), ...b.keys()])) {
    const d = (b.get(key) ?? 0) - (a.get(key) ?? 0);
    if (d !== 0) out[key] = d;
  }
  return out;
}

/** Applies one operation; returns the new inventory and the unit changes the rule allows. */
function apply(inv: Inventory, op: Op): { next: Inventory; expected: Record<string, number> } {
  switch (op.op) {
    case "put": {
      const r = putItem(inv, op, catalog);
      if (!r.ok) return { next: inv, expected: {} };
      const key = op.objectId === GOLD_OBJECT ? `${GOLD_OBJECT}:0` : `${op.objectId}:${op.tags}`;
      return { next: r.inventory, expected: op.amount === 0 ? {} : { [key]: op.amount } };
    }
    case "remove": {
      const r = removeFromSlot(inv, op.slot, op.amount);
      if (!r.ok) return { next: inv, expected: {} };
      const tag = inv.slots[op.slot - 1]!.tags;
      return { next: r.inventory, expected: { [`${r.objectId}:${tag}`]: -r.removed } };
    }
    case "take": {
      const r = takeItems(inv, op.objectId, op.amount, op.tags);
      if (!r.ok) return { next: inv, expected: {} };
      return { next: r.inventory, expected: { [`${op.objectId}:${op.objectId === GOLD_OBJECT ? 0 : op.tags}`]: -op.amount } };
    }
    case "move": {
      const r = moveItem(inv, op.from, op.to, catalog);
      if (!r.ok) return { next: inv, expected: {} };
      return { next: r.inventory, expected: r.kind === "repair" ? { [`${LINE}:0`]: -1, [`${BROKEN_ROD}:0`]: -1, [`${ROD}:0`]: 1 } : {} };
    }
    case "delete": {
      const r = deleteItem(inv, op.slot, { safeMap: true, dead: false });
      if (!r.ok) return { next: inv, expected: {} };
      return r.amount === 0 ? { next: r.inventory, expected: {} } : { next: r.inventory, expected: { [`${r.objectId}:${inv.slots[op.slot - 1]!.tags}`]: -r.amount } };
    }
    case "unequip":
      return { next: markUnequipped(inv, op.slot).inventory, expected: {} };
  }
}

describe("inventory properties", () => {
  test("random operation sequences never throw, keep the invariants and conserve units", () => {
    fc.assert(
      fc.property(inventory, fc.array(operation, { maxLength: 25 }), (start, ops) => {
        expect(inventoryProblems(start)).toEqual([]);
        let inv = start;
        for (const op of ops) {
          const { next, expected } = apply(inv, op);
          expect({ op, problems: inventoryProblems(next) }).toEqual({ op, problems: [] });
          expect({ op, delta: delta(inv, next) }).toEqual({ op, delta: expected });
          inv = next;
        }
      }),
      { numRuns: 400, seed: 20240 },
    );
  });

  test("a refused operation returns no inventory at all (the caller keeps its own)", () => {
    fc.assert(
      fc.property(inventory, operation, (inv, op) => {
        const outcome =
          op.op === "put" ? putItem(inv, op, catalog)
          : op.op === "remove" ? removeFromSlot(inv, op.slot, op.amount)
          : op.op === "take" ? takeItems(inv, op.objectId, op.amount, op.tags)
          : op.op === "move" ? moveItem(inv, op.from, op.to, catalog)
          : deleteItem(inv, op.op === "delete" ? op.slot : 0, { safeMap: true, dead: false });
        if (!outcome.ok) expect(Object.keys(outcome).sort()).toEqual(["ok", "reason"]);
      }),
      { numRuns: 300, seed: 7 },
    );
  });

  test("put then remove the same amount from the slot it went to restores the inventory exactly", () => {
    fc.assert(
      fc.property(inventory, fc.constantFrom(...KNOWN), fc.integer({ min: 1, max: MAX_STACK }), tags, (inv, id, units, tag) => {
        const put = putItem(inv, { objectId: id, amount: units, tags: tag }, catalog);
        if (!put.ok) return;
        const back = removeFromSlot(put.inventory, put.slot, units);
        expect(back.ok && back.inventory).toEqual(inv);
      }),
      { numRuns: 400, seed: 11 },
    );
  });

  test("put then take the same amount restores every count (and the wallet for gold)", () => {
    fc.assert(
      fc.property(inventory, fc.constantFrom(...KNOWN, GOLD), fc.integer({ min: 1, max: MAX_STACK }), (inv, id, units) => {
        const put = putItem(inv, { objectId: id, amount: units }, catalog);
        if (!put.ok) return;
        const back = takeItems(put.inventory, id, units);
        expect(back.ok).toBe(true);
        if (back.ok) expect(totals(back.inventory)).toEqual(totals(inv));
      }),
      { numRuns: 400, seed: 12 },
    );
  });

  test("record round trip: inventory → record → inventory → record is stable", () => {
    fc.assert(
      fc.property(inventory, (inv) => {
        const untagged: Inventory = { ...inv, slots: inv.slots.map((s) => ({ ...s, tags: 0 })) };
        const record = toRecordInventory(untagged);
        const loaded = inventoryFromRecord(record, catalog, untagged.usableSlots);
        expect(inventoryProblems(loaded)).toEqual([]);
        expect(toRecordInventory(loaded)).toEqual(record);
        // Everything but a ship pointer that named a later copy of the same ship comes back.
        expect({ ...loaded, equipped: { ...loaded.equipped, ship: 0 } }).toEqual({ ...untagged, equipped: { ...untagged.equipped, ship: 0 } });
      }),
      { numRuns: 300, seed: 13 },
    );
  });
});
