/**
 * The AO terrain of one map, ready to draw: the graphic layers the server sent (`GET
 * /api/map/:id/layers`, checked here) resolved through the sprite index into pictures with
 * their rectangles in map pixels, built once per map so a frame only filters and draws.
 *
 * Drawing order, as the AO20 client's `RenderScreen` does it: layer 1 (floor) then layer 2
 * (coasts, paths) under everything; per row from north to south, the characters of the row then
 * its layer 3 (trees, walls, big objects), so a tree hides who stands behind it; layer 4 (roofs)
 * over all, except the roof the player stands under. Pure.
 */
import { Trigger } from "../game/movement/index.ts";
import { MAX_MAP_JSON_SIDE_TILES, decodeMapLayers, mapLayersByteLength, type MapLayersDocument, type MapLayersShape } from "../game/map-json/index.ts";
import type { SpriteLayer } from "./ao-sprites.ts";
import { TILE_PX } from "./constants.ts";
import type { SpriteIndex } from "./sprite-index.ts";

/** Largest layers document read: the layers of the largest map the map JSON reader accepts. */
export const MAX_LAYERS_DOCUMENT_BYTES = mapLayersByteLength(MAX_MAP_JSON_SIDE_TILES, MAX_MAP_JSON_SIDE_TILES);

/**
 * Roof triggers (AO20 `HayTecho`): `BAJOTECHO` (1), `ZONASEGURA` (4), `NADOBAJOTECHO` (16) and
 * every trigger from `PRIMER_TRIGGER_TECHO` (60) up, which the AO20 maps use to tell houses apart.
 */
const ROOF_TRIGGERS = new Set<number>([Trigger.UnderRoof, Trigger.SafeZone, Trigger.SwimUnderRoof]);
const FIRST_HOUSE_ROOF_TRIGGER = 60;

export type LayersReading = { readonly ok: true; readonly document: MapLayersDocument } | { readonly ok: false; readonly reason: string };

/**
 * Reads the body of `GET /api/map/:id/layers` for the map the client walks on. Anything but the
 * exact document of that map is refused with the reason; the caller then draws its own art.
 */
export function readMapLayers(bytes: Uint8Array, map: MapLayersShape): LayersReading {
  if (bytes.length > MAX_LAYERS_DOCUMENT_BYTES) return { ok: false, reason: `${bytes.length} bytes, more than any map's layers (${MAX_LAYERS_DOCUMENT_BYTES})` };
  const decoded = decodeMapLayers(bytes, map);
  return decoded.ok ? { ok: true, document: decoded.document } : { ok: false, reason: decoded.error.message };
}

/** A picture standing on tile (x, y), with its rectangle in map pixels. */
export interface TerrainSprite {
  readonly x: number;
  readonly y: number;
  readonly picture: SpriteLayer;
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** A layer-4 picture and the roof trigger near it: hidden while the player stands on that trigger. */
export interface RoofSprite extends TerrainSprite {
  readonly roofTrigger: number;
}

export function isRoofTrigger(trigger: number): boolean {
  return trigger >= FIRST_HOUSE_ROOF_TRIGGER || ROOF_TRIGGERS.has(trigger);
}

/** AO20 `NearRoof`: the trigger of the first roof tile in the 3 × 3 around (x, y), row by row; 0 when none. */
export function roofTriggerNear(triggers: Uint8Array, width: number, height: number, x: number, y: number): number {
  for (let ny = y - 1; ny <= y + 1; ny++) {
    for (let nx = x - 1; nx <= x + 1; nx++) {
      if (nx < 1 || ny < 1 || nx > width || ny > height) continue;
      const trigger = triggers[(ny - 1) * width + (nx - 1)]!;
      if (isRoofTrigger(trigger)) return trigger;
    }
  }
  return 0;
}

/** True when the sprite's rectangle overlaps [left, right) × [top, bottom) (map pixels). */
export function overlaps(sprite: TerrainSprite, left: number, top: number, right: number, bottom: number): boolean {
  return sprite.left < right && sprite.right > left && sprite.top < bottom && sprite.bottom > top;
}

/** A picture standing on tile (x, y), placed in map pixels. */
export function placeOnTile(picture: SpriteLayer, x: number, y: number): TerrainSprite {
  const left = (x - 1) * TILE_PX + picture.dx;
  const top = (y - 1) * TILE_PX + picture.dy;
  return { x, y, picture, left, top, right: left + picture.w, bottom: top + picture.h };
}

/** One map's terrain pictures. Build with {@link buildMapTerrain}. */
export class MapTerrain {
  private readonly floorPictures = new Map<number, SpriteLayer | null>();

  constructor(
    readonly mapId: number,
    readonly width: number,
    readonly height: number,
    private readonly floorGrhs: Int32Array,
    private readonly sprites: SpriteIndex,
    /** Layer 2, row-major (the order AO draws them in). */
    readonly overlays: readonly TerrainSprite[],
    /** Layer 3, row-major. */
    readonly upper: readonly TerrainSprite[],
    /** Layer 4, row-major. */
    readonly roofs: readonly RoofSprite[],
  ) {}

  /** The floor picture of (x, y), filling the tile; null where the map or the index has none. */
  floor(x: number, y: number): SpriteLayer | null {
    if (x < 1 || y < 1 || x > this.width || y > this.height) return null;
    const grh = this.floorGrhs[(y - 1) * this.width + (x - 1)]!;
    if (grh <= 0) return null;
    // A map uses a few hundred floor grhs over thousands of tiles: resolve each once.
    let picture = this.floorPictures.get(grh);
    if (picture === undefined) {
      picture = this.sprites.mapGrh(grh, "fill-tile");
      this.floorPictures.set(grh, picture);
    }
    return picture;
  }
}

/**
 * Resolves a map's layers through the sprite index: layer 1 lazily, tile by tile as chunks are
 * painted; layers 2–4 (sparse) at once, since drawing them needs their rectangles. Grhs the index
 * lacks are left out (the floor under them falls back to our own art).
 */
export function buildMapTerrain(mapLayers: MapLayersDocument, triggers: Uint8Array, sprites: SpriteIndex): MapTerrain {
  const { width, height, layers } = mapLayers;
  const standing = (grid: Int32Array): TerrainSprite[] => {
    const out: TerrainSprite[] = [];
    for (let tile = 0; tile < grid.length; tile++) {
      const grh = grid[tile]!;
      if (grh <= 0) continue;
      const picture = sprites.mapGrh(grh, "stand");
      if (picture) out.push(placeOnTile(picture, (tile % width) + 1, Math.floor(tile / width) + 1));
    }
    return out;
  };
  const overlays = standing(layers[1]);
  const upper = standing(layers[2]);
  const roofs = standing(layers[3]).map((sprite): RoofSprite => ({ ...sprite, roofTrigger: roofTriggerNear(triggers, width, height, sprite.x, sprite.y) }));
  return new MapTerrain(mapLayers.id, width, height, layers[0], sprites, overlays, upper, roofs);
}
