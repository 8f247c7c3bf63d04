/**
 * NPC shop prices (items-and-economy §7.6): VB6 `Descuento`, `SalePrice` and the price lines
 * of `Comercio` and `UpdateNpcInv` (`Codigo/Comercio.bas`), `Ceil` (`Codigo/General.bas`).
 * Number semantics matter: the discount is a Single, buy prices are one Double `Ceil` over the
 * whole quantity, the sale price is a Single and the income a Single product truncated.
 */
import { MAX_STACK } from "../character/index.ts";
import {
  CharacterClass,
  GOLD_OBJECT,
  MAX_WALLET_GOLD,
  ObjectType,
  SALE_DIVISOR,
  WORKER_MIN_SALE_DIVISOR,
  WORKER_SALE_DIVISOR_PER_LEVEL,
  isSkinType,
  type ItemTemplate,
} from "../items/index.ts";

/** The highest skill points (`Comerciar` 0…100). */
export const MAX_TRADE_SKILL = 100;
/** Most units one purchase may ask for (VB6 bans above it, Q17; we refuse). */
export const MAX_BUY_AMOUNT = MAX_STACK;

/** VB6 `Ceil`: `x` when whole, else `Fix(x) + 1` (so −1.5 → 0, not −1). */
export function vbCeil(x: number): number {
  const whole = Math.trunc(x);
  return whole === x ? x : whole + 1;
}

/** `Descuento`: `1 + Comerciar / 100` in Single arithmetic (both steps rounded to f32). */
export function commerceDiscount(tradeSkill: number): number {
  return Math.fround(1 + Math.fround(tradeSkill / 100));
}

/** The unit price a shop shows (`UpdateNpcInv`): `Ceil(Valor / Descuento)`, sent as f32. */
export function shownBuyPrice(value: number, tradeSkill: number): number {
  return Math.fround(vbCeil(value / commerceDiscount(tradeSkill)));
}

/** What buying `amount` units costs (`Comercio` buy): one `Ceil` over `Valor / Descuento × amount`. */
export function buyPrice(value: number, tradeSkill: number, amount: number): number {
  return vbCeil((value / commerceDiscount(tradeSkill)) * amount);
}

/** Who sells, for the sale divisor. */
export interface Seller {
  /** `e_Class`. */
  readonly class: number;
  readonly level: number;
}

/** The feature toggles that change prices. */
export interface CommerceConfig {
  /** `destroy_npc_bought_items` (1 in the example configuration). */
  readonly destroyNpcBoughtItems: boolean;
}

export const DEFAULT_COMMERCE_CONFIG: CommerceConfig = { destroyNpcBoughtItems: true };

/**
 * The sale divisor: 3; with `destroy_npc_bought_items` on, a worker's is
 * `max(2, 3 − level × 0.025)` (Double), reaching 2 at level 40.
 */
export function saleDivisor(seller: Seller | undefined, config: CommerceConfig = DEFAULT_COMMERCE_CONFIG): number {
  if (seller === undefined || !config.destroyNpcBoughtItems || seller.class !== CharacterClass.Worker) return SALE_DIVISOR;
  const divisor = SALE_DIVISOR - seller.level * WORKER_SALE_DIVISOR_PER_LEVEL;
  return divisor < WORKER_MIN_SALE_DIVISOR ? WORKER_MIN_SALE_DIVISOR : divisor;
}

/**
 * `SalePrice`: what an NPC pays per unit, `CSng(Valor / divisor)`; 0 for newbie items and
 * unknown objects. Also the `salePrice` of `ChangeInventorySlot`.
 */
export function salePrice(item: ItemTemplate | undefined, seller?: Seller, config: CommerceConfig = DEFAULT_COMMERCE_CONFIG): number {
  if (item === undefined || item.newbie) return 0;
  return Math.fround(item.value / saleDivisor(seller, config));
}

/** Gold a sale of `amount` units brings: `Fix(SalePrice × amount)` with a Single product. */
export function saleIncome(unitSalePrice: number, amount: number): number {
  return Math.trunc(Math.fround(Math.fround(unitSalePrice) * amount));
}

/** The wallet after a sale or theft: at most `MAXORO` (90 000 000). */
export function capGold(gold: number): number {
  return gold > MAX_WALLET_GOLD ? MAX_WALLET_GOLD : gold;
}

/** Q17 fixed: VB6 bans an account that asks for more than 10000 units; we refuse the request. */
export function checkBuyAmount(amount: number): "ok" | "invalid_amount" | "too_many" {
  if (!Number.isSafeInteger(amount) || amount < 1) return "invalid_amount";
  return amount > MAX_BUY_AMOUNT ? "too_many" : "ok";
}

/** What a shop buys (`npcs.dat`): `TipoItems` and the objects of its first `NroItems` stock slots. */
export interface ShopBuying {
  /** `TipoItems`: an `ObjectType`, 100 (`otElse`) for anything, 0 for only what it stocks. */
  readonly buysType: number;
  /** Objects in stock slots 1…`NroItems` (Q20: later slots do not count). */
  readonly stockedObjects: readonly number[];
}

export type SaleRefusal = "skin" | "newbie_item" | "destroys" | "untradeable" | "not_interested" | "rank";

/**
 * `Comercio` sell, step 2: why an NPC will not buy an object (null: it will). `Intirable` items
 * can be sold; gold never, unless the shop stocks it.
 */
export function saleRefusal(item: ItemTemplate, shop: ShopBuying, sellerIsLowGm = false): SaleRefusal | null {
  if (isSkinType(item.type)) return "skin";
  if (item.newbie) return "newbie_item";
  if (item.destroyOnDrop) return "destroys";
  if (item.untradeable) return "untradeable";
  const typeRefused = (shop.buysType !== item.type && shop.buysType !== ObjectType.Any) || item.id === GOLD_OBJECT;
  if (typeRefused && !shop.stockedObjects.includes(item.id)) return "not_interested";
  if (sellerIsLowGm) return "rank";
  return null;
}
