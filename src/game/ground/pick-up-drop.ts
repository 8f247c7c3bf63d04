/**
 * Picking up and dropping (items-and-economy §6.3–§6.5): VB6 `HandlePickUp`, `HandleDrop`
 * (`Codigo/Protocol.bas`), `PickObjAt`, `DropObj`, `TirarOro` (`Codigo/InvUsuario.bas`).
 * Outcomes say what changed in the inventory and on the ground; the map applies both and sends
 * `ObjectCreate` / `ObjectDelete` to the area.
 *
 * Quirk decisions: Q13 kept (no ship item can be dropped while sailing), Q14 kept (the newbie,
 * `Intirable` and `Instransferible` checks apply to everyone; game masters may only drop
 * `Intirable` items), Q15 kept (game-master ranks other than Admin and Dios lose what they drop).
 */
import { tileIndex } from "../movement/index.ts";
import { MAX_STACK } from "../character/index.ts";
import { CharacterClass, GOLD_OBJECT, GOLD_SLOT, MAX_GOLD_PER_DROP, ObjectType, isNewbieLevel, type ItemCatalog } from "../items/index.ts";
import { isUsableSlot, putIntoSlot, putItem, removeFromSlot, slotAt, type Inventory, type UnequippedSlot } from "../inventory/index.ts";
import { canReachItemAt, type GroundGrid, type GroundPile, type Walker } from "./grid.ts";
import { pileAfterPut, pileAfterTake, throwAtFeet, type PlacedPile } from "./piles.ts";

/** `IntervaloTirar`. */
export const DROP_INTERVAL_MS = 400;
/** `MAP_HOME_IN_JAIL`'s restricted rectangle (`IsInMapCarcelRestrictedArea`). */
export const JAIL_AREA = { minX: 33, maxX: 62, minY: 32, maxY: 62 } as const;

/** `e_PlayerType` ranks the ground rules tell apart. */
export type Privilege = "user" | "consejero" | "semidios" | "dios" | "admin" | "rolemaster";

/** Ranks whose drops reach the ground (User, Admin, Dios). */
function dropsReachGround(privilege: Privilege): boolean {
  return privilege === "user" || privilege === "admin" || privilege === "dios";
}

function isGameMaster(privilege: Privilege): boolean {
  return privilege !== "user";
}

export interface GroundActor {
  readonly inventory: Inventory;
  /** Position and walking mode. */
  readonly walker: Walker;
  readonly level: number;
  /** `e_Class` (pirates throw gold on land only). */
  readonly class: number;
  readonly privilege?: Privilege;
  readonly dead?: boolean;
  readonly mounted?: boolean;
  /** In `MAP_HOME_IN_JAIL`'s restricted rectangle. */
  readonly inJailArea?: boolean;
}

export type PickUpOutcome =
  | {
      readonly ok: true;
      readonly inventory: Inventory;
      readonly changed: readonly number[];
      readonly goldDelta: number;
      /** Units that left the ground. */
      readonly taken: number;
      /** The pile left on the tile (null: the tile is now empty → `ObjectDelete`; else `ObjectCreate`). */
      readonly pileLeft: GroundPile | null;
      /** What the picker sees: `TextOverTile` "+n" in gold colour, or `ShowPickUpObj`. */
      readonly show: { readonly kind: "gold_text"; readonly amount: number } | { readonly kind: "picked"; readonly objectId: number; readonly amount: number };
    }
  | { readonly ok: false; readonly reason: "dead" | "pick_up_forbidden" | "pick_up_in_jail" | "nothing_here" | "pick_up_mounted" | "inventory_full"; readonly silent?: false }
  | { readonly ok: false; readonly reason: "unreachable" | "bad_slot" | "fixed_in_place" | "gold_to_slot" | "slot_full" | "unknown_object"; readonly silent: true };

/**
 * `ePickUp(x, y, destSlot)`: the whole pile into the inventory (`destSlot` 0, what the stock
 * client sends), or as much as fits into one chosen slot.
 */
export function pickUp(actor: GroundActor, grid: GroundGrid, x: number, y: number, destSlot: number, catalog: ItemCatalog): PickUpOutcome {
  const privilege = actor.privilege ?? "user";
  if (actor.dead === true) return { ok: false, reason: "dead" };
  if (privilege === "consejero" || privilege === "semidios") return { ok: false, reason: "pick_up_forbidden" };
  if (canReachItemAt(grid, actor.walker, x, y) !== "ok") return { ok: false, reason: "unreachable", silent: true };
  if (!Number.isInteger(destSlot) || destSlot < 0 || (destSlot > 0 && !isUsableSlot(actor.inventory, destSlot))) return { ok: false, reason: "bad_slot", silent: true };
  if (actor.inJailArea === true) return { ok: false, reason: "pick_up_in_jail" };
  const pile = grid.pile(tileIndex(grid.width, x, y));
  if (pile === undefined || pile.objectId <= 0 || pile.amount <= 0) return { ok: false, reason: "nothing_here" };
  const item = catalog.get(pile.objectId);
  if (item === undefined) return { ok: false, reason: "unknown_object", silent: true };
  if (item.fixedInPlace) return { ok: false, reason: "fixed_in_place", silent: true };
  if (actor.mounted === true) return { ok: false, reason: "pick_up_mounted" };
  if (destSlot > 0 && pile.objectId === GOLD_OBJECT) return { ok: false, reason: "gold_to_slot", silent: true };
  let inventory: Inventory;
  let changed: readonly number[];
  let goldDelta: number;
  let taken: number;
  if (destSlot === 0) {
    const put = putItem(actor.inventory, { objectId: pile.objectId, amount: pile.amount, tags: pile.tags }, catalog);
    if (!put.ok) return { ok: false, reason: "inventory_full" };
    ({ inventory, changed, goldDelta } = put);
    taken = pile.amount;
  } else {
    const put = putIntoSlot(actor.inventory, destSlot, { objectId: pile.objectId, amount: pile.amount, tags: pile.tags }, catalog);
    if (!put.ok) return put.reason === "inventory_full" ? { ok: false, reason: "inventory_full" } : { ok: false, reason: "slot_full", silent: true };
    ({ inventory, changed, goldDelta } = put);
    taken = put.transferred;
  }
  const show = pile.objectId === GOLD_OBJECT ? ({ kind: "gold_text", amount: pile.amount } as const) : ({ kind: "picked", objectId: pile.objectId, amount: taken } as const);
  return { ok: true, inventory, changed, goldDelta, taken, pileLeft: pileAfterTake(pile, taken), show };
}

/** The drop timer: last drop (ms) or null. */
export interface DropTiming {
  readonly lastDrop: number | null;
  readonly now: number;
}

export interface DropActor extends GroundActor {
  /** Any `Comerciando`: NPC shop, bank vault or player trade. */
  readonly trading?: boolean;
  /** The special-fish minigame runs. */
  readonly specialFishing?: boolean;
}

type DropSilent = "bad_slot" | "too_soon" | "special_fishing" | "invalid_amount" | "dead" | "trading" | "unreachable" | "empty_slot" | "not_your_tile" | "not_enough_gold" | "rank";
type DropTold = "drop_in_jail" | "drop_mounted" | "drop_newbie_item" | "drop_forbidden" | "drop_ship_while_sailing" | "no_space_on_ground";

export type DropOutcome =
  | {
      readonly ok: true;
      readonly inventory: Inventory;
      readonly changed: readonly number[];
      readonly goldDelta: number;
      /** Units that left the inventory. */
      readonly removed: number;
      /** Piles as they now are on their tiles (`ObjectCreate` to the area); empty when destroyed or lost. */
      readonly piles: readonly PlacedPile[];
      /** `Destruye`: the units vanished; "lost": a low game-master rank dropped them (Q15). */
      readonly vanished?: "destroyed" | "lost";
      readonly unequipped: readonly UnequippedSlot[];
      /** The drop timer's new value. */
      readonly lastDrop: number;
      /** Gathering stops (`ResetUserAutomatedActions`). */
      readonly stopGathering: true;
    }
  /** `lastDrop`: the timer was spent; `stopGathering`: refused after VB6 already stopped gathering. */
  | { readonly ok: false; readonly reason: DropSilent; readonly silent: true; readonly lastDrop?: number; readonly stopGathering?: true }
  | { readonly ok: false; readonly reason: DropTold; readonly silent?: false; readonly lastDrop?: number; readonly stopGathering?: true };

/**
 * `eDrop(slot, amount, x, y)`: an inventory slot's units onto a reachable tile, or gold
 * (slot 200) scattered around the player's own tile.
 */
export function drop(actor: DropActor, grid: GroundGrid, slot: number, amount: number, x: number, y: number, timing: DropTiming, catalog: ItemCatalog): DropOutcome {
  if (slot !== GOLD_SLOT && !isUsableSlot(actor.inventory, slot)) return { ok: false, reason: "bad_slot", silent: true };
  if (actor.inJailArea === true) return { ok: false, reason: "drop_in_jail" };
  if (timing.lastDrop !== null && timing.now - timing.lastDrop < DROP_INTERVAL_MS) return { ok: false, reason: "too_soon", silent: true };
  const lastDrop = timing.now;
  if (actor.specialFishing === true) return { ok: false, reason: "special_fishing", silent: true, lastDrop };
  if (!Number.isSafeInteger(amount) || amount <= 0) return { ok: false, reason: "invalid_amount", silent: true, lastDrop };
  if (actor.dead === true) return { ok: false, reason: "dead", silent: true, lastDrop };
  if (actor.trading === true) return { ok: false, reason: "trading", silent: true, lastDrop };
  if (actor.mounted === true) return { ok: false, reason: "drop_mounted", lastDrop };
  // `ResetUserAutomatedActions` runs here, before the remaining checks.
  const outcome = slot === GOLD_SLOT ? dropGold(actor, grid, amount, x, y, lastDrop, catalog) : dropItem(actor, grid, slot, amount, x, y, lastDrop, catalog);
  return outcome.ok ? outcome : { ...outcome, stopGathering: true };
}

function dropItem(actor: DropActor, grid: GroundGrid, slot: number, amount: number, x: number, y: number, lastDrop: number, catalog: ItemCatalog): DropOutcome {
  const privilege = actor.privilege ?? "user";
  if (canReachItemAt(grid, actor.walker, x, y) !== "ok") return { ok: false, reason: "unreachable", silent: true, lastDrop };
  const current = slotAt(actor.inventory, slot);
  const item = catalog.get(current.objectId);
  if (current.objectId === 0 || item === undefined) return { ok: false, reason: "empty_slot", silent: true, lastDrop };
  // Q14 kept: the exemption VB6 meant for admins never triggers.
  if (isNewbieLevel(actor.level) && item.newbie) return { ok: false, reason: "drop_newbie_item", lastDrop };
  const gmDropsUndroppable = item.cannotDrop && isGameMaster(privilege);
  if (item.cannotDrop && !gmDropsUndroppable) return { ok: false, reason: "drop_forbidden", lastDrop };
  if (!gmDropsUndroppable) {
    if (item.untradeable) return { ok: false, reason: "drop_forbidden", lastDrop };
    // Q13 kept: any ship, not only the one in use.
    if (item.type === ObjectType.Ship && actor.walker.sailing === true) return { ok: false, reason: "drop_ship_while_sailing", lastDrop };
  }
  // `DropObj`.
  const units = Math.min(amount, current.amount);
  const tags = current.tags;
  const onTile = grid.pile(tileIndex(grid.width, x, y));
  if (!item.destroyOnDrop) {
    const fits = onTile === undefined || onTile.objectId === 0 || (onTile.objectId === current.objectId && onTile.tags === tags && units + onTile.amount <= MAX_STACK);
    if (!fits) return { ok: false, reason: "no_space_on_ground", lastDrop };
  }
  const removed = removeFromSlot(actor.inventory, slot, units);
  if (!removed.ok) return { ok: false, reason: "empty_slot", silent: true, lastDrop };
  const base = { ok: true, inventory: removed.inventory, changed: removed.changed, goldDelta: 0, unequipped: removed.unequipped, removed: units, lastDrop, stopGathering: true } as const;
  // `Destruye`: the units vanish instead of landing.
  if (item.destroyOnDrop) return { ...base, piles: [], vanished: "destroyed" as const };
  // Q15 kept: Consejero, SemiDios and RoleMaster drops vanish.
  if (!dropsReachGround(privilege)) return { ...base, piles: [], vanished: "lost" as const };
  const pile = pileAfterPut(onTile, { objectId: current.objectId, amount: units, tags }, catalog);
  return { ...base, piles: [{ x, y, ...pile }] };
}

/**
 * `TirarOro`: only onto the player's own tile, at most 100 000 per packet and not more than the
 * wallet holds; thrown in piles of 10000 with the scatter search (water allowed except for
 * pirates). Only piles that found a tile leave the wallet.
 */
function dropGold(actor: DropActor, grid: GroundGrid, amount: number, x: number, y: number, lastDrop: number, catalog: ItemCatalog): DropOutcome {
  const privilege = actor.privilege ?? "user";
  if (x !== actor.walker.x || y !== actor.walker.y) return { ok: false, reason: "not_your_tile", silent: true, lastDrop };
  const requested = Math.min(amount, MAX_GOLD_PER_DROP);
  if (!dropsReachGround(privilege)) return { ok: false, reason: "rank", silent: true, lastDrop };
  if (requested > actor.inventory.gold) return { ok: false, reason: "not_enough_gold", silent: true, lastDrop };
  let gold = actor.inventory.gold;
  let left = requested;
  const placed = new Map<number, PlacedPile>();
  const options = { water: actor.class !== CharacterClass.Pirate, land: true, placed };
  while (left > 0) {
    const pileAmount = left > MAX_STACK && gold > MAX_STACK ? MAX_STACK : left;
    left -= pileAmount;
    const pile = throwAtFeet(grid, actor.walker.x, actor.walker.y, { objectId: GOLD_OBJECT, amount: pileAmount }, catalog, options);
    if (pile === null) continue;
    placed.set(tileIndex(grid.width, pile.x, pile.y), pile);
    gold -= pileAmount;
  }
  const removed = actor.inventory.gold - gold;
  return {
    ok: true,
    inventory: { ...actor.inventory, gold },
    changed: [],
    goldDelta: -removed,
    removed,
    piles: [...placed.values()],
    unequipped: [],
    lastDrop,
    stopGathering: true,
  };
}
