/**
 * The per-tile collision and terrain bits, the same bits the VB6 server keeps in
 * `MapData(map, x, y).Blocked` (ao-org/argentum-online-server `Codigo/Declares.bas`: `e_Block`,
 * `FLAG_AGUA`, `FLAG_ARBOL`). Keeping the reference's numbering lets movement code be checked
 * against the original line by line. This is the one definition: the map importers
 * (src/content/maps) write these bits, the map JSON carries them, and every walker reads them.
 *
 * A direction bit means "cannot be ENTERED while moving in that direction": `LegalWalk` tests the
 * bit of the heading on the destination tile (heading 1 north → 0x01, 2 east → 0x02,
 * 3 south → 0x04, 4 west → 0x08).
 */
import type { Heading } from "./headings.ts";

/** Tile cannot be entered moving north. */
export const BLOCKED_NORTH = 0x01;
/** Tile cannot be entered moving east. */
export const BLOCKED_EAST = 0x02;
/** Tile cannot be entered moving south. */
export const BLOCKED_SOUTH = 0x04;
/** Tile cannot be entered moving west. */
export const BLOCKED_WEST = 0x08;
/** All four direction bits: a wall. */
export const BLOCKED_ALL = BLOCKED_NORTH | BLOCKED_EAST | BLOCKED_SOUTH | BLOCKED_WEST;
/** `e_Block.GM`: set by a GM's `/bloq`; a few real maps were saved with it. Not a direction. */
export const BLOCKED_GM = 0x10;
/** `FLAG_AGUA`: navigable water (derived from the floor graphic and the trigger). */
export const TILE_WATER = 0x20;
/** `FLAG_ARBOL`: a tree stands here (derived from the layer-3 graphic). */
export const TILE_TREE = 0x40;

/** `e_Trigger.VALIDOPUENTE`: a bridge, walkable on foot although the tile is water. */
export const TRIGGER_BRIDGE = 17;

/** Direction bit per heading (index 0 unused). */
const BLOCKED_BY_HEADING: readonly number[] = [0, BLOCKED_NORTH, BLOCKED_EAST, BLOCKED_SOUTH, BLOCKED_WEST];

/** The collision bit on a destination tile that forbids entering it moving towards `heading`. */
export function blockBitFor(heading: Heading): number {
  return BLOCKED_BY_HEADING[heading]!;
}

/** VB6 `LegalWalk` for someone on foot: water stops a walker except where a bridge crosses it. */
export function isWaterForWalker(collisionBits: number, trigger: number): boolean {
  return (collisionBits & TILE_WATER) !== 0 && trigger !== TRIGGER_BRIDGE;
}
