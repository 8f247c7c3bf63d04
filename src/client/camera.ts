/**
 * The camera: which part of the map the canvas shows. It follows the drawn (interpolated)
 * position of the player, stays inside the map when the map is larger than the view, and
 * centres small maps. The zoom keeps the view within the area the server keeps us informed
 * about, so nothing at the screen edge is missing because the server never sent it. Pure.
 */
import { AREA_BLOCK_TILES } from "../game/area/index.ts";
import { TILE_PX } from "./constants.ts";

/**
 * Widest view in tiles: the player's block is the middle one of three, so 12 tiles on each side
 * of the player are always inside the area window (25 = 12 + 1 + 12).
 */
export const MAX_VIEW_TILES = 2 * AREA_BLOCK_TILES + 1;
/** The map is never drawn smaller than its natural 32 px tiles. */
export const MIN_ZOOM = 1;

export interface Camera {
  /** Zoom factor applied on top of `TILE_PX` (CSS pixels per map pixel). */
  readonly zoom: number;
  /** Top-left corner of the view in map pixels (may be negative when the map is small). */
  readonly originX: number;
  readonly originY: number;
  /** View size in map pixels. */
  readonly viewWidth: number;
  readonly viewHeight: number;
  /** Tiles at least partly visible, clamped to the map (1-based, inclusive). */
  readonly firstTileX: number;
  readonly lastTileX: number;
  readonly firstTileY: number;
  readonly lastTileY: number;
}

/** Zoom for a viewport of `width × height` CSS pixels. */
export function zoomFor(width: number, height: number): number {
  const longest = Math.max(width, height);
  return Math.max(MIN_ZOOM, longest / (MAX_VIEW_TILES * TILE_PX));
}

/**
 * The camera centred on tile position (`centerX`, `centerY`) (1-based, fractional while
 * walking) for a viewport of `width × height` CSS pixels on a `mapWidth × mapHeight` map.
 */
export function cameraFor(centerX: number, centerY: number, width: number, height: number, mapWidth: number, mapHeight: number): Camera {
  const zoom = zoomFor(width, height);
  const viewWidth = width / zoom;
  const viewHeight = height / zoom;
  const originX = axisOrigin((centerX - 0.5) * TILE_PX, viewWidth, mapWidth * TILE_PX);
  const originY = axisOrigin((centerY - 0.5) * TILE_PX, viewHeight, mapHeight * TILE_PX);
  return {
    zoom,
    originX,
    originY,
    viewWidth,
    viewHeight,
    firstTileX: Math.max(1, Math.floor(originX / TILE_PX) + 1),
    lastTileX: Math.min(mapWidth, Math.floor((originX + viewWidth - 1) / TILE_PX) + 1),
    firstTileY: Math.max(1, Math.floor(originY / TILE_PX) + 1),
    lastTileY: Math.min(mapHeight, Math.floor((originY + viewHeight - 1) / TILE_PX) + 1),
  };
}

function axisOrigin(center: number, view: number, world: number): number {
  if (world <= view) return Math.round((world - view) / 2);
  return Math.round(Math.min(Math.max(center - view / 2, 0), world - view));
}

/** Map pixel of the top-left corner of tile (x, y). */
export function tileToPixel(x: number, y: number): { x: number; y: number } {
  return { x: (x - 1) * TILE_PX, y: (y - 1) * TILE_PX };
}

/**
 * The map tile under point (`cssX`, `cssY`) of the canvas (CSS pixels from its top-left corner),
 * or null outside the map.
 */
export function tileAtPoint(camera: Camera, cssX: number, cssY: number, mapWidth: number, mapHeight: number): { x: number; y: number } | null {
  if (!Number.isFinite(cssX) || !Number.isFinite(cssY)) return null;
  const x = Math.floor((camera.originX + cssX / camera.zoom) / TILE_PX) + 1;
  const y = Math.floor((camera.originY + cssY / camera.zoom) / TILE_PX) + 1;
  return x >= 1 && y >= 1 && x <= mapWidth && y <= mapHeight ? { x, y } : null;
}
