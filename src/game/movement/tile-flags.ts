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

/**
 * What a tile's trigger byte means: every value VB6 `e_Trigger` names (`Codigo/Declares.bas`,
 * VB6 name in the comment). 9 and 15 are unnamed. The AO20 client also reads triggers from 60 up
 * as roof groups (`PRIMER_TRIGGER_TECHO`), which is the client's business, not the server's.
 * This is the one table: maps are written with it, the server's rules and the clients read it.
 */
export const Trigger = {
  /** `nada`. */
  None: 0,
  /** `BAJOTECHO`: under a roof. */
  UnderRoof: 1,
  /** `trigger_2` (unnamed; the map editor: hide layer 4 and no NPC respawn). */
  Unnamed2: 2,
  /** `POSINVALIDA`: NPCs (other than pets) never step here. */
  NpcForbidden: 3,
  /** `ZonaSegura`: no fighting or stealing from or into it. */
  SafeZone: 4,
  /** `ANTIPIQUETE`: anti-camping (a player may not stand here for long). */
  AntiCamping: 5,
  /** `ZONAPELEA`: an arena: a fight here drops nothing and changes no faction status. */
  FightZone: 6,
  /** `AUTORESU`: a ghost stepping here comes back to life. */
  AutoResurrect: 7,
  /** `DETALLEAGUA`: water detail. */
  WaterDetail: 8,
  /** `PESCAINVALIDA`: no fishing. */
  NoFishing: 10,
  /** `VALIDONADO`: swimmable. */
  Swimmable: 11,
  /** `ESCALERA`: stairs. */
  Stairs: 12,
  /** `WORKERONLY`: only workers may enter. */
  WorkerOnly: 13,
  /** `TRANSFER_ONLY_DEAD`: an exit only ghosts take. */
  DeadOnlyExit: 14,
  /** `NADOBAJOTECHO`: swimming under a roof. */
  SwimUnderRoof: 16,
  /** `VALIDOPUENTE`: a bridge, walkable on foot although the tile is water. */
  Bridge: 17,
  /** `NADOCOMBINADO`: combined swimming. */
  CombinedSwim: 18,
  /** `CARCEL`: a jail tile. */
  Jail: 19,
  /** `ONLY_PATREON_TILE`: only patrons (and staff) may enter. */
  PatronOnly: 20,
  /** `EMPEROR_CASTLE_ENTRY_1`: the first of 20 castle entries (21…40). */
  FirstCastleEntry: 21,
  /** `EMPEROR_CASTLE_ENTRY_20`: the last castle entry. */
  LastCastleEntry: 40,
  /** `CASTLE_FOUNDATION_POSITION`. */
  CastleFoundation: 41,
} as const;

/** Direction bit per heading (index 0 unused). */
const BLOCKED_BY_HEADING: readonly number[] = [0, BLOCKED_NORTH, BLOCKED_EAST, BLOCKED_SOUTH, BLOCKED_WEST];

/** The collision bit on a destination tile that forbids entering it moving towards `heading`. */
export function blockBitFor(heading: Heading): number {
  return BLOCKED_BY_HEADING[heading]!;
}

/** VB6 `LegalWalk` for someone on foot: water stops a walker except where a bridge crosses it. */
export function isWaterForWalker(collisionBits: number, trigger: number): boolean {
  return (collisionBits & TILE_WATER) !== 0 && trigger !== Trigger.Bridge;
}
