import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { AREA_BLOCK_TILES, blockOf, inView, inWindow, windowAround } from "./index.ts";

describe("area blocks", () => {
  test("blocks are 12 tiles: 0..11 is block 0, 12..23 block 1", () => {
    expect(AREA_BLOCK_TILES).toBe(12);
    expect([0, 1, 11, 12, 23, 24, 255].map(blockOf)).toEqual([0, 0, 0, 1, 1, 2, 21]);
  });

  test("inView: blocks at most one apart in x and in y", () => {
    expect(inView(13, 13, 13, 13)).toBe(true);
    // (13, 13) is block (1, 1): blocks 0..2 are in view, tiles 0..35.
    expect(inView(13, 13, 0, 35)).toBe(true);
    expect(inView(13, 13, 36, 13)).toBe(false);
    expect(inView(13, 13, 13, 36)).toBe(false);
    // Neighbours across a block border are in view, two tiles can be far apart and still be.
    expect(inView(11, 11, 12, 12)).toBe(true);
    expect(inView(0, 0, 23, 23)).toBe(true);
    expect(inView(0, 0, 24, 0)).toBe(false);
  });

  test("the window around a player covers its block and the eight around it", () => {
    expect(windowAround(13, 30)).toEqual({ minX: 0, maxX: 35, minY: 12, maxY: 47 });
    expect(windowAround(1, 1)).toEqual({ minX: -12, maxX: 23, minY: -12, maxY: 23 });
  });

  test("no window yet: everything is inside", () => {
    expect(inWindow(null, 200, 200)).toBe(true);
  });

  test("property: inWindow(windowAround(a), b) is inView(a, b), and inView is symmetric", () => {
    const coordinate = fc.integer({ min: 1, max: 255 });
    fc.assert(
      fc.property(coordinate, coordinate, coordinate, coordinate, (ax, ay, bx, by) => {
        expect(inWindow(windowAround(ax, ay), bx, by)).toBe(inView(ax, ay, bx, by));
        expect(inView(ax, ay, bx, by)).toBe(inView(bx, by, ax, ay));
      }),
      { seed: 12, numRuns: 2000 },
    );
  });
});
