/**
 * Map parsers for the original AO formats: AO20 `.csm` and AO 0.13 `.map` + `.inf` + `.dat`.
 * Pure (no I/O, no Bun or node APIs): bytes in, `ParsedMap` or a `MapParseError` with file and
 * byte offset out. Safe in the browser.
 */
export { parseCsm, ao20Restrictions } from "./csm-parser.ts";
export {
  parseAo013Map,
  ao013MapProperties,
  AO013_DEFAULT_PROPERTIES,
  AO013_MAP_HEADER_BYTES,
  AO013_INF_HEADER_BYTES,
  type Ao013MapInput,
  type NamedBytes,
} from "./ao013-parser.ts";
export {
  AO_MAP_SIZE,
  NEUTRAL_MAP_PROPERTIES,
  MAP_RESTRICTIONS,
  tileIndex,
  type MapFormat,
  type MapRestriction,
  type MapPosition,
  type MapProperties,
  type MapExit,
  type NpcSpawn,
  type GroundObject,
  type MapCounts,
  type MapLayers,
  type ParsedMap,
  type MapParseError,
  type MapParseErrorCode,
  type MapParseOutcome,
} from "./map-types.ts";
export {
  BLOCKED_NORTH,
  BLOCKED_EAST,
  BLOCKED_SOUTH,
  BLOCKED_WEST,
  BLOCKED_ALL,
  BLOCKED_GM,
  TILE_WATER,
  TILE_TREE,
  FILE_BLOCK_BITS,
  AO20_WATER_GRH_RANGES,
  AO013_WATER_GRH_RANGES,
  AO20_TREE_GRHS,
  AO20_WATER_TRIGGERS,
  grhInRanges,
  isBlockedAnyDirection,
} from "./tile-flags.ts";
/** Writes `.csm` maps: for tests and tools that need a map file of their own. */
export { EMPTY_MAP_DAT, encodeCsm, type CsmContent, type CsmMapDat } from "./csm-writer.ts";
