/**
 * The in-memory world: maps with their collision grids, triggers, exits, NPC spawns and ground
 * objects, the home cities, and the game tables. Pure types and checks; I/O is in `pack-io.ts`.
 */
import type { GroundObject, MapExit, MapLayers, MapProperties, NpcSpawn } from "../maps/index.ts";
import { BLOCKED_ALL } from "../maps/index.ts";
import type { HomeCity, WorldSource } from "./schema.ts";
import { MAX_MAP_SIDE, MapPropertiesSchema } from "./schema.ts";
import type { PackTables } from "./tables.ts";
import type { GraphicsIndex } from "../graphics/index.ts";
import type { StartingKit } from "../../game/character-creation/index.ts";
import { checkWorldName } from "./world-name.ts";

/** One map of a world. */
export interface WorldMap {
  readonly id: number;
  readonly width: number;
  readonly height: number;
  readonly properties: MapProperties;
  /**
   * Collision and terrain bits per tile, row-major from (1, 1) (`tileIndex`); bit meanings in
   * maps/tile-flags.ts. Backed by a SharedArrayBuffer when the map came from `loadWorldPack`.
   */
  readonly collision: Uint8Array;
  /** Trigger per tile (0 = none), row-major. */
  readonly triggers: Uint8Array;
  /** One per tile, row-major. `destMap = -1`: back where the player came from. */
  readonly exits: readonly MapExit[];
  readonly npcs: readonly NpcSpawn[];
  /** One per tile, row-major. */
  readonly objects: readonly GroundObject[];
  /**
   * The four AO graphic layers (grh per tile), for browsers only; absent or null when the world
   * has none (the default world), and the browser draws its own art. Written to the pack, but
   * a loaded map carries them packed (`packedLayers`), never as grids.
   */
  readonly graphicLayers?: MapLayers | null;
}

/** A map's graphic layers file as the pack stores it: gzip of the `AOML` document, and its SHA-256. */
export interface PackedMapLayers {
  /** Backed by a plain ArrayBuffer, so it can be an HTTP response body as it is. */
  readonly gzip: Uint8Array<ArrayBuffer>;
  readonly hash: string;
}

/** A map as loaded from a pack: with the SHA-256 of its binary file. */
export interface LoadedWorldMap extends Omit<WorldMap, "graphicLayers"> {
  readonly hash: string;
  /** The graphic layers, still gzipped (only browsers read them), or null when the pack has none. */
  readonly packedLayers: PackedMapLayers | null;
}

/** What `writeWorldPack` stores. */
export interface WorldPackContent {
  readonly name: string;
  readonly source: WorldSource;
  readonly cities: readonly HomeCity[];
  /** The game tables (objects, NPCs, spells, balance…), or null for a maps-only pack. */
  readonly tables: PackTables | null;
  readonly maps: readonly WorldMap[];
  /** Client graphics index for browsers (written to graphics.json; not loaded with the pack). */
  readonly graphics?: GraphicsIndex | null;
  /**
   * The world's starting kit (written to kit.json, checked against `tables`); absent or null for
   * a world without one.
   */
  readonly kit?: StartingKit | null;
}

/**
 * Where a loaded pack's kit came from: its kit.json; computed at load from AO20 tables that are
 * the 2024 data set (a pack imported before packs carried kits, character-creation.md §5.3); or
 * nowhere (new characters start with nothing).
 */
export type KitOrigin = "pack" | "ao20-2024-tables" | "none";

/** A loaded world pack. */
export interface WorldPack extends Omit<WorldPackContent, "graphics" | "kit"> {
  readonly maps: readonly LoadedWorldMap[];
  /** The starting kit new characters get, or null for none. */
  readonly kit: StartingKit | null;
  readonly kitOrigin: KitOrigin;
  /** True when the pack has a graphics.json (read it with `readPackGraphics`). */
  readonly hasGraphics: boolean;
  /** Maps by id. */
  readonly mapsById: ReadonlyMap<number, LoadedWorldMap>;
  /** SHA-256 of the pack (covers the manifest, every map file and the tables). */
  readonly hash: string;
}

/** A problem with a world pack: which file (relative to the pack), what, and where when known. */
export interface WorldPackIssue {
  readonly file: string;
  readonly message: string;
  readonly offset?: number;
}

/**
 * Structural checks of a world before it is written: sizes, grid lengths, properties schema,
 * record coordinates on the map, one exit/object per tile, cities on existing maps, a printable
 * world name. Returns the problems found (empty when the world is sound).
 */
export function checkWorldContent(pack: WorldPackContent): WorldPackIssue[] {
  const issues: WorldPackIssue[] = [];
  const name = checkWorldName(pack.name);
  if (!name.ok) issues.push({ file: "world.json", message: `name ${JSON.stringify(pack.name)}: ${name.reason}` });
  const ids = new Set<number>();
  for (const map of pack.maps) {
    if (ids.has(map.id)) issues.push({ file: `maps/${map.id}.bin`, message: `map ${map.id}: id appears twice` });
    ids.add(map.id);
    issues.push(...checkWorldMap(map));
  }
  const byId = new Map(pack.maps.map((map) => [map.id, map] as const));
  for (const city of pack.cities) {
    const map = byId.get(city.map);
    if (!map) issues.push({ file: "world.json", message: `city ${city.id} (${city.name}) is on map ${city.map}, which the pack does not have` });
    else if (city.x > map.width || city.y > map.height) {
      issues.push({ file: "world.json", message: `city ${city.id} (${city.name}) at (${city.x}, ${city.y}) is off map ${city.map}` });
    }
  }
  return issues;
}

/** The checks of {@link checkWorldContent} that concern one map on its own. */
export function checkWorldMap(map: WorldMap): WorldPackIssue[] {
  const issues: WorldPackIssue[] = [];
  const file = `maps/${map.id}.bin`;
  const problem = (message: string) => issues.push({ file, message: `map ${map.id}: ${message}` });
  if (!Number.isInteger(map.id) || map.id < 1 || map.id > 0x7fff) problem("id must be 1..32767");
  if (!Number.isInteger(map.width) || !Number.isInteger(map.height) || map.width < 1 || map.height < 1 || map.width > MAX_MAP_SIDE || map.height > MAX_MAP_SIDE) {
    problem(`size ${map.width} × ${map.height} outside 1..${MAX_MAP_SIDE}`);
    return issues;
  }
  const tiles = map.width * map.height;
  if (map.collision.length !== tiles) problem(`collision grid has ${map.collision.length} tiles, expected ${tiles}`);
  if (map.triggers.length !== tiles) problem(`trigger grid has ${map.triggers.length} tiles, expected ${tiles}`);
  map.graphicLayers?.forEach((layer, index) => {
    if (layer.length !== tiles) problem(`graphic layer ${index + 1} has ${layer.length} tiles, expected ${tiles}`);
  });
  const properties = MapPropertiesSchema.safeParse(map.properties);
  if (!properties.success) problem(`properties: ${properties.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`).join("; ")}`);
  const onMap = (kind: string, record: { x: number; y: number }) => {
    if (!Number.isInteger(record.x) || !Number.isInteger(record.y) || record.x < 1 || record.y < 1 || record.x > map.width || record.y > map.height) {
      problem(`${kind} at (${record.x}, ${record.y}) is off the map`);
      return false;
    }
    return true;
  };
  const exitTiles = new Set<number>();
  for (const exit of map.exits) {
    if (!onMap("exit", exit)) continue;
    const tile = (exit.y - 1) * map.width + exit.x;
    if (exitTiles.has(tile)) problem(`two exits on (${exit.x}, ${exit.y})`);
    exitTiles.add(tile);
    if (!Number.isInteger(exit.destMap) || exit.destMap === 0 || exit.destMap < -1 || exit.destMap > 0x7fff) {
      problem(`exit at (${exit.x}, ${exit.y}) has destination map ${exit.destMap}`);
    }
  }
  for (const npc of map.npcs) {
    onMap("NPC spawn", npc);
    if (!Number.isInteger(npc.npc) || npc.npc < 1 || npc.npc > 0xffff) problem(`NPC spawn at (${npc.x}, ${npc.y}) has NPC number ${npc.npc}`);
  }
  const objectTiles = new Set<number>();
  for (const object of map.objects) {
    if (!onMap("object", object)) continue;
    const tile = (object.y - 1) * map.width + object.x;
    if (objectTiles.has(tile)) problem(`two objects on (${object.x}, ${object.y})`);
    objectTiles.add(tile);
    if (!Number.isInteger(object.obj) || object.obj < 1 || object.obj > 0xffff) problem(`object at (${object.x}, ${object.y}) has object number ${object.obj}`);
  }
  return issues;
}

/** True when a tile blocks movement from every direction (the all-sides wall of `LegalPos`). */
export function isWall(map: WorldMap, x: number, y: number): boolean {
  return (map.collision[(y - 1) * map.width + (x - 1)]! & BLOCKED_ALL) === BLOCKED_ALL;
}

/**
 * The collision grid of a map in a SharedArrayBuffer, ready to hand to a map worker. Maps from
 * `loadWorldPack` already hold one (returned as is); otherwise the grid is copied once.
 */
export function collisionGridToShared(map: Pick<WorldMap, "collision">): Uint8Array {
  if (map.collision.buffer instanceof SharedArrayBuffer) return map.collision;
  const shared = new Uint8Array(new SharedArrayBuffer(map.collision.length));
  shared.set(map.collision);
  return shared;
}
