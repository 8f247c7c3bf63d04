/**
 * The ground (items-and-economy §6): piles on tiles (`ObjectCreate`, `ObjectDelete`), stacks
 * thrown on the nearest free tile (`TirarItemAlPiso`: what did not fit, an NPC's gold and drops, a
 * ghost's belongings), and what a player loses when it dies (`TirarTodosLosItems`). The rules are
 * pure (`game/ground`, `game/vitals` `deathOutcome`).
 */
import { throwAtFeet, type GroundGrid, type GroundPile } from "../../game/ground/index.ts";
import { removeFromSlot, spendGold, type ItemStack, type UnequippedSlot } from "../../game/inventory/index.ts";
import { GOLD_OBJECT } from "../../game/items/index.ts";
import { deathOutcome } from "../../game/vitals/index.ts";
import type { PlayerEntity } from "../entity-store.ts";
import type { MapContext } from "../map-context.ts";
import { commit } from "./inventory.ts";
import { TRIGGER_ARENA, triggerAt } from "./tiles.ts";

/** The map as the ground rules see it: terrain, who stands where, exits, piles. */
export function groundGrid(ctx: MapContext): GroundGrid {
  const { store, terrain } = ctx;
  return {
    width: terrain.width,
    height: terrain.height,
    collision: terrain.collision,
    triggers: terrain.triggers,
    // The player's own tile counts as occupied too: the reach rule starts from it anyway, and
    // scattered gold never lands under the player (VB6 `LegalPos` in `Tilelibre`).
    occupied: (index) => store.occupantOf(index) !== 0,
    exit: (index) => terrain.exitAt((index % terrain.width) + 1, Math.floor(index / terrain.width) + 1) !== undefined,
    pile: (index) => {
      const object = store.objectAt((index % terrain.width) + 1, Math.floor(index / terrain.width) + 1);
      return object && { objectId: object.obj, amount: object.amount, tags: 0 };
    },
  };
}

/** A pile on (x, y), drawn for the tile's viewers. */
export function putPile(ctx: MapContext, x: number, y: number, pile: GroundPile): void {
  ctx.store.putObject({ x, y, obj: pile.objectId, amount: pile.amount });
  ctx.view.around(x, y, ctx.packets.objectCreate(x, y, pile.objectId, pile.amount));
}

/** The pile on (x, y) gone, for the tile's viewers. */
export function removePile(ctx: MapContext, x: number, y: number): void {
  ctx.store.removeObject(x, y);
  ctx.view.around(x, y, ctx.packets.objectDelete(x, y));
}

/** A stack thrown on the nearest free tile around (x, y) (`TirarItemAlPiso`); lost when none has room. */
export function dropAround(ctx: MapContext, x: number, y: number, stack: ItemStack): void {
  const placed = throwAtFeet(groundGrid(ctx), x, y, stack, ctx.items, { water: false, land: true });
  if (placed) putPile(ctx, placed.x, placed.y, placed);
}

/**
 * `TirarTodosLosItems` as `game/vitals` `deathOutcome` decides it (the gold above what the level
 * keeps, every slot whose item falls), each thrown whole on the nearest free tile (lost when none
 * has room). Nothing falls on an arena tile. Returns the equipped slots that went with them.
 */
export function dropOnDeath(ctx: MapContext, player: PlayerEntity): UnequippedSlot[] {
  const onArenaTile = triggerAt(ctx, player.x, player.y) === TRIGGER_ARENA;
  const outcome = deathOutcome(
    { inventory: player.inventory, level: player.record.level, ordinaryPlayer: true, onArenaTile, mapDropsItems: ctx.definition.dropItems !== false },
    ctx.items,
    ctx.random,
  );
  const unequipped: UnequippedSlot[] = [];
  let inventory = player.inventory;
  const changed = new Set<number>();
  if (outcome.goldDropped > 0) {
    const spent = spendGold(inventory, outcome.goldDropped);
    if (spent.ok) {
      inventory = spent.inventory;
      for (const amount of outcome.goldStacks) dropAround(ctx, player.x, player.y, { objectId: GOLD_OBJECT, amount });
    }
  }
  for (const falling of outcome.fallingSlots) {
    const removed = removeFromSlot(inventory, falling.slot, falling.amount);
    if (!removed.ok) continue;
    inventory = removed.inventory;
    for (const each of removed.changed) changed.add(each);
    unequipped.push(...removed.unequipped);
    dropAround(ctx, player.x, player.y, { objectId: falling.objectId, amount: falling.amount, tags: falling.tags });
  }
  commit(ctx, player, inventory, [...changed], inventory.gold - player.inventory.gold);
  return unequipped;
}
