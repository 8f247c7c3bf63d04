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

/**
 * The rule written out independently of `inView`: the window of a tile is the 3×3 blocks of
 * 12 tiles around the tile's block, with blocks counted from coordinate 0 (so block 0 holds
 * tiles 1..11, block 1 holds 12..23, block 2 holds 24..35, ...).
 */
function oracleSees(tx: number, ty: number, mx: number, my: number): boolean {
  const lowX = (Math.floor(tx / 12) - 1) * 12;
  const lowY = (Math.floor(ty / 12) - 1) * 12;
  return mx >= lowX && mx < lowX + 36 && my >= lowY && my < lowY + 36;
}

describe("blockOf and inView at the block edges", () => {
  test("blocks are 12 tiles wide, counted from coordinate 0", () => {
    expect(AREA_BLOCK_TILES).toBe(12);
    expect([1, 11, 12, 13, 23, 24, 25, 35, 36, 99, 100].map(blockOf)).toEqual([0, 0, 1, 1, 1, 2, 2, 2, 3, 8, 8]);
  });

  test("block edges at x = 11/12/13 and 23/24/25", () => {
    // From tile 1 (block 0) the window reaches block 1, i.e. up to x = 23.
    expect(inView(1, 1, 11, 1)).toBe(true);
    expect(inView(1, 1, 12, 1)).toBe(true);
    expect(inView(1, 1, 23, 1)).toBe(true);
    expect(inView(1, 1, 24, 1)).toBe(false);
    expect(inView(1, 1, 25, 1)).toBe(false);
    // From x = 11 (block 0) vs from x = 12 (block 1): one tile apart, very different windows.
    expect(inView(11, 5, 24, 5)).toBe(false);
    expect(inView(12, 5, 24, 5)).toBe(true);
    expect(inView(12, 5, 35, 5)).toBe(true);
    expect(inView(12, 5, 36, 5)).toBe(false);
    expect(inView(13, 5, 1, 5)).toBe(true);
    // From x = 24 (block 2) the window is blocks 1..3 = tiles 12..47.
    expect(inView(24, 5, 11, 5)).toBe(false);
    expect(inView(24, 5, 12, 5)).toBe(true);
    expect(inView(23, 5, 11, 5)).toBe(true);
    expect(inView(25, 5, 47, 5)).toBe(true);
    expect(inView(25, 5, 48, 5)).toBe(false);
    // The same edges on the y axis.
    expect(inView(5, 11, 5, 24)).toBe(false);
    expect(inView(5, 12, 5, 24)).toBe(true);
    // The far corner of a 100×100 map: block 8 sees blocks 7..8, i.e. from 84 on.
    expect(inView(100, 100, 84, 84)).toBe(true);
    expect(inView(100, 100, 83, 100)).toBe(false);
    expect(inView(100, 100, 100, 83)).toBe(false);
    expect(inView(1, 1, 100, 100)).toBe(false);
  });

  test("diagonal neighbours see each other, two blocks apart on one axis do not", () => {
    expect(inView(11, 11, 12, 12)).toBe(true);
    expect(inView(11, 11, 23, 23)).toBe(true);
    expect(inView(11, 11, 23, 24)).toBe(false);
    expect(inView(11, 11, 24, 23)).toBe(false);
  });

  test("inView agrees with the written-out window and is symmetric", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 100 }), (ax, ay, bx, by) => {
        expect(inView(ax, ay, bx, by)).toBe(oracleSees(ax, ay, bx, by));
        expect(inView(ax, ay, bx, by)).toBe(inView(bx, by, ax, ay));
      }),
      { seed: 0x5eed, numRuns: 2000 },
    );
  });
});

