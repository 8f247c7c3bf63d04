/**
 * The AO20 area window: the client sees its own 12 × 12 block and the eight around it
 * (`CODIGO/ModAreas.bas`), the same relation as the server's `inView`. When the player changes
 * block, or another char walks out of the window, the client forgets what lies outside. Pure.
 */
import { AREA_BLOCK_TILES } from "./constants.ts";
import type { AreaWindow } from "./game-state.ts";

export function blockOf(coordinate: number): number {
  return Math.floor(coordinate / AREA_BLOCK_TILES);
}

/** The window of a player standing on (x, y). */
export function windowAround(x: number, y: number): AreaWindow {
  const bx = blockOf(x);
  const by = blockOf(y);
  return {
    minX: (bx - 1) * AREA_BLOCK_TILES,
    maxX: (bx + 2) * AREA_BLOCK_TILES - 1,
    minY: (by - 1) * AREA_BLOCK_TILES,
    maxY: (by + 2) * AREA_BLOCK_TILES - 1,
  };
}

/** True when (x, y) lies in the window; with no window yet everything counts as inside. */
export function inWindow(area: AreaWindow | null, x: number, y: number): boolean {
  if (area === null) return true;
  return x >= area.minX && x <= area.maxX && y >= area.minY && y <= area.maxY;
}
