import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import {
  BLOCKED_ALL,
  BLOCKED_EAST,
  BLOCKED_GM,
  BLOCKED_NORTH,
  BLOCKED_SOUTH,
  BLOCKED_WEST,
  checkStep,
  HEADING_EAST,
  HEADING_NORTH,
  HEADING_SOUTH,
  HEADING_WEST,
  HEADINGS,
  isInsideMap,
  isWaterForWalker,
  stepX,
  stepY,
  TILE_TREE,
  TILE_WATER,
  tileIndex,
  Trigger,
  type Heading,
  type WalkableGrid,
} from "./index.ts";

/** A grid drawn as text, one character per tile: . open, # wall, ~ water, = bridge over water, n/e/s/w one direction blocked, g GM bit, t tree. */
function grid(rows: readonly string[]): WalkableGrid {
  const width = rows[0]!.length;
  const height = rows.length;
  const collision = new Uint8Array(width * height);
  const triggers = new Uint8Array(width * height);
  const bits: Record<string, number> = { ".": 0, "#": BLOCKED_ALL, "~": TILE_WATER, "=": TILE_WATER, n: BLOCKED_NORTH, e: BLOCKED_EAST, s: BLOCKED_SOUTH, w: BLOCKED_WEST, g: BLOCKED_GM, t: TILE_TREE };
  rows.forEach((row, y) => {
    [...row].forEach((cell, x) => {
      collision[y * width + x] = bits[cell]!;
      if (cell === "=") triggers[y * width + x] = Trigger.Bridge;
    });
  });
  return { width, height, collision, triggers };
}

describe("checkStep: one outcome each", () => {
  const map = grid([
    ".....", //
    ".#~=.",
    ".nesw",
    ".gt..",
  ]);

  test("ok onto an open tile", () => {
    expect(checkStep(map, 1, 1, HEADING_EAST)).toBe("ok");
    expect(checkStep(map, 1, 1, HEADING_SOUTH)).toBe("ok");
  });

  test("out_of_bounds past each border, and at the corners", () => {
    expect(checkStep(map, 1, 1, HEADING_NORTH)).toBe("out_of_bounds");
    expect(checkStep(map, 1, 1, HEADING_WEST)).toBe("out_of_bounds");
    expect(checkStep(map, 5, 4, HEADING_EAST)).toBe("out_of_bounds");
    expect(checkStep(map, 5, 4, HEADING_SOUTH)).toBe("out_of_bounds");
    // From a tile that is itself off the map (a caller's bug) nothing is read out of range.
    expect(checkStep(map, 0, 0, HEADING_WEST)).toBe("out_of_bounds");
    expect(checkStep(map, 1.5, 1, HEADING_EAST)).toBe("out_of_bounds");
  });

  test("blocked: a wall from every side", () => {
    expect(checkStep(map, 2, 1, HEADING_SOUTH)).toBe("blocked");
    expect(checkStep(map, 1, 2, HEADING_EAST)).toBe("blocked");
    expect(checkStep(map, 2, 3, HEADING_NORTH)).toBe("blocked");
  });

  test("blocked only in the direction whose bit is set on the destination", () => {
    // Row 3 holds n, e, s, w at x = 2..5; each refuses only the step moving that way.
    const cases: [number, number, Heading][] = [
      [2, 3, HEADING_NORTH],
      [3, 3, HEADING_EAST],
      [4, 3, HEADING_SOUTH],
      [5, 3, HEADING_WEST],
    ];
    for (const [tx, ty, refused] of cases) {
      for (const heading of HEADINGS) {
        const fromX = tx - stepX(heading);
        const fromY = ty - stepY(heading);
        if (!isInsideMap(map.width, map.height, fromX, fromY)) continue;
        const outcome = checkStep(map, fromX, fromY, heading);
        if (heading === refused) expect(outcome).toBe("blocked");
        else expect(outcome === "blocked").toBe(false);
      }
    }
  });

  test("water stops a walker; a bridge over water does not", () => {
    expect(checkStep(map, 3, 1, HEADING_SOUTH)).toBe("water");
    expect(checkStep(map, 4, 1, HEADING_SOUTH)).toBe("ok");
    expect(checkStep(map, 5, 2, HEADING_WEST)).toBe("ok");
    expect(isWaterForWalker(TILE_WATER, 0)).toBe(true);
    expect(isWaterForWalker(TILE_WATER, Trigger.Bridge)).toBe(false);
    expect(isWaterForWalker(0, 0)).toBe(false);
  });

  test("the GM bit and the tree bit are not walk rules (LegalWalk tests neither)", () => {
    expect(checkStep(map, 2, 3, HEADING_SOUTH)).toBe("ok");
    expect(checkStep(map, 3, 3, HEADING_SOUTH)).toBe("ok");
  });

  test("occupied: the callback is asked about the destination's index, and only then", () => {
    const asked: number[] = [];
    const everyone = (index: number) => {
      asked.push(index);
      return true;
    };
    expect(checkStep(map, 1, 1, HEADING_EAST, everyone)).toBe("occupied");
    expect(asked).toEqual([tileIndex(map.width, 2, 1)]);
    expect(checkStep(map, 1, 1, HEADING_EAST, () => false)).toBe("ok");
    // Terrain is judged first: a refused tile never asks who stands on it.
    expect(checkStep(map, 2, 1, HEADING_SOUTH, everyone)).toBe("blocked");
    expect(checkStep(map, 3, 1, HEADING_SOUTH, everyone)).toBe("water");
    expect(checkStep(map, 1, 1, HEADING_NORTH, everyone)).toBe("out_of_bounds");
    expect(asked).toHaveLength(1);
  });

  test("a blocked water tile reads as blocked (the direction bit is tested first, like LegalWalk)", () => {
    const walled = grid(["..", ".."]);
    walled.collision[tileIndex(2, 2, 1)] = TILE_WATER | BLOCKED_EAST;
    expect(checkStep(walled, 1, 1, HEADING_EAST)).toBe("blocked");
    expect(checkStep(walled, 2, 2, HEADING_NORTH)).toBe("water");
  });

  test("tileIndex is row-major from (1, 1)", () => {
    expect(tileIndex(5, 1, 1)).toBe(0);
    expect(tileIndex(5, 5, 1)).toBe(4);
    expect(tileIndex(5, 1, 2)).toBe(5);
    expect(tileIndex(5, 5, 4)).toBe(19);
  });
});

describe("checkStep gives the answers of the rules it replaces", () => {
  /** The map server's test (the walk of the former src/map/map-server.ts, before the pace check). */
  function serverRefuses(g: WalkableGrid, occupancy: Int16Array, x: number, y: number, heading: Heading): boolean {
    const tx = x + stepX(heading);
    const ty = y + stepY(heading);
    const at = (ty - 1) * g.width + (tx - 1);
    return (
      tx < 1 ||
      ty < 1 ||
      tx > g.width ||
      ty > g.height ||
      (g.collision[at]! & (1 << (heading - 1))) !== 0 ||
      ((g.collision[at]! & 0x20) !== 0 && g.triggers[at] !== 17) ||
      occupancy[at] !== 0
    );
  }

  /** The browser's `MapGrid.canEnter` on the destination, plus its own occupied-tile test. */
  function clientAllows(g: WalkableGrid, occupancy: Int16Array, x: number, y: number, heading: Heading): boolean {
    const tx = x + stepX(heading);
    const ty = y + stepY(heading);
    if (!(Number.isInteger(tx) && Number.isInteger(ty) && tx >= 1 && ty >= 1 && tx <= g.width && ty <= g.height)) return false;
    const at = (ty - 1) * g.width + (tx - 1);
    if ((g.collision[at]! & (1 << (heading - 1))) !== 0) return false;
    if ((g.collision[at]! & 0x20) !== 0 && g.triggers[at] !== 17) return false;
    return occupancy[at] === 0;
  }

  const arbitraryMap = fc.integer({ min: 1, max: 6 }).chain((width) =>
    fc.integer({ min: 1, max: 6 }).chain((height) =>
      fc.record({
        width: fc.constant(width),
        height: fc.constant(height),
        collision: fc.uint8Array({ minLength: width * height, maxLength: width * height }),
        triggers: fc.array(fc.constantFrom(0, 0, 17, 8, 11), { minLength: width * height, maxLength: width * height }),
        occupied: fc.array(fc.boolean(), { minLength: width * height, maxLength: width * height }),
      }),
    ),
  );

  test("property: every step from every tile of random small maps", () => {
    fc.assert(
      fc.property(arbitraryMap, (drawn) => {
        const g: WalkableGrid = { width: drawn.width, height: drawn.height, collision: drawn.collision, triggers: Uint8Array.from(drawn.triggers) };
        const occupancy = Int16Array.from(drawn.occupied, (taken) => (taken ? 7 : 0));
        for (let y = 1; y <= g.height; y++) {
          for (let x = 1; x <= g.width; x++) {
            for (const heading of HEADINGS) {
              const outcome = checkStep(g, x, y, heading, (index) => occupancy[index] !== 0);
              expect(outcome !== "ok").toBe(serverRefuses(g, occupancy, x, y, heading));
              expect(outcome === "ok").toBe(clientAllows(g, occupancy, x, y, heading));
            }
          }
        }
      }),
      { seed: 17, numRuns: 300 },
    );
  });
});
