import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { BLOCKED_ALL, BLOCKED_NORTH, TILE_WATER } from "../maps/index.ts";
import { MAP_BINARY_HEADER_BYTES, decodeMapBinary, encodeMapBinary, type MapBinaryContent } from "./map-binary.ts";

function sample(): MapBinaryContent {
  const width = 4;
  const height = 3;
  const collision = new Uint8Array(width * height);
  collision[0] = BLOCKED_ALL;
  collision[5] = BLOCKED_NORTH | TILE_WATER;
  const triggers = new Uint8Array(width * height);
  triggers[11] = 6;
  return {
    id: 7,
    width,
    height,
    collision,
    triggers,
    exits: [{ x: 2, y: 1, destMap: -1, destX: 1, destY: 1 }],
    npcs: [{ x: 3, y: 2, npc: 500 }],
    objects: [{ x: 4, y: 3, obj: 12, amount: 100_000 }],
  };
}

describe("map binary", () => {
  test("golden bytes of a tiny map", () => {
    const bytes = encodeMapBinary(sample());
    expect([...bytes.subarray(0, MAP_BINARY_HEADER_BYTES)]).toEqual([
      ...[0x41, 0x4f, 0x57, 0x4d], // "AOWM"
      ...[1, 0], // version
      ...[7, 0], // map id
      ...[4, 0], // width
      ...[3, 0], // height
      ...[1, 0, 0, 0], // triggers
      ...[1, 0, 0, 0], // exits
      ...[1, 0, 0, 0], // NPCs
      ...[1, 0, 0, 0], // objects
    ]);
    const grid = bytes.subarray(MAP_BINARY_HEADER_BYTES, MAP_BINARY_HEADER_BYTES + 12);
    expect([...grid]).toEqual([BLOCKED_ALL, 0, 0, 0, 0, BLOCKED_NORTH | TILE_WATER, 0, 0, 0, 0, 0, 0]);
    expect([...bytes.subarray(MAP_BINARY_HEADER_BYTES + 12)]).toEqual([
      ...[4, 0, 3, 0, 6], // trigger (4, 3) = 6
      ...[2, 0, 1, 0, 0xff, 0xff, 1, 0, 1, 0], // exit (2, 1) → -1 (1, 1)
      ...[3, 0, 2, 0, 0xf4, 0x01], // NPC 500 at (3, 2)
      ...[4, 0, 3, 0, 12, 0, 0xa0, 0x86, 0x01, 0x00], // 100000 × object 12 at (4, 3)
    ]);
  });

  test("round trip, collision grid in a SharedArrayBuffer", () => {
    const original = sample();
    const decoded = decodeMapBinary(encodeMapBinary(original), "maps/7.bin");
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    expect(decoded.map.collision.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect([...decoded.map.collision]).toEqual([...original.collision]);
    expect([...decoded.map.triggers]).toEqual([...original.triggers]);
    expect(decoded.map.exits).toEqual(original.exits);
    expect(decoded.map.npcs).toEqual(original.npcs);
    expect(decoded.map.objects).toEqual(original.objects);
    const plain = decodeMapBinary(encodeMapBinary(original), "maps/7.bin", { sharedCollision: false });
    expect(plain.ok && plain.map.collision.buffer instanceof SharedArrayBuffer).toBe(false);
  });

  test("bad input is an error with file and offset", () => {
    const bytes = encodeMapBinary(sample());
    expect(decodeMapBinary(bytes.subarray(0, 10), "m.bin")).toMatchObject({ ok: false, error: { code: "truncated", offset: 10 } });
    const wrongMagic = bytes.slice();
    wrongMagic[0] = 0x58;
    expect(decodeMapBinary(wrongMagic, "m.bin")).toMatchObject({ ok: false, error: { code: "bad-magic", offset: 0 } });
    expect(decodeMapBinary(bytes.subarray(0, bytes.length - 1), "m.bin")).toMatchObject({ ok: false, error: { code: "truncated", file: "m.bin" } });
    expect(decodeMapBinary(new Uint8Array([...bytes, 0]), "m.bin")).toMatchObject({ ok: false, error: { code: "trailing-bytes", offset: bytes.length } });
    const offMap = bytes.slice();
    offMap[MAP_BINARY_HEADER_BYTES + 12] = 9; // trigger x = 9 on a 4-wide map
    expect(decodeMapBinary(offMap, "m.bin")).toMatchObject({ ok: false, error: { code: "bad-coordinate", offset: MAP_BINARY_HEADER_BYTES + 12 } });
  });

  test("encoding refuses values that do not fit their field", () => {
    expect(() => encodeMapBinary({ ...sample(), npcs: [{ x: 1, y: 1, npc: 70_000 }] })).toThrow("does not fit u16");
  });

  test("fuzz: decoding random or corrupted bytes never throws", () => {
    const base = encodeMapBinary(sample());
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        decodeMapBinary(bytes, "fuzz.bin");
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(base.length - 1), fc.integer({ min: 0, max: 255 })), { maxLength: 6 }), (edits) => {
        const bytes = base.slice();
        for (const [at, value] of edits) bytes[at] = value;
        decodeMapBinary(bytes, "fuzz.bin");
      }),
      { numRuns: 1000 },
    );
  });
});
