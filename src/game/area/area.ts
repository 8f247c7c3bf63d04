/**
 * The AO20 area of interest (`CODIGO/ModAreas.bas`): maps are cut into square blocks of 12 tiles
 * and a client is kept informed about its own block and the eight around it. So two characters
 * see each other exactly when their blocks differ by at most one in x and in y. The relation is
 * symmetric, which lets the server answer "who sees the mover" and "whom the mover sees" with one
 * query, and lets the client forget exactly what the server stops telling it about.
 */

/** Side of an AO20 area block, in tiles. */
export const AREA_BLOCK_TILES = 12;

/** The block a coordinate (x or y, in tiles) falls in. */
export function blockOf(coordinate: number): number {
  return Math.floor(coordinate / AREA_BLOCK_TILES);
}

/** True when a character on (ax, ay) and one on (bx, by) are inside each other's window. */
export function inView(ax: number, ay: number, bx: number, by: number): boolean {
  return Math.abs(blockOf(ax) - blockOf(bx)) <= 1 && Math.abs(blockOf(ay) - blockOf(by)) <= 1;
}

/** The 3 × 3 blocks around a player, as an inclusive range of tiles. */
export interface AreaWindow {
  readonly minX: number;
  readonly maxX: number;
  readonly minY: number;
  readonly maxY: number;
}

/** The window of a player standing on (x, y): `inWindow(windowAround(a), b)` is `inView(a, b)`. */
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

/** True when (x, y) lies in the window; with no window yet (null) everything counts as inside. */
export function inWindow(area: AreaWindow | null, x: number, y: number): boolean {
  if (area === null) return true;
  return x >= area.minX && x <= area.maxX && y >= area.minY && y <= area.maxY;
}
