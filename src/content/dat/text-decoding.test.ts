import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { decodeTextLines, decodeWindows1252, repairDoubleEncoding, vbUpperCase } from "./text-decoding.ts";

describe("Windows-1252", () => {
  test("0x80..0x9F are the 1252 punctuation, not Latin-1 controls; undefined bytes stay C1", () => {
    expect(decodeWindows1252(new Uint8Array([0x80, 0x85, 0x91, 0x92, 0x81, 0xf1, 0xd1]))).toBe("€…‘’\u0081ñÑ");
  });

  test("each line is decoded on its own: UTF-8 when valid, 1252 otherwise", () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x41, 0xc3, 0xb1, 0x0d, 0x0a, 0x42, 0xf1, 0x0a, 0x43]);
    const decoded = decodeTextLines(bytes);
    expect(decoded.lines.map((l) => l.text)).toEqual(["Añ", "Bñ", "C"]);
    expect(decoded.encoding).toBe("mixed");
    expect(decoded.lineEnding).toBe("mixed");
  });

  test("a trailing line end does not add an empty line", () => {
    expect(decodeTextLines(new TextEncoder().encode("a\r\nb\r\n")).lines.map((l) => l.line)).toEqual([1, 2]);
  });
});

describe("repairDoubleEncoding", () => {
  test("repairs text that went through UTF-8 twice", () => {
    expect(repairDoubleEncoding("BaÃ±o")).toBe("Baño");
    expect(repairDoubleEncoding("Â¡Hola!")).toBe("¡Hola!");
  });

  test("leaves ordinary Spanish alone", () => {
    for (const text of ["Baño", "Ñandú", "Poción de Maná", "Ã solo", "Ãx"]) expect(repairDoubleEncoding(text)).toBe(text);
  });

  test("never throws", () => {
    fc.assert(fc.property(fc.string({ maxLength: 40 }), (text) => void repairDoubleEncoding(text)), { numRuns: 300 });
  });
});

describe("vbUpperCase", () => {
  test("ASCII and 1252 letters, but not ß or µ", () => {
    expect(vbUpperCase("apuñala")).toBe("APUÑALA");
    expect(vbUpperCase("straße µ ÿ œ")).toBe("STRAßE µ Ÿ Œ");
  });
});
