import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { buildGraphicsIndex } from "./build-graphics-index.ts";
import { expandMolde, firstFrame, GraphicsIndexSchema, moldeRowSpeed } from "./graphics-index.ts";
import { parseGraficosIni, parseGraficosInd } from "./grh-table.ts";
import { IND_HEADER_BYTES, parseFxsInd, parseHeadsInd } from "./ind-indexes.ts";
import { parseArmasDat, parseCuerposDat, parseEscudosDat, parseMoldesIni } from "./ini-indexes.ts";

/** Little-endian writer for golden test files. */
class Bytes {
  private readonly parts: number[] = [];
  i16(value: number): this {
    this.parts.push(value & 0xff, (value >> 8) & 0xff);
    return this;
  }
  i32(value: number): this {
    this.parts.push(value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, (value >>> 24) & 0xff);
    return this;
  }
  f32(value: number): this {
    const view = new DataView(new ArrayBuffer(4));
    view.setFloat32(0, value, true);
    this.parts.push(...new Uint8Array(view.buffer));
    return this;
  }
  fill(count: number, byte = 0x20): this {
    for (let i = 0; i < count; i++) this.parts.push(byte);
    return this;
  }
  done(): Uint8Array {
    return new Uint8Array(this.parts);
  }
}

const text = (...lines: string[]) => new TextEncoder().encode(lines.join("\r\n") + "\r\n");

/** graficos.ind with grh 1 = picture, grh 2 = picture, grh 3 = animation of 1 and 2. */
function sampleGrhInd(): Uint8Array {
  return new Bytes()
    .i32(6)
    .i32(3)
    .i32(1).i16(1).i32(5066).i16(224).i16(832).i16(96).i16(96)
    .i32(2).i16(1).i32(12).i16(0).i16(32).i16(32).i16(32)
    .i32(3).i16(2).i32(1).i32(2).f32(333)
    .done();
}

describe("graficos.ind", () => {
  test("decodes pictures and animations", () => {
    const { value, errors, warnings } = parseGraficosInd(sampleGrhInd(), "graficos.ind");
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
    expect(value!.version).toBe(6);
    expect(value!.grhs).toEqual([
      null,
      { file: 5066, x: 224, y: 832, w: 96, h: 96 },
      { file: 12, x: 0, y: 32, w: 32, h: 32 },
      { frames: [1, 2], speed: 333 },
    ]);
    expect(firstFrame(value!.grhs, 3)).toEqual({ file: 5066, x: 224, y: 832, w: 96, h: 96 });
  });

  test("every truncation is an error with the byte offset where the read failed", () => {
    const bytes = sampleGrhInd();
    for (let length = 0; length < bytes.length; length++) {
      const { value, errors, warnings } = parseGraficosInd(bytes.subarray(0, length), "graficos.ind");
      if (value !== null) {
        // Cut exactly between records: the client stops at end of file too; we warn.
        expect([8, 8 + 18, 8 + 36]).toContain(length);
        expect(warnings[0]).toMatchObject({ code: "truncated", offset: length });
        continue;
      }
      expect(errors).toHaveLength(1);
      expect(errors[0]!.code).toBe("truncated");
      expect(errors[0]!.file).toBe("graficos.ind");
      expect(errors[0]!.offset).toBeLessThanOrEqual(length);
      expect(errors[0]!.message).toContain(`offset ${errors[0]!.offset}`);
    }
  });

  test("impossible records are errors at their offset; extra bytes a warning", () => {
    const zeroFrames = new Bytes().i32(6).i32(1).i32(1).i16(0).done();
    expect(parseGraficosInd(zeroFrames, "g.ind").errors[0]).toMatchObject({ code: "bad-record", offset: 12 });
    const badId = new Bytes().i32(6).i32(2).i32(7).done();
    expect(parseGraficosInd(badId, "g.ind").errors[0]).toMatchObject({ code: "bad-record", offset: 8 });
    const hugeCount = new Bytes().i32(6).i32(0x7fffffff).done();
    expect(parseGraficosInd(hugeCount, "g.ind").errors[0]).toMatchObject({ code: "bad-record", offset: 4 });
    const trailing = new Uint8Array([...sampleGrhInd(), 1, 2, 3]);
    expect(parseGraficosInd(trailing, "g.ind").warnings[0]).toMatchObject({ code: "trailing-bytes", offset: 62 });
  });

  test("random bytes never throw", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const result = parseGraficosInd(bytes, "fuzz.ind");
        expect(result.value !== null || result.errors.length === 1).toBe(true);
      }),
      { numRuns: 500 },
    );
    // Mutations of a valid file reach deeper into the record reader.
    fc.assert(
      fc.property(fc.nat(65), fc.integer({ min: 0, max: 255 }), fc.nat(66), (at, byte, cut) => {
        const bytes = sampleGrhInd().slice();
        bytes[at] = byte;
        parseGraficosInd(bytes.subarray(0, cut), "fuzz.ind");
      }),
      { numRuns: 500 },
    );
  });
});

describe("Graficos.ini", () => {
  test("NumGrh, [Graphics], pictures and animations; bad lines are skipped with their line number", () => {
    const { value, warnings } = parseGraficosIni(
      text("[INIT]", "NumGrh=4", "Version=6.84", "", "[Graphics]", "Grh1=1-5066-224-832-96-96", "Grh2=1-12-0-32-32-32", "Grh3=2-1-2-333", "Grh4=1-0-0-0-32-32", "Grh9=1-1-0-0-1-1", "junk"),
      "Graficos.ini",
    );
    expect(value!.declaredCount).toBe(4);
    expect(value!.grhs).toEqual([null, { file: 5066, x: 224, y: 832, w: 96, h: 96 }, { file: 12, x: 0, y: 32, w: 32, h: 32 }, { frames: [1, 2], speed: 333 }, null]);
    expect(warnings.map((w) => w.line)).toEqual([9, 10, 11]);
  });

  test("missing header or section is an error", () => {
    expect(parseGraficosIni(text("[Graphics]", "Grh1=1-1-0-0-1-1"), "g.ini").errors[0]!.code).toBe("not-a-table");
    expect(parseGraficosIni(text("NumGrh=2"), "g.ini").errors[0]!.code).toBe("not-a-table");
    expect(parseGraficosIni(text("NumGrh=99999999", "[Graphics]"), "g.ini").errors[0]!.code).toBe("bad-record");
  });
});

describe("cabezas.ind / cascos.ind / fxs.ind", () => {
  const heads = new Bytes().fill(IND_HEADER_BYTES).i16(2).i32(33270).i32(33272).i32(33269).i32(33271).i32(0).i32(0).i32(0).i32(0).done();

  test("heads: N, E, S, W grhs; a 0 first grh is unused", () => {
    const { value, errors } = parseHeadsInd(heads, "cabezas.ind");
    expect(errors).toEqual([]);
    expect(value).toEqual([null, [33270, 33272, 33269, 33271], null]);
  });

  test("truncated heads name the offset", () => {
    const { errors } = parseHeadsInd(heads.subarray(0, IND_HEADER_BYTES + 2 + 20), "cabezas.ind");
    expect(errors[0]).toMatchObject({ code: "truncated", file: "cabezas.ind", offset: IND_HEADER_BYTES + 2 + 20 });
    expect(parseHeadsInd(new Uint8Array(10), "cascos.ind").errors[0]).toMatchObject({ code: "truncated", offset: 0 });
  });

  test("fxs", () => {
    const fxs = new Bytes().fill(IND_HEADER_BYTES).i16(1).i32(115).i16(0).i16(10).i16(0).done();
    expect(parseFxsInd(fxs, "fxs.ind").value).toEqual([null, { grh: 115, offsetX: 0, offsetY: 10, isPng: false }]);
  });

  test("random bytes never throw", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
        parseHeadsInd(bytes, "fuzz.ind");
        parseFxsInd(bytes, "fuzz.ind");
      }),
      { numRuns: 300 },
    );
  });
});

describe("moldes.ini, cuerpos.dat, armas.dat, escudos.dat", () => {
  const moldes = parseMoldesIni(text("[INIT]", "Moldes=2", "[Molde1]", "X=0", "Y=0", "Width=27", "Height=47", "Dir1=6", "Dir2=6", "Dir3=5", "Dir4=5"), "moldes.ini");

  test("moldes and their expansion: rows are south, north, west, east", () => {
    expect(moldes.value).toEqual([null, { x: 0, y: 0, w: 27, h: 47, rowFrames: [6, 6, 5, 5] }, null]);
    expect(moldes.warnings[0]!.code).toBe("missing-value");
    const frames = expandMolde(moldes.value![1]!, 1006);
    expect(frames.south).toHaveLength(6);
    expect(frames.north[1]).toEqual({ file: 1006, x: 27, y: 47, w: 27, h: 47 });
    expect(frames.east[0]).toEqual({ file: 1006, x: 0, y: 141, w: 27, h: 47 });
    // The client: AnimSpeed = 1 / Speed / 0.018 (Speed 0 → 1), row speed = frames × AnimSpeed.
    expect(moldeRowSpeed(6, 0)).toBeCloseTo(333.33, 2);
  });

  test("bodies: Std=0 walk grhs or a molde", () => {
    const { value } = parseCuerposDat(
      text("[INIT]", "NumBodies=2", "[BODY1]", "Std=1", "FileNum=1006", "HeadOffsetY=-35", "[BODY2]", "Walk1=10", "Walk2=11", "Walk3=12", "Walk4=13", "AnimateOnIdle=1"),
      "cuerpos.dat",
    );
    expect(value![1]).toMatchObject({ sprites: { kind: "molde", molde: 1, file: 1006, speed: 0 }, headOffsetY: -35 });
    expect(value![2]).toMatchObject({ sprites: { kind: "grhs", walk: [10, 11, 12, 13] }, animateOnIdle: true });
  });

  test("weapons and shields", () => {
    expect(parseArmasDat(text("[INIT]", "NumArmas=1", "[Arma1]", "Dir1=4719", "Dir2=4721", "Dir3=4718", "Dir4=4720"), "armas.dat").value).toEqual([
      null,
      { kind: "grhs", walk: [4719, 4721, 4718, 4720] },
    ]);
    expect(parseEscudosDat(text("[INIT]", "NumEscudos=1", "[ESC1]", "Std=1", "FileNum=2326"), "escudos.dat").value).toEqual([
      null,
      { kind: "molde", molde: 1, file: 2326, speed: 0 },
    ]);
  });

  test("hostile counts are capped; binary input is an error", () => {
    const huge = parseCuerposDat(text("[INIT]", "NumBodies=99999999"), "cuerpos.dat");
    expect(huge.value!.length).toBe(32_768);
    expect(huge.warnings.some((w) => w.code === "bad-value")).toBe(true);
    expect(parseMoldesIni(new Uint8Array([0x5b, 0, 0x5d]), "moldes.ini").errors[0]).toMatchObject({ code: "not-a-table", offset: 1 });
  });
});

describe("hostile text indexes", () => {
  test("random bytes and INI-shaped text never throw from the text parsers", () => {
    const parsers = [parseGraficosIni, parseMoldesIni, parseCuerposDat, parseArmasDat, parseEscudosDat];
    const line = fc.oneof(
      fc.constantFrom("[INIT]", "[Graphics]", "NumGrh=5", "NumBodies=3", "Moldes=2", "NumArmas=2", "NumEscudos=2", "[BODY1]", "[Molde1]", "[ARMA1]", "[ESC1]"),
      fc.constantFrom("Grh1=1-1-0-0-32-32", "Grh2=2-1-3-100", "Grh3=9-1", "Grh5=-1", "Std=1", "Std=99", "FileNum=&HFFFF", "Dir1=6"),
      fc.tuple(fc.string({ maxLength: 6 }), fc.string({ maxLength: 10 })).map(([k, v]) => `${k}=${v}`),
    );
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 300 }), fc.array(line, { maxLength: 25 }).map((lines) => text(...lines))), fc.nat(parsers.length - 1), (bytes, which) => {
        const result = parsers[which]!(bytes, "fuzz");
        expect(result.value !== null || result.errors.length > 0).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe("buildGraphicsIndex", () => {
  test("prefers Graficos.ini, falls back to graficos.ind, reports missing files and unknown moldes", () => {
    const files: Record<string, Uint8Array> = {
      "graficos.ind": sampleGrhInd(),
      "cuerpos.dat": text("[INIT]", "NumBodies=1", "[BODY1]", "Std=7", "FileNum=1"),
    };
    const { index, errors, warnings } = buildGraphicsIndex((name) => (files[name] ? { name, bytes: files[name]! } : undefined));
    expect(errors).toEqual([]);
    expect(index.grhSource).toBe("graficos.ind");
    expect(index.grhs).toHaveLength(4);
    expect(warnings.filter((w) => w.code === "missing-file").map((w) => w.file)).toEqual([
      "cabezas.ind",
      "cascos.ind",
      "fxs.ind",
      "moldes.ini",
      "armas.dat",
      "escudos.dat",
    ]);
    expect(warnings.some((w) => w.code === "bad-value" && w.file === "cuerpos.dat")).toBe(true);
    expect(GraphicsIndexSchema.parse(JSON.parse(JSON.stringify(index)))).toEqual(index);
  });
});
