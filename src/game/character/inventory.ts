/**
 * Adding items to a character's inventory (what an administrator's grant does). Pure: returns
 * the new slot list or why the items do not fit, and never changes its input.
 */
import { INVENTORY_SLOT_COUNT, MAX_STACK, type InventorySlot } from "./character-record.ts";

export interface ItemGrant {
  /** Object number in the world's object table. */
  objectId: number;
  amount: number;
}

export type AddItemsOutcome =
  | { kind: "ok"; inventory: InventorySlot[]; /** Slots that received something, in order. */ touchedSlots: number[] }
  /** Not everything fits; `missing` units of `objectId` found no room. Nothing was added. */
  | { kind: "no_room"; objectId: number; missing: number };

/**
 * Adds each grant in order: first onto stacks of the same object (up to MAX_STACK per
 * slot, lowest slot first), then into free slots (lowest first). All or nothing.
 */
export function addItems(inventory: readonly InventorySlot[], grants: readonly ItemGrant[], slotCount = INVENTORY_SLOT_COUNT): AddItemsOutcome {
  const slots = new Map<number, InventorySlot>(inventory.map((slot) => [slot.slot, { ...slot }]));
  const touched = new Set<number>();
  for (const grant of grants) {
    let left = grant.amount;
    const stacks = [...slots.values()].filter((slot) => slot.objectId === grant.objectId).sort((a, b) => a.slot - b.slot);
    for (const stack of stacks) {
      if (left === 0) break;
      const room = Math.max(0, MAX_STACK - stack.amount);
      const put = Math.min(room, left);
      if (put === 0) continue;
      stack.amount += put;
      left -= put;
      touched.add(stack.slot);
    }
    for (let number = 1; number <= slotCount && left > 0; number++) {
      if (slots.has(number)) continue;
      const put = Math.min(MAX_STACK, left);
      slots.set(number, { slot: number, objectId: grant.objectId, amount: put, equipped: false });
      left -= put;
      touched.add(number);
    }
    if (left > 0) return { kind: "no_room", objectId: grant.objectId, missing: left };
  }
  return {
    kind: "ok",
    inventory: [...slots.values()].sort((a, b) => a.slot - b.slot),
    touchedSlots: [...touched].sort((a, b) => a - b),
  };
}
