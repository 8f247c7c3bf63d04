/**
 * A map's graphic layers as a pack file (`maps/<id>.layers.gz`): the `AOML` document of
 * game/map-json, gzipped. Gzip because layer 1 is dense and repetitive: the 823 AO20 maps take
 * 1.7 MB this way against 132 MB raw, and the server hands the stored bytes to browsers as they
 * are (`Content-Encoding: gzip`), so it never inflates them on the hot path.
 */
import { gunzipSync, gzipSync } from "node:zlib";
import { decodeMapLayers, encodeMapLayers, type MapLayersDocument, type MapLayersErrorCode, type MapLayersShape } from "../../game/map-json/index.ts";

/** Deflate level: import runs once and offline, so the smallest output wins (level 6 is 11 % larger). */
const LAYERS_GZIP_LEVEL = 9;

/** Encodes and gzips a map's layers. Deterministic: same layers, same bytes (the gzip header has no time). */
export function packMapLayers(document: MapLayersDocument): Uint8Array {
  return new Uint8Array(gzipSync(encodeMapLayers(document), { level: LAYERS_GZIP_LEVEL }));
}

export type UnpackedLayersOutcome =
  | { readonly ok: true; readonly document: MapLayersDocument }
  | { readonly ok: false; readonly error: { readonly code: MapLayersErrorCode | "bad-gzip"; readonly message: string } };

/** Inflates a stored layers file (for clients that take no gzip, and tests). */
export function inflateMapLayers(gzip: Uint8Array): Uint8Array | Error {
  try {
    return new Uint8Array(gunzipSync(gzip));
  } catch (cause) {
    return new Error(`map layers: not valid gzip (${(cause as Error).message})`);
  }
}

/** Inflates and checks a stored layers file; a corrupt one is a refused outcome, never a throw. */
export function unpackMapLayers(gzip: Uint8Array, shape: MapLayersShape): UnpackedLayersOutcome {
  const bytes = inflateMapLayers(gzip);
  if (bytes instanceof Error) return { ok: false, error: { code: "bad-gzip", message: bytes.message } };
  return decodeMapLayers(bytes, shape);
}
