/**
 * Ground piles (items-and-economy §6.1, §6.6, §6.7): VB6 `MakeObj`, `EraseObj`
 * (`Codigo/InvUsuario.bas`), `Tilelibre` (`Codigo/Modulo_UsUaRiOs.bas`), `LegalPos`
 * (`Codigo/GameLogic.bas`) and `TirarItemAlPiso` (`Codigo/Modulo_InventANDobj.bas`).
 */
import { BLOCKED_ALL, TILE_WATER, isInsideMap, tileIndex } from "../movement/index.ts";
import { MAX_STACK } from "../character/index.ts";
import type { ItemCatalog } from "../items/index.ts";
import type { ItemStack } from "../inventory/index.ts";
import { insideBorders, itemBorders, type GroundGrid, type GroundPile } from "./grid.ts";

/** `Tilelibre` searches squares of radius 0…15 around the centre. */
export const SCATTER_MAX_RADIUS = 15;
/**
 * Ground items never expire: the VB6 clean-up timer was deleted (commit 0f0e2acd) and
 * `/LIMPIAR` only prints "items cleaned"; piles last until picked up or the map reloads.
 */
export const GROUND_ITEM_LIFETIME_MS = Number.POSITIVE_INFINITY;
/** No periodic clean-up runs (`NoSeLimpia` is loaded but unused). */
export const GROUND_CLEANUP_INTERVAL_MS: number | null = null;

/** A pile placed on a tile. */
export interface PlacedPile extends GroundPile {
  readonly x: number;
  readonly y: number;
}

/**
 * `MakeObj`: the pile a tile holds after `stack` is put there. The same (object, tags) adds up
 * (no cap here: callers check); anything else is replaced, and a new pile of an object with
 * `VidaUtil` ≠ 0 holds `VidaUtil` units (meant for resources).
 */
export function pileAfterPut(existing: GroundPile | undefined, stack: ItemStack, catalog: ItemCatalog): GroundPile {
  const tags = stack.tags ?? 0;
  if (existing !== undefined && existing.objectId === stack.objectId && existing.tags === tags) {
    return { objectId: stack.objectId, amount: existing.amount + stack.amount, tags };
  }
  const lifetime = catalog.get(stack.objectId)?.lifetime ?? 0;
  return { objectId: stack.objectId, amount: lifetime !== 0 ? lifetime : stack.amount, tags };
}

/** `EraseObj(n)`: the pile left after taking `amount` units, or null when it is gone. */
export function pileAfterTake(existing: GroundPile, amount: number): GroundPile | null {
  const left = existing.amount - amount;
  return left > 0 ? { ...existing, amount: left } : null;
}

export interface ScatterOptions {
  /** `Agua`: water tiles may take the item (gold of non-pirates, loot). */
  readonly water: boolean;
  /** `Tierra`: land tiles may take the item. */
  readonly land: boolean;
  /** `InitialPos` = false also skips the centre's row and column. Default true. */
  readonly initialPos?: boolean;
  /** Piles placed earlier in the same action, by tile index (they are not in the grid yet). */
  readonly placed?: ReadonlyMap<number, GroundPile>;
}

/**
 * `LegalPos` as `Tilelibre` calls it: inside the item borders, nobody (living or not) and no NPC
 * there, water only when allowed, land only when allowed, not blocked on all four sides.
 */
function legalPosition(grid: GroundGrid, x: number, y: number, options: ScatterOptions): boolean {
  if (!isInsideMap(grid.width, grid.height, x, y) || !insideBorders(itemBorders(grid.width, grid.height), x, y)) return false;
  const index = tileIndex(grid.width, x, y);
  if (grid.occupied(index)) return false;
  const collision = grid.collision[index]!;
  const water = (collision & TILE_WATER) !== 0;
  if (!options.water && water) return false;
  if (!options.land && !water) return false;
  return (collision & BLOCKED_ALL) !== BLOCKED_ALL;
}

/**
 * `Tilelibre`: the first tile, scanning squares of radius 0, 1, … 15 around (x, y) row by row,
 * that is a legal position without an exit whose pile (if any) is the same object with
 * compatible tags and room for the whole stack. Null when none is found.
 */
export function scatterTile(grid: GroundGrid, x: number, y: number, stack: ItemStack, options: ScatterOptions): { x: number; y: number } | null {
  const tags = stack.tags ?? 0;
  const initialPos = options.initialPos ?? true;
  for (let radius = 0; radius <= SCATTER_MAX_RADIUS; radius++) {
    for (let ty = y - radius; ty <= y + radius; ty++) {
      for (let tx = x - radius; tx <= x + radius; tx++) {
        if (!legalPosition(grid, tx, ty, options)) continue;
        const index = tileIndex(grid.width, tx, ty);
        const pile = options.placed?.get(index) ?? grid.pile(index);
        if (pile !== undefined && pile.objectId > 0) {
          if (pile.objectId !== stack.objectId) continue;
          if (pile.tags > 0 && pile.tags !== tags) continue;
        }
        if ((pile?.amount ?? 0) + stack.amount > MAX_STACK) continue;
        if (grid.exit(index)) continue;
        if (!initialPos && (tx === x || ty === y)) continue;
        return { x: tx, y: ty };
      }
    }
  }
  return null;
}

/**
 * `TirarItemAlPiso`: where `stack` lands when thrown at (x, y) and the pile there afterwards;
 * null when no tile within radius 15 takes it (the item is lost).
 */
export function throwAtFeet(grid: GroundGrid, x: number, y: number, stack: ItemStack, catalog: ItemCatalog, options: ScatterOptions): PlacedPile | null {
  const tile = scatterTile(grid, x, y, stack, options);
  if (tile === null) return null;
  const index = tileIndex(grid.width, tile.x, tile.y);
  const pile = pileAfterPut(options.placed?.get(index) ?? grid.pile(index), stack, catalog);
  return { ...tile, ...pile };
}
