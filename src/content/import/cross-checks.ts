/**
 * Consistency checks across an imported world: exits that lead nowhere, NPC and object numbers
 * the tables do not define, spawn points on blocked tiles. Each finding is a warning naming the
 * source file and the tile; the data is kept (the original server loads it the same way). Pure.
 */
import { BLOCKED_ALL } from "../maps/index.ts";
import type { HomeCity, WorldMap } from "../pack/index.ts";
import type { ImportWarning } from "./report.ts";

/** A map that made it into the pack, with the file it came from. */
export interface SourcedMap {
  readonly file: string;
  readonly map: WorldMap;
}

/** What the tables can tell about numbers used by maps; `undefined` lookups skip the check. */
export interface TableLookups {
  readonly hasNpc?: (npc: number) => boolean;
  readonly hasObject?: (obj: number) => boolean;
}

/** Runs every map-level check. */
export function crossCheckMaps(maps: readonly SourcedMap[], lookups: TableLookups): ImportWarning[] {
  const warnings: ImportWarning[] = [];
  const byId = new Map(maps.map((entry) => [entry.map.id, entry.map] as const));
  for (const { file, map } of maps) {
    for (const exit of map.exits) {
      if (exit.destMap < 0) continue; // "back where you came from": no fixed destination
      const dest = byId.get(exit.destMap);
      if (!dest) {
        warnings.push({ code: "exit-to-missing-map", file, x: exit.x, y: exit.y, message: `exit at (${exit.x}, ${exit.y}) leads to map ${exit.destMap}, which is not in the pack` });
        continue;
      }
      if (exit.destX < 1 || exit.destY < 1 || exit.destX > dest.width || exit.destY > dest.height) {
        warnings.push({
          code: "exit-out-of-bounds",
          file,
          x: exit.x,
          y: exit.y,
          message: `exit at (${exit.x}, ${exit.y}) leads to (${exit.destX}, ${exit.destY}) on map ${exit.destMap}, outside its ${dest.width} × ${dest.height} tiles`,
        });
      }
    }
    for (const spawn of map.npcs) {
      if (lookups.hasNpc && !lookups.hasNpc(spawn.npc)) {
        warnings.push({ code: "unknown-npc", file, x: spawn.x, y: spawn.y, message: `NPC ${spawn.npc} at (${spawn.x}, ${spawn.y}) is not defined in the NPC table` });
      }
      if ((map.collision[(spawn.y - 1) * map.width + (spawn.x - 1)]! & BLOCKED_ALL) !== 0) {
        warnings.push({ code: "spawn-on-blocked-tile", file, x: spawn.x, y: spawn.y, message: `NPC ${spawn.npc} spawns on blocked tile (${spawn.x}, ${spawn.y})` });
      }
    }
    if (lookups.hasObject) {
      for (const object of map.objects) {
        if (!lookups.hasObject(object.obj)) {
          warnings.push({ code: "unknown-object", file, x: object.x, y: object.y, message: `object ${object.obj} at (${object.x}, ${object.y}) is not defined in the object table` });
        }
      }
    }
  }
  return warnings;
}

/**
 * Checks the home cities against the imported maps. Returns the cities the pack can keep (their
 * map exists and the tile is on it) and warnings for the rest and for cities on blocked tiles.
 */
export function crossCheckCities(cities: readonly HomeCity[], maps: readonly SourcedMap[], citiesFile: string): { cities: HomeCity[]; warnings: ImportWarning[] } {
  const byId = new Map(maps.map((entry) => [entry.map.id, entry.map] as const));
  const kept: HomeCity[] = [];
  const warnings: ImportWarning[] = [];
  for (const city of cities) {
    const map = byId.get(city.map);
    if (!map || city.x > map.width || city.y > map.height) {
      warnings.push({
        code: "city-not-in-pack",
        file: citiesFile,
        x: city.x,
        y: city.y,
        message: `city ${city.id} (${city.name}) is at map ${city.map} (${city.x}, ${city.y}), which is not in the pack; left out`,
      });
      continue;
    }
    kept.push(city);
    if ((map.collision[(city.y - 1) * map.width + (city.x - 1)]! & BLOCKED_ALL) !== 0) {
      warnings.push({
        code: "spawn-on-blocked-tile",
        file: citiesFile,
        x: city.x,
        y: city.y,
        message: `city ${city.id} (${city.name}) spawns on blocked tile (${city.x}, ${city.y}) of map ${city.map}`,
      });
    }
  }
  return { cities: kept, warnings };
}
