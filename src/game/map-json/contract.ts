/**
 * The JSON document of `GET /api/map/:id`: what the server's content writes and what the browser
 * client and the bots read. Compact: the tile grid is one flat array of numbers (row-major),
 * records are short arrays, and a legend (`tileBits`) names the bits of the tiles so a reader
 * never has to assume them.
 */
import { BLOCKED_EAST, BLOCKED_GM, BLOCKED_NORTH, BLOCKED_SOUTH, BLOCKED_WEST, TILE_TREE, TILE_WATER } from "../movement/index.ts";

/** The map properties a reader relies on; a writer may send more (they pass through untouched). */
export interface MapJsonProperties {
  readonly name: string;
  /** No player killing here; shown by the client. */
  readonly safe: boolean;
}

/** Meaning of each bit of `tiles`: one single bit per name. */
export interface TileBits {
  readonly blockedNorth: number;
  readonly blockedEast: number;
  readonly blockedSouth: number;
  readonly blockedWest: number;
  readonly blockedGm: number;
  readonly water: number;
  readonly tree: number;
}

/** The legend a writer sends: the tile-flags bits of game/movement, which are also the bits readers keep. */
export const MAP_TILE_BITS: TileBits = Object.freeze({
  blockedNorth: BLOCKED_NORTH,
  blockedEast: BLOCKED_EAST,
  blockedSouth: BLOCKED_SOUTH,
  blockedWest: BLOCKED_WEST,
  blockedGm: BLOCKED_GM,
  water: TILE_WATER,
  tree: TILE_TREE,
});

/** `[x, y, trigger]`. */
export type MapJsonTrigger = readonly [x: number, y: number, trigger: number];
/** `[x, y, destMap, destX, destY]`; destMap -1 = back where the player came from. */
export type MapJsonExit = readonly [x: number, y: number, destMap: number, destX: number, destY: number];
/** `[x, y, objectNumber, amount]`. */
export type MapJsonObject = readonly [x: number, y: number, objectNumber: number, amount: number];
/** `[x, y, npcNumber]`. */
export type MapJsonNpc = readonly [x: number, y: number, npcNumber: number];

/** Body of `GET /api/map/:id`; `Properties` is what the writer knows about the map. */
export interface MapApiJson<Properties extends MapJsonProperties = MapJsonProperties> {
  readonly id: number;
  readonly name: string;
  readonly width: number;
  readonly height: number;
  readonly properties: Properties;
  /** Meaning of each bit of `tiles`. */
  readonly tileBits: TileBits;
  /** Collision/terrain bits, one number per tile, row-major from (1, 1): index (y-1)*width + (x-1). */
  readonly tiles: readonly number[];
  /** Every tile with a trigger. */
  readonly triggers: readonly MapJsonTrigger[];
  readonly exits: readonly MapJsonExit[];
  readonly objects: readonly MapJsonObject[];
  readonly npcs: readonly MapJsonNpc[];
}

/**
 * Largest map side, in tiles, a reader accepts: positions travel as u8 in the protocol, so a
 * bigger map could not be walked by a client anyway.
 */
export const MAX_MAP_JSON_SIDE_TILES = 255;
