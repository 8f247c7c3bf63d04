/**
 * The map as the ground rules see it, the item borders and the reach rule (items-and-economy
 * §6.1, §6.2): VB6 `CanTransferWorldItemAt` and `LegalWalk` (`Codigo/GameLogic.bas`), the
 * borders of `Codigo/General.bas`. Walking legality reuses `checkStep` of `game/movement`.
 */
import { HEADINGS, TILE_WATER, Trigger, checkStep, isInsideMap, stepX, stepY, tileIndex, type Heading, type WalkableGrid } from "../movement/index.ts";

/** One pile on a tile (a tile holds at most one; map fixtures are piles too). */
export interface GroundPile {
  readonly objectId: number;
  readonly amount: number;
  /** `ElementalTags`. */
  readonly tags: number;
}

/**
 * A map for the ground rules: terrain (`WalkableGrid`), who stands where, exits and piles.
 * Indexes are `tileIndex(width, x, y)`.
 */
export interface GroundGrid extends WalkableGrid {
  /** A living visible player or a blocking NPC stands on the tile. */
  occupied(index: number): boolean;
  /** The tile is a map exit (`TileExit.Map > 0`). */
  exit(index: number): boolean;
  /** The pile on the tile, if any. */
  pile(index: number): GroundPile | undefined;
}

/** The one walking on the map, as `LegalWalk` looks at it. */
export interface Walker {
  readonly x: number;
  readonly y: number;
  /** Sailing walkers move on water only. */
  readonly sailing?: boolean;
  /** Workers may enter `WORKERONLY` tiles. */
  readonly worker?: boolean;
  /** Patrons and game masters may enter patron-only tiles. */
  readonly patron?: boolean;
}

/** The client window (`XWindow`, `YWindow`): half of it is kept clear at the map's edges. */
export const WINDOW_TILES_X = 23;
export const WINDOW_TILES_Y = 18;
/** Steps an item may be reached across (pick up, drop). */
export const ITEM_REACH_STEPS = 2;

/** `MinXBorder`…`MaxYBorder` for a map of this size: x 12…89, y 10…91 on a 100 × 100 map. */
export interface ItemBorders {
  readonly minX: number;
  readonly maxX: number;
  readonly minY: number;
  readonly maxY: number;
}

export function itemBorders(width: number, height: number): ItemBorders {
  const halfX = Math.trunc(WINDOW_TILES_X / 2);
  const halfY = Math.trunc(WINDOW_TILES_Y / 2);
  return { minX: 1 + halfX, maxX: width - halfX, minY: 1 + halfY, maxY: height - halfY };
}

export function insideBorders(borders: ItemBorders, x: number, y: number): boolean {
  return Number.isInteger(x) && Number.isInteger(y) && x >= borders.minX && x <= borders.maxX && y >= borders.minY && y <= borders.maxY;
}

/**
 * `LegalWalk` for the walker's current mode, entering (x + dx, y + dy) from (x, y) towards
 * `heading`: inside the item borders, nobody there, no exit, water for sailors and land (or a
 * bridge) for walkers, worker-only and patron-only tiles for those allowed, and the tile's block
 * bit for the heading clear.
 */
export function canEnter(grid: GroundGrid, walker: Walker, fromX: number, fromY: number, heading: Heading): boolean {
  const x = fromX + stepX(heading);
  const y = fromY + stepY(heading);
  if (!insideBorders(itemBorders(grid.width, grid.height), x, y) || !isInsideMap(grid.width, grid.height, x, y)) return false;
  const index = tileIndex(grid.width, x, y);
  const step = checkStep(grid, fromX, fromY, heading);
  const water = (grid.collision[index]! & TILE_WATER) !== 0;
  if (walker.sailing === true) {
    // Sailors need water; a bridge tile is water too. `checkStep` answers "water" for open water.
    if (!water || (step !== "ok" && step !== "water")) return false;
  } else if (step !== "ok") {
    return false;
  }
  if (grid.occupied(index) || grid.exit(index)) return false;
  const trigger = grid.triggers[index]!;
  if (trigger === Trigger.WorkerOnly && walker.worker !== true) return false;
  if (trigger === Trigger.PatronOnly && walker.patron !== true) return false;
  return true;
}

export type ReachOutcome = "ok" | "outside_borders" | "too_far" | "unreachable";

/**
 * `CanTransferWorldItemAt`: both tiles inside the item borders, Manhattan distance ≤ 2, and a
 * breadth-first walk of at most 2 steps (north, east, south, west) from the walker's tile
 * reaches the target through tiles the walker could enter. The walker's own tile always counts.
 */
export function canReachItemAt(grid: GroundGrid, walker: Walker, targetX: number, targetY: number): ReachOutcome {
  const borders = itemBorders(grid.width, grid.height);
  if (!insideBorders(borders, walker.x, walker.y) || !insideBorders(borders, targetX, targetY)) return "outside_borders";
  if (Math.abs(walker.x - targetX) + Math.abs(walker.y - targetY) > ITEM_REACH_STEPS) return "too_far";
  const queue: { x: number; y: number; depth: number }[] = [{ x: walker.x, y: walker.y, depth: 0 }];
  const visited = new Set<number>([tileIndex(grid.width, walker.x, walker.y)]);
  for (let front = 0; front < queue.length; front++) {
    const at = queue[front]!;
    if (at.x === targetX && at.y === targetY) return "ok";
    if (at.depth >= ITEM_REACH_STEPS) continue;
    for (const heading of HEADINGS) {
      if (!canEnter(grid, walker, at.x, at.y, heading)) continue;
      const x = at.x + stepX(heading);
      const y = at.y + stepY(heading);
      const index = tileIndex(grid.width, x, y);
      if (visited.has(index)) continue;
      visited.add(index);
      queue.push({ x, y, depth: at.depth + 1 });
    }
  }
  return "unreachable";
}
