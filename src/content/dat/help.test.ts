/**
 * `Help.dat` (`/AYUDA`): the lines in order, carried through the pack's compact form, and hostile
 * files (counts that are no count, missing and enormous lines, binary bytes) read without throwing.
 */
import { describe, expect, test } from "bun:test";
import { buildGameTables, compactGameTables, GameTablesSchema } from "./game-tables.ts";
import { MAX_HELP_LINE_CHARS, MAX_HELP_LINES, parseHelpDat } from "./help.ts";

const crlf = (...lines: string[]) => new TextEncoder().encode(lines.join("\r\n") + "\r\n");
const latin1 = (text: string) => Uint8Array.from(Array.from(text, (c) => c.charCodeAt(0)));

describe("parseHelpDat", () => {
  test("NumLines lines of [Help], in order; keys and sections in any case; Windows-1252 decoded", () => {
    const bytes = latin1("[INIT]\r\nnumlines=3\r\n\r\n[help]\r\nLine2=* Si estás muerto, buscá un sacerdote.\r\nLINE1=* Reglamento\r\nLine3=* /GM\r\nLine4=no se lee\r\n");
    const { value, errors, warnings } = parseHelpDat(bytes, "Help.dat");
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
    expect(value).toEqual({ lines: ["* Reglamento", "* Si estás muerto, buscá un sacerdote.", "* /GM"] });
  });

  test("a missing line is an empty one, as VB6's GetVar gives, with a warning", () => {
    const { value, warnings } = parseHelpDat(crlf("[INIT]", "NumLines=2", "[Help]", "Line2=segunda"), "Help.dat");
    expect(value!.lines).toEqual(["", "segunda"]);
    expect(warnings.map((w) => `${w.code} ${w.key}`)).toEqual(["missing-value LINE1"]);
  });

  test("hostile counts: text, negative, huge; a line too long is cut", () => {
    expect(parseHelpDat(crlf("[INIT]", "NumLines=muchas", "[Help]", "Line1=a"), "Help.dat").value).toEqual({ lines: [] });
    const negative = parseHelpDat(crlf("[INIT]", "NumLines=-5", "[Help]", "Line1=a"), "Help.dat");
    expect(negative.value).toEqual({ lines: [] });
    expect(negative.warnings.map((w) => w.code)).toEqual(["bad-value"]);
    const huge = parseHelpDat(crlf("[INIT]", "NumLines=99999999", "[Help]", "Line1=a"), "Help.dat");
    expect(huge.value!.lines).toHaveLength(MAX_HELP_LINES);
    expect(huge.warnings[0]!.message).toContain(`first ${MAX_HELP_LINES}`);
    const long = parseHelpDat(crlf("[INIT]", "NumLines=1", "[Help]", `Line1=${"x".repeat(MAX_HELP_LINE_CHARS + 50)}`), "Help.dat");
    expect(long.value!.lines[0]).toHaveLength(MAX_HELP_LINE_CHARS);
    expect(long.warnings.map((w) => w.code)).toEqual(["bad-value"]);
  });

  test("not a Help.dat: binary bytes and a file without its sections are errors, never throws", () => {
    expect(parseHelpDat(Uint8Array.of(0x5b, 0x00, 0xff, 0x00, 0x01), "Help.dat").errors.map((e) => e.code)).toEqual(["not-a-table"]);
    expect(parseHelpDat(crlf("[OBJ1]", "Name=Manzana"), "Help.dat").errors.map((e) => e.code)).toEqual(["not-a-table"]);
    for (let seed = 1; seed <= 200; seed++) {
      const bytes = Uint8Array.from({ length: 64 }, (_, i) => (seed * 31 + i * 17) % 256);
      expect(() => parseHelpDat(bytes, "Help.dat")).not.toThrow();
      expect(() => parseHelpDat(crlf("[INIT]", `NumLines=${seed}`, "[Help]", String.fromCharCode(seed % 128)), "Help.dat")).not.toThrow();
    }
  });
});

describe("the help table in the world's tables", () => {
  test("buildGameTables reads help.dat for AO20; the compact form keeps the lines and the schema restores them", () => {
    const files: Record<string, Uint8Array> = { "help.dat": crlf("[INIT]", "NumLines=1", "[Help]", "Line1=* /AYUDA") };
    const { tables } = buildGameTables("ao20", (name) => (files[name] ? { name, bytes: files[name]! } : undefined));
    expect(tables.help).toEqual({ lines: ["* /AYUDA"] });
    expect(GameTablesSchema.parse(JSON.parse(JSON.stringify(compactGameTables(tables)))).help).toEqual({ lines: ["* /AYUDA"] });
  });

  test("a pack made before the table was carried still parses (no help); a hostile help table is refused", () => {
    const older = { format: "ao20", objects: null, npcs: null, spells: null, balance: null, cities: null, mapInfo: null, specialMaps: null };
    expect(GameTablesSchema.parse(older).help).toBeUndefined();
    expect(GameTablesSchema.safeParse({ ...older, help: { lines: [42] } }).success).toBe(false);
    expect(GameTablesSchema.safeParse({ ...older, help: { lines: Array.from({ length: MAX_HELP_LINES + 1 }, () => "") } }).success).toBe(false);
    expect(GameTablesSchema.safeParse({ ...older, help: { lines: ["x".repeat(MAX_HELP_LINE_CHARS + 1)] } }).success).toBe(false);
  });
});
