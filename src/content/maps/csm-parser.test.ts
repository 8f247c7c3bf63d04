import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { ao20Restrictions, parseCsm } from "./csm-parser.ts";
import { EMPTY_MAP_DAT, encodeCsm, type CsmContent } from "./csm-writer.ts";
import { tileIndex } from "./map-types.ts";
import { BLOCKED_ALL, BLOCKED_GM, BLOCKED_NORTH, TILE_TREE, TILE_WATER } from "./tile-flags.ts";

/** Header (44) + MapSize (8) + MapDat of EMPTY_MAP_DAT: 6 length prefixes + "0", 5 bytes, 6 longs. */
const EMPTY_HEADER_BYTES = 44 + 8 + (6 * 2 + 1) + 5 + 6 * 4;

function parseOk(content: CsmContent) {
  const outcome = parseCsm(encodeCsm(content), "Mapa9.csm");
  if (!outcome.ok) throw new Error(outcome.error.message);
  return outcome.map;
}

describe("parseCsm", () => {
  test("golden bytes: a hand-written file with one record per block", () => {
    // Header counts in header order: blocked, L1, L2, L3, L4, triggers, lights, particles, NPCs, objects, exits.
    const header = [1, 0, 0, 0, 0, 1, 0, 0, 1, 1, 1].flatMap((count) => [count, 0, 0, 0]);
    const mapSize = [0, 0, 0, 0, 0, 0, 0, 0];
    const mapDat = [
      ...[3, 0, 0x41, 0xf1, 0x6f], // map_name "Año" (cp1252 ñ = 0xF1)
      1, // backup_mode
      ...[2, 0, 0x31, 0x38], // restrict_mode "18" = 2 no magic + 16 no invisibility
      ...[7, 0, 0, 0], // music high
      ...[0, 0, 0, 0], // music low
      1, // Seguro
      ...[6, 0, ..."CIUDAD"].map((value) => (typeof value === "string" ? value.charCodeAt(0) : value)),
      ...[0, 0], // terrain ""
      ...[0, 0], // ambient ""
      ...[0xff, 0xff, 0xff, 0x00], // base_light
      ...[0, 0, 0, 0], // letter_grh
      ...[0x01, 0x19, 0, 0], // level 0x1901 → 1..25
      ...[0, 0, 0, 0], // extra2
      ...[7, 0, ..."2-50-60"].map((value) => (typeof value === "string" ? value.charCodeAt(0) : value)), // Salida
      1, // rain
      0, // snow
      0, // fog
    ];
    const blocked = [5, 0, 6, 0, BLOCKED_NORTH];
    const triggers = [7, 0, 8, 0, 4, 0];
    const objects = [9, 0, 10, 0, 0x94, 0, 3, 0];
    const npcs = [11, 0, 12, 0, 0xa3, 0x01];
    const exits = [13, 0, 14, 0, 0xff, 0xff, 1, 0, 1, 0];
    const stale = [0xde, 0xad, 0xbe, 0xef];
    const bytes = new Uint8Array([...header, ...mapSize, ...mapDat, ...blocked, ...triggers, ...objects, ...npcs, ...exits, ...stale]);
    const outcome = parseCsm(bytes, "mapa9.csm");
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const map = outcome.map;
    expect(map.properties.name).toBe("Año");
    expect(map.properties.backup).toBe(true);
    expect(map.properties.restrictions).toEqual(["noMagic", "noInvisibility"]);
    expect(map.properties.music).toEqual([7]);
    expect(map.properties.safe).toBe(true);
    expect(map.properties.zone).toBe("CIUDAD");
    expect(map.properties.baseLight).toBe(0x00ffffff);
    expect([map.properties.minLevel, map.properties.maxLevel]).toEqual([1, 25]);
    expect(map.properties.exitTo).toEqual({ map: 2, x: 50, y: 60 });
    expect(map.properties.rain).toBe(true);
    expect(map.tileFlags[tileIndex(100, 5, 6)]).toBe(BLOCKED_NORTH);
    expect(map.triggers[tileIndex(100, 7, 8)]).toBe(4);
    expect(map.objects).toEqual([{ x: 9, y: 10, obj: 148, amount: 3 }]);
    expect(map.npcs).toEqual([{ x: 11, y: 12, npc: 419 }]);
    expect(map.exits).toEqual([{ x: 13, y: 14, destMap: -1, destX: 1, destY: 1 }]);
    expect(map.counts).toEqual({ blocked: 1, exits: 1, npcs: 1, objects: 1, triggers: 1 });
  });

  test("blocks are read in file order: particles before lights, objects before NPCs", () => {
    // If the parser followed header order, the light record would be read as a particle and the
    // NPC as an object, shifting every later record.
    const map = parseOk({
      mapDat: EMPTY_MAP_DAT,
      particles: [{ x: 1, y: 1, particle: 5 }],
      lights: [{ x: 2, y: 2, color: -1, range: 101 }],
      objects: [
        { x: 3, y: 3, obj: 7, amount: 1 },
        { x: 4, y: 4, obj: 8, amount: 2 },
      ],
      npcs: [{ x: 5, y: 5, npc: 9 }],
      exits: [{ x: 6, y: 6, destMap: 2, destX: 50, destY: 50 }],
    });
    expect(map.objects.map((object) => object.obj)).toEqual([7, 8]);
    expect(map.npcs).toEqual([{ x: 5, y: 5, npc: 9 }]);
    expect(map.exits).toEqual([{ x: 6, y: 6, destMap: 2, destX: 50, destY: 50 }]);
  });

  test("stale bytes after the last record are ignored", () => {
    const content: CsmContent = { mapDat: EMPTY_MAP_DAT, npcs: [{ x: 10, y: 10, npc: 3 }] };
    const clean = parseOk(content);
    const stale = parseOk({ ...content, trailing: new Uint8Array(5000).fill(0x7f) });
    expect(stale.npcs).toEqual(clean.npcs);
    expect(stale.counts).toEqual(clean.counts);
  });

  test("water and tree flags follow the reference sequence", () => {
    const map = parseOk({
      mapDat: EMPTY_MAP_DAT,
      blocked: [{ x: 1, y: 1, sides: BLOCKED_ALL | BLOCKED_GM | TILE_WATER }],
      layers: [
        [
          { x: 1, y: 1, grh: 1505 }, // water
          { x: 2, y: 1, grh: 1510 }, // water, then a coast on layer 2
          { x: 3, y: 1, grh: 1520 }, // water, coast, then swimmable trigger 11
          { x: 4, y: 1, grh: 1504 }, // just below the range: land
        ],
        [
          { x: 2, y: 1, grh: 77 },
          { x: 3, y: 1, grh: 77 },
        ],
        [{ x: 5, y: 1, grh: 11905 }], // a tree grh
        [],
      ],
      triggers: [
        { x: 3, y: 1, trigger: 11 },
        { x: 6, y: 1, trigger: 8 }, // water detail on plain ground still marks water
      ],
    });
    const at = (x: number) => map.tileFlags[tileIndex(100, x, 1)]!;
    // A water bit in the file's `lados` byte is not trusted; the floor made it water anyway.
    expect(at(1)).toBe(BLOCKED_ALL | BLOCKED_GM | TILE_WATER);
    expect(at(2)).toBe(0);
    expect(at(3)).toBe(TILE_WATER);
    expect(at(4)).toBe(0);
    expect(at(5)).toBe(TILE_TREE);
    expect(at(6)).toBe(TILE_WATER);
    expect(map.layers[0]![tileIndex(100, 1, 1)]).toBe(1505);
    expect(map.layers[2]![tileIndex(100, 5, 1)]).toBe(11905);
    expect(map.counts.blocked).toBe(1);
  });

  test("a GM-only block is kept but not counted as blocked", () => {
    const map = parseOk({ mapDat: EMPTY_MAP_DAT, blocked: [{ x: 9, y: 9, sides: BLOCKED_GM }] });
    expect(map.tileFlags[tileIndex(100, 9, 9)]).toBe(BLOCKED_GM);
    expect(map.counts.blocked).toBe(0);
  });

  test("later records for the same tile replace earlier ones; NPC records are all kept", () => {
    const map = parseOk({
      mapDat: EMPTY_MAP_DAT,
      blocked: [
        { x: 2, y: 2, sides: BLOCKED_ALL },
        { x: 2, y: 2, sides: BLOCKED_NORTH },
      ],
      objects: [
        { x: 3, y: 3, obj: 1, amount: 1 },
        { x: 3, y: 3, obj: 2, amount: 5 },
      ],
      npcs: [
        { x: 4, y: 4, npc: 1 },
        { x: 4, y: 4, npc: 2 },
        { x: 4, y: 5, npc: 0 }, // skipped by the server, still a record
      ],
      exits: [
        { x: 5, y: 5, destMap: 3, destX: 1, destY: 1 },
        { x: 5, y: 5, destMap: 0, destX: 0, destY: 0 }, // removes the exit
      ],
    });
    expect(map.tileFlags[tileIndex(100, 2, 2)]).toBe(BLOCKED_NORTH);
    expect(map.objects).toEqual([{ x: 3, y: 3, obj: 2, amount: 5 }]);
    expect(map.npcs).toEqual([
      { x: 4, y: 4, npc: 1 },
      { x: 4, y: 4, npc: 2 },
    ]);
    expect(map.exits).toEqual([]);
    expect(map.counts).toEqual({ blocked: 1, exits: 0, npcs: 3, objects: 2, triggers: 0 });
  });

  test("zero-length file", () => {
    const outcome = parseCsm(new Uint8Array(0), "mapa3.csm");
    expect(outcome).toEqual({ ok: false, error: { code: "empty-file", file: "mapa3.csm", offset: 0, message: "mapa3.csm at byte 0: the file is empty" } });
  });

  test("file shorter than the header", () => {
    const outcome = parseCsm(new Uint8Array(30), "mapa3.csm");
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error).toMatchObject({ code: "truncated", file: "mapa3.csm", offset: 30 });
  });

  test("truncated inside a block names the block's offset", () => {
    const bytes = encodeCsm({ mapDat: EMPTY_MAP_DAT, npcs: [{ x: 1, y: 1, npc: 1 }, { x: 2, y: 2, npc: 2 }] });
    const outcome = parseCsm(bytes.subarray(0, bytes.length - 1), "Mapa4.csm");
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.code).toBe("truncated");
    expect(outcome.error.offset).toBe(EMPTY_HEADER_BYTES);
    expect(outcome.error.message).toContain("Mapa4.csm at byte");
    expect(outcome.error.message).toContain("NumeroNPCs = 2");
  });

  test("truncated inside a map property string", () => {
    const bytes = encodeCsm({ mapDat: { ...EMPTY_MAP_DAT, mapName: "Ciudad" } });
    const outcome = parseCsm(bytes.subarray(0, 56), "mapa5.csm");
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error).toMatchObject({ code: "truncated", file: "mapa5.csm", offset: 52 });
  });

  test("negative header counts are rejected at their offset", () => {
    const bytes = encodeCsm({ mapDat: EMPTY_MAP_DAT });
    new DataView(bytes.buffer).setInt32(8 * 4, -5, true); // NumeroNPCs
    const outcome = parseCsm(bytes, "mapa6.csm");
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error).toMatchObject({ code: "bad-count", offset: 32 });
  });

  test("coordinates off the map are rejected with the record's offset", () => {
    const bytes = encodeCsm({ mapDat: EMPTY_MAP_DAT, blocked: [{ x: 1, y: 1, sides: 15 }, { x: 101, y: 1, sides: 15 }] });
    const outcome = parseCsm(bytes, "mapa7.csm");
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error).toMatchObject({ code: "bad-coordinate", file: "mapa7.csm", offset: EMPTY_HEADER_BYTES + 5 });
    expect(outcome.error.message).toContain("(101, 1)");
  });

  test("triggers outside one byte are rejected", () => {
    const outcome = parseCsm(encodeCsm({ mapDat: EMPTY_MAP_DAT, triggers: [{ x: 1, y: 1, trigger: -3 }] }), "mapa8.csm");
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error).toMatchObject({ code: "bad-value", offset: EMPTY_HEADER_BYTES });
  });

  test("restrict_mode: numbers are bit masks, NEWBIE is 1, other words are 0", () => {
    expect(ao20Restrictions("80")).toEqual(["noInvisibility", "noPets"]);
    expect(ao20Restrictions("newbie")).toEqual(["newbie"]);
    expect(ao20Restrictions("")).toEqual([]);
    expect(ao20Restrictions("SI")).toEqual([]);
    expect(ao20Restrictions("256")).toEqual(["patreonOnly"]);
  });

  test("fuzz: random bytes never throw", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
        const outcome = parseCsm(bytes, "fuzz.csm");
        if (!outcome.ok) expect(outcome.error.offset).toBeLessThanOrEqual(bytes.length);
      }),
      { numRuns: 2000 },
    );
  });

  test("fuzz: corrupted valid files never throw and report offsets inside the file", () => {
    const base = encodeCsm({
      mapDat: { ...EMPTY_MAP_DAT, mapName: "Fuzz" },
      blocked: [{ x: 3, y: 3, sides: 15 }],
      layers: [[{ x: 1, y: 1, grh: 1505 }], [], [], []],
      triggers: [{ x: 2, y: 2, trigger: 6 }],
      objects: [{ x: 4, y: 4, obj: 1, amount: 1 }],
      npcs: [{ x: 5, y: 5, npc: 1 }],
      exits: [{ x: 6, y: 6, destMap: 2, destX: 3, destY: 4 }],
    });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(base.length - 1), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }),
        fc.nat(base.length),
        (edits, cut) => {
          const bytes = base.slice(0, cut);
          for (const [at, value] of edits) if (at < bytes.length) bytes[at] = value;
          const outcome = parseCsm(bytes, "fuzz.csm");
          if (!outcome.ok) {
            expect(outcome.error.file).toBe("fuzz.csm");
            expect(outcome.error.offset).toBeLessThanOrEqual(bytes.length);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });

  test("property: what the writer writes, the parser reads back", () => {
    const coordinate = fc.integer({ min: 1, max: 100 });
    const record = fc.record({ x: coordinate, y: coordinate, npc: fc.integer({ min: 1, max: 0x7fff }) });
    fc.assert(
      fc.property(fc.array(record, { maxLength: 30 }), fc.string({ maxLength: 20 }), (npcs, zone) => {
        const latin1Zone = [...zone].filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) < 0x7f).join("");
        const map = parseOk({ mapDat: { ...EMPTY_MAP_DAT, zone: latin1Zone }, npcs });
        expect(map.npcs).toEqual(npcs);
        expect(map.properties.zone).toBe(latin1Zone);
      }),
      { numRuns: 300 },
    );
  });
});
