import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { MAP_LAYERS_HEADER_BYTES, decodeMapLayers, encodeMapLayers, mapLayersByteLength, type MapLayersDocument } from "./map-layers.ts";

/** A 2 × 1 map: a floor everywhere, a coast on (2, 1), a grh past 65,535 on layer 3, no roof. */
function sample(): MapLayersDocument {
  return {
    id: 7,
    width: 2,
    height: 1,
    layers: [Int32Array.of(1505, 1506), Int32Array.of(0, 77), Int32Array.of(68_527, 0), Int32Array.of(0, 0)],
  };
}
const SHAPE = { id: 7, width: 2, height: 1 };

describe("map layers document", () => {
  test("golden bytes of a tiny map", () => {
    const bytes = encodeMapLayers(sample());
    expect(bytes.length).toBe(mapLayersByteLength(2, 1));
    expect([...bytes]).toEqual([
      ...[0x41, 0x4f, 0x4d, 0x4c], // "AOML"
      ...[1, 0], // version
      ...[7, 0], // map id
      ...[2, 0], // width
      ...[1, 0], // height
      ...[0xe1, 0x05, 0, 0, 0xe2, 0x05, 0, 0], // layer 1: 1505, 1506
      ...[0, 0, 0, 0, 77, 0, 0, 0], // layer 2: 0, 77
      ...[0xaf, 0x0b, 0x01, 0, 0, 0, 0, 0], // layer 3: 68527, 0
      ...[0, 0, 0, 0, 0, 0, 0, 0], // layer 4
    ]);
  });

  test("round trip", () => {
    const decoded = decodeMapLayers(encodeMapLayers(sample()), SHAPE);
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    expect(decoded.document.layers.map((layer) => [...layer])).toEqual(sample().layers.map((layer) => [...layer]));
  });

  test("hostile documents are refused with the reason", () => {
    const bytes = encodeMapLayers(sample());
    const refused = (input: Uint8Array, shape = SHAPE) => {
      const outcome = decodeMapLayers(input, shape);
      return outcome.ok ? "accepted" : outcome.error.code;
    };
    expect(refused(bytes.subarray(0, 5))).toBe("truncated");
    expect(refused(bytes.subarray(0, bytes.length - 1))).toBe("truncated");
    expect(refused(new Uint8Array([...bytes, 0]))).toBe("oversized");
    const wrongMagic = bytes.slice();
    wrongMagic[3] = 0x58;
    expect(refused(wrongMagic)).toBe("bad-magic");
    const wrongVersion = bytes.slice();
    wrongVersion[4] = 2;
    expect(refused(wrongVersion)).toBe("bad-version");
    expect(refused(bytes, { id: 8, width: 2, height: 1 })).toBe("wrong-map");
    expect(refused(bytes, { id: 7, width: 1, height: 2 })).toBe("wrong-map");
    const outcome = decodeMapLayers(new Uint8Array([...bytes, 0, 0]), SHAPE);
    expect(outcome.ok ? "" : outcome.error.message).toBe(`map layers: ${bytes.length + 2} bytes, map 7 needs only ${bytes.length}`);
  });

  test("encoding refuses grids of the wrong size", () => {
    expect(() => encodeMapLayers({ ...sample(), width: 3 })).toThrow("layer 1 has 2 tiles, expected 3");
  });

  test("fuzz: decoding random or corrupted bytes never throws", () => {
    const base = encodeMapLayers(sample());
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 4 }), (bytes, width, height) => {
        decodeMapLayers(bytes, { id: 7, width, height });
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(MAP_LAYERS_HEADER_BYTES - 1), fc.integer({ min: 0, max: 255 })), { maxLength: 4 }), (edits) => {
        const bytes = base.slice();
        for (const [at, value] of edits) bytes[at] = value;
        decodeMapLayers(bytes, SHAPE);
      }),
      { numRuns: 1000 },
    );
  });
});
