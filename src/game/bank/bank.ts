/**
 * The bank vault (items-and-economy §8): 42 slots of `(objectId, amount)` per character plus
 * the bank gold, and the moves between the vault and the inventory (`UserDepositaItem` /
 * `UserDejaObj`, `UserRetiraItem` / `UserReciveObj`, `HandleBovedaMoveItem`,
 * `HandleBankDepositGold` / `HandleBankExtractGold`). Pure values: every operation returns the
 * new inventory, vault and gold, or a refusal; nothing is ever created or destroyed, only moved.
 *
 * Elemental tags are not kept in the vault (like the inventory record, see
 * game/inventory/record.ts): only crafted items carry them, and crafting does not exist yet.
 */
import { BANK_SLOT_COUNT, MAX_LONG, MAX_STACK, type BankSlot } from "../character/index.ts";
import type { ItemCatalog } from "../items/index.ts";
import { putIntoSlot, removeFromSlot, slotAt, isUsableSlot, type Inventory, type UnequippedSlot } from "../inventory/index.ts";

export { BANK_SLOT_COUNT };

export interface VaultSlot {
  readonly objectId: number;
  readonly amount: number;
}

/** Exactly `BANK_SLOT_COUNT` entries: `vault[n - 1]` is slot n. */
export type Vault = readonly VaultSlot[];

export const EMPTY_VAULT_SLOT: VaultSlot = Object.freeze({ objectId: 0, amount: 0 });

export function emptyVault(): Vault {
  return Array.from({ length: BANK_SLOT_COUNT }, () => EMPTY_VAULT_SLOT);
}

export function isBankSlot(slot: number): boolean {
  return Number.isInteger(slot) && slot >= 1 && slot <= BANK_SLOT_COUNT;
}

/** The vault of the record's (or the database's) occupied slots; bad entries are dropped. */
export function vaultFromRecord(slots: readonly BankSlot[]): Vault {
  const vault: VaultSlot[] = [...emptyVault()];
  for (const entry of slots) {
    if (!isBankSlot(entry.slot) || vault[entry.slot - 1]!.objectId !== 0) continue;
    if (!Number.isInteger(entry.objectId) || entry.objectId <= 0 || !Number.isInteger(entry.amount) || entry.amount <= 0) continue;
    vault[entry.slot - 1] = { objectId: entry.objectId, amount: Math.min(entry.amount, MAX_STACK) };
  }
  return vault;
}

/** The record's view of a vault: occupied slots, ascending. */
export function vaultToRecord(vault: Vault): BankSlot[] {
  const slots: BankSlot[] = [];
  vault.forEach((slot, index) => {
    if (slot.objectId !== 0 && slot.amount > 0) slots.push({ slot: index + 1, objectId: slot.objectId, amount: slot.amount });
  });
  return slots;
}

type Refusal<R extends string> = { readonly ok: false; readonly reason: R };

export type DepositRefusal = "bad_slot" | "empty_slot" | "invalid_amount" | "bank_full";
export type DepositOutcome =
  | {
      readonly ok: true;
      readonly inventory: Inventory;
      readonly vault: Vault;
      readonly inventorySlot: number;
      readonly bankSlot: number;
      readonly moved: number;
      readonly unequipped: readonly UnequippedSlot[];
    }
  | Refusal<DepositRefusal>;

/** §8.3: `amount` units of inventory slot `invSlot` into the vault (`destSlot` 0 = anywhere). */
export function depositItem(inventory: Inventory, vault: Vault, invSlot: number, amount: number, destSlot: number): DepositOutcome {
  if (!isUsableSlot(inventory, invSlot)) return { ok: false, reason: "bad_slot" };
  const source = slotAt(inventory, invSlot);
  if (source.objectId === 0 || source.amount <= 0) return { ok: false, reason: "empty_slot" };
  if (!Number.isInteger(amount) || amount <= 0) return { ok: false, reason: "invalid_amount" };
  const n = Math.min(amount, source.amount);
  const bankSlot = vaultSlotFor(vault, source.objectId, n, destSlot);
  if (bankSlot === 0) return { ok: false, reason: "bank_full" };
  const removed = removeFromSlot(inventory, invSlot, n);
  if (!removed.ok) return { ok: false, reason: removed.reason };
  const next = [...vault];
  const current = next[bankSlot - 1]!;
  next[bankSlot - 1] = { objectId: source.objectId, amount: current.amount + removed.removed };
  return { ok: true, inventory: removed.inventory, vault: next, inventorySlot: invSlot, bankSlot, moved: removed.removed, unequipped: removed.unequipped };
}

/** `UserDejaObj`: the requested slot if it can take all n, else a stack with room, else the first empty slot; 0 = none. */
function vaultSlotFor(vault: Vault, objectId: number, n: number, destSlot: number): number {
  const fits = (slot: VaultSlot) => slot.objectId === 0 || (slot.objectId === objectId && slot.amount + n <= MAX_STACK);
  if (destSlot !== 0 && isBankSlot(destSlot) && fits(vault[destSlot - 1]!)) return destSlot;
  const stack = vault.findIndex((slot) => slot.objectId === objectId && slot.amount + n <= MAX_STACK);
  if (stack >= 0) return stack + 1;
  const empty = vault.findIndex((slot) => slot.objectId === 0);
  return empty >= 0 ? empty + 1 : 0;
}

export type WithdrawRefusal = "bad_slot" | "empty_slot" | "invalid_amount" | "inventory_full" | "unknown_object";
export type WithdrawOutcome =
  | { readonly ok: true; readonly inventory: Inventory; readonly vault: Vault; readonly inventorySlot: number; readonly bankSlot: number; readonly moved: number }
  | Refusal<WithdrawRefusal>;

/** §8.4: `amount` units of vault slot `bankSlot` into the inventory (`destSlot` 0 = anywhere). */
export function withdrawItem(inventory: Inventory, vault: Vault, bankSlot: number, amount: number, destSlot: number, catalog: ItemCatalog): WithdrawOutcome {
  if (!isBankSlot(bankSlot)) return { ok: false, reason: "bad_slot" };
  if (!Number.isInteger(amount) || amount < 1) return { ok: false, reason: "invalid_amount" };
  const source = vault[bankSlot - 1]!;
  if (source.objectId === 0 || source.amount <= 0) return { ok: false, reason: "empty_slot" };
  // A destination past the usable slots: VB6 ignores the packet.
  if (!Number.isInteger(destSlot) || destSlot < 0 || destSlot > inventory.usableSlots) return { ok: false, reason: "bad_slot" };
  const n = Math.min(amount, source.amount);
  const slot = inventorySlotFor(inventory, source.objectId, n, destSlot);
  if (slot === 0) return { ok: false, reason: "inventory_full" };
  const put = putIntoSlot(inventory, slot, { objectId: source.objectId, amount: n }, catalog);
  if (!put.ok) return { ok: false, reason: put.reason === "unknown_object" ? "unknown_object" : "inventory_full" };
  if (put.transferred !== n) return { ok: false, reason: "inventory_full" };
  const next = [...vault];
  const left = source.amount - n;
  next[bankSlot - 1] = left > 0 ? { objectId: source.objectId, amount: left } : EMPTY_VAULT_SLOT;
  return { ok: true, inventory: put.inventory, vault: next, inventorySlot: slot, bankSlot, moved: n };
}

function inventorySlotFor(inventory: Inventory, objectId: number, n: number, destSlot: number): number {
  const fits = (slot: number) => {
    const current = slotAt(inventory, slot);
    return current.objectId === 0 || (current.objectId === objectId && current.tags === 0 && current.amount + n <= MAX_STACK);
  };
  if (destSlot !== 0 && fits(destSlot)) return destSlot;
  for (let slot = 1; slot <= inventory.usableSlots; slot++) {
    const current = slotAt(inventory, slot);
    if (current.objectId === objectId && current.tags === 0 && current.amount + n <= MAX_STACK) return slot;
  }
  for (let slot = 1; slot <= inventory.usableSlots; slot++) if (slotAt(inventory, slot).objectId === 0) return slot;
  return 0;
}

/** §8.6: both slots in 1…42 are swapped (no merging). */
export function swapVaultSlots(vault: Vault, from: number, to: number): { ok: true; vault: Vault } | Refusal<"bad_slot"> {
  if (!isBankSlot(from) || !isBankSlot(to)) return { ok: false, reason: "bad_slot" };
  const next = [...vault];
  next[from - 1] = vault[to - 1]!;
  next[to - 1] = vault[from - 1]!;
  return { ok: true, vault: next };
}

export type GoldRefusal = "not_enough" | "overflow";
export type GoldOutcome = { readonly ok: true; readonly gold: number; readonly bankGold: number } | Refusal<GoldRefusal>;

/** §8.5 `BankDepositGold`: `0 < amount ≤ gold`; a vault past a VB6 Long is refused (VB6 overflowed). */
export function depositGold(gold: number, bankGold: number, amount: number): GoldOutcome {
  if (!Number.isInteger(amount) || amount <= 0 || amount > gold) return { ok: false, reason: "not_enough" };
  if (bankGold + amount > MAX_LONG) return { ok: false, reason: "overflow" };
  return { ok: true, gold: gold - amount, bankGold: bankGold + amount };
}

/** §8.5 `BankExtractGold`: `0 < amount ≤ bankGold`; a wallet past a VB6 Long is refused. */
export function withdrawGold(gold: number, bankGold: number, amount: number): GoldOutcome {
  if (!Number.isInteger(amount) || amount <= 0 || amount > bankGold) return { ok: false, reason: "not_enough" };
  if (gold + amount > MAX_LONG) return { ok: false, reason: "overflow" };
  return { ok: true, gold: gold + amount, bankGold: bankGold - amount };
}
