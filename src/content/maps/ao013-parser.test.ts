import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { readIni } from "../dat/index.ts";
import {
  AO013_DEFAULT_PROPERTIES,
  AO013_INF_HEADER_BYTES,
  AO013_MAP_HEADER_BYTES,
  ao013MapProperties,
  parseAo013Map,
} from "./ao013-parser.ts";
import { tileIndex } from "./map-types.ts";
import { BLOCKED_ALL, TILE_WATER } from "./tile-flags.ts";

interface TileSpec {
  blocked?: boolean;
  grh1?: number;
  grh2?: number;
  trigger?: number;
  exit?: [number, number, number];
  npc?: number;
  object?: [number, number];
}

/** Writes `.map` and `.inf` bytes for a 100 × 100 map; unspecified tiles are plain floor (grh 1). */
function encodeAo013(tiles: ReadonlyMap<string, TileSpec>): { map: Uint8Array; inf: Uint8Array } {
  const map: number[] = new Array(AO013_MAP_HEADER_BYTES).fill(0x20);
  const inf: number[] = new Array(AO013_INF_HEADER_BYTES).fill(0);
  const i16 = (out: number[], value: number) => out.push(value & 0xff, (value >> 8) & 0xff);
  for (let y = 1; y <= 100; y++) {
    for (let x = 1; x <= 100; x++) {
      const tile = tiles.get(`${x},${y}`) ?? {};
      let flags = tile.blocked ? 1 : 0;
      if (tile.grh2) flags |= 2;
      if (tile.trigger !== undefined) flags |= 16;
      map.push(flags);
      i16(map, tile.grh1 ?? 1);
      if (tile.grh2) i16(map, tile.grh2);
      if (tile.trigger !== undefined) i16(map, tile.trigger);
      let infFlags = 0;
      if (tile.exit) infFlags |= 1;
      if (tile.npc !== undefined) infFlags |= 2;
      if (tile.object) infFlags |= 4;
      inf.push(infFlags);
      if (tile.exit) for (const value of tile.exit) i16(inf, value);
      if (tile.npc !== undefined) i16(inf, tile.npc);
      if (tile.object) for (const value of tile.object) i16(inf, value);
    }
  }
  return { map: new Uint8Array(map), inf: new Uint8Array(inf) };
}

const SAMPLE = new Map<string, TileSpec>([
  ["1,1", { blocked: true }],
  ["2,1", { grh1: 1505 }], // water
  ["3,1", { grh1: 1510, grh2: 88 }], // coast: not water
  ["4,1", { grh1: 13550 }], // later 0.13 water range
  ["5,5", { trigger: 4 }],
  ["9,7", { exit: [5, 9, 93] }],
  ["10,7", { exit: [0, 0, 0] }], // flagged, destination 0: no exit
  ["73,16", { npc: 536 }],
  ["20,20", { object: [12, 3] }],
]);

function parseSample(tiles = SAMPLE) {
  const { map, inf } = encodeAo013(tiles);
  return parseAo013Map({ map: { file: "Mapa1.map", bytes: map }, inf: { file: "Mapa1.inf", bytes: inf }, properties: AO013_DEFAULT_PROPERTIES });
}

describe("parseAo013Map", () => {
  test("reads blocking, water, triggers, exits, NPCs and objects", () => {
    const outcome = parseSample();
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const map = outcome.map;
    const at = (x: number, y: number) => map.tileFlags[tileIndex(100, x, y)];
    expect(at(1, 1)).toBe(BLOCKED_ALL);
    expect(at(2, 1)).toBe(TILE_WATER);
    expect(at(3, 1)).toBe(0);
    expect(at(4, 1)).toBe(TILE_WATER);
    expect(map.triggers[tileIndex(100, 5, 5)]).toBe(4);
    expect(map.exits).toEqual([{ x: 9, y: 7, destMap: 5, destX: 9, destY: 93 }]);
    expect(map.npcs).toEqual([{ x: 73, y: 16, npc: 536 }]);
    expect(map.objects).toEqual([{ x: 20, y: 20, obj: 12, amount: 3 }]);
    expect(map.counts).toEqual({ blocked: 1, exits: 1, npcs: 1, objects: 1, triggers: 1 });
    expect(map.layers[1]![tileIndex(100, 3, 1)]).toBe(88);
  });

  test("zero-length and truncated files name the file and the offset", () => {
    const { map, inf } = encodeAo013(SAMPLE);
    const parse = (mapBytes: Uint8Array, infBytes: Uint8Array) =>
      parseAo013Map({ map: { file: "Mapa2.map", bytes: mapBytes }, inf: { file: "Mapa2.inf", bytes: infBytes }, properties: AO013_DEFAULT_PROPERTIES });
    expect(parse(new Uint8Array(0), inf)).toMatchObject({ ok: false, error: { code: "empty-file", file: "Mapa2.map", offset: 0 } });
    expect(parse(map, new Uint8Array(0))).toMatchObject({ ok: false, error: { code: "empty-file", file: "Mapa2.inf", offset: 0 } });
    expect(parse(map.subarray(0, 100), inf)).toMatchObject({ ok: false, error: { code: "truncated", file: "Mapa2.map", offset: 100 } });
    // Cut inside the first tile after the header: the error points at that tile's record.
    expect(parse(map.subarray(0, AO013_MAP_HEADER_BYTES + 2), inf)).toMatchObject({
      ok: false,
      error: { code: "truncated", file: "Mapa2.map", offset: AO013_MAP_HEADER_BYTES },
    });
    const cut = parse(map, inf.subarray(0, inf.length - 1));
    expect(cut.ok).toBe(false);
    if (cut.ok) return;
    expect(cut.error.file).toBe("Mapa2.inf");
    expect(cut.error.code).toBe("truncated");
    expect(cut.error.message).toContain("(100, 100)");
  });

  test("fuzz: random and corrupted bytes never throw", () => {
    const { map, inf } = encodeAo013(SAMPLE);
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), fc.uint8Array({ maxLength: 600 }), (mapBytes, infBytes) => {
        parseAo013Map({ map: { file: "a.map", bytes: mapBytes }, inf: { file: "a.inf", bytes: infBytes }, properties: AO013_DEFAULT_PROPERTIES });
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(map.length - 1), fc.integer({ min: 0, max: 255 })), { maxLength: 6 }), (edits) => {
        const bytes = map.slice();
        const infBytes = inf.slice();
        for (const [at, value] of edits) {
          bytes[at] = value;
          infBytes[at % infBytes.length] = value;
        }
        const outcome = parseAo013Map({ map: { file: "a.map", bytes }, inf: { file: "a.inf", bytes: infBytes }, properties: AO013_DEFAULT_PROPERTIES });
        if (!outcome.ok) expect(outcome.error.offset).toBeLessThanOrEqual(Math.max(bytes.length, infBytes.length));
      }),
      { numRuns: 300 },
    );
  });
});

describe("ao013MapProperties", () => {
  const dat = (text: string) => readIni(new TextEncoder().encode(text.replaceAll("\n", "\r\n")), "Mapa7.dat");

  test("reads the [MAPAn] section with VB6 semantics (Pk=0 means PvP allowed)", () => {
    const doc = dat("[Mapa7]\nName=Bosque Norte\nMusicNum=3\nMagiaSinefecto=1\nTerreno=BOSQUE\nZona=CAMPO\nRestringir=NEWBIE\nBackUp= 1\nPk=0\n");
    const properties = ao013MapProperties(doc, 7);
    expect(properties).toMatchObject({
      name: "Bosque Norte",
      music: [3],
      terrain: "BOSQUE",
      zone: "CAMPO",
      safe: false,
      backup: true,
      restrictions: ["newbie", "noMagic"],
    });
    expect(ao013MapProperties(dat("[MAPA7]\nPk=1\n"), 7)?.safe).toBe(true);
  });

  test("a file whose section names another map gives undefined", () => {
    expect(ao013MapProperties(dat("[MAPA122]\nName=Mar\n"), 7)).toBeUndefined();
  });
});
