/** The writer's pure part: from a map's arrays to the `GET /api/map/:id` document. */
import type { MapApiJson, MapJsonProperties } from "./contract.ts";
import { MAP_TILE_BITS } from "./contract.ts";

/** What the writer needs of a map; content's `WorldMap` (with its id) fits as it is. */
export interface MapJsonSource<Properties extends MapJsonProperties = MapJsonProperties> {
  readonly id: number;
  readonly width: number;
  readonly height: number;
  readonly properties: Properties;
  /** Tile-flags bits (game/movement) per tile, row-major from (1, 1). */
  readonly collision: Uint8Array;
  /** Trigger per tile (0 = none), row-major. */
  readonly triggers: Uint8Array;
  readonly exits: readonly { readonly x: number; readonly y: number; readonly destMap: number; readonly destX: number; readonly destY: number }[];
  readonly objects: readonly { readonly x: number; readonly y: number; readonly obj: number; readonly amount: number }[];
  readonly npcs: readonly { readonly x: number; readonly y: number; readonly npc: number }[];
}

/** Builds the API document of a map (a plain object, ready for `JSON.stringify`). */
export function buildMapApiJson<Properties extends MapJsonProperties>(map: MapJsonSource<Properties>): MapApiJson<Properties> {
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
    tileBits: MAP_TILE_BITS,
    tiles: Array.from(map.collision),
    triggers,
    exits: map.exits.map((exit) => [exit.x, exit.y, exit.destMap, exit.destX, exit.destY] as const),
    objects: map.objects.map((object) => [object.x, object.y, object.obj, object.amount] as const),
    npcs: map.npcs.map((npc) => [npc.x, npc.y, npc.npc] as const),
  };
}
