/**
 * World packs: the validated, compact on-disk form of a world (manifest + one binary per map +
 * game tables, optionally each map's graphic layers for browsers), its loader and writer, and the
 * map JSON for the HTTP API.
 */
export {
  loadWorldPack,
  loadWorldPackFrom,
  readPackGraphics,
  writeWorldPack,
  encodeWorldPack,
  directorySource,
  sha256Hex,
  manifestHash,
  type PackFileSource,
  type LoadWorldPackOptions,
  type LoadWorldPackOutcome,
  type WriteWorldPackOutcome,
  type ReadPackGraphicsOutcome,
  type EncodedWorldPack,
} from "./pack-io.ts";
export {
  checkWorldContent,
  checkWorldMap,
  collisionGridToShared,
  isWall,
  type WorldMap,
  type LoadedWorldMap,
  type PackedMapLayers,
  type WorldPack,
  type WorldPackContent,
  type WorldPackIssue,
  type KitOrigin,
} from "./world-pack.ts";
export {
  encodeMapBinary,
  decodeMapBinary,
  triggerRecords,
  MAP_BINARY_MAGIC,
  MAP_BINARY_VERSION,
  MAP_BINARY_HEADER_BYTES,
  type MapBinaryContent,
  type DecodedMapBinary,
  type MapBinaryError,
  type MapBinaryOutcome,
  type TriggerRecord,
} from "./map-binary.ts";
export {
  WorldManifestSchema,
  ManifestMapSchema,
  MapPropertiesSchema,
  MapPositionSchema,
  HomeCitySchema,
  WorldSourceSchema,
  WORLD_PACK_FORMAT,
  WORLD_PACK_VERSION,
  WORLD_PACK_VERSION_WITHOUT_LAYERS,
  WORLD_PACK_VERSION_LAYERS,
  WORLD_PACK_VERSION_KIT,
  mapLayersFile,
  MANIFEST_FILE,
  TABLES_FILE,
  GRAPHICS_FILE,
  KIT_FILE,
  MAX_MAP_SIDE,
  type HomeCity,
  type WorldSource,
  type WorldManifest,
  type ManifestMap,
} from "./schema.ts";
export { checkWorldName, MAX_WORLD_NAME_LENGTH, type WorldNameCheck } from "./world-name.ts";
export { PackTablesSchema, encodeTables, type PackTables } from "./tables.ts";
export {
  StartingKitFileSchema,
  STARTING_KIT_FORMAT,
  STARTING_KIT_VERSION,
  startingKitToFile,
  startingKitFromFile,
  encodeStartingKit,
  decodeStartingKit,
  checkKitAgainstTables,
  type StartingKitFile,
  type KitFileIssue,
  type DecodeStartingKitOutcome,
} from "./kit.ts";
export { canonicalJson } from "./canonical-json.ts";
export { packMapLayers, unpackMapLayers, inflateMapLayers, type UnpackedLayersOutcome } from "./packed-layers.ts";
export { mapToApiJson, type MapApiJson } from "./api-json.ts";
