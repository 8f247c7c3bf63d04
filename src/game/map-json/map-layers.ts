/**
 * The graphic layers of a map as one binary document: what a world pack stores (gzipped, in
 * `maps/<id>.layers.gz`) and what `GET /api/map/:id/layers` serves. The four AO layers are grh
 * numbers per tile, for the browser's terrain only; the server never reads them.
 *
 * Layout (little-endian):
 *
 * | offset | size | content |
 * | --- | --- | --- |
 * | 0 | 4 | magic `AOML` |
 * | 4 | 2 | layout version (1) |
 * | 6 | 2 | map id |
 * | 8 | 2 | width |
 * | 10 | 2 | height |
 * | 12 | 4 × width × height × 4 | layer 1, 2, 3, 4: one i32 grh per tile, row-major from (1, 1) |
 *
 * Dense i32 on purpose: AO20 grhs pass 65,535 (the real maps reach 68,527), layer 1 fills every
 * tile, and the sparse layers 2–4 cost almost nothing once gzipped (823 AO20 maps: 1.7 MB),
 * while the reader stays one exact size check and a copy. The 12-byte header keeps the grids
 * 4-byte aligned. Pure: safe in the browser.
 */

export const MAP_LAYERS_MAGIC = "AOML";
export const MAP_LAYERS_VERSION = 1;
export const MAP_LAYERS_HEADER_BYTES = 12;
/** Layers per tile: 1 floor, 2 overlays (coasts, paths), 3 objects and trees, 4 roofs. */
export const MAP_LAYER_COUNT = 4;
/** Bytes per grh number. */
const GRH_BYTES = 4;

/** The four grids, index 0 = layer 1; each holds width × height grh numbers (0 = empty). */
export type MapLayerGrids = readonly [Int32Array, Int32Array, Int32Array, Int32Array];

export interface MapLayersDocument {
  readonly id: number;
  readonly width: number;
  readonly height: number;
  readonly layers: MapLayerGrids;
}

/** The map a reader asked for: a document describing any other is refused. */
export interface MapLayersShape {
  readonly id: number;
  readonly width: number;
  readonly height: number;
}

export type MapLayersErrorCode = "truncated" | "oversized" | "bad-magic" | "bad-version" | "wrong-map";

/** Why a layers document was refused. Returned, never thrown. */
export interface MapLayersError {
  readonly code: MapLayersErrorCode;
  readonly message: string;
}

export type MapLayersOutcome = { readonly ok: true; readonly document: MapLayersDocument } | { readonly ok: false; readonly error: MapLayersError };

/** Header fields after the magic: name and offset, every one a u16. */
const HEADER_FIELDS = [
  ["version", 4],
  ["id", 6],
  ["width", 8],
  ["height", 10],
] as const;

/** Exact size of the document of a width × height map, in bytes. */
export function mapLayersByteLength(width: number, height: number): number {
  return MAP_LAYERS_HEADER_BYTES + MAP_LAYER_COUNT * width * height * GRH_BYTES;
}

/** Thrown only for programming errors (grids of the wrong size, a header value out of u16). */
export class MapLayersEncodeError extends Error {
  readonly code = "map-layers-encode";
}

/** Encodes the layers of a map. */
export function encodeMapLayers(mapLayers: MapLayersDocument): Uint8Array {
  const tiles = mapLayers.width * mapLayers.height;
  const header = { version: MAP_LAYERS_VERSION, id: mapLayers.id, width: mapLayers.width, height: mapLayers.height };
  for (const [field] of HEADER_FIELDS) {
    const value = header[field];
    if (!Number.isInteger(value) || value < 1 || value > 0xffff) throw new MapLayersEncodeError(`map layers: ${field} ${value} does not fit a u16`);
  }
  mapLayers.layers.forEach((grid, index) => {
    if (grid.length !== tiles) throw new MapLayersEncodeError(`map ${mapLayers.id}: layer ${index + 1} has ${grid.length} tiles, expected ${tiles}`);
  });
  const bytes = new Uint8Array(mapLayersByteLength(mapLayers.width, mapLayers.height));
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < MAP_LAYERS_MAGIC.length; i++) bytes[i] = MAP_LAYERS_MAGIC.charCodeAt(i);
  for (const [field, offset] of HEADER_FIELDS) view.setUint16(offset, header[field], true);
  let offset = MAP_LAYERS_HEADER_BYTES;
  for (const grid of mapLayers.layers) {
    for (let tile = 0; tile < tiles; tile++, offset += GRH_BYTES) view.setInt32(offset, grid[tile]!, true);
  }
  return bytes;
}

function refuse(code: MapLayersErrorCode, message: string): MapLayersOutcome {
  return { ok: false, error: { code, message: `map layers: ${message}` } };
}

/**
 * Reads a layers document for the map `expected`. The document is hostile input: its length must
 * be exactly what that map needs (checked before anything is allocated), and its header must
 * name that map; anything else is refused with the reason.
 */
export function decodeMapLayers(bytes: Uint8Array, expected: MapLayersShape): MapLayersOutcome {
  const size = mapLayersByteLength(expected.width, expected.height);
  if (bytes.length < MAP_LAYERS_HEADER_BYTES) return refuse("truncated", `${bytes.length} bytes, shorter than the ${MAP_LAYERS_HEADER_BYTES}-byte header`);
  for (let i = 0; i < MAP_LAYERS_MAGIC.length; i++) {
    if (bytes[i] !== MAP_LAYERS_MAGIC.charCodeAt(i)) return refuse("bad-magic", `not a map layers file: magic is not ${MAP_LAYERS_MAGIC}`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header = Object.fromEntries(HEADER_FIELDS.map(([field, offset]) => [field, view.getUint16(offset, true)])) as Record<(typeof HEADER_FIELDS)[number][0], number>;
  if (header.version !== MAP_LAYERS_VERSION) return refuse("bad-version", `layout version ${header.version}, expected ${MAP_LAYERS_VERSION}`);
  if (header.id !== expected.id || header.width !== expected.width || header.height !== expected.height) {
    return refuse("wrong-map", `holds map ${header.id} (${header.width} × ${header.height}), expected map ${expected.id} (${expected.width} × ${expected.height})`);
  }
  if (bytes.length < size) return refuse("truncated", `${bytes.length} bytes, map ${expected.id} needs ${size}`);
  if (bytes.length > size) return refuse("oversized", `${bytes.length} bytes, map ${expected.id} needs only ${size}`);
  const tiles = expected.width * expected.height;
  const grid = () => new Int32Array(tiles);
  const layers: MapLayerGrids = [grid(), grid(), grid(), grid()];
  let offset = MAP_LAYERS_HEADER_BYTES;
  for (const layer of layers) {
    for (let tile = 0; tile < tiles; tile++, offset += GRH_BYTES) layer[tile] = view.getInt32(offset, true);
  }
  return { ok: true, document: { id: header.id, width: header.width, height: header.height, layers } };
}
