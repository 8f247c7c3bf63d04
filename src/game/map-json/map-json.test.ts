import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { buildDefaultMaps, DEFAULT_WORLD_MAP_IDS } from "../../content/default-world/index.ts";
import { BLOCKED_ALL, BLOCKED_EAST, BLOCKED_GM, BLOCKED_NORTH, BLOCKED_SOUTH, checkStep, HEADING_EAST, HEADING_NORTH, HEADING_SOUTH, HEADINGS, stepX, stepY, TILE_TREE, TILE_WATER, Trigger } from "../movement/index.ts";
import { buildMapApiJson, MAP_TILE_BITS, MapGrid, parseMapJson, type MapJsonSource } from "./index.ts";

const defaultMaps = buildDefaultMaps();

/** A document as a reader gets it: through a JSON round trip, like HTTP. */
function overTheWire(source: MapJsonSource): unknown {
  return JSON.parse(JSON.stringify(buildMapApiJson(source)));
}

function defaultMapJson(id: number): unknown {
  return overTheWire(defaultMaps.find((map) => map.id === id)!);
}

function parsed(document: unknown): MapGrid {
  const outcome = parseMapJson(document);
  if (!outcome.ok) throw outcome.error;
  return outcome.grid;
}

/** A 4 × 3 map by hand: a wall, water, a bridge, a counter blocked north and south, an exit. */
function smallMap(): MapJsonSource {
  const collision = new Uint8Array(12);
  const triggers = new Uint8Array(12);
  collision[1] = BLOCKED_ALL; // (2, 1)
  collision[5] = TILE_WATER; // (2, 2)
  collision[6] = TILE_WATER; // (3, 2) with a bridge
  triggers[6] = Trigger.Bridge;
  collision[9] = BLOCKED_NORTH | BLOCKED_SOUTH; // (2, 3)
  collision[11] = TILE_TREE | BLOCKED_ALL | BLOCKED_GM; // (4, 3)
  return {
    id: 7,
    width: 4,
    height: 3,
    properties: { name: "Small", safe: true },
    collision,
    triggers,
    exits: [{ x: 4, y: 1, destMap: -1, destX: 0, destY: 0 }],
    objects: [{ x: 1, y: 1, obj: 3, amount: 10 }],
    npcs: [{ x: 3, y: 3, npc: 500 }],
  };
}

describe("writer", () => {
  test("the document of a small map: flat tiles, short records, the tile-flags legend", () => {
    expect(buildMapApiJson(smallMap())).toEqual({
      id: 7,
      name: "Small",
      width: 4,
      height: 3,
      properties: { name: "Small", safe: true },
      tileBits: { blockedNorth: 0x01, blockedEast: 0x02, blockedSouth: 0x04, blockedWest: 0x08, blockedGm: 0x10, water: 0x20, tree: 0x40 },
      tiles: [0, 0x0f, 0, 0, 0, 0x20, 0x20, 0, 0, 0x05, 0, 0x5f],
      triggers: [[3, 2, 17]],
      exits: [[4, 1, -1, 0, 0]],
      objects: [[1, 1, 3, 10]],
      npcs: [[3, 3, 500]],
    });
  });

  test("what the writer writes the reader reads back", () => {
    const source = smallMap();
    const grid = parsed(overTheWire(source));
    expect([grid.id, grid.name, grid.width, grid.height, grid.safe]).toEqual([7, "Small", 4, 3, true]);
    expect(grid.collision).toEqual(source.collision);
    expect(grid.triggers).toEqual(source.triggers);
    expect([...grid.exits.values()]).toEqual([{ x: 4, y: 1, destMap: -1, destX: 0, destY: 0 }]);
    expect(checkStep(grid, 1, 2, HEADING_EAST)).toBe("water");
    expect(checkStep(grid, 3, 1, HEADING_SOUTH)).toBe("ok");
    expect(checkStep(grid, 1, 1, HEADING_EAST)).toBe("blocked");
    expect(checkStep(grid, 1, 3, HEADING_EAST)).toBe("ok");
    expect(checkStep(grid, 2, 2, HEADING_SOUTH)).toBe("blocked");
    expect([grid.isWall(2, 1), grid.isWater(2, 2), grid.isTree(4, 3), grid.isWall(0, 1), grid.collisionAt(5, 1)]).toEqual([true, true, true, true, BLOCKED_ALL]);
  });

  test("a document with another legend is read into the tile-flags bits", () => {
    const document = buildMapApiJson(smallMap());
    // Every name moved one bit up (tree onto the top bit); the same meanings, other numbers.
    const shifted = Object.fromEntries(Object.entries(MAP_TILE_BITS).map(([name, bit]) => [name, bit << 1]));
    const grid = parsed(JSON.parse(JSON.stringify({ ...document, tileBits: shifted, tiles: document.tiles.map((tile) => (tile << 1) | 0x01) })));
    // The stray low bit is named by nothing in that legend, so it is dropped.
    expect(grid.collision).toEqual(smallMap().collision);
  });
});

describe("parseMapJson on the default world", () => {
  for (const source of defaultMaps) {
    test(`map ${source.id} (${source.properties.name}) keeps every tile, exit and trigger`, () => {
      const grid = parsed(defaultMapJson(source.id));
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
      expect(grid.collision).toEqual(source.collision);
      expect(grid.exits.size).toBe(source.exits.length);
      for (const exit of source.exits) expect(grid.exitAt(exit.x, exit.y)).toEqual({ x: exit.x, y: exit.y, destMap: exit.destMap, destX: exit.destX, destY: exit.destY });
    });
  }

  test("direction bits follow LegalWalk: the bit of the heading on the destination tile", () => {
    const grid = parsed(defaultMapJson(DEFAULT_WORLD_MAP_IDS.town));
    // The market counter in town (62..70, 66) blocks north and south only.
    expect(checkStep(grid, 64, 67, HEADING_NORTH)).toBe("blocked");
    expect(checkStep(grid, 64, 65, HEADING_SOUTH)).toBe("blocked");
    expect(checkStep(grid, 63, 66, HEADING_EAST)).toBe("ok");
    expect(checkStep(grid, -1, 66, HEADING_EAST)).toBe("out_of_bounds");
    expect(checkStep(grid, 100, 66, HEADING_EAST)).toBe("out_of_bounds");
    expect(BLOCKED_EAST & grid.collisionAt(64, 66)).toBe(0);
  });

  test("water cannot be entered on foot, like the server's LegalWalk", () => {
    for (const source of defaultMaps) {
      const grid = parsed(defaultMapJson(source.id));
      for (let y = 1; y <= source.height; y++) {
        for (let x = 1; x <= source.width; x++) {
          const at = (y - 1) * source.width + (x - 1);
          if ((source.collision[at]! & TILE_WATER) === 0 || source.triggers[at] === Trigger.Bridge) continue;
          for (const heading of HEADINGS) {
            const outcome = checkStep(grid, x - stepX(heading), y - stepY(heading), heading);
            expect(outcome === "water" || outcome === "blocked").toBe(true);
          }
        }
      }
    }
  });
});

describe("parseMapJson on hostile documents", () => {
  const good = () => defaultMapJson(DEFAULT_WORLD_MAP_IDS.arena) as Record<string, unknown>;

  const cases: [string, (doc: Record<string, unknown>) => unknown, string, string][] = [
    ["not an object", () => [1, 2, 3], "not_object", "$"],
    ["null", () => null, "not_object", "$"],
    ["an id of zero", (d) => ({ ...d, id: 0 }), "bad_field", "id"],
    ["width out of range", (d) => ({ ...d, width: 300 }), "bad_size", "width"],
    ["height not a whole number", (d) => ({ ...d, height: 2.5 }), "bad_size", "height"],
    ["no legend", (d) => ({ ...d, tileBits: undefined }), "bad_field", "tileBits"],
    ["a legend bit missing", (d) => ({ ...d, tileBits: { ...(d.tileBits as object), tree: undefined } }), "bad_field", "tileBits.tree"],
    ["tiles of the wrong length", (d) => ({ ...d, tiles: (d.tiles as number[]).slice(1) }), "bad_tiles", "tiles"],
    ["a tile that is not a byte", (d) => ({ ...d, tiles: (d.tiles as number[]).map((t, i) => (i === 5 ? 256 : t)) }), "bad_tiles", "tiles[5]"],
    ["a legend bit that is two bits", (d) => ({ ...d, tileBits: { ...(d.tileBits as object), water: 3 } }), "bad_field", "tileBits.water"],
    ["a trigger off the map", (d) => ({ ...d, triggers: [[1, 26, 3]] }), "bad_record", "triggers[0][1]"],
    ["a trigger that is not a byte", (d) => ({ ...d, triggers: [[1, 1, 300]] }), "bad_record", "triggers[0][2]"],
    ["an exit off the map", (d) => ({ ...d, exits: [[99, 1, 1, 1, 1]] }), "bad_record", "exits[0][0]"],
    ["an exit that is not an array", (d) => ({ ...d, exits: ["x"] }), "bad_record", "exits[0]"],
    ["an exit too short", (d) => ({ ...d, exits: [[1, 1, 1, 1, 1], [1, 1, 1, 1]] }), "bad_record", "exits[1]"],
    ["exits that are not an array", (d) => ({ ...d, exits: {} }), "bad_record", "exits"],
    ["an object number past i16", (d) => ({ ...d, objects: [[1, 1, 40_000, 1]] }), "bad_record", "objects[0][2]"],
    ["an npc off the map", (d) => ({ ...d, npcs: [[0, 1, 1]] }), "bad_record", "npcs[0][0]"],
    ["a name that is not text", (d) => ({ ...d, name: 5 }), "bad_field", "name"],
  ];
  for (const [what, mutate, code, field] of cases) {
    test(`${what} → ${code} at ${field}`, () => {
      const outcome = parseMapJson(mutate(good()));
      expect(outcome.ok).toBe(false);
      if (outcome.ok) return;
      expect([outcome.error.code, outcome.error.field]).toEqual([code, field]);
      expect(outcome.error.message).toContain(field);
    });
  }

  test("the first problem is the one named", () => {
    const outcome = parseMapJson({ ...good(), id: -1, name: 5, width: 0 });
    expect(outcome.ok ? "" : outcome.error.field).toBe("id");
    const late = parseMapJson({ ...good(), exits: [[99, 1, 1, 1, 1]], npcs: [[0, 1, 1]] });
    expect(late.ok ? "" : late.error.field).toBe("exits[0][0]");
  });

  test("records may be left out; properties are optional (not safe)", () => {
    const { triggers: _t, exits: _e, objects: _o, npcs: _n, properties: _p, ...bare } = good();
    const grid = parsed(bare);
    expect([grid.exits.size, grid.safe, grid.triggers.every((t) => t === 0)]).toEqual([0, false, true]);
  });

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
