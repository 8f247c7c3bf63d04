/**
 * What the map importers need to know about tiles beyond the bits themselves. The per-tile
 * collision and terrain bits (`BLOCKED_*`, `TILE_WATER`, `TILE_TREE`: the VB6
 * `MapData(map, x, y).Blocked` byte) are a game rule, defined once in src/game/movement and
 * re-exported here so the parsers keep their names: the importers write those bits, the map JSON
 * carries them, and every walker reads them.
 */
import { BLOCKED_ALL, BLOCKED_GM } from "../../game/movement/index.ts";

export { BLOCKED_NORTH, BLOCKED_EAST, BLOCKED_SOUTH, BLOCKED_WEST, BLOCKED_ALL, BLOCKED_GM, TILE_WATER, TILE_TREE } from "../../game/movement/index.ts";

/** Bits a map file may set directly; water and tree are always derived, never read. */
export const FILE_BLOCK_BITS = BLOCKED_ALL | BLOCKED_GM;

/**
 * Inclusive layer-1 grh ranges the AO20 server treats as water (`HayAgua`,
 * ao-org/argentum-online-server `Codigo/General.bas`).
 */
export const AO20_WATER_GRH_RANGES: readonly (readonly [number, number])[] = [
  [1505, 1520],
  [124, 139],
  [24223, 24238],
  [24303, 24318],
  [468, 483],
  [44668, 44683],
  [24143, 24158],
  [12628, 12643],
  [2948, 2963],
];

/**
 * Layer-1 grh ranges that are water in AO 0.13 data: the classic 1505–1520 plus the two ranges
 * later 0.13 graphics added (MrPointed/server-aog `resources/config_yaml/maps.yaml`).
 */
export const AO013_WATER_GRH_RANGES: readonly (readonly [number, number])[] = [
  [1505, 1520],
  [5665, 5680],
  [13547, 13562],
];

/**
 * Layer-3 grhs that are trees in AO20 (`LoadDefaultTreeGraphics`, formerly `EsArbol.ini`
 * `[TREES] Tree1..Tree41`).
 */
export const AO20_TREE_GRHS: ReadonlySet<number> = new Set([
  11905, 644, 1880, 11906, 12160, 6597, 2548, 2549, 15110, 15109, 15108, 11904, 7220, 50990, 55626, 55627, 55630,
  55632, 55633, 55635, 55638, 12584, 50985, 15510, 14775, 14687, 11903, 735, 15698, 14504, 15697, 6598, 1121, 1878,
  9513, 9514, 9515, 9518, 9519, 9520, 9529,
]);

/**
 * AO20 triggers that put the water flag back on a tile even when layer 2 cleared it:
 * 8 water detail (`DETALLEAGUA`), 11 swimmable (`VALIDONADO`), 16 swim under roof
 * (`NADOBAJOTECHO`), 18 combined swim (`NADOCOMBINADO`).
 */
export const AO20_WATER_TRIGGERS: ReadonlySet<number> = new Set([8, 11, 16, 18]);

/** True when `grh` falls in one of the inclusive ranges. */
export function grhInRanges(grh: number, ranges: readonly (readonly [number, number])[]): boolean {
  for (const [low, high] of ranges) if (grh >= low && grh <= high) return true;
  return false;
}

/** True when the tile cannot be entered from any direction it would matter for counting. */
export function isBlockedAnyDirection(flags: number): boolean {
  return (flags & BLOCKED_ALL) !== 0;
}
