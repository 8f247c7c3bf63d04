/**
 * The bank vault as the client knows it, and what the player may ask of it (items-and-economy
 * §8). The slot state comes from `ChangeBankSlot` and `UpdateBankGld`, taken only when it makes
 * sense (a slot outside 1…42 or a negative balance from a hostile server is dropped). A request
 * is checked before it goes on the wire: a deposit names an inventory slot that holds something
 * and an amount it holds; a withdrawal names a vault slot that holds something and an amount it
 * holds; gold amounts are whole, positive, within what the wallet (or the vault, when its balance
 * is known) holds and within a VB6 Long. The server checks all of it again; refusing here keeps a
 * tampered page or a stray click from sending nonsense, and says why at once. Pure.
 *
 * Room: the server puts a deposit on a vault slot of the same object with room for all of it, or
 * on the first empty one, and a withdrawal likewise in the inventory (§8.3, §8.4). The client
 * refuses only when neither exists by object number, so it is never stricter than the server
 * (which also compares elemental tags in the inventory).
 */
import { MAX_LONG, BANK_SLOT_COUNT, MAX_STACK } from "../game/character/index.ts";
import { MAX_UNITS_PER_DEAL } from "./constants.ts";
import { usableSlot, type BankSlotView, type GameState, type InventorySlotView } from "./game-state.ts";

/** Why a vault request was not sent (worded by `BANK_TEXT.refusals`). */
export type BankRefusal =
  /** No vault window open (or not in the world). */
  | "not_banking"
  /** No inventory slot chosen, or one outside the usable slots. */
  | "no_inventory_slot"
  | "empty_inventory_slot"
  /** No vault slot chosen, or one outside 1…42. */
  | "no_vault_slot"
  | "empty_vault_slot"
  /** Not a whole number of at least 1. */
  | "bad_amount"
  /** More items than one request may carry (10000). */
  | "too_many"
  | "more_than_held"
  | "more_than_stored"
  /** No vault slot with this object and room, and no empty one. */
  | "vault_full"
  /** No inventory slot with this object and room, and no empty one. */
  | "inventory_full"
  | "not_enough_gold"
  | "not_enough_in_vault"
  /** The wallet would pass the most gold it may hold. */
  | "too_much_gold";

export type BankCheck<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: BankRefusal };

/** A checked item request: the slot and the amount to put in the packet. */
export interface BankDeal<S> {
  readonly slot: number;
  readonly amount: number;
  readonly view: S;
}

/** The fields of a `ChangeBankSlot` the client keeps. */
export interface BankSlotPacket {
  readonly slot: number;
  readonly objIndex: number;
  readonly amount: number;
  readonly value: number;
  readonly canUse: number;
}

function refuse(reason: BankRefusal): { readonly ok: false; readonly reason: BankRefusal } {
  return { ok: false, reason };
}

function isBankSlot(slot: number): boolean {
  return Number.isInteger(slot) && slot >= 1 && slot <= BANK_SLOT_COUNT;
}

// ---------------------------------------------------------------- state from packets

/** Applies a `ChangeBankSlot`; false (nothing changed) for a slot outside 1…42. */
export function applyBankSlot(state: GameState, packet: BankSlotPacket): boolean {
  const { slot, objIndex, amount, value, canUse } = packet;
  if (!isBankSlot(slot)) return false;
  // An empty slot is one shape whatever else the packet carries.
  state.bank.slots[slot - 1] =
    objIndex > 0 && amount > 0
      ? { slot, objIndex, amount, value: Number.isFinite(value) && value > 0 ? value : 0, canUse }
      : { slot, objIndex: 0, amount: 0, value: 0, canUse: 0 };
  return true;
}

/** Applies an `UpdateBankGld`; false for a balance no vault can hold (negative, fractional). */
export function applyBankGold(state: GameState, bankGold: number): boolean {
  if (!Number.isInteger(bankGold) || bankGold < 0 || bankGold > MAX_LONG) return false;
  state.bank.gold = bankGold;
  return true;
}

/** The vault slot `slot` when it holds something, else undefined. */
export function vaultSlot(state: GameState, slot: number): BankSlotView | undefined {
  if (!isBankSlot(slot)) return undefined;
  const view = state.bank.slots[slot - 1];
  return view && view.objIndex > 0 && view.amount > 0 ? view : undefined;
}

// ---------------------------------------------------------------- requests

function banking(state: GameState): boolean {
  return state.phase === "in_world" && state.bank.open;
}

function itemAmountRefusal(amount: number, held: number, over: BankRefusal): BankRefusal | null {
  if (!Number.isInteger(amount) || amount < 1) return "bad_amount";
  if (amount > MAX_UNITS_PER_DEAL) return "too_many";
  if (amount > held) return over;
  return null;
}

/** True when the vault has a slot of `objIndex` with room for `amount` more, or an empty one. */
export function vaultHasRoom(state: GameState, objIndex: number, amount: number): boolean {
  return state.bank.slots.some((view) => !view || view.objIndex === 0 || view.amount <= 0 || (view.objIndex === objIndex && view.amount + amount <= MAX_STACK));
}

/** True when the usable inventory has a slot of `objIndex` with room for `amount` more, or an empty one. */
export function inventoryHasRoom(state: GameState, objIndex: number, amount: number): boolean {
  for (let slot = 1; slot <= state.inventorySlots; slot++) {
    const view = usableSlot(state, slot);
    if (!view || (view.objIndex === objIndex && view.amount + amount <= MAX_STACK)) return true;
  }
  return false;
}

/** Depositing `amount` units of inventory slot `slot` (`BankDeposit`, any vault slot). */
export function checkDeposit(state: GameState, slot: number, amount: number): BankCheck<BankDeal<InventorySlotView>> {
  if (!banking(state)) return refuse("not_banking");
  if (!Number.isInteger(slot) || slot < 1 || slot > state.inventorySlots) return refuse("no_inventory_slot");
  const view = usableSlot(state, slot);
  if (!view) return refuse("empty_inventory_slot");
  const refusal = itemAmountRefusal(amount, view.amount, "more_than_held");
  if (refusal) return refuse(refusal);
  if (!vaultHasRoom(state, view.objIndex, amount)) return refuse("vault_full");
  return { ok: true, value: { slot, amount, view } };
}

/** Withdrawing `amount` units of vault slot `slot` (`BankExtractItem`, into any inventory slot). */
export function checkWithdraw(state: GameState, slot: number, amount: number): BankCheck<BankDeal<BankSlotView>> {
  if (!banking(state)) return refuse("not_banking");
  if (!isBankSlot(slot)) return refuse("no_vault_slot");
  const view = vaultSlot(state, slot);
  if (!view) return refuse("empty_vault_slot");
  const refusal = itemAmountRefusal(amount, view.amount, "more_than_stored");
  if (refusal) return refuse(refusal);
  if (!inventoryHasRoom(state, view.objIndex, amount)) return refuse("inventory_full");
  return { ok: true, value: { slot, amount, view } };
}

function goldAmountRefusal(amount: number): BankRefusal | null {
  return Number.isInteger(amount) && amount >= 1 && amount <= MAX_LONG ? null : "bad_amount";
}

/** Depositing `amount` gold from the wallet (`BankDepositGold`). */
export function checkGoldDeposit(state: GameState, amount: number): BankCheck<number> {
  if (!banking(state)) return refuse("not_banking");
  const refusal = goldAmountRefusal(amount);
  if (refusal) return refuse(refusal);
  if (amount > state.stats.gold) return refuse("not_enough_gold");
  return { ok: true, value: amount };
}

/**
 * Withdrawing `amount` gold (`BankExtractGold`). While the balance is unknown (the vault was
 * opened and no gold moved yet) the server is the one to say "you don't have that amount".
 */
export function checkGoldWithdraw(state: GameState, amount: number): BankCheck<number> {
  if (!banking(state)) return refuse("not_banking");
  const refusal = goldAmountRefusal(amount);
  if (refusal) return refuse(refusal);
  if (state.bank.gold !== null && amount > state.bank.gold) return refuse("not_enough_in_vault");
  if (state.stats.gold + amount > MAX_LONG) return refuse("too_much_gold");
  return { ok: true, value: amount };
}

/** The amount "all of it" means for a deposit or withdrawal of a slot: the stack, within one request. */
export function wholeSlot(view: { readonly amount: number }): number {
  return Math.max(0, Math.min(view.amount, MAX_UNITS_PER_DEAL));
}
