import type { MapRestriction } from "../content/index.ts";

/**
 * What a map worker needs to run one map: plain data plus the shared grids. Built by the
 * gateway from the world pack; crosses the thread boundary by structured clone, the grids as
 * SharedArrayBuffers (the collision grid is never written after load).
 */

export interface MapExitDefinition {
  x: number;
  y: number;
  /** -1 means "back where the player came from". */
  destMap: number;
  destX: number;
  destY: number;
}

export interface NpcDefinition {
  x: number;
  y: number;
  /** Template number (npcs.dat `[NPCn]`); the client indexes its NpcData with it. */
  npc: number;
  name: string;
  body: number;
  head: number;
  heading: number;
}

export interface ObjectDefinition {
  x: number;
  y: number;
  obj: number;
  amount: number;
}

export interface MapDefinition {
  id: number;
  name: string;
  width: number;
  height: number;
  /** No player killing; logging out is immediate. */
  safe: boolean;
  /** `MapInfo.zone` (CIUDAD, CAMPO, NEWBIE, DUNGEON, …; free text); absent means none. */
  zone?: string;
  /** The map's music (`MapInfo.music_numberLow`, the first of the map's music numbers); absent: none. */
  music?: number;
  // -- the map's information and settings a GM may change (`/MODMAPINFO`, `/MAPSETTING`:
  // map/systems/staff/map-info.ts). Changed only on the map's own worker, in its copy, in memory.
  /** `MapInfo.terrain` (BOSQUE, NIEVE, DESIERTO, …; free text); absent means none. */
  terrain?: string;
  /** `restrict_mode` bits (AO 0.13 `MagiaSinEfecto`, …); the rules read `noMagic` and `noInvisibility`. Absent: none. */
  restrictions?: MapRestriction[];
  /** `MapInfo.backup_mode`; absent means false. */
  backup?: boolean;
  /** `MapInfo.DropItems`: a player who dies here drops what falls; absent means true. */
  dropItems?: boolean;
  /** `MapInfo.SafeFightMap`: every fight between players here is a safe fight (`PeleaSegura`); absent means false. */
  safeFight?: boolean;
  /** `MapInfo.FriendlyFire` (between members of one event team); absent means true. */
  friendlyFire?: boolean;
  /** Per tile (row-major from (1,1)): direction bits and water/tree flags, read-only. */
  collision: SharedArrayBuffer;
  /** Per tile: the trigger (0 = none), read-only. */
  triggers: SharedArrayBuffer;
  /** Per tile: the char index standing there (0 = free). Written only by the owning map. */
  occupancy: SharedArrayBuffer;
  exits: MapExitDefinition[];
  npcs: NpcDefinition[];
  objects: ObjectDefinition[];
}

/** Bytes per occupancy cell: an Int16 char index. */
export const OCCUPANCY_CELL_BYTES = 2;

export function newOccupancyBuffer(width: number, height: number): SharedArrayBuffer {
  return new SharedArrayBuffer(width * height * OCCUPANCY_CELL_BYTES);
}
