/**
 * An NPC's shop (items-and-economy §7.1–§7.5): its 42 stock slots copied from `npcs.dat`, the
 * purchase (`Comercio` buy + `QuitarNpcInvItem`: the stock clamp, `Crucial` objects, the refill
 * of a crucial slot and the reload of an empty shop) and the sale (`Comercio` sell: the
 * refusals, the income, the gold cap, and where the units go). VB6 routines in comments:
 * ao-org/argentum-online-server `Codigo/Comercio.bas`, `Codigo/Modulo_InventANDobj.bas`,
 * `Codigo/MODULO_NPCs.bas` (NpcSellsItem).
 *
 * Pure values, like the inventory operations: every call returns the new inventory, the new
 * stock and the slots of each that changed, or a refusal. Hostile input (slot 0 or 43+, amounts
 * 0, negative, fractional or above 10000, unknown objects) is a refusal, never an exception.
 *
 * Quirk decisions (§12): Q1 fixed: "the shop is empty" is counted from the slots, not from the
 * drifting `NroItems` counter (so a shop with a gap line restocks too). Q16 kept (a full refresh
 * repeats the previous price on an empty slot). Q17 fixed (more than 10000 units are refused,
 * not banned). Q20 kept (the NPC buys back off-type objects only when one of its first
 * `NroItems` slots holds them; `NroItems` here is the number of occupied slots). A `Crucial`
 * value other than 0 and 1 (none in the data) counts as crucial everywhere, where VB6 would
 * not clamp it to the stock even when the NPC does not list it.
 */
import { addGold, isUsableSlot, putItem, removeFromSlot, slotAt, spendGold, type Inventory, type UnequippedSlot } from "../inventory/index.ts";
import { MAX_STACK } from "../character/index.ts";
import { ObjectType, type ItemCatalog, type ItemTemplate } from "../items/index.ts";
import {
  DEFAULT_COMMERCE_CONFIG,
  MAX_TRADE_SKILL,
  buyPrice,
  capGold,
  checkBuyAmount,
  saleIncome,
  salePrice,
  saleRefusal,
  shownBuyPrice,
  type CommerceConfig,
  type SaleRefusal,
  type Seller,
  type ShopBuying,
} from "./prices.ts";

/** `MAX_INVENTORY_SLOTS`: an NPC's shop has 42 slots. */
export const SHOP_SLOTS = 42;

/** One stock slot (VB6 `t_Obj` in `NpcList().invent`). */
export interface ShopSlot {
  readonly objectId: number;
  readonly amount: number;
}

export const EMPTY_SHOP_SLOT: ShopSlot = Object.freeze({ objectId: 0, amount: 0 });

/** What `npcs.dat` says about a shop. */
export interface ShopTemplate {
  /** `Obj<i>=<ObjIndex>-<amount>`, slot i = index + 1; a gap line is `{ objectId: 0, amount: 0 }`. */
  readonly lines: readonly ShopSlot[];
  /** `TipoItems`: the object type it buys; 100 = any; 0 = only what it stocks. */
  readonly buysType: number;
  /** `InvReSpawn=1`: an empty shop is NOT reloaded. */
  readonly noRestock: boolean;
}

/** The live stock of one NPC: exactly 42 slots, `slots[n - 1]` is slot n. */
export interface ShopStock {
  readonly slots: readonly ShopSlot[];
}

function normalisedLine(line: ShopSlot | undefined): ShopSlot {
  if (line === undefined || !Number.isInteger(line.objectId) || line.objectId <= 0) return EMPTY_SHOP_SLOT;
  const amount = Number.isFinite(line.amount) ? Math.min(MAX_STACK, Math.max(0, Math.trunc(line.amount))) : 0;
  return { objectId: line.objectId, amount };
}

/** `CargarInvent` on a new NPC: slots 1…`NROITEMS` from the lines, the rest empty. */
export function openShopStock(template: ShopTemplate): ShopStock {
  return restock({ slots: Array.from({ length: SHOP_SLOTS }, () => EMPTY_SHOP_SLOT) }, template);
}

/**
 * `CargarInvent` on a live NPC: slots 1…`NROITEMS` are overwritten from the lines (a gap line
 * empties its slot); later slots (what players sold it) stay.
 */
export function restock(stock: ShopStock, template: ShopTemplate): ShopStock {
  const slots = [...stock.slots];
  const count = Math.min(SHOP_SLOTS, template.lines.length);
  for (let i = 0; i < count; i++) slots[i] = normalisedLine(template.lines[i]);
  return { slots };
}

/** True for a slot number the shop has (1…42). */
export function isShopSlot(slot: number): boolean {
  return Number.isInteger(slot) && slot >= 1 && slot <= SHOP_SLOTS;
}

/** Slot n, or an empty slot for a number outside 1…42. */
export function shopSlotAt(stock: ShopStock, slot: number): ShopSlot {
  return isShopSlot(slot) ? stock.slots[slot - 1]! : EMPTY_SHOP_SLOT;
}

/** `NpcSellsItem`: the NPC's `npcs.dat` list names the object. */
export function listsObject(template: ShopTemplate, objectId: number): boolean {
  return objectId > 0 && template.lines.some((line) => line.objectId === objectId);
}

/** `EncontrarCant`: the amount of the first `npcs.dat` line naming the object (0 = none). */
export function listedAmount(template: ShopTemplate, objectId: number): number {
  if (objectId <= 0) return 0;
  return normalisedLine(template.lines.find((line) => line.objectId === objectId)).amount;
}

/** Occupied slots: what VB6 keeps (and loses track of, Q1) in `invent.NroItems`. */
export function occupiedSlots(stock: ShopStock): number {
  let count = 0;
  for (const slot of stock.slots) if (slot.objectId !== 0) count++;
  return count;
}

/** What the shop buys from players: its `TipoItems` and the objects of its first `NroItems` slots (Q20). */
export function shopBuying(template: ShopTemplate, stock: ShopStock): ShopBuying {
  const window = occupiedSlots(stock);
  const stockedObjects: number[] = [];
  for (let i = 0; i < window; i++) {
    const objectId = stock.slots[i]!.objectId;
    if (objectId !== 0) stockedObjects.push(objectId);
  }
  return { buysType: template.buysType, stockedObjects };
}

function isCrucial(item: ItemTemplate): boolean {
  return item.crucial !== 0;
}

function changedSlots(before: ShopStock, after: ShopStock): number[] {
  const changed: number[] = [];
  for (let i = 0; i < SHOP_SLOTS; i++) {
    const a = before.slots[i]!;
    const b = after.slots[i]!;
    if (a.objectId !== b.objectId || a.amount !== b.amount) changed.push(i + 1);
  }
  return changed;
}

/** How a shop slot changed besides the sale itself. */
export type StockEvent = "none" | "refilled" | "restocked";

/**
 * `QuitarNpcInvItem`: `amount` units leave slot n. A slot that reaches ≤ 0 is emptied; a crucial
 * object the NPC lists and no other slot holds refills it with the listed amount; a shop left
 * with nothing is reloaded from `npcs.dat` unless `InvReSpawn=1` (Q1 fixed: counted from the slots).
 */
export function takeFromStock(
  stock: ShopStock,
  template: ShopTemplate,
  slot: number,
  amount: number,
  catalog: ItemCatalog,
): { stock: ShopStock; event: StockEvent } {
  const current = shopSlotAt(stock, slot);
  if (current.objectId === 0 || !Number.isSafeInteger(amount) || amount < 1) return { stock, event: "none" };
  const slots = [...stock.slots];
  const left = current.amount - amount;
  let event: StockEvent = "none";
  if (left > 0) {
    slots[slot - 1] = { objectId: current.objectId, amount: left };
  } else {
    slots[slot - 1] = EMPTY_SHOP_SLOT;
    const item = catalog.get(current.objectId);
    if (item !== undefined && isCrucial(item) && !slots.some((other) => other.objectId === current.objectId)) {
      const refill = listedAmount(template, current.objectId);
      if (refill !== 0) {
        slots[slot - 1] = { objectId: current.objectId, amount: refill };
        event = "refilled";
      }
    }
  }
  let next: ShopStock = { slots };
  if (occupiedSlots(next) === 0 && !template.noRestock) {
    next = restock(next, template);
    event = "restocked";
  }
  return { stock: next, event };
}

/**
 * `SlotEnNPCInv` and the lines after it (only with `destroy_npc_bought_items` off): the first
 * slot holding the object with fewer than 10000 units takes them (capped at 10000, the excess is
 * lost); if every such slot is full they are lost; with no such slot the first empty slot takes
 * them; with none they are lost.
 */
export function putIntoStock(stock: ShopStock, objectId: number, amount: number): { stock: ShopStock; slot: number } {
  if (objectId <= 0 || !Number.isSafeInteger(amount) || amount < 1) return { stock, slot: 0 };
  let matching = false;
  let target = 0;
  let firstEmpty = 0;
  for (let i = 0; i < SHOP_SLOTS; i++) {
    const current = stock.slots[i]!;
    if (current.objectId === objectId) {
      matching = true;
      if (target === 0 && current.amount < MAX_STACK) target = i + 1;
    } else if (current.objectId === 0 && firstEmpty === 0) {
      firstEmpty = i + 1;
    }
  }
  const slot = matching ? target : firstEmpty;
  if (slot === 0) return { stock, slot: 0 };
  const slots = [...stock.slots];
  const before = slots[slot - 1]!;
  slots[slot - 1] = { objectId, amount: Math.min(MAX_STACK, before.amount + amount) };
  return { stock: { slots }, slot };
}

// ------------------------------------------------------------------ buying

/** Who buys, for the price. */
export interface Buyer {
  /** `Comerciar` skill points (clamped to 0…100). */
  readonly tradeSkill: number;
}

export type BuyRefusal =
  | "bad_slot"
  | "invalid_amount"
  /** Q17 fixed: more than 10000 units (VB6 bans the account). */
  | "too_many"
  | "empty_slot"
  | "unknown_object"
  | "not_enough_gold"
  | "inventory_full"
  | "gold_overflow";

export type BuyOutcome =
  | {
      readonly ok: true;
      readonly inventory: Inventory;
      /** Inventory slots that changed. */
      readonly changed: readonly number[];
      readonly goldDelta: number;
      readonly stock: ShopStock;
      /** The traded slot and any other shop slot that changed, ascending (every viewer hears of them). */
      readonly stockChanged: readonly number[];
      readonly stockEvent: StockEvent;
      readonly objectId: number;
      /** Units bought (the request, clamped to the stock unless crucial and listed). */
      readonly amount: number;
      /** Gold paid. */
      readonly price: number;
      /** The shop's list rewritten (KEY-SOLD-ONCE: a key bought leaves it), or absent when unchanged. */
      readonly template?: ShopTemplate;
    }
  | { readonly ok: false; readonly reason: BuyRefusal };

/**
 * KEY-SOLD-ONCE (VB6 `Comercio`: "so the keys are not sold again if the .dat are reloaded"): a key
 * (`otKeys`) bought takes its lines out of the shop's list, so neither an empty shop's reload nor
 * a crucial refill brings it back. VB6 writes `Obj<slot>=<key>-0` into `NPCs.dat`; here the line
 * becomes a gap (nothing shows in the window); the map remembers the key per trader number
 * while it is loaded, so a respawned trader drops it too (map/systems/commerce/shops.ts). A
 * restart lists the key again: the world's files are read-only.
 */
export function withoutKeyLines(template: ShopTemplate, objectId: number): ShopTemplate {
  return { ...template, lines: template.lines.map((line) => (line.objectId === objectId ? { objectId: 0, amount: 0 } : line)) };
}

function clampSkill(skill: number): number {
  if (!Number.isFinite(skill)) return 0;
  return Math.min(MAX_TRADE_SKILL, Math.max(0, Math.trunc(skill)));
}

/**
 * `Comercio` buy (§7.4): slot and amount checked; the amount clamped to the stock unless the
 * object is crucial and the NPC lists it (then the shop never runs out); the price
 * `Ceil(Valor / Descuento × n)`; not enough gold or no room → refused, nothing charged; else the
 * units go into the inventory, the gold leaves, and the stock shrinks (`QuitarNpcInvItem`).
 */
export function buyFromShop(
  inventory: Inventory,
  stock: ShopStock,
  template: ShopTemplate,
  slot: number,
  amount: number,
  buyer: Buyer,
  catalog: ItemCatalog,
): BuyOutcome {
  const amountCheck = checkBuyAmount(amount);
  if (amountCheck === "invalid_amount") return { ok: false, reason: "invalid_amount" };
  if (!isShopSlot(slot)) return { ok: false, reason: "bad_slot" };
  if (amountCheck === "too_many") return { ok: false, reason: "too_many" };
  const current = shopSlotAt(stock, slot);
  if (current.amount <= 0 || current.objectId === 0) return { ok: false, reason: "empty_slot" };
  const item = catalog.get(current.objectId);
  if (item === undefined) return { ok: false, reason: "unknown_object" };
  const unlimited = isCrucial(item) && listsObject(template, item.id);
  const units = unlimited ? amount : Math.min(amount, current.amount);
  const price = buyPrice(item.value, clampSkill(buyer.tradeSkill), units);
  if (!Number.isSafeInteger(price) || price < 0 || inventory.gold < price) return { ok: false, reason: "not_enough_gold" };
  const put = putItem(inventory, { objectId: item.id, amount: units }, catalog);
  if (!put.ok) {
    if (put.reason === "inventory_full" || put.reason === "gold_overflow") return { ok: false, reason: put.reason };
    return { ok: false, reason: "invalid_amount" };
  }
  const paid = spendGold(put.inventory, price);
  if (!paid.ok) return { ok: false, reason: "not_enough_gold" };
  const rewritten = item.type === ObjectType.Key ? withoutKeyLines(template, item.id) : undefined;
  const taken = takeFromStock(stock, rewritten ?? template, slot, units, catalog);
  return {
    ok: true,
    inventory: paid.inventory,
    changed: put.changed,
    goldDelta: paid.inventory.gold - inventory.gold,
    stock: taken.stock,
    // VB6 refreshes the traded slot even when a refill left it as it was.
    stockChanged: [...new Set([slot, ...changedSlots(stock, taken.stock)])].sort((a, b) => a - b),
    stockEvent: taken.event,
    objectId: item.id,
    amount: units,
    price,
    ...(rewritten !== undefined ? { template: rewritten } : {}),
  };
}

// ------------------------------------------------------------------ selling

export type SellRefusal = "bad_slot" | "invalid_amount" | "empty_slot" | "unknown_object" | SaleRefusal;

export type SellOutcome =
  | {
      readonly ok: true;
      readonly inventory: Inventory;
      readonly changed: readonly number[];
      /** Gold added; negative when the wallet was above `MAXORO` (Q2) and the cap took it down. */
      readonly goldDelta: number;
      readonly unequipped: readonly UnequippedSlot[];
      readonly stock: ShopStock;
      readonly stockChanged: readonly number[];
      readonly objectId: number;
      readonly amount: number;
      /** `Fix(SalePrice × n)`, before the cap. */
      readonly income: number;
    }
  | { readonly ok: false; readonly reason: SellRefusal };

export interface SellContext {
  readonly seller: Seller;
  readonly catalog: ItemCatalog;
  readonly config?: CommerceConfig;
  /** Consejero / SemiDios: "you can't sell". */
  readonly lowGm?: boolean;
}

/**
 * `Comercio` sell (§7.5): a usable slot, the amount clamped to what it holds; refused for skins,
 * newbie, `Destruye` and `Instransferible` objects, objects of another type the NPC does not
 * stock (Q20) and gold; else the units leave the inventory (unequipping an emptied slot), the
 * wallet gets `Fix(SalePrice × n)` capped at `MAXORO`, and the units are destroyed
 * (`destroy_npc_bought_items`) or put into the shop.
 */
export function sellToShop(
  inventory: Inventory,
  stock: ShopStock,
  template: ShopTemplate,
  slot: number,
  amount: number,
  context: SellContext,
): SellOutcome {
  if (!Number.isSafeInteger(amount) || amount < 1) return { ok: false, reason: "invalid_amount" };
  if (!isUsableSlot(inventory, slot)) return { ok: false, reason: "bad_slot" };
  const current = slotAt(inventory, slot);
  if (current.objectId === 0 || current.amount <= 0) return { ok: false, reason: "empty_slot" };
  const units = Math.min(amount, current.amount);
  const item = context.catalog.get(current.objectId);
  if (item === undefined) return { ok: false, reason: "unknown_object" };
  const refusal = saleRefusal(item, shopBuying(template, stock), context.lowGm === true);
  if (refusal !== null) return { ok: false, reason: refusal };
  const removed = removeFromSlot(inventory, slot, units);
  if (!removed.ok) return { ok: false, reason: removed.reason };
  const config = context.config ?? DEFAULT_COMMERCE_CONFIG;
  const income = saleIncome(salePrice(item, context.seller, config), units);
  const wallet = capGold(removed.inventory.gold + income);
  let after: Inventory;
  if (wallet >= removed.inventory.gold) {
    const added = addGold(removed.inventory, wallet - removed.inventory.gold);
    after = added.ok ? added.inventory : removed.inventory;
  } else {
    const spent = spendGold(removed.inventory, removed.inventory.gold - wallet);
    after = spent.ok ? spent.inventory : removed.inventory;
  }
  const nextStock = config.destroyNpcBoughtItems ? stock : putIntoStock(stock, item.id, units).stock;
  return {
    ok: true,
    inventory: after,
    changed: removed.changed,
    goldDelta: after.gold - inventory.gold,
    unequipped: removed.unequipped,
    stock: nextStock,
    stockChanged: changedSlots(stock, nextStock),
    objectId: item.id,
    amount: units,
    income,
  };
}

// ------------------------------------------------------------------ what viewers see

/** The fields of one `ChangeNPCInventorySlot`. */
export interface ShopSlotView {
  readonly slot: number;
  readonly objectId: number;
  readonly amount: number;
  /** `Ceil(Valor / Descuento)` as an f32. */
  readonly price: number;
  /** Always 0: `UpdateNpcInv` copies only the object and the amount. */
  readonly elementalTags: number;
  /** `CanUseObject` for the viewer (0 for an empty slot). */
  readonly canUse: number;
}

/** `UpdateNpcInv(False, …)`: one slot; an empty slot shows price 0. */
export function shopSlotView(stock: ShopStock, slot: number, catalog: ItemCatalog, tradeSkill: number, canUse: (item: ItemTemplate) => number): ShopSlotView {
  const current = shopSlotAt(stock, slot);
  const item = current.objectId === 0 ? undefined : catalog.get(current.objectId);
  return {
    slot,
    objectId: current.objectId,
    amount: current.amount,
    price: item === undefined ? 0 : shownBuyPrice(item.value, clampSkill(tradeSkill)),
    elementalTags: 0,
    canUse: item === undefined ? 0 : canUse(item),
  };
}

/**
 * `UpdateNpcInv(True, …)`: all 42 slots. Q16 kept: the price is not reset between slots, so an
 * empty slot shows the price of the last stocked slot before it.
 */
export function shopSlotViews(stock: ShopStock, catalog: ItemCatalog, tradeSkill: number, canUse: (item: ItemTemplate) => number): ShopSlotView[] {
  const views: ShopSlotView[] = [];
  let price = 0;
  for (let slot = 1; slot <= SHOP_SLOTS; slot++) {
    const view = shopSlotView(stock, slot, catalog, tradeSkill, canUse);
    if (view.objectId !== 0 && catalog.get(view.objectId) !== undefined) price = view.price;
    views.push({ ...view, price });
  }
  return views;
}
