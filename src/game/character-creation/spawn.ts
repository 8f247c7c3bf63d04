/**
 * Where a character appears when it enters the world (character-creation.md §6.2): the VB6
 * `ConnectUser_Complete` occupancy test and `modSpawn.FindNearestFreeTile` ring search, as a
 * pure function over a read-only view of the map that the map side provides.
 */

/** Rings searched around an occupied spawn tile (`SPAWN_SEARCH_MAX_RADIUS`). */
export const SPAWN_SEARCH_MAX_RADIUS = 12;
/** Map tile bounds (AO maps are 100 × 100, 1-based). */
export const MAP_MIN_COORD = 1;
export const MAP_MAX_COORD = 100;
/** Walkable borders used by `LegalPos`: tiles outside are never a spawn tile. */
export const WALK_MIN_X = 12;
export const WALK_MAX_X = 89;
export const WALK_MIN_Y = 10;
export const WALK_MAX_Y = 91;

/** What the search needs to know about one map's tiles (1-based coordinates). */
export interface SpawnTileView {
  /** A user or an NPC stands on the tile. */
  isOccupied(x: number, y: number): boolean;
  /** The tile has the water flag. */
  isWater(x: number, y: number): boolean;
  /** Any block bit is set (partial blocks count). */
  isBlocked(x: number, y: number): boolean;
  /** The tile is an exit to another map. */
  isExit(x: number, y: number): boolean;
}

export type SpawnResolution =
  /** The requested tile was free of characters (block bits, water and exits not checked). */
  | { readonly kind: "as_requested"; readonly x: number; readonly y: number }
  /** The tile was occupied; this is the first acceptable tile of the ring search. */
  | { readonly kind: "moved"; readonly x: number; readonly y: number }
  /**
   * Nothing acceptable within the radius: VB6 spawns on the occupied tile anyway and, when a
   * user stands there, cancels that user's trades and disconnects them. The caller does that.
   */
  | { readonly kind: "overlap"; readonly x: number; readonly y: number };

/** `LegalPos` as the spawn search calls it: borders, no character, no exit, no block, water rule. */
function isAcceptableSpawnTile(view: SpawnTileView, x: number, y: number, allowWater: boolean): boolean {
  if (x < WALK_MIN_X || x > WALK_MAX_X || y < WALK_MIN_Y || y > WALK_MAX_Y) return false;
  if (view.isBlocked(x, y) || view.isExit(x, y)) return false;
  // Land tiles are always allowed; water only when the requested tile itself is water.
  if (view.isWater(x, y) && !allowWater) return false;
  return !view.isOccupied(x, y);
}

/**
 * Tiles of ring `r` around (cx, cy) in the VB6 order, edges clamped to the map: top row left to
 * right, bottom row (unless it is the top row), then the left and right columns without their
 * corners (unless left equals right). Clamping can repeat tiles of inner rings; VB6 does too.
 */
export function* spawnRing(cx: number, cy: number, r: number): Generator<readonly [number, number]> {
  const left = Math.max(MAP_MIN_COORD, cx - r);
  const right = Math.min(MAP_MAX_COORD, cx + r);
  const top = Math.max(MAP_MIN_COORD, cy - r);
  const bottom = Math.min(MAP_MAX_COORD, cy + r);
  for (let x = left; x <= right; x++) yield [x, top];
  if (bottom !== top) for (let x = left; x <= right; x++) yield [x, bottom];
  if (left !== right) {
    for (let y = top + 1; y <= bottom - 1; y++) yield [left, y];
    for (let y = top + 1; y <= bottom - 1; y++) yield [right, y];
  }
}

/**
 * Resolves the spawn tile for a character placed at (x, y): if no user or NPC stands there it
 * is used as is; otherwise the nearest acceptable tile of rings 1..12 (same water/land kind as
 * the requested tile) wins; if none, the caller gets `overlap`.
 */
export function resolveSpawnTile(view: SpawnTileView, x: number, y: number, maxRadius: number = SPAWN_SEARCH_MAX_RADIUS): SpawnResolution {
  if (!view.isOccupied(x, y)) return { kind: "as_requested", x, y };
  const allowWater = view.isWater(x, y);
  // FindNearestFreeTile tries the centre again with the full test (it is occupied, so it fails).
  const radius = Math.min(maxRadius, MAP_MAX_COORD - MAP_MIN_COORD);
  for (let r = 1; r <= radius; r++) {
    for (const [tx, ty] of spawnRing(x, y, r)) {
      if (isAcceptableSpawnTile(view, tx, ty, allowWater)) return { kind: "moved", x: tx, y: ty };
    }
  }
  return { kind: "overlap", x, y };
}
