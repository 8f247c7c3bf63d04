/**
 * The map JSON contract of `GET /api/map/:id`, in one place: the document type and its legend,
 * the writer's pure part (content builds the document with it) and the checked reader (the
 * browser client and the bots parse with it), with `MapGrid`, the read model both walk on; and
 * the binary document of `GET /api/map/:id/layers` (the map's graphic layers, map-layers.ts).
 * Pure: safe in the browser and in workers.
 */
export {
  MAP_TILE_BITS,
  MAX_MAP_JSON_SIDE_TILES,
  type MapApiJson,
  type MapJsonProperties,
  type TileBits,
  type MapJsonTrigger,
  type MapJsonExit,
  type MapJsonObject,
  type MapJsonNpc,
} from "./contract.ts";
export { buildMapApiJson, type MapJsonSource } from "./write.ts";
export { parseMapJson, MapJsonError, type MapJsonErrorCode, type MapJsonOutcome } from "./parse.ts";
export { MapGrid, type MapExitView, type MapGridInit } from "./map-grid.ts";
export {
  encodeMapLayers,
  decodeMapLayers,
  mapLayersByteLength,
  MapLayersEncodeError,
  MAP_LAYERS_MAGIC,
  MAP_LAYERS_VERSION,
  MAP_LAYERS_HEADER_BYTES,
  MAP_LAYER_COUNT,
  type MapLayerGrids,
  type MapLayersDocument,
  type MapLayersShape,
  type MapLayersError,
  type MapLayersErrorCode,
  type MapLayersOutcome,
} from "./map-layers.ts";
