import { describe, expect, test } from "bun:test";
import { cameraFor, MAX_VIEW_TILES, zoomFor } from "./camera.ts";
import { TILE_PX } from "./constants.ts";

describe("camera", () => {
  test("centres the player's tile in the middle of the map", () => {
    const camera = cameraFor(50, 50, 640, 480, 100, 100);
    expect(camera.zoom).toBe(1);
    // Tile 50's centre is at 49.5 × 32 = 1584 map px; half the view is 320 × 240.
    expect([camera.originX, camera.originY]).toEqual([1584 - 320, 1584 - 240]);
    expect([camera.firstTileX, camera.lastTileX]).toEqual([40, 60]);
    expect([camera.firstTileY, camera.lastTileY]).toEqual([43, 57]);
  });

  test("follows the drawn position between tiles", () => {
    const a = cameraFor(50, 50, 640, 480, 100, 100);
    const b = cameraFor(50.5, 50, 640, 480, 100, 100);
    expect(b.originX - a.originX).toBe(TILE_PX / 2);
  });

  test("stops at the map edges", () => {
    const corner = cameraFor(2, 2, 640, 480, 100, 100);
    expect([corner.originX, corner.originY, corner.firstTileX, corner.firstTileY]).toEqual([0, 0, 1, 1]);
    const far = cameraFor(99, 99, 640, 480, 100, 100);
    expect([far.originX, far.originY]).toEqual([100 * TILE_PX - 640, 100 * TILE_PX - 480]);
    expect([far.lastTileX, far.lastTileY]).toEqual([100, 100]);
  });

  test("centres a map smaller than the view", () => {
    const camera = cameraFor(5, 5, 800, 800, 10, 10);
    expect(camera.originX).toBe(Math.round((10 * TILE_PX - camera.viewWidth) / 2));
    expect(camera.originX).toBeLessThan(0);
    expect([camera.firstTileX, camera.lastTileX]).toEqual([1, 10]);
  });

  test("zooms in on big screens so the view never shows more than the area window", () => {
    expect(zoomFor(320, 480)).toBe(1);
    const camera = cameraFor(50, 50, 2560, 1440, 100, 100);
    expect(camera.zoom).toBeCloseTo(2560 / (MAX_VIEW_TILES * TILE_PX), 10);
    expect(camera.lastTileX - camera.firstTileX + 1).toBeLessThanOrEqual(MAX_VIEW_TILES + 1);
    expect(camera.viewWidth).toBeCloseTo(MAX_VIEW_TILES * TILE_PX, 6);
  });
});
