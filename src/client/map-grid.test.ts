import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { buildDefaultMaps, DEFAULT_WORLD_MAP_IDS } from "../content/default-world/index.ts";
import { BLOCKED_ALL, TILE_TREE, TILE_WATER } from "../content/maps/index.ts";
import { Heading } from "../protocol/index.ts";
import { defaultMapJson } from "./client-fixtures.test-support.ts";
import { parseMapJson } from "./map-grid.ts";

describe("parseMapJson on the default world", () => {
  for (const source of buildDefaultMaps()) {
    test(`map ${source.id} (${source.properties.name}) keeps every tile, exit and trigger`, () => {
      const parsed = parseMapJson(defaultMapJson(source.id));
      expect(parsed.ok).toBe(true);
      if (!parsed.ok) return;
      const grid = parsed.grid;
      expect([grid.id, grid.name, grid.width, grid.height, grid.safe]).toEqual([source.id, source.properties.name, source.width, source.height, source.properties.safe]);
      const expected: string[] = [];
      const actual: string[] = [];
      for (let y = 1; y <= source.height; y++) {
        for (let x = 1; x <= source.width; x++) {
          const at = (y - 1) * source.width + (x - 1);
          const flags = source.collision[at]!;
          expected.push(`${x},${y}:${(flags & TILE_WATER) !== 0}/${(flags & TILE_TREE) !== 0}/${(flags & BLOCKED_ALL) === BLOCKED_ALL}/${source.triggers[at]}`);
          actual.push(`${x},${y}:${grid.isWater(x, y)}/${grid.isTree(x, y)}/${grid.isWall(x, y)}/${grid.triggerAt(x, y)}`);
        }
      }
      expect(actual).toEqual(expected);
      expect(grid.exits.size).toBe(source.exits.length);
      for (const exit of source.exits) expect(grid.exitAt(exit.x, exit.y)).toEqual({ x: exit.x, y: exit.y, destMap: exit.destMap, destX: exit.destX, destY: exit.destY });
    });
  }

  test("direction bits follow LegalWalk: the bit of the heading on the destination tile", () => {
    const parsed = parseMapJson(defaultMapJson(DEFAULT_WORLD_MAP_IDS.town));
    if (!parsed.ok) throw parsed.error;
    const grid = parsed.grid;
    // The market counter in town (62..70, 66) blocks north and south only.
    expect(grid.canEnter(64, 66, Heading.North)).toBe(false);
    expect(grid.canEnter(64, 66, Heading.South)).toBe(false);
    expect(grid.canEnter(64, 66, Heading.East)).toBe(true);
    expect(grid.canEnter(0, 66, Heading.East)).toBe(false);
    expect(grid.canEnter(101, 66, Heading.East)).toBe(false);
  });

  test("water cannot be entered on foot, like the server's LegalWalk", () => {
    for (const source of buildDefaultMaps()) {
      const parsed = parseMapJson(defaultMapJson(source.id));
      if (!parsed.ok) throw parsed.error;
      for (let y = 1; y <= source.height; y++) {
        for (let x = 1; x <= source.width; x++) {
          const at = (y - 1) * source.width + (x - 1);
          if ((source.collision[at]! & TILE_WATER) === 0 || source.triggers[at] === 17) continue;
          for (const heading of [Heading.North, Heading.East, Heading.South, Heading.West]) expect(parsed.grid.canEnter(x, y, heading)).toBe(false);
        }
      }
    }
  });

  test("BlockPosition replaces the four direction bits and bumps the revision", () => {
    const parsed = parseMapJson(defaultMapJson(DEFAULT_WORLD_MAP_IDS.town));
    if (!parsed.ok) throw parsed.error;
    const grid = parsed.grid;
    expect(grid.canEnter(46, 46, Heading.East)).toBe(true);
    grid.setDirectionBlocks(46, 46, 0b0010);
    expect(grid.canEnter(46, 46, Heading.East)).toBe(false);
    expect(grid.canEnter(46, 46, Heading.North)).toBe(true);
    expect(grid.revision).toBe(1);
    grid.setDirectionBlocks(46, 46, 0);
    expect(grid.canEnter(46, 46, Heading.East)).toBe(true);
  });
});

describe("parseMapJson on hostile documents", () => {
  const good = () => defaultMapJson(DEFAULT_WORLD_MAP_IDS.arena) as Record<string, unknown>;

  const cases: [string, (doc: Record<string, unknown>) => unknown, string, string][] = [
    ["not an object", () => [1, 2, 3], "not_object", "$"],
    ["width out of range", (d) => ({ ...d, width: 300 }), "bad_size", "width"],
    ["tiles of the wrong length", (d) => ({ ...d, tiles: (d.tiles as number[]).slice(1) }), "bad_tiles", "tiles"],
    ["a tile that is not a byte", (d) => ({ ...d, tiles: (d.tiles as number[]).map((t, i) => (i === 5 ? 256 : t)) }), "bad_tiles", "tiles[5]"],
    ["a legend bit that is two bits", (d) => ({ ...d, tileBits: { ...(d.tileBits as object), water: 3 } }), "bad_field", "tileBits.water"],
    ["an exit off the map", (d) => ({ ...d, exits: [[99, 1, 1, 1, 1]] }), "bad_record", "exits[0][0]"],
    ["an exit that is not an array", (d) => ({ ...d, exits: ["x"] }), "bad_record", "exits[0]"],
    ["a name that is not text", (d) => ({ ...d, name: 5 }), "bad_field", "name"],
  ];
  for (const [what, mutate, code, field] of cases) {
    test(`${what} → ${code} at ${field}`, () => {
      const parsed = parseMapJson(mutate(good()));
      expect(parsed.ok).toBe(false);
      if (parsed.ok) return;
      expect([parsed.error.code, parsed.error.field]).toEqual([code, field]);
      expect(parsed.error.message).toContain(field);
    });
  }

  test("random JSON never throws", () => {
    const base = good();
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), (value) => {
        parseMapJson(value);
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom("id", "name", "width", "height", "tiles", "tileBits", "exits", "triggers", "objects", "npcs"), fc.jsonValue({ maxDepth: 2 })), (patch) => {
        parseMapJson({ ...base, ...patch });
      }),
      { numRuns: 300 },
    );
  });
});
