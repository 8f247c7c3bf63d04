import { describe, expect, test } from "bun:test";
import { resolveSpawnTile, spawnRing, type SpawnTileView } from "./spawn.ts";

/** A 100 × 100 map view built from sets of "x,y" keys. */
function view(opts: { occupied?: string[]; water?: string[]; blocked?: string[]; exits?: string[] } = {}): SpawnTileView {
  const sets = {
    occupied: new Set(opts.occupied ?? []),
    water: new Set(opts.water ?? []),
    blocked: new Set(opts.blocked ?? []),
    exits: new Set(opts.exits ?? []),
  };
  return {
    isOccupied: (x, y) => sets.occupied.has(`${x},${y}`),
    isWater: (x, y) => sets.water.has(`${x},${y}`),
    isBlocked: (x, y) => sets.blocked.has(`${x},${y}`),
    isExit: (x, y) => sets.exits.has(`${x},${y}`),
  };
}

const key = ([x, y]: readonly [number, number]) => `${x},${y}`;

describe("spawn search (§6.2)", () => {
  test("ring 1 around (57, 44) in the documented order", () => {
    expect([...spawnRing(57, 44, 1)].map(key)).toEqual(["56,43", "57,43", "58,43", "56,45", "57,45", "58,45", "56,44", "58,44"]);
  });

  test("ring r has 8r tiles away from the edges, each at Chebyshev distance r", () => {
    for (let r = 1; r <= 12; r++) {
      const tiles = [...spawnRing(50, 50, r)];
      expect(tiles).toHaveLength(8 * r);
      expect(new Set(tiles.map(key)).size).toBe(8 * r);
      for (const [x, y] of tiles) expect(Math.max(Math.abs(x - 50), Math.abs(y - 50))).toBe(r);
    }
  });

  test("ring edges are clamped to the map", () => {
    const tiles = [...spawnRing(1, 1, 1)];
    for (const [x, y] of tiles) {
      expect(x).toBeGreaterThanOrEqual(1);
      expect(y).toBeGreaterThanOrEqual(1);
    }
    expect(tiles.map(key)).toEqual(["1,1", "2,1", "1,2", "2,2"]);
  });

  test("a tile without characters is used as is, even if blocked, water or an exit", () => {
    expect(resolveSpawnTile(view({ blocked: ["57,44"], water: ["57,44"], exits: ["57,44"] }), 57, 44)).toEqual({ kind: "as_requested", x: 57, y: 44 });
  });

  test("an occupied tile moves to the first free ring tile", () => {
    expect(resolveSpawnTile(view({ occupied: ["57,44"] }), 57, 44)).toEqual({ kind: "moved", x: 56, y: 43 });
    expect(resolveSpawnTile(view({ occupied: ["57,44", "56,43"], blocked: ["57,43"], exits: ["58,43"] }), 57, 44)).toEqual({ kind: "moved", x: 56, y: 45 });
  });

  test("from land, water tiles are skipped; from water, land and water both qualify", () => {
    const ring1 = [...spawnRing(57, 44, 1)].map(key);
    expect(resolveSpawnTile(view({ occupied: ["57,44"], water: ring1.slice(0, 7) }), 57, 44)).toEqual({ kind: "moved", x: 58, y: 44 });
    expect(resolveSpawnTile(view({ occupied: ["57,44"], water: ["57,44", ...ring1] }), 57, 44)).toEqual({ kind: "moved", x: 56, y: 43 });
  });

  test("tiles outside the walk borders (X 12..89, Y 10..91) are never chosen", () => {
    const found = resolveSpawnTile(view({ occupied: ["12,10"] }), 12, 10);
    // Top row y = 9 is outside; on the bottom row x = 11 is outside, so (12, 11) comes first.
    expect(found).toEqual({ kind: "moved", x: 12, y: 11 });
    const corner = resolveSpawnTile(view({ occupied: ["89,91"] }), 89, 91);
    expect(corner).toEqual({ kind: "moved", x: 88, y: 90 });
  });

  test("nothing free within 12 rings: overlap on the requested tile", () => {
    const all: string[] = [];
    for (let x = 1; x <= 100; x++) for (let y = 1; y <= 100; y++) all.push(`${x},${y}`);
    expect(resolveSpawnTile(view({ occupied: all }), 57, 44)).toEqual({ kind: "overlap", x: 57, y: 44 });
    // A free tile at distance 13 is out of reach.
    const near = all.filter((t) => t !== "70,44");
    expect(resolveSpawnTile(view({ occupied: near }), 57, 44)).toEqual({ kind: "overlap", x: 57, y: 44 });
    const inReach = all.filter((t) => t !== "69,44");
    expect(resolveSpawnTile(view({ occupied: inReach }), 57, 44)).toEqual({ kind: "moved", x: 69, y: 44 });
  });
});
