/**
 * A player trade ("comercio seguro", items-and-economy §9) as the client knows it, and what the
 * player may ask of it. The two offers come from `ChangeUserTradeSlot` (six slots and the gold,
 * `isMyOffer` telling whose), taken only while the window is open and only when they make sense.
 * A request is checked before it goes on the wire: an item offer names an inventory slot that
 * holds the amount, and the object's total offered stays within what the whole inventory holds
 * (the server's `TieneObjetos`); a gold offer (slot 200) keeps the gold offered within the
 * wallet. Offers only grow: nothing offered can be taken back except by ending the trade.
 *
 * Acceptance: the server clears a side's acceptance when the OTHER side changes its offer, and
 * says so only with a console line. The client clears its own flag when it sees the other's
 * offer change, so the Accept button comes back exactly when the server expects a new accept.
 *
 * The server checks everything again at the swap (and what may not be traded: newbie and bound
 * objects, which the client cannot tell). Pure.
 */
import { MAX_LONG, MAX_STACK } from "../game/character/index.ts";
import { GOLD_SLOT } from "../game/items/index.ts";
import { TRADE_OFFER_SLOTS } from "../protocol/index.ts";
import { QUESTION_PARAM_MAX_CHARS } from "./constants.ts";
import { usableSlot, type GameState, type InventorySlotView, type TradeOfferView, type TradeSlotView } from "./game-state.ts";

/** `UserCommerceOffer.slot` that means gold (the same `FLAGORO` as a gold drop). */
export const TRADE_GOLD_SLOT = GOLD_SLOT;
/** Longest object name kept from a trade slot (the server sends the object's name). */
const TRADE_NAME_MAX_CHARS = 60;

/** Why a trade request was not sent (worded by `TRADE_TEXT.refusals`). */
export type TradeRefusal =
  /** No trade window open (or not in the world). */
  | "not_trading"
  /** No inventory slot chosen, or one outside the usable slots. */
  | "no_inventory_slot"
  | "empty_inventory_slot"
  /** Not a whole number of at least 1 (or more gold than a packet may carry). */
  | "bad_amount"
  /** More than the slot holds, or more of the object than the whole inventory holds with what is offered already. */
  | "more_than_held"
  /** The six offer slots have no room for it. */
  | "offer_full"
  | "not_enough_gold"
  /** Accepted already: the server waits for the other side. */
  | "already_accepted";

export type TradeCheck<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: TradeRefusal };

/** A checked offer: the slot (`TRADE_GOLD_SLOT` for gold) and the amount to put in the packet. */
export interface TradeDeal {
  readonly slot: number;
  readonly amount: number;
}

/** One slot of a `ChangeUserTradeSlot` as decoded. */
export interface TradeSlotPacket {
  readonly objIndex: number;
  readonly name: string;
  readonly grhIndex: number;
  readonly amount: number;
}

function refuse(reason: TradeRefusal): { readonly ok: false; readonly reason: TradeRefusal } {
  return { ok: false, reason };
}

const EMPTY_SLOT: TradeSlotView = { objIndex: 0, name: "", grhIndex: 0, amount: 0 };

// ---------------------------------------------------------------- state from packets

/**
 * Applies a `ChangeUserTradeSlot` to our side (`isMyOffer`) or the other's; false (nothing
 * changed) with no trade open or for a gold amount no wallet can hold. A change of the other's
 * offer clears our acceptance, as the server does.
 */
export function applyTradeOffer(state: GameState, isMyOffer: boolean, gold: number, slots: readonly TradeSlotPacket[]): boolean {
  const trade = state.trade;
  if (!trade.open) return false;
  if (!Number.isInteger(gold) || gold < 0 || gold > MAX_LONG) return false;
  const views: TradeSlotView[] = [];
  for (let i = 0; i < TRADE_OFFER_SLOTS; i++) {
    const slot = slots[i];
    views.push(
      slot && slot.objIndex > 0 && Number.isInteger(slot.amount) && slot.amount > 0
        ? { objIndex: slot.objIndex, name: slot.name.slice(0, TRADE_NAME_MAX_CHARS), grhIndex: slot.grhIndex, amount: slot.amount }
        : EMPTY_SLOT,
    );
  }
  const offer: TradeOfferView = { gold, slots: views };
  if (isMyOffer) {
    trade.mine = offer;
  } else {
    trade.theirs = offer;
    trade.accepted = false;
  }
  return true;
}

/**
 * Applies a `ShowPregunta`: the new question replaces any other (the server keeps one question
 * per player). Its parameter is cut to a name's length and stripped of control characters.
 */
export function applyQuestion(state: GameState, messageId: number, param: string): void {
  const clean = param.replace(/[\u0000-\u001f\u007f]/g, "").slice(0, QUESTION_PARAM_MAX_CHARS);
  state.question = { id: state.nextQuestionId++, messageId, param: clean };
}

/** Units of `objIndex` in an offer, over its six slots. */
export function offeredUnits(offer: TradeOfferView, objIndex: number): number {
  return offer.slots.reduce((sum, slot) => (slot.objIndex === objIndex ? sum + slot.amount : sum), 0);
}

/** Units of `objIndex` in the usable inventory, over every slot. */
export function heldUnits(state: GameState, objIndex: number): number {
  let units = 0;
  for (let slot = 1; slot <= state.inventorySlots; slot++) {
    const view = usableSlot(state, slot);
    if (view?.objIndex === objIndex) units += view.amount;
  }
  return units;
}

/** How many more units of `objIndex` the offer's six slots can take (same object up to a stack, empty slots whole). */
export function offerRoom(offer: TradeOfferView, objIndex: number): number {
  return offer.slots.reduce((room, slot) => {
    if (slot.objIndex === 0) return room + MAX_STACK;
    if (slot.objIndex === objIndex) return room + Math.max(0, MAX_STACK - slot.amount);
    return room;
  }, 0);
}

/** True while a trade window is open in the world. */
export function trading(state: GameState): boolean {
  return state.phase === "in_world" && state.trade.open;
}

// ---------------------------------------------------------------- requests

/** Offering `amount` units of inventory slot `slot` (`UserCommerceOffer`). */
export function checkItemOffer(state: GameState, slot: number, amount: number): TradeCheck<TradeDeal & { readonly view: InventorySlotView }> {
  if (!trading(state)) return refuse("not_trading");
  if (!Number.isInteger(slot) || slot < 1 || slot > state.inventorySlots) return refuse("no_inventory_slot");
  const view = usableSlot(state, slot);
  if (!view) return refuse("empty_inventory_slot");
  if (!Number.isInteger(amount) || amount < 1) return refuse("bad_amount");
  if (amount > view.amount) return refuse("more_than_held");
  if (offeredUnits(state.trade.mine, view.objIndex) + amount > heldUnits(state, view.objIndex)) return refuse("more_than_held");
  if (offerRoom(state.trade.mine, view.objIndex) < amount) return refuse("offer_full");
  return { ok: true, value: { slot, amount, view } };
}

/** Offering `amount` more gold (`UserCommerceOffer` on slot 200). */
export function checkGoldOffer(state: GameState, amount: number): TradeCheck<TradeDeal> {
  if (!trading(state)) return refuse("not_trading");
  if (!Number.isInteger(amount) || amount < 1 || amount > MAX_LONG) return refuse("bad_amount");
  if (state.trade.mine.gold + amount > state.stats.gold) return refuse("not_enough_gold");
  return { ok: true, value: { slot: TRADE_GOLD_SLOT, amount } };
}

/** Accepting the offers as they stand (`UserCommerceOk`). */
export function checkAccept(state: GameState): TradeCheck<true> {
  if (!trading(state)) return refuse("not_trading");
  if (state.trade.accepted) return refuse("already_accepted");
  return { ok: true, value: true };
}

/** Gold that may still be offered: the wallet minus what is offered already. */
export function goldLeftToOffer(state: GameState): number {
  return Math.max(0, state.stats.gold - state.trade.mine.gold);
}

/** Units of inventory slot `slot` that may still be offered (the slot, within the object's total). */
export function unitsLeftToOffer(state: GameState, slot: number): number {
  const view = usableSlot(state, slot);
  if (!view) return 0;
  return Math.max(0, Math.min(view.amount, heldUnits(state, view.objIndex) - offeredUnits(state.trade.mine, view.objIndex)));
}

// ---------------------------------------------------------------- the trade window's chat

/** Lines the trade window's chat keeps (older ones scroll away). */
export const TRADE_CHAT_LINES_MAX = 50;
/** Longest chat line kept from the server (it cuts what it relays to 300 characters plus the name). */
const TRADE_CHAT_LINE_MAX_CHARS = 400;

/** A `CommerceRecieveChatMessage` while a trade is open goes to the window's chat; false otherwise. */
export function applyTradeChat(state: GameState, message: string): boolean {
  if (!state.trade.open) return false;
  const line = Array.from(message).slice(0, TRADE_CHAT_LINE_MAX_CHARS).join("");
  state.trade.chat = [...state.trade.chat, line].slice(-TRADE_CHAT_LINES_MAX);
  return true;
}

/**
 * The text of a `CommerceSendChatMessage` the player typed, or null when nothing goes out: not
 * trading, or an empty line (the stock client sends any line that is not empty on Enter; a line
 * of blanks the server drops, and so does this client).
 */
export function tradeChatLine(state: GameState, typed: string): string | null {
  if (!trading(state) || typed.trim() === "") return null;
  return typed;
}
