import { describe, expect, test } from "bun:test";
import { BLOCKED_ALL, BLOCKED_SOUTH, type MapProperties } from "../maps/index.ts";
import type { WorldMap } from "../pack/index.ts";
import { crossCheckCities, crossCheckMaps } from "./cross-checks.ts";

const PROPERTIES = { name: "", music: [], zone: "", terrain: "", ambient: "", safe: false, backup: false, restrictions: [], minLevel: 0, maxLevel: 0, baseLight: 0, letterGrh: 0, rain: false, snow: false, fog: false, exitTo: null } satisfies MapProperties;

function map(id: number, size: number, parts: Partial<WorldMap> = {}): WorldMap {
  return { id, width: size, height: size, properties: PROPERTIES, collision: new Uint8Array(size * size), triggers: new Uint8Array(size * size), exits: [], npcs: [], objects: [], ...parts };
}

describe("crossCheckMaps", () => {
  test("exits to missing maps or off the destination, unknown numbers, spawns on blocked tiles", () => {
    const collision = new Uint8Array(100);
    collision[(3 - 1) * 10 + (4 - 1)] = BLOCKED_SOUTH; // one side is enough to warn
    const first = map(1, 10, {
      collision,
      exits: [
        { x: 1, y: 1, destMap: 2, destX: 5, destY: 5 }, // fine
        { x: 2, y: 1, destMap: 2, destX: 6, destY: 1 }, // map 2 is 5 × 5
        { x: 3, y: 1, destMap: 9, destX: 1, destY: 1 }, // no map 9
        { x: 4, y: 1, destMap: -1, destX: 1, destY: 1 }, // "go back": never checked
      ],
      npcs: [
        { x: 4, y: 3, npc: 1 },
        { x: 5, y: 5, npc: 77 },
      ],
      objects: [{ x: 6, y: 6, obj: 88, amount: 1 }],
    });
    const warnings = crossCheckMaps(
      [
        { file: "mapa1.csm", map: first },
        { file: "mapa2.csm", map: map(2, 5) },
      ],
      { hasNpc: (npc) => npc === 1, hasObject: () => false },
    );
    expect(warnings.map(({ code, file, x, y }) => [code, file, x, y])).toEqual([
      ["exit-out-of-bounds", "mapa1.csm", 2, 1],
      ["exit-to-missing-map", "mapa1.csm", 3, 1],
      ["spawn-on-blocked-tile", "mapa1.csm", 4, 3],
      ["unknown-npc", "mapa1.csm", 5, 5],
      ["unknown-object", "mapa1.csm", 6, 6],
    ]);
  });

  test("without tables, number checks are skipped", () => {
    const only = map(1, 5, { npcs: [{ x: 1, y: 1, npc: 999 }], objects: [{ x: 2, y: 2, obj: 999, amount: 1 }] });
    expect(crossCheckMaps([{ file: "m", map: only }], {})).toEqual([]);
  });
});

describe("crossCheckCities", () => {
  test("cities on missing maps are left out, cities on blocked tiles warned", () => {
    const collision = new Uint8Array(25);
    collision[0] = BLOCKED_ALL;
    const result = crossCheckCities(
      [
        { id: 1, name: "A", map: 1, x: 1, y: 1 },
        { id: 2, name: "B", map: 1, x: 3, y: 3 },
        { id: 3, name: "C", map: 4, x: 3, y: 3 },
      ],
      [{ file: "mapa1.csm", map: map(1, 5, { collision }) }],
      "Ciudades.dat",
    );
    expect(result.cities.map((city) => city.id)).toEqual([1, 2]);
    expect(result.warnings.map((warning) => [warning.code, warning.file, warning.x, warning.y])).toEqual([
      ["spawn-on-blocked-tile", "Ciudades.dat", 1, 1],
      ["city-not-in-pack", "Ciudades.dat", 3, 3],
    ]);
  });
});
