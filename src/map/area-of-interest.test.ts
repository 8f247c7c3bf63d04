import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { inView } from "../game/area/index.ts";
import { createAoi, type AoiMode, type AreaOfInterest } from "./area-of-interest.ts";

/** Every id `forEachViewer` visits, in visit order (duplicates kept, so they can be detected). */
function viewersOf(aoi: AreaOfInterest, x: number, y: number): number[] {
  const seen: number[] = [];
  aoi.forEachViewer(x, y, (id) => seen.push(id));
  return seen;
}

const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

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

describe("the three modes", () => {
  test("createAoi builds the mode asked for", () => {
    for (const mode of ["grid", "scan", "global"] as const) expect(createAoi(mode, 100, 100).mode).toBe(mode);
  });

  test("grid and scan return the same viewers at the block edges, global returns everyone", () => {
    const members: [number, number, number][] = [
      [1, 1, 1],
      [2, 11, 5],
      [3, 12, 5],
      [4, 13, 5],
      [5, 23, 5],
      [6, 24, 5],
      [7, 25, 5],
      [8, 100, 100],
      [9, 84, 84],
      [10, 83, 83],
    ];
    const all = (["grid", "scan", "global"] as const).map((mode) => {
      const aoi = createAoi(mode, 100, 100);
      for (const [id, x, y] of members) aoi.add(id, x, y);
      return aoi;
    });
    const [grid, scan, global] = all as [AreaOfInterest, AreaOfInterest, AreaOfInterest];
    // Worked by hand from the block rule.
    expect(sorted(viewersOf(grid, 1, 1))).toEqual([1, 2, 3, 4, 5]);
    expect(sorted(viewersOf(grid, 11, 5))).toEqual([1, 2, 3, 4, 5]);
    expect(sorted(viewersOf(grid, 12, 5))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(sorted(viewersOf(grid, 24, 5))).toEqual([3, 4, 5, 6, 7]);
    expect(sorted(viewersOf(grid, 100, 100))).toEqual([8, 9]);
    expect(sorted(viewersOf(grid, 84, 84))).toEqual([8, 9, 10]);
    for (let x = 1; x <= 100; x++) {
      for (const y of [1, 5, 11, 12, 13, 23, 24, 25, 83, 84, 100]) {
        expect(sorted(viewersOf(grid, x, y))).toEqual(sorted(viewersOf(scan, x, y)));
        expect(sorted(viewersOf(global, x, y))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      }
    }
  });

  type Op = { kind: "add"; id: number; x: number; y: number } | { kind: "move"; id: number; x: number; y: number } | { kind: "remove"; id: number };

  for (const [width, height] of [
    [100, 100],
    [37, 53],
  ] as const) {
    test(`random populations on ${width}×${height}: grid = scan = the rule, global = everyone, after adds, moves and removes`, () => {
      const coordinate = (max: number) => fc.integer({ min: 1, max });
      const op: fc.Arbitrary<Op> = fc.oneof(
        { weight: 4, arbitrary: fc.record({ kind: fc.constant("add" as const), id: fc.integer({ min: 1, max: 60 }), x: coordinate(width), y: coordinate(height) }) },
        { weight: 4, arbitrary: fc.record({ kind: fc.constant("move" as const), id: fc.integer({ min: 1, max: 60 }), x: coordinate(width), y: coordinate(height) }) },
        { weight: 1, arbitrary: fc.record({ kind: fc.constant("remove" as const), id: fc.integer({ min: 1, max: 60 }) }) },
      );
      fc.assert(
        fc.property(fc.array(op, { minLength: 1, maxLength: 120 }), fc.array(fc.tuple(coordinate(width), coordinate(height)), { minLength: 1, maxLength: 25 }), (ops, queries) => {
          const grid = createAoi("grid", width, height);
          const scan = createAoi("scan", width, height);
          const global = createAoi("global", width, height);
          // Reference population: ids are added once and moved or removed only while present,
          // which is how MapView drives the interface.
          const where = new Map<number, [number, number]>();
          for (const step of ops) {
            if (step.kind === "add") {
              if (where.has(step.id)) continue;
              where.set(step.id, [step.x, step.y]);
              for (const aoi of [grid, scan, global]) aoi.add(step.id, step.x, step.y);
            } else if (step.kind === "move") {
              if (!where.has(step.id)) continue;
              where.set(step.id, [step.x, step.y]);
              for (const aoi of [grid, scan, global]) aoi.move(step.id, step.x, step.y);
            } else {
              if (!where.has(step.id)) continue;
              where.delete(step.id);
              for (const aoi of [grid, scan, global]) aoi.remove(step.id);
            }
          }
          for (const [qx, qy] of queries) {
            const expected = sorted([...where].filter(([, [mx, my]]) => oracleSees(qx, qy, mx, my)).map(([id]) => id));
            const fromGrid = viewersOf(grid, qx, qy);
            const fromScan = viewersOf(scan, qx, qy);
            expect(new Set(fromGrid).size).toBe(fromGrid.length); // each viewer visited once
            expect(sorted(fromGrid)).toEqual(expected);
            expect(sorted(fromScan)).toEqual(expected);
            const fromGlobal = viewersOf(global, qx, qy);
            expect(sorted(fromGlobal)).toEqual(sorted(where.keys()));
            // Symmetry: every viewer of the tile is seen from the tile.
            for (const id of fromGrid) {
              const [mx, my] = where.get(id)!;
              expect(inView(mx, my, qx, qy)).toBe(true);
            }
          }
        }),
        { seed: width * 1000 + height, numRuns: 300 },
      );
    });
  }

  for (const mode of ["grid", "scan"] as const satisfies readonly AoiMode[]) {
    test(`${mode}: a move across a block edge changes who sees the mover, a remove forgets it`, () => {
      const aoi = createAoi(mode, 100, 100);
      aoi.add(1, 11, 5); // block (0, 0)
      aoi.add(2, 30, 5); // block (2, 0)
      expect(sorted(viewersOf(aoi, 30, 5))).toEqual([2]);
      aoi.move(1, 12, 5); // block (1, 0): now inside 2's window
      expect(sorted(viewersOf(aoi, 30, 5))).toEqual([1, 2]);
      expect(sorted(viewersOf(aoi, 1, 5))).toEqual([1]);
      aoi.move(1, 13, 5); // same block: nothing changes
      expect(sorted(viewersOf(aoi, 30, 5))).toEqual([1, 2]);
      aoi.move(1, 11, 5);
      expect(sorted(viewersOf(aoi, 30, 5))).toEqual([2]);
      aoi.remove(1);
      expect(viewersOf(aoi, 11, 5)).toEqual([]);
      // Removing an id twice is harmless.
      aoi.remove(1);
      expect(sorted(viewersOf(aoi, 24, 5))).toEqual([2]);
    });
  }

  test("global: moves and removes keep the member set right", () => {
    const aoi = createAoi("global", 100, 100);
    aoi.add(1, 1, 1);
    aoi.add(2, 100, 100);
    aoi.move(1, 50, 50);
    expect(sorted(viewersOf(aoi, 1, 1))).toEqual([1, 2]);
    aoi.remove(2);
    expect(viewersOf(aoi, 100, 100)).toEqual([1]);
  });
});

describe("regressions", () => {
  test("moving an id that was never added adds nothing, in every mode", () => {
    for (const mode of ["grid", "scan", "global"] as const) {
      const aoi = createAoi(mode, 100, 100);
      aoi.move(7, 50, 50);
      const seen: number[] = [];
      aoi.forEachViewer(50, 50, (id) => seen.push(id));
      expect(seen).toEqual([]);
    }
  });
});
