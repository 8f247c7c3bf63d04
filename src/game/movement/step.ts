/**
 * Whether one step on foot is legal: the VB6 `LegalWalk` rule for a walker, written once for the
 * server (authority), the browser (prediction) and the bots (precomputed step masks).
 */
import { stepX, stepY, type Heading } from "./headings.ts";
import { blockBitFor, isWaterForWalker } from "./tile-flags.ts";

/**
 * The least a map must offer to be walked on: its size and, per tile, the collision bits
 * (tile-flags.ts) and the trigger (0 = none), both row-major from (1, 1): index
 * (y - 1) · width + (x - 1) (`tileIndex`).
 */
export interface WalkableGrid {
  readonly width: number;
  readonly height: number;
  readonly collision: Uint8Array;
  readonly triggers: Uint8Array;
}

/** Why a step is refused, checked in `LegalWalk` order, or "ok". */
export type StepOutcome = "ok" | "out_of_bounds" | "blocked" | "water" | "occupied";

/** Row-major index of tile (x, y) (1-based) in a grid `width` tiles wide. */
export function tileIndex(width: number, x: number, y: number): number {
  return (y - 1) * width + (x - 1);
}

/** True when (x, y) is a tile of a `width` × `height` map (whole numbers, 1-based). */
export function isInsideMap(width: number, height: number, x: number, y: number): boolean {
  return Number.isInteger(x) && Number.isInteger(y) && x >= 1 && y >= 1 && x <= width && y <= height;
}

/**
 * The step from (x, y) one tile towards `heading`: the destination must lie on the map, its
 * direction bit for the heading must be clear, it must not be water unless a bridge crosses it,
 * and nobody may stand on it. `isOccupied` gets the destination's tile index; without it nobody
 * counts as standing anywhere (a terrain-only answer, as bots precompute it).
 */
export function checkStep(grid: WalkableGrid, x: number, y: number, heading: Heading, isOccupied?: (index: number) => boolean): StepOutcome {
  const toX = x + stepX(heading);
  const toY = y + stepY(heading);
  if (!isInsideMap(grid.width, grid.height, toX, toY)) return "out_of_bounds";
  const index = tileIndex(grid.width, toX, toY);
  const collision = grid.collision[index]!;
  if ((collision & blockBitFor(heading)) !== 0) return "blocked";
  if (isWaterForWalker(collision, grid.triggers[index]!)) return "water";
  if (isOccupied !== undefined && isOccupied(index)) return "occupied";
  return "ok";
}
