/**
 * What the player may ask of the inventory, decided before anything goes on the wire: which
 * packet a double click means for each object type (the stock client's `UserOrEquipItem`), and
 * the local checks that refuse impossible requests — a slot out of range or empty, an amount the
 * slot does not hold or one packet may not carry — with a reason, instead of sending them. The
 * server checks all of this again; refusing here keeps a tampered page or a stray key from
 * sending nonsense, and tells the player why at once. Pure and table-driven.
 */
import { MAX_GOLD_PER_DROP } from "../game/items/index.ts";
import { MAX_ITEMS_PER_DROP } from "./constants.ts";
import { usableSlot, type GameState, type InventorySlotView } from "./game-state.ts";

/** What a double click (or Enter on a focused slot) sends. */
export type SlotActivation = "use" | "equip" | "none";

/** The double-click answer for an item, depending on whether it is equipped. */
export interface ActivationRule {
  readonly unequipped: SlotActivation;
  readonly equipped: SlotActivation;
}

/** Types whose double click equips them and, once equipped, uses them (`UserOrEquipItem`). */
const EQUIP_THEN_USE: ActivationRule = { unequipped: "equip", equipped: "use" };

/**
 * AO `e_OBJType` → double-click answer, from the stock client's `UserOrEquipItem`
 * (ao-org/argentum-online-client `CODIGO/ModGameplayUI.bas`). Types not listed are used.
 */
export const ACTIVATION_BY_OBJ_TYPE: Readonly<Record<number, ActivationRule>> = {
  // Weapons: the stock client equips them; an equipped bow (`Proyectil=1`) is used (it asks for a
  // target) and an equipped melee weapon does nothing. The world info does not say which weapons
  // shoot, so an equipped weapon is used: a bow then aims, and the server ignores the use of a
  // sword (it only spends the use interval).
  2: EQUIP_THEN_USE,
  /** Armour. */
  3: EQUIP_THEN_USE,
  /** Shield. */
  16: EQUIP_THEN_USE,
  /** Helmet. */
  17: EQUIP_THEN_USE,
  /** Working tool: equipped, using it starts the work (asks for a target). */
  18: EQUIP_THEN_USE,
  /** Amulet, magic item. */
  21: EQUIP_THEN_USE,
  /** Mineral: used (smelting) without equipping. */
  23: { unequipped: "use", equipped: "use" },
  /** Magical instrument (the stock client's `otAnillos`). */
  30: EQUIP_THEN_USE,
  /** Arrows. */
  32: EQUIP_THEN_USE,
  /** Ring (the stock client's `otManchas`). */
  35: EQUIP_THEN_USE,
  /** Donator item (auras): equipped; nothing once equipped. */
  50: { unequipped: "equip", equipped: "none" },
  /** Collectible card: the stock client opens a card window this client does not have. */
  57: { unequipped: "none", equipped: "none" },
};

const USE_ALWAYS: ActivationRule = { unequipped: "use", equipped: "use" };

/** What double-clicking `slot` sends; `objType` from the world info (undefined when unknown). */
export function activationFor(slot: InventorySlotView, objType: number | undefined): SlotActivation {
  const rule = (objType !== undefined ? ACTIVATION_BY_OBJ_TYPE[objType] : undefined) ?? USE_ALWAYS;
  return slot.equipped ? rule.equipped : rule.unequipped;
}

// ---------------------------------------------------------------- local checks

/** Why a request was not sent (worded by `INVENTORY_TEXT.refusals`). */
export type InventoryRefusal =
  /** Not in the world (or our character is not placed yet). */
  | "not_playing"
  /** Not a slot the player may use (outside 1…24/30/36/42, or not an integer). */
  | "bad_slot"
  | "empty_slot"
  /** Not a whole number of at least 1. */
  | "bad_amount"
  | "more_than_held"
  /** More than one item drop may carry (10000). */
  | "too_many_items"
  /** More than one gold drop may carry (100000). */
  | "too_much_gold"
  | "not_enough_gold"
  /** A move onto the same slot (the server would duplicate or destroy items: Q5). */
  | "same_slot"
  /** The server never deletes an equipped item. */
  | "equipped";

export type InventoryCheck<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: InventoryRefusal };

function refuse(reason: InventoryRefusal): { readonly ok: false; readonly reason: InventoryRefusal } {
  return { ok: false, reason };
}

/** A slot the player may use, use up or equip. */
export function checkSlot(state: GameState, slot: number): InventoryCheck<InventorySlotView> {
  if (state.phase !== "in_world") return refuse("not_playing");
  if (!Number.isInteger(slot) || slot < 1 || slot > state.inventorySlots) return refuse("bad_slot");
  const view = usableSlot(state, slot);
  return view ? { ok: true, value: view } : refuse("empty_slot");
}

/** `amount` units of `slot` to drop (the amount, checked). */
export function checkItemDrop(state: GameState, slot: number, amount: number): InventoryCheck<number> {
  const held = checkSlot(state, slot);
  if (!held.ok) return held;
  if (!Number.isInteger(amount) || amount < 1) return refuse("bad_amount");
  if (amount > MAX_ITEMS_PER_DROP) return refuse("too_many_items");
  if (amount > held.value.amount) return refuse("more_than_held");
  return { ok: true, value: amount };
}

/** `amount` gold to drop (the amount, checked). */
export function checkGoldDrop(state: GameState, amount: number): InventoryCheck<number> {
  if (state.phase !== "in_world") return refuse("not_playing");
  if (!Number.isInteger(amount) || amount < 1) return refuse("bad_amount");
  if (amount > MAX_GOLD_PER_DROP) return refuse("too_much_gold");
  if (amount > state.stats.gold) return refuse("not_enough_gold");
  return { ok: true, value: amount };
}

/** A drag from `from` to `to` (empty or not: the server swaps or merges). */
export function checkMove(state: GameState, from: number, to: number): InventoryCheck<{ readonly from: number; readonly to: number }> {
  const source = checkSlot(state, from);
  if (!source.ok) return source;
  if (!Number.isInteger(to) || to < 1 || to > state.inventorySlots) return refuse("bad_slot");
  if (to === from) return refuse("same_slot");
  return { ok: true, value: { from, to } };
}

/** Destroying what `slot` holds. */
export function checkDelete(state: GameState, slot: number): InventoryCheck<InventorySlotView> {
  const held = checkSlot(state, slot);
  if (!held.ok) return held;
  return held.value.equipped ? refuse("equipped") : held;
}

/** The amount "all of it" means for an item drop: the stack, within one packet's limit. */
export function wholeStack(slot: InventorySlotView): number {
  return Math.min(slot.amount, MAX_ITEMS_PER_DROP);
}

/** The amount "all of it" means for a gold drop. */
export function allGold(gold: number): number {
  return Math.max(0, Math.min(gold, MAX_GOLD_PER_DROP));
}

/** Longest amount text read (10 digits already exceed any limit). */
const MAX_AMOUNT_DIGITS = 10;

/**
 * The number typed in an amount box: digits only (no sign, no decimals, no exponent), else NaN,
 * which the checks above refuse as `bad_amount`.
 */
export function parseAmount(text: string): number {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed) || trimmed.length > MAX_AMOUNT_DIGITS) return Number.NaN;
  return Number(trimmed);
}

// ---------------------------------------------------------------- keys

/** What an inventory key asks for (on the selected slot, or on our tile for a pick-up). */
export type InventoryKeyAction = "use" | "equip" | "drop" | "drop-all" | "pick-up";

/**
 * `KeyboardEvent.code` → inventory action: the stock client's default bindings (`DefaultKey.ini`
 * `[DEFAULTS]`: A pick up, T drop, U use, E equip). Walking is on the arrows, as in that layout,
 * so A is free for picking up.
 */
export const INVENTORY_KEY_CODES: Readonly<Record<string, InventoryKeyAction>> = {
  KeyU: "use",
  KeyE: "equip",
  KeyT: "drop",
  KeyA: "pick-up",
};

/** The action of key `code`; with Shift, T drops the whole stack without asking. */
export function inventoryKeyAction(code: string, shift: boolean): InventoryKeyAction | null {
  const action = INVENTORY_KEY_CODES[code];
  if (action === undefined) return null;
  return action === "drop" && shift ? "drop-all" : action;
}
