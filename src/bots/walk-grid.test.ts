import { describe, expect, test } from "bun:test";
import { buildDefaultMaps, DEFAULT_WORLD_MAP_IDS } from "../content/default-world/index.ts";
import { mapToApiJson } from "../content/pack/index.ts";
import { MapCatalog, type JsonGetter } from "./map-catalog.ts";
import { headingBit, HEADINGS } from "../game/movement/index.ts";
import { stepTile, WalkGrid } from "./walk-grid.ts";

const maps = buildDefaultMaps();
function mapJson(id: number): unknown {
  const map = maps.find((m) => m.id === id)!;
  return JSON.parse(JSON.stringify(mapToApiJson(map)));
}
function grid(id: number): WalkGrid {
  const built = WalkGrid.fromJson(mapJson(id));
  if (!built.ok) throw built.error;
  return built.grid;
}

describe("walk grid from the map API document", () => {
  test("the open field: inner tiles step every way; edges and corners do not step off the map", () => {
    const open = grid(DEFAULT_WORLD_MAP_IDS.openField);
    expect([open.width, open.height]).toEqual([100, 100]);
    const middle = open.tile(50, 50);
    expect(open.stepMask[middle]).toBe(0b1111);
    expect(open.stepMask[open.tile(1, 1)]! & (headingBit(1) | headingBit(4))).toBe(0);
    expect(open.stepMask[open.tile(100, 100)]! & (headingBit(2) | headingBit(3))).toBe(0);
    // Its exits (to the town) are steps of their own, never ordinary ones.
    expect(open.exitCount).toBeGreaterThan(0);
    for (let tile = 0; tile < open.width * open.height; tile++) {
      for (const heading of HEADINGS) {
        if ((open.stepMask[tile]! & headingBit(heading)) === 0) continue;
        expect(open.exitTiles[stepTile(tile, heading, open.width)]).toBe(0);
      }
    }
  });

  test("the arena: walls are never entered, the gate is an exit step, the inside is open", () => {
    const arena = grid(DEFAULT_WORLD_MAP_IDS.arena);
    expect([arena.width, arena.height]).toEqual([25, 25]);
    expect(arena.stepMask[arena.tile(2, 2)]).toBe(headingBit(2) | headingBit(3));
    expect(arena.stepMask[arena.tile(13, 13)]).toBe(0b1111);
    expect(arena.exitCount).toBe(1);
    // The tile north of the gate (13, 25) steps south only onto the exit.
    expect(arena.exitStepMask[arena.tile(13, 24)]).toBe(headingBit(3));
    expect(arena.stepMask[arena.tile(13, 24)]! & headingBit(3)).toBe(0);
    // Every legal step, from anywhere, lands inside the walls (2..24) or on the gate.
    let steps = 0;
    for (let tile = 0; tile < 25 * 25; tile++) {
      for (const heading of HEADINGS) {
        if (((arena.stepMask[tile]! | arena.exitStepMask[tile]!) & headingBit(heading)) === 0) continue;
        const dest = stepTile(tile, heading, 25);
        const [x, y] = [(dest % 25) + 1, Math.floor(dest / 25) + 1];
        expect((x >= 2 && x <= 24 && y >= 2 && y <= 24) || (x === 13 && y === 25)).toBe(true);
        steps++;
      }
    }
    // 23 x 23 inside tiles, each entered from its 4 neighbours, plus the gate from 3 sides.
    expect(steps).toBe(23 * 23 * 4 + 3);
  });

  test("a broken document is refused with the field named", () => {
    const document = mapJson(DEFAULT_WORLD_MAP_IDS.arena) as Record<string, unknown>;
    const built = WalkGrid.fromJson({ ...document, tiles: [1, 2, 3] });
    expect(built.ok).toBe(false);
    if (!built.ok) expect(built.error.field).toBe("tiles");
    expect(WalkGrid.fromJson("not a map").ok).toBe(false);
  });
});

describe("map catalog", () => {
  test("one fetch per map however many bots ask at once; failures are remembered with the reason", async () => {
    const asked: string[] = [];
    const get: JsonGetter = async (url) => {
      asked.push(url);
      const id = Number(url.split("/").at(-1));
      if (id === 9) return { status: 404, json: async () => ({ error: "not_found" }) };
      if (id === 8) return { status: 200, json: async () => JSON.parse("{broken") };
      if (id === 7) return { status: 200, json: async () => mapJson(DEFAULT_WORLD_MAP_IDS.arena) };
      return { status: 200, json: async () => mapJson(id) };
    };
    const catalog = new MapCatalog("http://server", get);
    const results = await Promise.all([catalog.load(4), catalog.load(4), catalog.load(4)]);
    expect(results.every((result) => result.ok)).toBe(true);
    expect(catalog.grid(4)?.width).toBe(100);
    expect(asked).toEqual(["http://server/api/map/4"]);
    const missing = await catalog.load(9);
    expect(missing.ok ? "" : missing.message).toContain("HTTP 404");
    await catalog.load(9);
    expect(asked.filter((url) => url.endsWith("/9"))).toHaveLength(1);
    const broken = await catalog.load(8);
    expect(broken.ok ? "" : broken.code).toBe("bad_json");
    const wrong = await catalog.load(7);
    expect(wrong.ok ? "" : wrong.message).toContain("is map 5");
    const offline = new MapCatalog("http://down", async () => {
      throw new Error("ECONNREFUSED");
    });
    const down = await offline.load(1);
    expect(down.ok ? "" : `${down.code} ${down.message}`).toBe("network GET http://down/api/map/1: ECONNREFUSED");
    expect([...catalog.failed.keys()].sort()).toEqual([7, 8, 9]);
  });
});
