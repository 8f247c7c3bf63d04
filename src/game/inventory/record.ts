/**
 * The inventory ↔ the character record (`src/game/character`): the record keeps occupied slots
 * `{slot, objectId, amount, equipped}`, the object number equipped per kind (`Equipment`) and
 * `gold`; VB6 (`LoadCharacterInventory`, `Codigo/CharacterPersistence.bas`) rebuilds the slot
 * pointers from the equipped flags at login. We do the same:
 *
 * - weapon, armour, shield, helmet, ammunition, ring (rings and magical instruments), tool,
 *   amulet, backpack and aura pointers come from the slots flagged `equipped`, classified by the
 *   object's type; the record's `Equipment` numbers for those kinds are derived, not read;
 * - ship and mount have no slot flag in VB6 (they are "used"): their pointer is the first slot
 *   holding `equipment.ship` / `equipment.mount`;
 * - elemental tags are not in the record: they read as 0 and are not written (only crafted items
 *   carry tags, and crafting does not exist yet).
 *
 * Loading normalises what the invariants forbid: slots outside 1…42, non-positive amounts,
 * more than `MAX_STACK` units (clamped), a flag on an object that is not equipment, unknown
 * objects' flags, and a second flagged slot of a kind already taken lose their flag.
 */
import { MAX_LONG, MAX_STACK, type Equipment, type InventorySlot } from "../character/index.ts";
import { BASE_INVENTORY_SLOTS, equipmentKindOf, type EquipmentKind, type ItemCatalog } from "../items/index.ts";
import { EMPTY_SLOT, NOTHING_EQUIPPED, emptyInventory, isSlotNumber, type Inventory, type InventorySlotState } from "./inventory.ts";

/** The inventory part of a character record. */
export interface RecordInventory {
  readonly inventory: readonly InventorySlot[];
  readonly equipment: Equipment;
  readonly gold: number;
}

/** The inventory of a loaded character; `usableSlots` comes from the patron tier. */
export function inventoryFromRecord(record: RecordInventory, catalog: ItemCatalog, usableSlots: number = BASE_INVENTORY_SLOTS): Inventory {
  const base = emptyInventory(usableSlots);
  const slots: InventorySlotState[] = [...base.slots];
  const equipped: Record<EquipmentKind, number> = { ...NOTHING_EQUIPPED };
  const seen = new Set<number>();
  for (const entry of record.inventory) {
    if (!isSlotNumber(entry.slot) || seen.has(entry.slot)) continue;
    seen.add(entry.slot);
    if (!Number.isInteger(entry.objectId) || entry.objectId <= 0 || !Number.isInteger(entry.amount) || entry.amount <= 0) continue;
    const amount = Math.min(entry.amount, MAX_STACK);
    let flag = false;
    if (entry.equipped) {
      const item = catalog.get(entry.objectId);
      const kind = item === undefined ? null : equipmentKindOf(item);
      if (kind !== null && kind !== "ship" && kind !== "saddle" && equipped[kind] === 0) {
        equipped[kind] = entry.slot;
        flag = true;
      }
    }
    slots[entry.slot - 1] = { objectId: entry.objectId, amount, equipped: flag, tags: 0 };
  }
  equipped.ship = firstSlotHolding(slots, record.equipment.ship);
  equipped.saddle = firstSlotHolding(slots, record.equipment.mount);
  const gold = Number.isSafeInteger(record.gold) ? Math.min(Math.max(record.gold, 0), MAX_LONG) : 0;
  return { slots, equipped, usableSlots: base.usableSlots, gold };
}

function firstSlotHolding(slots: readonly InventorySlotState[], objectId: number): number {
  if (!Number.isInteger(objectId) || objectId <= 0) return 0;
  const index = slots.findIndex((slot) => slot.objectId === objectId);
  return index < 0 ? 0 : index + 1;
}

/** The record's view of an inventory: occupied slots, object numbers per kind, gold. */
export function toRecordInventory(inventory: Inventory): RecordInventory {
  const objectAt = (slot: number): number => (slot === 0 ? 0 : (inventory.slots[slot - 1] ?? EMPTY_SLOT).objectId);
  const slots: InventorySlot[] = [];
  inventory.slots.forEach((slot, index) => {
    if (slot.objectId !== 0) slots.push({ slot: index + 1, objectId: slot.objectId, amount: slot.amount, equipped: slot.equipped });
  });
  return {
    inventory: slots,
    equipment: {
      weapon: objectAt(inventory.equipped.weapon),
      armor: objectAt(inventory.equipped.armor),
      shield: objectAt(inventory.equipped.shield),
      helmet: objectAt(inventory.equipped.helmet),
      ammunition: objectAt(inventory.equipped.ammunition),
      ring: objectAt(inventory.equipped.ring),
      ship: objectAt(inventory.equipped.ship),
      mount: objectAt(inventory.equipped.saddle),
    },
    gold: inventory.gold,
  };
}
