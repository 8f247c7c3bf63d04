/**
 * What the player may ask of an NPC shop, decided before anything goes on the wire: a buy names
 * a shop slot that holds something and an amount of 1…10000 not above the stock shown; a sale
 * names an inventory slot that holds something and an amount of 1…10000 not above what it
 * holds. The server checks all of this again (and bans a buyer who asks for more than 10000,
 * §7.4); refusing here keeps a tampered page or a stray key from sending it. Pure.
 *
 * The stock: `ChangeNPCInventorySlot` does not say whether a slot is refilled (crucial objects
 * are sold without limit, §7.2), so the client takes the stock it is shown as the limit of one
 * request. For a refilled slot that only means buying more in a second request.
 */
import { MAX_UNITS_PER_DEAL, SHOP_SLOTS } from "./constants.ts";
import { usableSlot, type GameState, type InventorySlotView, type ShopSlotView } from "./game-state.ts";

/** Why a shop request was not sent (worded by `SHOP_TEXT.refusals`). */
export type ShopRefusal =
  /** No shop window open (or not in the world). */
  | "not_trading"
  /** No shop slot chosen, or one outside 1…42. */
  | "no_shop_slot"
  | "empty_shop_slot"
  /** No inventory slot chosen, or one the player may not use. */
  | "no_inventory_slot"
  | "empty_inventory_slot"
  /** Not a whole number of at least 1. */
  | "bad_amount"
  /** More than one request may carry (10000). */
  | "too_many"
  | "more_than_stock"
  | "more_than_held";

export type ShopCheck<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: ShopRefusal };

/** A checked request: the slot and the amount to put in the packet. */
export interface ShopDeal<S> {
  readonly slot: number;
  readonly amount: number;
  readonly view: S;
}

function refuse(reason: ShopRefusal): { readonly ok: false; readonly reason: ShopRefusal } {
  return { ok: false, reason };
}

function amountRefusal(amount: number, limit: number, over: ShopRefusal): ShopRefusal | null {
  if (!Number.isInteger(amount) || amount < 1) return "bad_amount";
  if (amount > MAX_UNITS_PER_DEAL) return "too_many";
  if (amount > limit) return over;
  return null;
}

/** The shop slot `slot` when it holds something, else undefined. */
export function shopSlot(state: GameState, slot: number): ShopSlotView | undefined {
  if (!Number.isInteger(slot) || slot < 1 || slot > SHOP_SLOTS) return undefined;
  const view = state.shop.slots[slot - 1];
  return view && view.objIndex > 0 && view.amount > 0 ? view : undefined;
}

/** Buying `amount` units of shop slot `slot` (`CommerceBuy`). */
export function checkBuy(state: GameState, slot: number, amount: number): ShopCheck<ShopDeal<ShopSlotView>> {
  if (state.phase !== "in_world" || !state.shop.open) return refuse("not_trading");
  if (!Number.isInteger(slot) || slot < 1 || slot > SHOP_SLOTS) return refuse("no_shop_slot");
  const view = shopSlot(state, slot);
  if (!view) return refuse("empty_shop_slot");
  const refusal = amountRefusal(amount, view.amount, "more_than_stock");
  return refusal ? refuse(refusal) : { ok: true, value: { slot, amount, view } };
}

/** Selling `amount` units of inventory slot `slot` (`CommerceSell`). */
export function checkSell(state: GameState, slot: number, amount: number): ShopCheck<ShopDeal<InventorySlotView>> {
  if (state.phase !== "in_world" || !state.shop.open) return refuse("not_trading");
  if (!Number.isInteger(slot) || slot < 1 || slot > state.inventorySlots) return refuse("no_inventory_slot");
  const view = usableSlot(state, slot);
  if (!view) return refuse("empty_inventory_slot");
  const refusal = amountRefusal(amount, view.amount, "more_than_held");
  return refusal ? refuse(refusal) : { ok: true, value: { slot, amount, view } };
}

/** What the shop window shows as the cost of `amount` units (an estimate: the server rounds once). */
export function buyCost(view: ShopSlotView, amount: number): number {
  return view.price * amount;
}

/** What the NPC pays for `amount` units (`Fix(SalePrice × amount)`, §7.6). */
export function saleIncome(view: InventorySlotView, amount: number): number {
  return Math.trunc(Math.fround(view.salePrice * amount));
}
