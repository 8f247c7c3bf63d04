/**
 * The inventory model (items-and-economy §3.1): 42 slots of `(objectId, amount, equipped, tags)`,
 * the equipment pointers (one slot per kind, as VB6 `t_Inventario` keeps `Equipped<Kind>Slot`),
 * the number of usable slots (24, or 30/36/42 for patron tiers) and the wallet. Values are
 * immutable: every operation returns a new inventory and the slots it changed.
 */
import { MAX_LONG, MAX_STACK, INVENTORY_SLOT_COUNT } from "../character/index.ts";
import { EQUIPMENT_KINDS, BASE_INVENTORY_SLOTS, PATRON_TIER_INVENTORY_SLOTS, type EquipmentKind } from "../items/index.ts";

/** One slot. An empty slot is `EMPTY_SLOT`: object 0, amount 0, not equipped, tags 0. */
export interface InventorySlotState {
  readonly objectId: number;
  readonly amount: number;
  readonly equipped: boolean;
  /** `ElementalTags`: a stack is (objectId, tags); different tags never merge. */
  readonly tags: number;
}

/** Slot number (1…42) per equipment kind; 0 = nothing equipped. */
export type EquippedSlots = Readonly<Record<EquipmentKind, number>>;

export interface Inventory {
  /** Exactly `INVENTORY_SLOT_COUNT` entries: `slots[n - 1]` is slot n. */
  readonly slots: readonly InventorySlotState[];
  readonly equipped: EquippedSlots;
  /** `CurrentInventorySlots`: slots 1…this are usable; the rest keep their items, unreachable. */
  readonly usableSlots: number;
  /** `Stats.GLD`: gold is not an item in a character (§3.2). */
  readonly gold: number;
}

export const EMPTY_SLOT: InventorySlotState = Object.freeze({ objectId: 0, amount: 0, equipped: false, tags: 0 });

export const NOTHING_EQUIPPED: EquippedSlots = Object.freeze(
  Object.fromEntries(EQUIPMENT_KINDS.map((kind) => [kind, 0])) as Record<EquipmentKind, number>,
);

/** Patron tiers and their usable slots (`get_num_inv_slots_from_tier`). */
export type PatronTier = keyof typeof PATRON_TIER_INVENTORY_SLOTS;

/** Usable slots of a patron tier. */
export function usableSlotsForTier(tier: PatronTier): number {
  return PATRON_TIER_INVENTORY_SLOTS[tier];
}

/** An inventory with nothing in it. `usableSlots` is clamped to 1…42. */
export function emptyInventory(usableSlots: number = BASE_INVENTORY_SLOTS, gold = 0): Inventory {
  return {
    slots: Array.from({ length: INVENTORY_SLOT_COUNT }, () => EMPTY_SLOT),
    equipped: NOTHING_EQUIPPED,
    usableSlots: clampUsable(usableSlots),
    gold,
  };
}

function clampUsable(value: number): number {
  if (!Number.isInteger(value)) return BASE_INVENTORY_SLOTS;
  return Math.min(INVENTORY_SLOT_COUNT, Math.max(1, value));
}

/** The same inventory with another number of usable slots (a tier change at login). */
export function withUsableSlots(inventory: Inventory, usableSlots: number): Inventory {
  return { ...inventory, usableSlots: clampUsable(usableSlots) };
}

/** True for a whole number in 1…42 (a slot that exists, usable or not). */
export function isSlotNumber(slot: number): boolean {
  return Number.isInteger(slot) && slot >= 1 && slot <= INVENTORY_SLOT_COUNT;
}

/** True for a slot the character can use now (1…`usableSlots`). */
export function isUsableSlot(inventory: Inventory, slot: number): boolean {
  return Number.isInteger(slot) && slot >= 1 && slot <= inventory.usableSlots;
}

/** Slot n, or `EMPTY_SLOT` for a number outside 1…42. */
export function slotAt(inventory: Inventory, slot: number): InventorySlotState {
  return isSlotNumber(slot) ? inventory.slots[slot - 1]! : EMPTY_SLOT;
}

/** The equipment kinds whose pointer names `slot`. */
export function kindsAtSlot(inventory: Inventory, slot: number): EquipmentKind[] {
  return EQUIPMENT_KINDS.filter((kind) => inventory.equipped[kind] === slot);
}

/** A whole number of units ≥ 1 that fits a VB6 `Long`. */
export function isPositiveAmount(amount: number): boolean {
  return Number.isSafeInteger(amount) && amount >= 1 && amount <= MAX_LONG;
}

/**
 * A mutable working copy used inside one operation; `commit` returns the new value and the
 * changed slots in ascending order.
 */
export class Draft {
  private readonly slots: InventorySlotState[];
  private equipped: Record<EquipmentKind, number>;
  private readonly touched = new Set<number>();
  gold: number;

  constructor(private readonly base: Inventory) {
    this.slots = [...base.slots];
    this.equipped = { ...base.equipped };
    this.gold = base.gold;
  }

  get usableSlots(): number {
    return this.base.usableSlots;
  }

  at(slot: number): InventorySlotState {
    return this.slots[slot - 1]!;
  }

  set(slot: number, value: InventorySlotState): void {
    this.slots[slot - 1] = value.objectId === 0 || value.amount <= 0 ? EMPTY_SLOT : value;
    this.touched.add(slot);
  }

  pointer(kind: EquipmentKind): number {
    return this.equipped[kind];
  }

  setPointer(kind: EquipmentKind, slot: number): void {
    this.equipped[kind] = slot;
  }

  /** Clears every pointer naming `slot` and the slot's flag; returns the kinds cleared. */
  unequip(slot: number): EquipmentKind[] {
    const kinds = EQUIPMENT_KINDS.filter((kind) => this.equipped[kind] === slot);
    for (const kind of kinds) this.equipped[kind] = 0;
    const current = this.at(slot);
    if (current.equipped) this.set(slot, { ...current, equipped: false });
    return kinds;
  }

  /** Re-points every pointer naming `from` to `to` (and the reverse when `swap`). */
  repoint(from: number, to: number, swap: boolean): void {
    for (const kind of EQUIPMENT_KINDS) {
      if (this.equipped[kind] === from) this.equipped[kind] = to;
      else if (swap && this.equipped[kind] === to) this.equipped[kind] = from;
    }
  }

  touch(slot: number): void {
    this.touched.add(slot);
  }

  commit(): { inventory: Inventory; changed: number[] } {
    return {
      inventory: { slots: this.slots, equipped: this.equipped, usableSlots: this.base.usableSlots, gold: this.gold },
      changed: [...this.touched].sort((a, b) => a - b),
    };
  }
}

/** What invariants an inventory breaks (an empty list for a valid one); for tests and loaders. */
export function inventoryProblems(inventory: Inventory): string[] {
  const problems: string[] = [];
  if (inventory.slots.length !== INVENTORY_SLOT_COUNT) problems.push(`has ${inventory.slots.length} slots`);
  inventory.slots.forEach((slot, index) => {
    const n = index + 1;
    const empty = slot.objectId === 0;
    if (!Number.isInteger(slot.amount) || slot.amount < 0 || slot.amount > MAX_STACK) problems.push(`slot ${n} amount ${slot.amount}`);
    if (empty !== (slot.amount === 0)) problems.push(`slot ${n} object ${slot.objectId} amount ${slot.amount}`);
    if (empty && (slot.equipped || slot.tags !== 0)) problems.push(`slot ${n} empty but equipped or tagged`);
    if (slot.equipped && !EQUIPMENT_KINDS.some((kind) => inventory.equipped[kind] === n)) problems.push(`slot ${n} flagged without a pointer`);
  });
  for (const kind of EQUIPMENT_KINDS) {
    const slot = inventory.equipped[kind];
    if (slot === 0) continue;
    if (!isSlotNumber(slot)) problems.push(`${kind} points at ${slot}`);
    else if (inventory.slots[slot - 1]!.objectId === 0) problems.push(`${kind} points at empty slot ${slot}`);
    // Ships and saddles are "used": VB6 sets their pointer but not the slot flag.
    else if (kind !== "ship" && kind !== "saddle" && !inventory.slots[slot - 1]!.equipped) problems.push(`${kind} slot ${slot} not flagged`);
  }
  if (!Number.isSafeInteger(inventory.gold) || inventory.gold < 0 || inventory.gold > MAX_LONG) problems.push(`gold ${inventory.gold}`);
  return problems;
}
