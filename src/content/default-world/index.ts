/**
 * The default world: a small original world (town with a shop, a banker and a healer, field,
 * forest with an exit loop, an open 100 × 100 field and a 25 × 25 arena for benchmarks) with our
 * own tables and starting kit, embedded in the executable and used when no `--world` is given.
 */
export { loadDefaultWorld, embeddedWorldSource } from "./load-default-world.ts";
export { buildDefaultWorld, DEFAULT_WORLD_NAME } from "./build-default-world.ts";
export { buildDefaultMaps, buildDefaultCities, seededRandom } from "./build-maps.ts";
export { buildDefaultTables, DEFAULT_STARTING_KIT, DEFAULT_SPELLS, type StartingKit, type StartingItem } from "./default-tables.ts";
export { DEFAULT_WORLD_MAP_IDS, defaultWorldMapIds, HOME_CITY_IDS, DEFAULT_OBJECTS, DEFAULT_NPCS, DEFAULT_QUESTS } from "./ids.ts";
export { EMBEDDED_WORLD_FILES } from "./embedded.ts";
export { MapCanvas, MapAuthoringError } from "./map-canvas.ts";
