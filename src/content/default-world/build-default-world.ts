/**
 * The default world as pack content: our maps, cities, tables and starting kit. Pure and
 * deterministic.
 */
import type { WorldPackContent } from "../pack/index.ts";
import { buildDefaultCities, buildDefaultMaps } from "./build-maps.ts";
import { DEFAULT_STARTING_KIT, buildDefaultTables } from "./default-tables.ts";

/** Name stored in the default pack's manifest. */
export const DEFAULT_WORLD_NAME = "Alba (argentum-bun default world)";

export function buildDefaultWorld(): WorldPackContent {
  return {
    name: DEFAULT_WORLD_NAME,
    source: "original",
    cities: buildDefaultCities(),
    tables: buildDefaultTables(),
    kit: DEFAULT_STARTING_KIT,
    maps: buildDefaultMaps(),
  };
}
