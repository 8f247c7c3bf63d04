/**
 * The inventory operations of items-and-economy §3, VB6 routines in comments
 * (ao-org/argentum-online-server `Codigo/InvUsuario.bas`, `Codigo/Trabajo.bas`,
 * `Codigo/Protocol.bas`). Each returns an outcome value; a success carries the new inventory,
 * the slots that changed (the map sends `ChangeInventorySlot` for exactly those) and the gold
 * change. Hostile input (slot 0 or 43, negative, fractional or huge amounts, unknown objects)
 * gives a refusal, never an exception.
 *
 * Quirk decisions (§12): Q1 fixed (no item counter; an emptied slot also loses its tags),
 * Q2 kept (gold inserted here ignores `MAXORO`), Q3 fixed (more than `MAX_STACK` units of an
 * item are refused instead of making an object-less slot), Q4 fixed (inserting 0 units changes
 * nothing), Q5 fixed (moving a slot onto itself is refused), Q6 fixed (every pointer, the
 * backpack's too, follows a moved item).
 */
import { GOLD_OBJECT, ObjectType, ToolSubtype, type EquipmentKind, type ItemCatalog } from "../items/index.ts";
import { MAX_LONG, MAX_STACK } from "../character/index.ts";
import { Draft, EMPTY_SLOT, isPositiveAmount, isSlotNumber, isUsableSlot, kindsAtSlot, slotAt, type Inventory } from "./inventory.ts";

/** Units of one object with their elemental tags (VB6 `t_Obj`). */
export interface ItemStack {
  readonly objectId: number;
  readonly amount: number;
  /** `ElementalTags`; 0 for everything normal play makes except crafted items. */
  readonly tags?: number;
}

/** A slot that lost its equipped state because its last unit left (§4.4). */
export interface UnequippedSlot {
  readonly slot: number;
  readonly objectId: number;
  readonly kinds: readonly EquipmentKind[];
}

export type Refusal<R extends string> = { readonly ok: false; readonly reason: R };

export interface Changed {
  readonly ok: true;
  readonly inventory: Inventory;
  /** Slots whose content changed, ascending. */
  readonly changed: readonly number[];
  /** Gold added (positive) or taken (negative). */
  readonly goldDelta: number;
}

export type PutRefusal = "inventory_full" | "invalid_amount" | "too_many" | "unknown_object" | "gold_overflow";
export type PutOutcome = (Changed & { readonly slot: number }) | Refusal<PutRefusal>;

/** True for an id the catalogue knows. */
function known(catalog: ItemCatalog, objectId: number): boolean {
  return Number.isInteger(objectId) && objectId > 0 && catalog.get(objectId) !== undefined;
}

function isAmount(amount: number): boolean {
  return Number.isSafeInteger(amount) && amount >= 0;
}

/**
 * `GetSlotForItemInInventory`: over the usable slots in order, the first slot holding the same
 * (object, tags) with room for all `amount` units wins; otherwise the first empty slot; 0 if
 * neither exists. A stack without room is skipped (an item is never split).
 */
export function slotForItem(inventory: Inventory, stack: ItemStack): number {
  const tags = stack.tags ?? 0;
  let firstEmpty = 0;
  for (let slot = 1; slot <= inventory.usableSlots; slot++) {
    const current = inventory.slots[slot - 1]!;
    if (current.objectId === 0) {
      if (firstEmpty === 0) firstEmpty = slot;
    } else if (current.objectId === stack.objectId && current.tags === tags && current.amount + stack.amount <= MAX_STACK) {
      return slot;
    }
  }
  return firstEmpty;
}

/** Adds gold to the wallet (`MeterItemEnInventario` with object 12): no `MAXORO` cap (Q2). */
export function addGold(inventory: Inventory, amount: number): Changed | Refusal<"invalid_amount" | "gold_overflow"> {
  if (!isAmount(amount)) return { ok: false, reason: "invalid_amount" };
  // A VB6 Long overflows past 2^31 - 1: the routine raised and added nothing.
  if (inventory.gold + amount > MAX_LONG) return { ok: false, reason: "gold_overflow" };
  return { ok: true, inventory: { ...inventory, gold: inventory.gold + amount }, changed: [], goldDelta: amount };
}

/** Takes gold from the wallet, all or nothing. */
export function spendGold(inventory: Inventory, amount: number): Changed | Refusal<"invalid_amount" | "not_enough_gold"> {
  if (!isAmount(amount)) return { ok: false, reason: "invalid_amount" };
  if (amount > inventory.gold) return { ok: false, reason: "not_enough_gold" };
  return { ok: true, inventory: { ...inventory, gold: inventory.gold - amount }, changed: [], goldDelta: -amount };
}

/**
 * `MeterItemEnInventario`: gold (object 12) goes to the wallet; anything else onto the slot
 * `slotForItem` picks, or "inventory_full" (callers then usually drop it at the feet, §6.6).
 */
export function putItem(inventory: Inventory, stack: ItemStack, catalog: ItemCatalog): PutOutcome {
  if (!isAmount(stack.amount)) return { ok: false, reason: "invalid_amount" };
  if (!known(catalog, stack.objectId)) return { ok: false, reason: "unknown_object" };
  if (stack.objectId === GOLD_OBJECT) {
    const outcome = addGold(inventory, stack.amount);
    return outcome.ok ? { ...outcome, slot: 0 } : outcome;
  }
  // Q4 fixed: 0 units (a level-1 worker's mining, Q32) leave the inventory as it is.
  if (stack.amount === 0) return { ok: true, inventory, changed: [], goldDelta: 0, slot: 0 };
  // Q3 fixed: VB6 would set the amount to 10000 without setting the object.
  if (stack.amount > MAX_STACK) return { ok: false, reason: "too_many" };
  const slot = slotForItem(inventory, stack);
  if (slot === 0) return { ok: false, reason: "inventory_full" };
  const draft = new Draft(inventory);
  const current = draft.at(slot);
  draft.set(slot, { objectId: stack.objectId, amount: current.amount + stack.amount, equipped: current.equipped, tags: stack.tags ?? 0 });
  return { ...draft.commit(), ok: true, goldDelta: 0, slot };
}

export type PutIntoSlotRefusal = "bad_slot" | "invalid_amount" | "unknown_object" | "gold_not_in_slot" | "inventory_full" | "slot_full";
export type PutIntoSlotOutcome = (Changed & { readonly transferred: number }) | Refusal<PutIntoSlotRefusal>;

/**
 * `TryInsertGroundObjectIntoInventorySlot`: as much of `stack` as fits into one chosen slot
 * (an empty slot takes up to `MAX_STACK`, a slot with the same object and tags the rest of its
 * room; another object answers "inventory_full"). `transferred` may be less than asked.
 */
export function putIntoSlot(inventory: Inventory, slot: number, stack: ItemStack, catalog: ItemCatalog): PutIntoSlotOutcome {
  if (!isUsableSlot(inventory, slot)) return { ok: false, reason: "bad_slot" };
  if (!isPositiveAmount(stack.amount)) return { ok: false, reason: "invalid_amount" };
  if (!known(catalog, stack.objectId)) return { ok: false, reason: "unknown_object" };
  // `PickObjAt` never sends gold to a chosen slot.
  if (stack.objectId === GOLD_OBJECT) return { ok: false, reason: "gold_not_in_slot" };
  const tags = stack.tags ?? 0;
  const current = slotAt(inventory, slot);
  let room: number;
  if (current.objectId === 0) room = MAX_STACK;
  else if (current.objectId === stack.objectId && current.tags === tags) room = MAX_STACK - current.amount;
  else return { ok: false, reason: "inventory_full" };
  if (room <= 0) return { ok: false, reason: "slot_full" };
  const transferred = Math.min(room, stack.amount);
  const draft = new Draft(inventory);
  draft.set(slot, { objectId: stack.objectId, amount: current.amount + transferred, equipped: current.equipped, tags });
  return { ...draft.commit(), ok: true, goldDelta: 0, transferred };
}

export type RemoveRefusal = "bad_slot" | "empty_slot" | "invalid_amount";
export type RemoveOutcome =
  | (Changed & { readonly removed: number; readonly objectId: number; readonly unequipped: readonly UnequippedSlot[] })
  | Refusal<RemoveRefusal>;

/**
 * `QuitarUserInvItem`: takes up to `amount` units from a usable slot. When the last unit
 * leaves, an equipped slot is unequipped first (§4.4) and the slot is emptied.
 */
export function removeFromSlot(inventory: Inventory, slot: number, amount: number): RemoveOutcome {
  if (!isUsableSlot(inventory, slot)) return { ok: false, reason: "bad_slot" };
  if (!isPositiveAmount(amount)) return { ok: false, reason: "invalid_amount" };
  const current = slotAt(inventory, slot);
  if (current.objectId === 0) return { ok: false, reason: "empty_slot" };
  const draft = new Draft(inventory);
  const unequipped: UnequippedSlot[] = [];
  if (current.amount <= amount) {
    const kinds = draft.unequip(slot);
    if (current.equipped || kinds.length > 0) unequipped.push({ slot, objectId: current.objectId, kinds });
    draft.set(slot, EMPTY_SLOT);
  } else {
    draft.set(slot, { ...current, amount: current.amount - amount });
  }
  return { ...draft.commit(), ok: true, goldDelta: 0, removed: Math.min(amount, current.amount), objectId: current.objectId, unequipped };
}

/** `TieneObjetos`' sum: units of (object, tags) over the usable slots, plus the wallet for gold. */
export function countItems(inventory: Inventory, objectId: number, tags = 0): number {
  let total = objectId === GOLD_OBJECT ? inventory.gold : 0;
  for (let slot = 1; slot <= inventory.usableSlots; slot++) {
    const current = inventory.slots[slot - 1]!;
    if (current.objectId === objectId && current.objectId !== 0 && current.tags === tags) total += current.amount;
  }
  return total;
}

/** `TieneObjetos`: at least `amount` units of (object, tags). */
export function hasItems(inventory: Inventory, objectId: number, amount: number, tags = 0): boolean {
  return Number.isFinite(amount) && amount <= countItems(inventory, objectId, tags);
}

export type TakeOutcome =
  | (Changed & { readonly unequipped: readonly UnequippedSlot[] })
  | Refusal<"invalid_amount" | "not_enough">;

/**
 * `QuitarObjetos`: takes `amount` units of (object, tags) across the usable slots in slot
 * order, unequipping slots it empties; for gold the rest comes from the wallet. All or nothing
 * (VB6 takes what there is; every caller checks `TieneObjetos` first).
 */
export function takeItems(inventory: Inventory, objectId: number, amount: number, tags = 0): TakeOutcome {
  if (!isPositiveAmount(amount)) return { ok: false, reason: "invalid_amount" };
  if (!hasItems(inventory, objectId, amount, tags)) return { ok: false, reason: "not_enough" };
  const draft = new Draft(inventory);
  const unequipped: UnequippedSlot[] = [];
  let left = amount;
  for (let slot = 1; slot <= inventory.usableSlots && left > 0; slot++) {
    const current = draft.at(slot);
    if (current.objectId !== objectId || current.objectId === 0 || current.tags !== tags) continue;
    if (current.amount <= left) {
      const kinds = draft.unequip(slot);
      if (current.equipped || kinds.length > 0) unequipped.push({ slot, objectId, kinds });
      draft.set(slot, EMPTY_SLOT);
      left -= current.amount;
    } else {
      draft.set(slot, { ...current, amount: current.amount - left });
      left = 0;
    }
  }
  if (left > 0) draft.gold -= left; // only gold reaches here: hasItems counted the wallet
  const committed = draft.commit();
  return { ok: true, ...committed, goldDelta: committed.inventory.gold - inventory.gold, unequipped };
}

/**
 * `HayLugarEnInventario` (the blacksmith's check): an empty usable slot, or one holding the
 * object with `amount + n < 10000` (strict, tags ignored). Stricter than the real insert.
 */
export function hasRoomFor(inventory: Inventory, objectId: number, amount: number): boolean {
  for (let slot = 1; slot <= inventory.usableSlots; slot++) {
    const current = inventory.slots[slot - 1]!;
    if (current.objectId === 0 || (current.objectId === objectId && current.amount + amount < MAX_STACK)) return true;
  }
  return false;
}

export type MoveRefusal = "bad_slot" | "slot_locked" | "same_slot" | "inventory_full";
export type MoveOutcome =
  | (Changed & {
      readonly kind: "merge" | "swap" | "move" | "repair";
      /** `TryRepairFishingRod`: the rod made (objectId) when a line mended a broken rod. */
      readonly repairedRod?: number;
      /** The line was too weak to mend the rod: the player is told, and the move went on. */
      readonly notice?: "line_too_weak";
    })
  | Refusal<MoveRefusal>;

/**
 * `eMoveitem` (`HandleMoveItem`, §3.5): mend a fishing rod with a line; otherwise merge two
 * stacks of the same (object, tags) into `to` (the excess over 10000 stays in `from`), or swap
 * the two slots (a move when `to` is empty). Equipped flags travel with the items and every
 * equipment pointer follows them; nothing is re-validated.
 */
export function moveItem(inventory: Inventory, from: number, to: number, catalog: ItemCatalog): MoveOutcome {
  if (!isSlotNumber(from) || !isSlotNumber(to)) return { ok: false, reason: "bad_slot" };
  // "Espacio no desbloqueado": a slot past the patron tier.
  if (!isUsableSlot(inventory, from) || !isUsableSlot(inventory, to)) return { ok: false, reason: "slot_locked" };
  // Q5 fixed: VB6 merges a slot into itself (≤ 5000 units vanish, 5001–9999 become 10000).
  if (from === to) return { ok: false, reason: "same_slot" };
  const repair = tryRepairFishingRod(inventory, from, to, catalog);
  if (repair.kind === "repaired" || repair.kind === "refused") return repair.outcome;
  const notice = repair.kind === "too_weak" ? ({ notice: "line_too_weak" } as const) : {};
  const draft = new Draft(inventory);
  const source = draft.at(from);
  const target = draft.at(to);
  if (source.objectId === target.objectId && source.tags === target.tags) {
    const total = target.amount + source.amount;
    const excess = total - MAX_STACK;
    if (excess > 0) {
      draft.set(from, { ...source, amount: excess });
      draft.set(to, { ...target, amount: MAX_STACK });
    } else {
      draft.set(to, { ...target, amount: total, equipped: target.equipped || source.equipped });
      draft.set(from, EMPTY_SLOT);
      draft.repoint(from, to, false);
    }
    return { ...draft.commit(), ok: true, goldDelta: 0, kind: "merge", ...notice };
  }
  draft.set(from, target);
  draft.set(to, source);
  draft.repoint(from, to, true);
  return { ...draft.commit(), ok: true, goldDelta: 0, kind: target.objectId === 0 ? "move" : "swap", ...notice };
}

type RepairAttempt =
  | { kind: "none" }
  | { kind: "too_weak" }
  | { kind: "repaired"; outcome: MoveOutcome }
  | { kind: "refused"; outcome: MoveOutcome };

/**
 * `TryRepairFishingRod`: one slot holds a fishing line (a working tool of subtype 10), the other
 * a broken rod whose `RepairTo` rod has `Power` ≤ the line's: one line and one broken rod are
 * removed and the mended rod is put in (§3.3). If it would not fit, VB6 lost the rod; we refuse.
 */
function tryRepairFishingRod(inventory: Inventory, from: number, to: number, catalog: ItemCatalog): RepairAttempt {
  const a = slotAt(inventory, from);
  const b = slotAt(inventory, to);
  if (a.objectId <= 0 || b.objectId <= 0) return { kind: "none" };
  const first = catalog.get(a.objectId);
  const second = catalog.get(b.objectId);
  if (first === undefined || second === undefined) return { kind: "none" };
  let lineSlot: number;
  let rodSlot: number;
  if (first.subType === ToolSubtype.FishingLine) [lineSlot, rodSlot] = [from, to];
  else if (second.subType === ToolSubtype.FishingLine) [lineSlot, rodSlot] = [to, from];
  else return { kind: "none" };
  const line = lineSlot === from ? first : second;
  const rod = lineSlot === from ? second : first;
  if (line.type !== ObjectType.WorkingTool || rod.repairTo <= 0) return { kind: "none" };
  const repaired = catalog.get(rod.repairTo);
  if (repaired === undefined) return { kind: "none" };
  if (repaired.power > line.power) return { kind: "too_weak" };
  const lineTaken = removeFromSlot(inventory, lineSlot, 1);
  if (!lineTaken.ok) return { kind: "none" };
  const rodTaken = removeFromSlot(lineTaken.inventory, rodSlot, 1);
  if (!rodTaken.ok) return { kind: "none" };
  const put = putItem(rodTaken.inventory, { objectId: repaired.id, amount: 1 }, catalog);
  if (!put.ok) return { kind: "refused", outcome: { ok: false, reason: "inventory_full" } };
  const changed = [...new Set([lineSlot, rodSlot, put.slot])].sort((x, y) => x - y);
  return { kind: "repaired", outcome: { ok: true, inventory: put.inventory, changed, goldDelta: 0, kind: "repair", repairedRod: repaired.id } };
}

export interface DeleteContext {
  /** The map is `Seguro=1`. */
  readonly safeMap: boolean;
  /** An event map (deleting is refused there). */
  readonly eventMap?: boolean;
  readonly dead: boolean;
  /** `isSkin`: skin deletion is disabled. */
  readonly skin?: boolean;
}

export type DeleteRefusal = "bad_slot" | "disabled" | "not_safe_map" | "dead" | "equipped";
export type DeleteOutcome = (Changed & { readonly objectId: number; readonly amount: number }) | Refusal<DeleteRefusal>;

/**
 * `eDeleteItem` (`HandleDeleteItem`, §3.6): on safe, non-event maps, alive, a slot that is not
 * equipped is emptied ("object deleted"). Skins answer "function disabled".
 */
export function deleteItem(inventory: Inventory, slot: number, context: DeleteContext): DeleteOutcome {
  if (context.skin === true) return { ok: false, reason: "disabled" };
  if (!isUsableSlot(inventory, slot)) return { ok: false, reason: "bad_slot" };
  if (!context.safeMap || context.eventMap === true) return { ok: false, reason: "not_safe_map" };
  if (context.dead) return { ok: false, reason: "dead" };
  const current = slotAt(inventory, slot);
  // VB6 checks only the flag; a ship or saddle in use has a pointer without it.
  if (current.equipped || kindsAtSlot(inventory, slot).length > 0) return { ok: false, reason: "equipped" };
  const draft = new Draft(inventory);
  draft.set(slot, EMPTY_SLOT);
  return { ...draft.commit(), ok: true, goldDelta: 0, objectId: current.objectId, amount: current.amount };
}

/**
 * Bookkeeping for the equipment rules (no checks of who may equip what): sets the slot's flag
 * and the kind's pointer. Ships and saddles get the pointer only (VB6 sets no flag for them).
 * A bad or empty slot leaves the inventory as it is.
 */
export function markEquipped(inventory: Inventory, slot: number, kind: EquipmentKind): { inventory: Inventory; changed: readonly number[] } {
  const current = slotAt(inventory, slot);
  if (!isSlotNumber(slot) || current.objectId === 0) return { inventory, changed: [] };
  const draft = new Draft(inventory);
  draft.setPointer(kind, slot);
  if (kind !== "ship" && kind !== "saddle") draft.set(slot, { ...current, equipped: true });
  else draft.touch(slot);
  return draft.commit();
}

/** Bookkeeping for the equipment rules: clears the slot's flag and every pointer naming it. */
export function markUnequipped(inventory: Inventory, slot: number): { inventory: Inventory; changed: readonly number[]; kinds: readonly EquipmentKind[] } {
  if (!isSlotNumber(slot)) return { inventory, changed: [], kinds: [] };
  const draft = new Draft(inventory);
  const kinds = draft.unequip(slot);
  if (kinds.length > 0) draft.touch(slot);
  return { ...draft.commit(), kinds };
}
