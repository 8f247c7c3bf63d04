/**
 * The JSON a browser gets from `GET /api/map/:id`. Compact: the tile grid is one flat array of
 * numbers (row-major), records are short arrays, and a legend names the array slots and bits so
 * the client never hard-codes them. Pure.
 */
import {
  BLOCKED_EAST,
  BLOCKED_GM,
  BLOCKED_NORTH,
  BLOCKED_SOUTH,
  BLOCKED_WEST,
  TILE_TREE,
  TILE_WATER,
  type MapProperties,
} from "../maps/index.ts";
import type { WorldMap } from "./world-pack.ts";

/** Body of `GET /api/map/:id`. */
export interface MapApiJson {
  readonly id: number;
  readonly name: string;
  readonly width: number;
  readonly height: number;
  readonly properties: MapProperties;
  /** Meaning of each bit of `tiles`. */
  readonly tileBits: {
    readonly blockedNorth: number;
    readonly blockedEast: number;
    readonly blockedSouth: number;
    readonly blockedWest: number;
    readonly blockedGm: number;
    readonly water: number;
    readonly tree: number;
  };
  /** Collision/terrain bits, one number per tile, row-major from (1, 1): index (y-1)*width + (x-1). */
  readonly tiles: readonly number[];
  /** `[x, y, trigger]` for every tile with a trigger. */
  readonly triggers: readonly (readonly [number, number, number])[];
  /** `[x, y, destMap, destX, destY]`; destMap -1 = back where the player came from. */
  readonly exits: readonly (readonly [number, number, number, number, number])[];
  /** `[x, y, objectNumber, amount]`. */
  readonly objects: readonly (readonly [number, number, number, number])[];
  /** `[x, y, npcNumber]`. */
  readonly npcs: readonly (readonly [number, number, number])[];
}

/** Builds the API view of a map. */
export function mapToApiJson(map: WorldMap & { readonly id: number }): MapApiJson {
  const triggers: [number, number, number][] = [];
  for (let tile = 0; tile < map.triggers.length; tile++) {
    const trigger = map.triggers[tile]!;
    if (trigger !== 0) triggers.push([(tile % map.width) + 1, Math.floor(tile / map.width) + 1, trigger]);
  }
  return {
    id: map.id,
    name: map.properties.name,
    width: map.width,
    height: map.height,
    properties: map.properties,
    tileBits: {
      blockedNorth: BLOCKED_NORTH,
      blockedEast: BLOCKED_EAST,
      blockedSouth: BLOCKED_SOUTH,
      blockedWest: BLOCKED_WEST,
      blockedGm: BLOCKED_GM,
      water: TILE_WATER,
      tree: TILE_TREE,
    },
    tiles: Array.from(map.collision),
    triggers,
    exits: map.exits.map((exit) => [exit.x, exit.y, exit.destMap, exit.destX, exit.destY] as const),
    objects: map.objects.map((object) => [object.x, object.y, object.obj, object.amount] as const),
    npcs: map.npcs.map((npc) => [npc.x, npc.y, npc.npc] as const),
  };
}
