import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { MAX_FRAME_BODY_BYTES, PacketReader, PacketWriter, toHex, utf8Length } from "./index.ts";

function written(fill: (w: PacketWriter) => void): string {
  const w = new PacketWriter(16);
  fill(w);
  return toHex(w.bytes(), " ");
}

describe("PacketWriter primitives (§1.3)", () => {
  test("fixed-size numbers are little-endian and wrap like VB typed stores", () => {
    expect(written((w) => w.u8(0xab))).toBe("ab");
    expect(written((w) => w.i16(-2))).toBe("fe ff");
    expect(written((w) => w.i16(0x1234))).toBe("34 12");
    expect(written((w) => w.i16(40_000))).toBe("40 9c"); // 40000 wraps to -25536 = 0x9C40
    expect(written((w) => w.i32(-1))).toBe("ff ff ff ff");
    expect(written((w) => w.i32(0x01020304))).toBe("04 03 02 01");
    expect(written((w) => w.f32(1))).toBe("00 00 80 3f");
    expect(written((w) => w.f64(-2))).toBe("00 00 00 00 00 00 00 c0");
    expect(written((w) => w.bool(true))).toBe("01");
    expect(written((w) => w.bool(false))).toBe("00");
  });

  test("varints are unsigned LEB128", () => {
    expect(written((w) => w.varint(0))).toBe("00");
    expect(written((w) => w.varint(127))).toBe("7f");
    expect(written((w) => w.varint(128))).toBe("80 01");
    expect(written((w) => w.varint(16_384))).toBe("80 80 01");
    expect(written((w) => w.varint(0xffff_ffff))).toBe("ff ff ff ff 0f");
    expect(written((w) => w.varint(Number.MAX_SAFE_INTEGER))).toBe("ff ff ff ff ff ff ff 0f");
  });

  test("strings are a varint UTF-8 byte count plus UTF-8", () => {
    expect(written((w) => w.str(""))).toBe("00");
    expect(written((w) => w.str("ab"))).toBe("02 61 62");
    expect(written((w) => w.str("€"))).toBe("03 e2 82 ac");
    expect(written((w) => w.str("😀"))).toBe("04 f0 9f 98 80");
    expect(written((w) => w.str("\uFEFFa"))).toBe("04 ef bb bf 61"); // a leading BOM is data
    expect(written((w) => w.str("\uD800"))).toBe("03 ef bf bd"); // lone surrogate → U+FFFD
    expect(written((w) => w.str("a".repeat(128))).slice(0, 5)).toBe("80 01");
    expect(written((w) => w.str("ñ".repeat(64))).slice(0, 5)).toBe("80 01"); // 64 chars, 128 bytes
  });

  test("utf8Length agrees with TextEncoder", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), fc.string({ unit: "grapheme" }), (a, b) => {
        for (const s of [a, b, a + "\uDC00" + b]) expect(utf8Length(s)).toBe(new TextEncoder().encode(s).length);
      }),
    );
  });

  test("any string written then read comes back (lone surrogates as U+FFFD)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), fc.string({ maxLength: 300 }), (a, b) => {
        const w = new PacketWriter(8);
        w.str(a);
        w.str(b);
        const r = new PacketReader(w.bytes());
        expect(r.str()).toBe(a);
        expect(r.str()).toBe(b);
        expect(r.remaining).toBe(0);
        const alone = new PacketWriter(8);
        alone.str(a);
        const utf8 = new TextEncoder().encode(a);
        expect(toHex(alone.bytes().subarray(alone.length - utf8.length))).toBe(toHex(utf8));
      }),
      { numRuns: 300 },
    );
  });

  test("safe arrays: dims, then bounds per dim, then the bytes", () => {
    expect(written((w) => w.sa8({ bounds: [{ lowerBound: 1, count: 2 }], data: Uint8Array.of(9, 8) }))).toBe("01 01 02 09 08");
    expect(written((w) => w.sa8({ bounds: [], data: new Uint8Array(0) }))).toBe("00");
  });
});

describe("PacketWriter frames and buffer", () => {
  test("many frames share one growing buffer; reset reuses it", () => {
    const w = new PacketWriter(16);
    for (let i = 0; i < 100; i++) {
      w.beginFrame(31);
      w.u8(i);
      w.u8(i + 1);
      expect(w.endFrame()).toBe(true);
    }
    expect(w.length).toBe(600);
    expect(w.capacity).toBeGreaterThanOrEqual(600);
    expect(toHex(w.slice(594), " ")).toBe("04 00 1f 00 63 64");
    const capacity = w.capacity;
    w.reset();
    expect(w.length).toBe(0);
    w.beginFrame(3);
    w.endFrame();
    expect(toHex(w.bytes(), " ")).toBe("02 00 03 00");
    expect(w.capacity).toBe(capacity);
  });

  test("a body over 65,535 bytes is rolled back and reported", () => {
    const w = new PacketWriter();
    w.beginFrame(31);
    w.u8(1);
    w.u8(2);
    w.endFrame();
    w.beginFrame(35);
    w.str("x".repeat(MAX_FRAME_BODY_BYTES));
    expect(w.endFrame()).toBe(false);
    expect(toHex(w.bytes(), " ")).toBe("04 00 1f 00 01 02");
    w.beginFrame(35);
    w.raw(new Uint8Array(MAX_FRAME_BODY_BYTES - 2));
    expect(w.endFrame()).toBe(true);
    expect(toHex(w.slice(6, 8))).toBe("ffff");
  });

  test("frames do not nest, and endFrame needs an open frame", () => {
    const w = new PacketWriter();
    expect(() => w.endFrame()).toThrow();
    w.beginFrame(1);
    expect(w.inFrame).toBe(true);
    expect(() => w.beginFrame(2)).toThrow();
    w.abortFrame();
    expect(w.length).toBe(0);
    expect(w.inFrame).toBe(false);
  });

  test("copyBytes is independent of later writes", () => {
    const w = new PacketWriter();
    w.u8(1);
    const copy = w.copyBytes();
    w.reset();
    w.u8(2);
    expect([...copy]).toEqual([1]);
    w.truncate(0);
    expect(w.length).toBe(0);
    expect(() => w.truncate(5)).toThrow(RangeError);
  });
});
