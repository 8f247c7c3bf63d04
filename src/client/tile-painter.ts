/**
 * Draws the ground (terrain under everything else) in chunks of tiles cached as small canvases
 * (the ground does not change between frames; redrawing 1,000 textured tiles every frame would).
 * With the map's AO layers and images, a chunk is layer 1 then layer 2 (map-terrain.ts);
 * otherwise, and for any tile whose floor picture is missing, our procedural art.
 * Browser only (chunk canvases); the painting functions take any 2D context.
 */
import { TILE_PX } from "./constants.ts";
import type { MapGrid } from "../game/map-json/index.ts";
import type { LiveMapGrid } from "./map-grid.ts";
import { overlaps, type MapTerrain } from "./map-terrain.ts";
import { TERRAIN_COLOURS, tileLook, tileNoise, type TileLook } from "./procedural-art.ts";

/** Tiles per chunk side: 8 × 32 px = 256 px canvases. */
export const CHUNK_TILES = 8;
/** Chunks kept; a 25 × 25-tile view touches at most 16, walking a whole map reuses them. */
const MAX_CACHED_CHUNKS = 96;
const CHUNK_PX = CHUNK_TILES * TILE_PX;

/** The AO images, as the renderer's image cache offers them. */
export interface TerrainImages {
  /** The image of `<file>.png`, or null while it loads or when it could not be loaded. */
  get(file: number): CanvasImageSource | null;
  /** True while `<file>.png` is still on its way (a chunk painted without it is painted again). */
  isLoading(file: number): boolean;
  /** Changes whenever an image arrives or fails. */
  readonly version: number;
}

/** What the AO path of the ground needs: the map's terrain and the images. */
export interface AoGround {
  readonly terrain: MapTerrain;
  readonly images: TerrainImages;
}

interface Chunk {
  readonly canvas: HTMLCanvasElement;
  /** Painted with every picture it needs (false: some image was still loading). */
  complete: boolean;
  /** `images.version` when painted. */
  imagesVersion: number;
}

const TREE_TRUNK = "#5b3a1e";
const TREE_LEAVES = ["#2f6b2a", "#336f2c", "#2b6527", "#377530"] as const;
const FENCE = "#8a5a2b";
const FENCE_DARK = "#5e3b1a";
const SAFE_TINT = "rgba(255, 230, 150, 0.10)";
const FIGHT_TINT = "rgba(200, 60, 40, 0.10)";

export class TileChunkCache {
  private readonly chunks = new Map<string, Chunk>();
  private grid: LiveMapGrid | null = null;
  private revision = -1;
  private terrain: MapTerrain | null = null;

  /**
   * Draws the chunks covering tiles [x1..x2] × [y1..y2] onto `ctx` (map-pixel space), from the
   * AO layers when `ground` is given, with our own art otherwise.
   */
  draw(ctx: CanvasRenderingContext2D, grid: LiveMapGrid, x1: number, y1: number, x2: number, y2: number, ground: AoGround | null = null): void {
    const terrain = ground?.terrain ?? null;
    if (grid !== this.grid || grid.revision !== this.revision || terrain !== this.terrain) {
      this.chunks.clear();
      this.grid = grid;
      this.revision = grid.revision;
      this.terrain = terrain;
    }
    const cx1 = Math.floor((x1 - 1) / CHUNK_TILES);
    const cx2 = Math.floor((x2 - 1) / CHUNK_TILES);
    const cy1 = Math.floor((y1 - 1) / CHUNK_TILES);
    const cy2 = Math.floor((y2 - 1) / CHUNK_TILES);
    for (let cy = cy1; cy <= cy2; cy++) {
      for (let cx = cx1; cx <= cx2; cx++) {
        const chunk = this.chunk(grid, cx, cy, ground);
        ctx.drawImage(chunk, cx * CHUNK_PX, cy * CHUNK_PX);
      }
    }
  }

  private chunk(grid: MapGrid, cx: number, cy: number, ground: AoGround | null): HTMLCanvasElement {
    const key = `${cx},${cy}`;
    const cached = this.chunks.get(key);
    if (cached) {
      // Refresh its place in the insertion order: the Map doubles as an LRU list.
      this.chunks.delete(key);
      this.chunks.set(key, cached);
      // Pictures that were loading when it was painted may have arrived since.
      if (!cached.complete && ground && ground.images.version !== cached.imagesVersion) this.paint(cached, grid, cx, cy, ground);
      return cached.canvas;
    }
    const canvas = document.createElement("canvas");
    canvas.width = CHUNK_PX;
    canvas.height = CHUNK_PX;
    const chunk: Chunk = { canvas, complete: true, imagesVersion: 0 };
    this.paint(chunk, grid, cx, cy, ground);
    this.chunks.set(key, chunk);
    if (this.chunks.size > MAX_CACHED_CHUNKS) {
      const oldest = this.chunks.keys().next().value;
      if (oldest !== undefined) this.chunks.delete(oldest);
    }
    return canvas;
  }

  private paint(chunk: Chunk, grid: MapGrid, cx: number, cy: number, ground: AoGround | null): void {
    const ctx = chunk.canvas.getContext("2d");
    if (!ctx) return;
    if (ground) {
      chunk.imagesVersion = ground.images.version;
      ctx.clearRect(0, 0, CHUNK_PX, CHUNK_PX);
      chunk.complete = paintAoChunk(ctx, grid, ground, cx, cy);
      return;
    }
    for (let ty = 0; ty < CHUNK_TILES; ty++) {
      for (let tx = 0; tx < CHUNK_TILES; tx++) {
        const x = cx * CHUNK_TILES + tx + 1;
        const y = cy * CHUNK_TILES + ty + 1;
        if (!grid.contains(x, y)) continue;
        paintTile(ctx, grid, x, y, tx * TILE_PX, ty * TILE_PX);
      }
    }
  }
}

/**
 * Paints chunk (cx, cy) from the AO layers onto `ctx` (chunk-local pixels): every tile's floor
 * (layer 1, stretched to the tile as AO does), our own art where a floor has no picture, then
 * every layer-2 picture that reaches into the chunk, also from neighbouring tiles, in row order.
 * Returns false when a picture was still loading (the chunk must be painted again).
 */
export function paintAoChunk(ctx: CanvasRenderingContext2D, grid: MapGrid, ground: AoGround, cx: number, cy: number): boolean {
  const { terrain, images } = ground;
  const left = cx * CHUNK_PX;
  const top = cy * CHUNK_PX;
  let complete = true;
  for (let ty = 0; ty < CHUNK_TILES; ty++) {
    for (let tx = 0; tx < CHUNK_TILES; tx++) {
      const x = cx * CHUNK_TILES + tx + 1;
      const y = cy * CHUNK_TILES + ty + 1;
      if (!grid.contains(x, y)) continue;
      const floor = terrain.floor(x, y);
      const image = floor ? images.get(floor.file) : null;
      if (floor && image) {
        ctx.drawImage(image, floor.sx, floor.sy, floor.w, floor.h, tx * TILE_PX, ty * TILE_PX, TILE_PX, TILE_PX);
        continue;
      }
      if (floor && images.isLoading(floor.file)) complete = false;
      paintTile(ctx, grid, x, y, tx * TILE_PX, ty * TILE_PX);
    }
  }
  for (const sprite of terrain.overlays) {
    if (!overlaps(sprite, left, top, left + CHUNK_PX, top + CHUNK_PX)) continue;
    const { picture } = sprite;
    const image = images.get(picture.file);
    if (image) ctx.drawImage(image, picture.sx, picture.sy, picture.w, picture.h, sprite.left - left, sprite.top - top, picture.w, picture.h);
    else if (images.isLoading(picture.file)) complete = false;
  }
  return complete;
}

/** Paints tile (x, y) with its top-left at (px, py). */
export function paintTile(ctx: CanvasRenderingContext2D, grid: MapGrid, x: number, y: number, px: number, py: number): void {
  const look = tileLook(grid, x, y);
  ctx.fillStyle = TERRAIN_COLOURS[look.terrain][look.variant]!;
  ctx.fillRect(px, py, TILE_PX, TILE_PX);
  const noise = tileNoise(x, y, 7);
  switch (look.terrain) {
    case "grass":
      paintGrass(ctx, px, py, noise);
      break;
    case "water":
      paintWater(ctx, grid, x, y, px, py, noise);
      break;
    case "wall":
      paintWall(ctx, grid, x, y, px, py);
      break;
    case "floor":
      paintFloor(ctx, px, py);
      break;
    case "sand":
      paintSand(ctx, px, py, noise);
      break;
  }
  if (look.safe) {
    ctx.fillStyle = SAFE_TINT;
    ctx.fillRect(px, py, TILE_PX, TILE_PX);
  }
  if (look.fight) {
    ctx.fillStyle = FIGHT_TINT;
    ctx.fillRect(px, py, TILE_PX, TILE_PX);
  }
  if (look.fence !== 0) paintFence(ctx, look, px, py);
  if (look.tree) paintTree(ctx, px, py, look.variant, noise);
}

function paintGrass(ctx: CanvasRenderingContext2D, px: number, py: number, noise: number): void {
  for (let i = 0; i < 5; i++) {
    const bits = noise >>> (i * 6);
    const bx = px + 2 + (bits % 27);
    const by = py + 4 + ((bits >>> 3) % 24);
    ctx.fillStyle = i % 2 === 0 ? "rgba(30, 70, 20, 0.45)" : "rgba(150, 200, 90, 0.35)";
    ctx.fillRect(bx, by, 1, 3);
  }
  if ((noise & 0x3f) === 0) {
    // A rare flower keeps large fields from looking like a table cloth.
    ctx.fillStyle = (noise >>> 8) % 2 === 0 ? "#f2e35b" : "#f0f0f0";
    ctx.fillRect(px + 10 + (noise % 12), py + 12 + ((noise >>> 4) % 12), 2, 2);
  }
}

function paintWater(ctx: CanvasRenderingContext2D, grid: MapGrid, x: number, y: number, px: number, py: number, noise: number): void {
  ctx.strokeStyle = "rgba(200, 230, 255, 0.35)";
  ctx.lineWidth = 1;
  for (let i = 0; i < 2; i++) {
    const wy = py + 8 + i * 13 + (noise % 4);
    const wx = px + 4 + ((noise >>> (4 + i * 3)) % 10);
    ctx.beginPath();
    ctx.moveTo(wx, wy);
    ctx.quadraticCurveTo(wx + 4, wy - 3, wx + 8, wy);
    ctx.quadraticCurveTo(wx + 12, wy + 3, wx + 16, wy);
    ctx.stroke();
  }
  // Shore: a light rim where water meets land.
  ctx.fillStyle = "rgba(225, 210, 160, 0.8)";
  if (!grid.isWater(x, y - 1)) ctx.fillRect(px, py, TILE_PX, 3);
  if (!grid.isWater(x, y + 1)) ctx.fillRect(px, py + TILE_PX - 3, TILE_PX, 3);
  if (!grid.isWater(x - 1, y)) ctx.fillRect(px, py, 3, TILE_PX);
  if (!grid.isWater(x + 1, y)) ctx.fillRect(px + TILE_PX - 3, py, 3, TILE_PX);
  if (grid.isWall(x, y)) {
    // Walled water (a fountain): a stone rim.
    ctx.strokeStyle = "#b8b2a6";
    ctx.lineWidth = 2;
    ctx.strokeRect(px + 1, py + 1, TILE_PX - 2, TILE_PX - 2);
  }
}

function paintWall(ctx: CanvasRenderingContext2D, grid: MapGrid, x: number, y: number, px: number, py: number): void {
  const brick = TILE_PX / 4;
  ctx.fillStyle = "rgba(40, 35, 30, 0.35)";
  for (let row = 0; row < 4; row++) {
    ctx.fillRect(px, py + row * brick, TILE_PX, 1);
    const offset = row % 2 === 0 ? 0 : brick;
    for (let col = offset; col < TILE_PX; col += brick * 2) ctx.fillRect(px + col, py + row * brick, 1, brick);
  }
  // Light from the north-west: lit top edge, shaded bottom edge where the wall ends.
  if (!grid.isWall(x, y - 1)) {
    ctx.fillStyle = "rgba(255, 255, 255, 0.18)";
    ctx.fillRect(px, py, TILE_PX, 3);
  }
  if (!grid.isWall(x, y + 1)) {
    ctx.fillStyle = "rgba(0, 0, 0, 0.35)";
    ctx.fillRect(px, py + TILE_PX - 5, TILE_PX, 5);
  }
}

function paintFloor(ctx: CanvasRenderingContext2D, px: number, py: number): void {
  ctx.fillStyle = "rgba(60, 40, 20, 0.35)";
  for (let row = 1; row < 4; row++) ctx.fillRect(px, py + row * 8, TILE_PX, 1);
}

function paintSand(ctx: CanvasRenderingContext2D, px: number, py: number, noise: number): void {
  ctx.fillStyle = "rgba(120, 95, 50, 0.35)";
  for (let i = 0; i < 6; i++) {
    const bits = noise >>> (i * 5);
    ctx.fillRect(px + (bits % 30) + 1, py + ((bits >>> 2) % 30) + 1, 1, 1);
  }
}

/**
 * A direction bit forbids entering the tile while moving that way, so the barrier sits on the
 * side a walker would come from: "no entering northwards" is a rail on the south edge.
 */
function paintFence(ctx: CanvasRenderingContext2D, look: TileLook, px: number, py: number): void {
  const rail = 4;
  const rails: [number, number, number, number][] = [];
  if (look.fence & 1) rails.push([px, py + TILE_PX - rail, TILE_PX, rail]);
  if (look.fence & 2) rails.push([px, py, rail, TILE_PX]);
  if (look.fence & 4) rails.push([px, py, TILE_PX, rail]);
  if (look.fence & 8) rails.push([px + TILE_PX - rail, py, rail, TILE_PX]);
  for (const [rx, ry, rw, rh] of rails) {
    ctx.fillStyle = FENCE_DARK;
    ctx.fillRect(rx, ry + 1, rw, rh);
    ctx.fillStyle = FENCE;
    ctx.fillRect(rx, ry, rw, rh - 1);
  }
}

function paintTree(ctx: CanvasRenderingContext2D, px: number, py: number, variant: number, noise: number): void {
  const cx = px + TILE_PX / 2 + ((noise % 5) - 2);
  ctx.fillStyle = "rgba(0, 0, 0, 0.25)";
  ctx.beginPath();
  ctx.ellipse(cx, py + TILE_PX - 4, 11, 4, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = TREE_TRUNK;
  ctx.fillRect(cx - 2, py + 18, 5, 11);
  ctx.fillStyle = TREE_LEAVES[variant]!;
  ctx.beginPath();
  ctx.arc(cx, py + 13, 11, 0, Math.PI * 2);
  ctx.arc(cx - 7, py + 17, 7, 0, Math.PI * 2);
  ctx.arc(cx + 7, py + 17, 7, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = "rgba(190, 230, 140, 0.25)";
  ctx.beginPath();
  ctx.arc(cx - 3, py + 9, 5, 0, Math.PI * 2);
  ctx.fill();
}
