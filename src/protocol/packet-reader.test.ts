import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { PacketReader, ProtocolError, fromHex } from "./index.ts";

const reader = (hex: string) => new PacketReader(fromHex(hex)!);

function failure(read: () => unknown): ProtocolError {
  try {
    read();
  } catch (error) {
    if (error instanceof ProtocolError) return error;
    throw error;
  }
  throw new Error("expected a ProtocolError");
}

describe("PacketReader (§1.3)", () => {
  test("reads little-endian signed numbers", () => {
    const r = reader("FE FF FF FF FF FF 00 00 80 3F 00 00 00 00 00 00 00 C0 AB");
    expect(r.i16()).toBe(-2);
    expect(r.i32()).toBe(-1);
    expect(r.f32()).toBe(1);
    expect(r.f64()).toBe(-2);
    expect(r.u8()).toBe(0xab);
    expect(r.remaining).toBe(0);
  });

  test("any non-zero byte is true, like VB ReadBool", () => {
    const r = reader("00 01 FF");
    expect([r.bool(), r.bool(), r.bool()]).toEqual([false, true, true]);
  });

  test("accepts non-minimal varints up to 10 bytes, refuses longer or unsafe ones", () => {
    expect(reader("80 00").varint()).toBe(0);
    expect(reader("FF FF FF FF FF FF FF 0F").varint()).toBe(Number.MAX_SAFE_INTEGER);
    expect(failure(() => reader("80 80 80 80 80 80 80 80 80 80 00").varint()).code).toBe("bad_varint");
    expect(failure(() => reader("80 80 80 80 80 80 80 80 10").varint()).code).toBe("bad_varint");
    expect(failure(() => reader("80 80").varint())).toMatchObject({ code: "truncated", offset: 0 });
  });

  test("strings: UTF-8 validated, BOM kept, length checked before reading", () => {
    expect(reader("04 EF BB BF 61").str()).toBe("\uFEFFa");
    expect(reader("00").str()).toBe("");
    expect(failure(() => reader("02 C3 28").str())).toMatchObject({ code: "bad_string", offset: 1 });
    expect(failure(() => reader("03 ED A0 80").str()).code).toBe("bad_string"); // encoded surrogate
    expect(failure(() => reader("02 C0 80").str()).code).toBe("bad_string"); // overlong NUL
    expect(failure(() => reader("05 61 62").str())).toMatchObject({ code: "truncated", offset: 0 });
    const long = `${"61".repeat(100)}C3 B1`;
    expect(reader(`66 ${long}`).str()).toBe(`${"a".repeat(100)}ñ`);
  });

  test("safe arrays: product of the counts, refused before allocation when too big", () => {
    expect(reader("02 00 02 05 03 01 02 03 04 05 06").sa8()).toEqual({
      bounds: [
        { lowerBound: 0, count: 2 },
        { lowerBound: 5, count: 3 },
      ],
      data: Uint8Array.of(1, 2, 3, 4, 5, 6),
    });
    expect(reader("00").sa8()).toEqual({ bounds: [], data: new Uint8Array(0) });
    expect(failure(() => reader("01 00 FF FF FF FF 0F").sa8()).code).toBe("truncated");
    // Seven dimensions of 2^53 - 1 elements, then one of 0: still a clean, empty array.
    const huge = "00 FF FF FF FF FF FF FF 0F ".repeat(7);
    const r = reader(`08 ${huge}00 00 AB`);
    expect(r.sa8().data.length).toBe(0);
    expect(r.u8()).toBe(0xab);
    expect(failure(() => reader(`07 ${huge}`).sa8()).code).toBe("truncated");
  });

  test("errors carry the field being read", () => {
    const r = reader("01");
    r.field = "counter";
    expect(failure(() => r.i32())).toMatchObject({ code: "truncated", field: "counter", offset: 0 });
  });
});

test("f32 decoding is exact for every class of value", () => {
  fc.assert(
    fc.property(fc.integer(), (bits) => {
      const view = new DataView(new ArrayBuffer(4));
      view.setInt32(0, bits, true);
      const expected = view.getFloat32(0, true);
      const actual = new PacketReader(new Uint8Array(view.buffer)).f32();
      expect(Object.is(actual, expected) || (Number.isNaN(actual) && Number.isNaN(expected))).toBe(true);
    }),
    { numRuns: 20_000 },
  );
  for (const bits of [0, 0x8000_0000, 1, 0x007f_ffff, 0x0080_0000, 0x7f7f_ffff, 0x7f80_0000, 0xff80_0000 | 0, 0x7fc0_0000]) {
    const view = new DataView(new ArrayBuffer(4));
    view.setInt32(0, bits, true);
    const actual = new PacketReader(new Uint8Array(view.buffer)).f32();
    const expected = view.getFloat32(0, true);
    expect(Number.isNaN(expected) ? Number.isNaN(actual) : Object.is(actual, expected)).toBe(true);
  }
});
