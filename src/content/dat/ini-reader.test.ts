import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { getInteger, getNumber, getSection, getString, hasKey, readIni } from "./ini-reader.ts";

const encoder = new TextEncoder();
const ascii = (text: string) => encoder.encode(text);

describe("readIni (clsIniManager semantics)", () => {
  test("sections are trimmed and upper-cased; text after ] is ignored", () => {
    const doc = readIni(ascii("[ npc34 ] 'Propiedades\r\nName=Guardia\r\n[NPC1126]'\r\nName=Otro\r\n"), "t.dat");
    expect([...doc.sections.keys()]).toEqual(["NPC34", "NPC1126"]);
    expect(getString(doc, "Npc34", "name")).toBe("Guardia");
    expect(getString(doc, "npc1126", "NAME")).toBe("Otro");
  });

  test("keys are upper-cased but not trimmed; values keep spaces and trailing comments", () => {
    const doc = readIni(ascii("[A]\r\nMaxHit =7\r\nCrucial=1 'Solo dejar en 1\r\nObJ3=5-1'Insignia\r\n"), "t.dat");
    expect(hasKey(doc, "A", "MAXHIT")).toBe(false);
    expect(getString(doc, "A", "maxhit ")).toBe("7");
    expect(getString(doc, "A", "CRUCIAL")).toBe("1 'Solo dejar en 1");
    expect(getNumber(doc, "A", "crucial")).toBe(1);
    expect(getString(doc, "A", "obj3")).toBe("5-1'Insignia");
  });

  test("the = must be at position 2 or later; the first one after that splits", () => {
    const doc = readIni(ascii("[A]\r\n=ignored\r\n=K=v\r\nX==y\r\n'AGARRABLE=1\r\n"), "t.dat");
    const keys = [...getSection(doc, "A")!.entries.keys()];
    expect(keys).toEqual(["=K", "X", "'AGARRABLE"]);
    expect(getString(doc, "A", "=k")).toBe("v");
    expect(getString(doc, "A", "X")).toBe("=y");
  });

  test("a [ line without ] is ignored, even when it holds '='; keys before any section are dropped", () => {
    const doc = readIni(ascii("Orphan=1\r\n[A]\r\n[broken=2\r\nK=1\r\n"), "t.dat");
    expect([...doc.sections.keys()]).toEqual(["A"]);
    expect([...getSection(doc, "A")!.entries.keys()]).toEqual(["K"]);
  });

  test("first duplicate section and first duplicate key win; repeats are recorded", () => {
    const doc = readIni(ascii("[Lindos]\r\nMapa=62\r\nMapa=99\r\n[B]\r\n[LINDOS]\r\nMapa=1\r\nX=3\r\n"), "c.dat");
    expect(getNumber(doc, "lindos", "mapa")).toBe(62);
    expect(hasKey(doc, "LINDOS", "X")).toBe(false);
    expect(doc.duplicates).toEqual([
      { kind: "key", section: "LINDOS", key: "MAPA", line: 3, firstLine: 2 },
      { kind: "section", section: "LINDOS", line: 5, firstLine: 1 },
    ]);
  });

  test("CRLF, LF and CR line ends all split lines; line numbers stay right", () => {
    const doc = readIni(ascii("[A]\nK=1\rL=2\r\nM=3"), "t.dat");
    expect(getSection(doc, "A")!.entries.get("M")!.line).toBe(4);
    expect(doc.lineEnding).toBe("mixed");
    expect(getNumber(doc, "A", "L")).toBe(2);
  });

  test("Windows-1252 and UTF-8 both decode; upper-casing follows the 1252 locale", () => {
    const cp1252 = new Uint8Array([...ascii("[A]\r\nApu"), 0xf1, ...ascii("ala=1\r\nName=Espada "), 0x85, 0x0d, 0x0a]);
    const doc = readIni(cp1252, "obj.dat");
    expect(doc.encoding).toBe("windows-1252");
    expect(getString(doc, "A", "APUÑALA")).toBe("1");
    expect(getString(doc, "A", "name")).toBe("Espada …");
    const utf8 = readIni(encoder.encode("[Stra\u00dfe]\nApuñala=2\n"), "u.dat");
    expect(utf8.encoding).toBe("utf-8");
    expect([...utf8.sections.keys()]).toEqual(["STRA\u00dfE"]);
    expect(getNumber(utf8, "A", "x")).toBe(0);
    expect(getString(utf8, "STRA\u00dfE", "APUÑALA")).toBe("2");
  });

  test("a string encoded to UTF-8 twice is repaired", () => {
    const doc = readIni(encoder.encode("[T]\r\nName=Ba\u00c3\u00b1o\r\n"), "triggers.ini");
    expect(getString(doc, "T", "Name")).toBe("Baño");
  });

  test("numbers go through Val and integer conversion", () => {
    const doc = readIni(ascii("[M]\r\nA=+1\r\nB=1.35\r\nC=00\r\nD=12abc\r\nE=\r\nF=2.5\r\nG=&HFF\r\n"), "b.dat");
    expect([getNumber(doc, "M", "A"), getNumber(doc, "M", "B"), getNumber(doc, "M", "C")]).toEqual([1, 1.35, 0]);
    expect([getNumber(doc, "M", "D"), getNumber(doc, "M", "E"), getNumber(doc, "M", "missing")]).toEqual([12, 0, 0]);
    expect([getInteger(doc, "M", "F"), getInteger(doc, "M", "G")]).toEqual([2, 255]);
  });

  test("random bytes never throw", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), (bytes) => {
        const doc = readIni(bytes, "fuzz.dat");
        for (const section of doc.sections.values()) {
          for (const entry of section.entries.values()) expect(entry.line).toBeGreaterThan(0);
        }
      }),
      { numRuns: 400 },
    );
  });

  test("random INI-shaped text never throws and keeps every first key", () => {
    const line = fc.oneof(
      fc.constantFrom("[A]", "[b] x", "[", "]", "=", "k=v", "K=w", "'c=1", ""),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 40 }), fc.constantFrom("\r\n", "\n", "\r"), (lines, eol) => {
        const doc = readIni(encoder.encode(lines.join(eol)), "fuzz.ini");
        expect(doc.lineCount).toBeLessThanOrEqual(Math.max(lines.length, 1));
      }),
      { numRuns: 300 },
    );
  });
});
