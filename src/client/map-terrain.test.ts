import { describe, expect, test } from "bun:test";
import { emptyGraphicsIndex, type GraphicsIndex } from "../content/graphics/index.ts";
import { MapGrid, encodeMapLayers, mapLayersByteLength, type MapLayersDocument } from "../game/map-json/index.ts";
import type { GrhPlacement } from "./ao-sprites.ts";
import { MAX_LAYERS_DOCUMENT_BYTES, buildMapTerrain, readMapLayers, roofTriggerNear } from "./map-terrain.ts";
import { createSpriteIndex, type SpriteIndex } from "./sprite-index.ts";
import { CHUNK_TILES, paintAoChunk, type TerrainImages } from "./tile-painter.ts";

const WIDTH = 10;
const HEIGHT = 10;
const FLOOR = 1;
const COAST = 2;
const TREE = 3;
const ROOF = 4;
const WATER_ANIMATION = 5;
const WATER_FRAME = 6;

/** Hand-written index: a 32 × 32 floor in file 100, a coast in 101, a 64 × 96 tree in 102, a 96 × 64 roof in 103. */
function graphicsIndex(): GraphicsIndex {
  const index = emptyGraphicsIndex();
  index.grhs = [
    null,
    { file: 100, x: 32, y: 0, w: 32, h: 32 },
    { file: 101, x: 0, y: 0, w: 32, h: 32 },
    { file: 102, x: 0, y: 0, w: 64, h: 96 },
    { file: 103, x: 0, y: 0, w: 96, h: 64 },
    { frames: [6, 1], speed: 300 },
    { file: 104, x: 0, y: 0, w: 32, h: 32 },
  ];
  return index;
}

/** A 10 × 10 map: floor everywhere (animated water on (1, 1)), a coast on (3, 3), a tree on (5, 9), a roof on (8, 2). */
function layers(): MapLayersDocument {
  const tiles = WIDTH * HEIGHT;
  const at = (x: number, y: number) => (y - 1) * WIDTH + (x - 1);
  const floor = new Int32Array(tiles).fill(FLOOR);
  floor[at(1, 1)] = WATER_ANIMATION;
  floor[at(2, 1)] = 999; // not in the index: our own art there
  const coast = new Int32Array(tiles);
  coast[at(3, 3)] = COAST;
  const trees = new Int32Array(tiles);
  trees[at(5, 9)] = TREE;
  const roofs = new Int32Array(tiles);
  roofs[at(8, 2)] = ROOF;
  return { id: 3, width: WIDTH, height: HEIGHT, layers: [floor, coast, trees, roofs] };
}

function grid(triggers = new Uint8Array(WIDTH * HEIGHT)): MapGrid {
  return new MapGrid({ id: 3, name: "test", width: WIDTH, height: HEIGHT, safe: false, collision: new Uint8Array(WIDTH * HEIGHT), triggers, exits: [] });
}

/** The AO sprite index, recording every map grh the terrain asks it for. */
function spyingSprites(): { sprites: SpriteIndex; asked: [number, GrhPlacement][] } {
  const real = createSpriteIndex(graphicsIndex());
  const asked: [number, GrhPlacement][] = [];
  return {
    asked,
    sprites: {
      ...real,
      mapGrh(grh, placement) {
        asked.push([grh, placement]);
        return real.mapGrh(grh, placement);
      },
    },
  };
}

/** A 2D context that records `drawImage` calls and accepts (and ignores) everything else. */
function recordingContext(): { ctx: CanvasRenderingContext2D; draws: unknown[][] } {
  const draws: unknown[][] = [];
  const ctx = new Proxy(
    {},
    {
      get: (_target, name) => (name === "drawImage" ? (...args: unknown[]) => draws.push(args) : typeof name === "string" && name.startsWith("create") ? () => ({ addColorStop() {} }) : () => {}),
      set: () => true,
    },
  );
  return { ctx: ctx as CanvasRenderingContext2D, draws };
}

/** Images by file number: each a tag the recording context shows; `loading` files are on their way. */
function images(loading: readonly number[] = []): TerrainImages {
  return {
    version: 0,
    get: (file) => (loading.includes(file) ? null : ({ file } as unknown as CanvasImageSource)),
    isLoading: (file) => loading.includes(file),
  };
}

describe("reading GET /api/map/:id/layers", () => {
  test("the exact document of the map is read", () => {
    const reading = readMapLayers(encodeMapLayers(layers()), grid());
    expect(reading.ok && [...reading.document.layers[2]].filter((grh) => grh !== 0)).toEqual([TREE]);
  });

  test("truncated, oversized or foreign documents are refused, with the reason", () => {
    const bytes = encodeMapLayers(layers());
    const reason = (input: Uint8Array, shape: { id: number; width: number; height: number } = grid()) => {
      const reading = readMapLayers(input, shape);
      return reading.ok ? "read" : reading.reason;
    };
    expect(reason(bytes.subarray(0, 11))).toContain("shorter than the 12-byte header");
    expect(reason(bytes.subarray(0, bytes.length - 4))).toContain(`map 3 needs ${bytes.length}`);
    expect(reason(new Uint8Array([...bytes, 1, 2, 3, 4]))).toContain(`map 3 needs only ${bytes.length}`);
    expect(reason(new Uint8Array(MAX_LAYERS_DOCUMENT_BYTES + 1))).toContain("more than any map's layers");
    expect(reason(bytes, { id: 4, width: WIDTH, height: HEIGHT })).toContain("holds map 3 (10 × 10), expected map 4");
    expect(reason(new TextEncoder().encode(`{"error":"not_found"}`))).toContain("not a map layers file");
    expect(MAX_LAYERS_DOCUMENT_BYTES).toBe(mapLayersByteLength(255, 255));
  });
});

describe("the AO terrain of a map", () => {
  test("asks the sprite index for layers 2-4 at once, standing on their tile; the floor lazily, filling it", () => {
    const { sprites, asked } = spyingSprites();
    const terrain = buildMapTerrain(layers(), grid().triggers, sprites);
    expect(asked).toEqual([
      [COAST, "stand"],
      [TREE, "stand"],
      [ROOF, "stand"],
    ]);
    expect(terrain.overlays.map((sprite) => [sprite.x, sprite.y])).toEqual([[3, 3]]);
    // The tree (64 × 96) stands centred on (5, 9): bottom on the tile's bottom, 16 px each side.
    expect(terrain.upper).toEqual([{ x: 5, y: 9, picture: expect.objectContaining({ file: 102 }), left: 4 * 32 - 16, top: 9 * 32 - 96, right: 4 * 32 + 48, bottom: 9 * 32 }]);
    expect(terrain.floor(4, 4)).toEqual({ file: 100, sx: 32, sy: 0, w: 32, h: 32, dx: 0, dy: 0 });
    expect(terrain.floor(1, 1)?.file).toBe(104); // first frame of the water animation
    expect(terrain.floor(2, 1)).toBeNull();
    terrain.floor(5, 5);
    // Each floor grh is resolved once, however many tiles use it.
    expect(asked.slice(3)).toEqual([
      [FLOOR, "fill-tile"],
      [WATER_ANIMATION, "fill-tile"],
      [999, "fill-tile"],
    ]);
  });

  test("our own sprite index gives no terrain pictures", () => {
    const terrain = buildMapTerrain(layers(), grid().triggers, createSpriteIndex(null));
    expect([terrain.overlays, terrain.upper, terrain.roofs, terrain.floor(4, 4)]).toEqual([[], [], [], null]);
  });

  test("a roof knows the roof trigger next to it (AO20 NearRoof)", () => {
    const triggers = new Uint8Array(WIDTH * HEIGHT);
    triggers[(3 - 1) * WIDTH + (9 - 1)] = 61; // (9, 3): a house, next to the roof on (8, 2)
    triggers[(1 - 1) * WIDTH + (1 - 1)] = 2; // not a roof trigger
    expect(roofTriggerNear(triggers, WIDTH, HEIGHT, 8, 2)).toBe(61);
    expect(roofTriggerNear(triggers, WIDTH, HEIGHT, 1, 1)).toBe(0);
    expect(roofTriggerNear(triggers, WIDTH, HEIGHT, 5, 5)).toBe(0);
    const terrain = buildMapTerrain(layers(), triggers, createSpriteIndex(graphicsIndex()));
    expect(terrain.roofs.map((roof) => [roof.x, roof.y, roof.roofTrigger])).toEqual([[8, 2, 61]]);
  });
});

describe("painting a ground chunk from the layers", () => {
  test("draws every floor stretched to its tile, then the layer-2 pictures reaching into the chunk", () => {
    const terrain = buildMapTerrain(layers(), grid().triggers, createSpriteIndex(graphicsIndex()));
    const { ctx, draws } = recordingContext();
    const complete = paintAoChunk(ctx, grid(), { terrain, images: images() }, 0, 0);
    expect(complete).toBe(true);
    // 8 × 8 tiles, one without a picture (2, 1) painted with our own art; then the coast.
    expect(draws.length).toBe(CHUNK_TILES * CHUNK_TILES - 1 + 1);
    expect(draws[0]).toEqual([{ file: 104 }, 0, 0, 32, 32, 0, 0, 32, 32]);
    expect(draws[1]).toEqual([{ file: 100 }, 32, 0, 32, 32, 64, 0, 32, 32]);
    expect(draws.at(-1)).toEqual([{ file: 101 }, 0, 0, 32, 32, 64, 64, 32, 32]);
    // The chunk to the east has tiles 9..10 only, and no coast.
    const east = recordingContext();
    paintAoChunk(east.ctx, grid(), { terrain, images: images() }, 1, 0);
    expect(east.draws.length).toBe(2 * CHUNK_TILES);
  });

  test("a chunk painted while an image loads says so, to be painted again", () => {
    const terrain = buildMapTerrain(layers(), grid().triggers, createSpriteIndex(graphicsIndex()));
    const { ctx, draws } = recordingContext();
    expect(paintAoChunk(ctx, grid(), { terrain, images: images([101]) }, 0, 0)).toBe(false);
    expect(draws.some((args) => (args[0] as { file: number }).file === 101)).toBe(false);
    expect(paintAoChunk(recordingContext().ctx, grid(), { terrain, images: images([100]) }, 0, 0)).toBe(false);
  });
});
