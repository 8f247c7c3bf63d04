import { describe, expect, test } from "bun:test";
import { BLOCKED_ALL, BLOCKED_EAST, NEUTRAL_MAP_PROPERTIES, TILE_TREE, type MapProperties } from "../maps/index.ts";
import { mapToApiJson } from "./api-json.ts";
import { canonicalJson } from "./canonical-json.ts";
import { checkWorldContent, collisionGridToShared, isWall, type WorldMap, type WorldPackContent } from "./world-pack.ts";

const PROPERTIES: MapProperties = { ...NEUTRAL_MAP_PROPERTIES, name: "Prueba", zone: "CAMPO", terrain: "BOSQUE" };

function tinyMap(id = 1): WorldMap {
  const collision = new Uint8Array(9);
  collision[0] = BLOCKED_ALL;
  collision[4] = BLOCKED_EAST | TILE_TREE;
  const triggers = new Uint8Array(9);
  triggers[8] = 4;
  return {
    id,
    width: 3,
    height: 3,
    properties: PROPERTIES,
    collision,
    triggers,
    exits: [{ x: 3, y: 1, destMap: 2, destX: 1, destY: 1 }],
    npcs: [{ x: 2, y: 3, npc: 9 }],
    objects: [{ x: 1, y: 3, obj: 4, amount: 2 }],
  };
}

describe("mapToApiJson", () => {
  test("flat tile array, sparse triggers, records as short arrays", () => {
    const json = mapToApiJson(tinyMap());
    expect(json).toMatchObject({ id: 1, name: "Prueba", width: 3, height: 3 });
    expect(json.tiles).toEqual([BLOCKED_ALL, 0, 0, 0, BLOCKED_EAST | TILE_TREE, 0, 0, 0, 0]);
    expect(json.triggers).toEqual([[3, 3, 4]]);
    expect(json.exits).toEqual([[3, 1, 2, 1, 1]]);
    expect(json.npcs).toEqual([[2, 3, 9]]);
    expect(json.objects).toEqual([[1, 3, 4, 2]]);
    expect(json.tileBits).toMatchObject({ blockedNorth: 1, blockedEast: 2, blockedSouth: 4, blockedWest: 8, water: 0x20, tree: 0x40 });
    // Plain arrays, not typed arrays: JSON.stringify would turn a Uint8Array into an object.
    expect(JSON.stringify(json)).toContain('"tiles":[15,0,0,0,66,0,0,0,0]');
  });
});

describe("checkWorldContent", () => {
  const pack = (maps: WorldMap[], cities: WorldPackContent["cities"] = []): WorldPackContent => ({ name: "t", source: "original", cities, tables: null, maps });

  test("a sound world has no issues", () => {
    expect(checkWorldContent(pack([tinyMap(1), tinyMap(2)], [{ id: 1, name: "c", map: 1, x: 2, y: 2 }]))).toEqual([]);
  });

  test("reports duplicate ids, wrong grid sizes, records off the map, cities on missing maps", () => {
    const bad: WorldMap = { ...tinyMap(1), collision: new Uint8Array(4), npcs: [{ x: 4, y: 1, npc: 1 }] };
    const issues = checkWorldContent(pack([bad, tinyMap(1)], [{ id: 3, name: "lost", map: 9, x: 1, y: 1 }]));
    const messages = issues.map((issue) => issue.message).join("\n");
    expect(messages).toContain("collision grid has 4 tiles, expected 9");
    expect(messages).toContain("NPC spawn at (4, 1) is off the map");
    expect(messages).toContain("id appears twice");
    expect(messages).toContain("city 3 (lost) is on map 9");
  });

  test("a world name must be printable, trimmed and at most 64 characters", () => {
    for (const name of ["", "  ", "a\u0000b", "line\nbreak", " padded", "x".repeat(65)]) {
      const issues = checkWorldContent({ ...pack([tinyMap(1)]), name });
      expect(issues).toEqual([{ file: "world.json", message: expect.stringContaining(`name ${JSON.stringify(name)}: a world name`) }]);
    }
    for (const name of ["ao20", "Alba (argentum-bun default world)", "Tierras del Sur — 2024", "ñ".repeat(64)]) {
      expect(checkWorldContent({ ...pack([tinyMap(1)]), name })).toEqual([]);
    }
  });
});

describe("grid helpers", () => {
  test("isWall needs all four sides; collisionGridToShared copies once", () => {
    const map = tinyMap();
    expect(isWall(map, 1, 1)).toBe(true);
    expect(isWall(map, 2, 2)).toBe(false);
    const shared = collisionGridToShared(map);
    expect(shared.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect([...shared]).toEqual([...map.collision]);
    expect(collisionGridToShared({ collision: shared })).toBe(shared);
  });
});

describe("canonicalJson", () => {
  test("sorts keys at every level, keeps array order", () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }], e: undefined })).toBe('{"a":[{"c":3,"d":2}],"b":1}');
  });
});
