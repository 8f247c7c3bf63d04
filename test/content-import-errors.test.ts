/**
 * The importer on broken input: zero-length, truncated and garbage map files are errors that
 * name the file and the byte offset, and every other map is still imported.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import fc from "fast-check";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { importWorld, loadWorldPack } from "../src/content/index.ts";
import { EMPTY_MAP_DAT, encodeCsm } from "../src/content/maps/csm-writer.ts";

let root: string;
let mapsDir: string;
let outDir: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "argentum-import-errors-"));
  mapsDir = join(root, "Mapas");
  outDir = join(root, "pack");
  mkdirSync(mapsDir);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const goodMap = (name: string, destMap: number) =>
  encodeCsm({
    mapDat: { ...EMPTY_MAP_DAT, mapName: name },
    blocked: [{ x: 20, y: 20, sides: 15 }],
    npcs: [{ x: 20, y: 20, npc: 3 }],
    exits: [{ x: 50, y: 10, destMap, destX: 50, destY: 90 }],
  });

describe("importWorld with broken files", () => {
  test("AO20: bad files are errors with file and offset; the good maps are imported", async () => {
    writeFileSync(join(mapsDir, "mapa1.csm"), goodMap("Uno", 2));
    writeFileSync(join(mapsDir, "Mapa2.csm"), goodMap("Dos", 7)); // exit to a map that does not exist
    writeFileSync(join(mapsDir, "mapa3.csm"), new Uint8Array(0));
    const truncated = goodMap("Cuatro", 1);
    writeFileSync(join(mapsDir, "MAPA4.CSM"), truncated.subarray(0, truncated.length - 3));
    writeFileSync(join(mapsDir, "mapa5.csm"), new Uint8Array(5000).fill(0xff)); // counts of -1
    const progress: number[] = [];

    const result = await importWorld({ mapsDir, outDir, onProgress: ({ done }) => progress.push(done) });

    expect(result.failed).toBe(true);
    expect(progress).toEqual([1, 2, 3, 4, 5]);
    expect(result.report.maps.map((map) => [map.file, map.id, map.name])).toEqual([
      ["mapa1.csm", 1, "Uno"],
      ["Mapa2.csm", 2, "Dos"],
    ]);
    expect(result.report.errors.map(({ code, file, offset }) => ({ code, file, offset }))).toEqual([
      { code: "empty-file", file: "mapa3.csm", offset: 0 },
      { code: "truncated", file: "MAPA4.CSM", offset: truncated.length - 10 },
      { code: "bad-count", file: "mapa5.csm", offset: 0 },
    ]);
    for (const error of result.report.errors) expect(error.message).toContain(`${error.file} at byte ${error.offset}`);
    expect(result.report.warnings).toContainEqual({
      code: "exit-to-missing-map",
      file: "Mapa2.csm",
      x: 50,
      y: 10,
      message: "exit at (50, 10) leads to map 7, which is not in the pack",
    });
    expect(result.report.warnings).toContainEqual(expect.objectContaining({ code: "spawn-on-blocked-tile", file: "mapa1.csm", x: 20, y: 20 }));
    const pack = await loadWorldPack(outDir);
    expect(pack.ok && pack.pack.maps.map((map) => map.id)).toEqual([1, 2]);
  });

  test("AO 0.13: a missing .inf is an error, a missing .dat a warning", async () => {
    const header = new Uint8Array(273);
    const tiles = new Uint8Array(10_000 * 3); // flags 0, grh1 0 for every tile
    const map = new Uint8Array([...header, ...tiles]);
    const inf = new Uint8Array(10 + 10_000);
    writeFileSync(join(mapsDir, "Mapa1.map"), map);
    writeFileSync(join(mapsDir, "mapa1.INF"), inf);
    writeFileSync(join(mapsDir, "Mapa2.map"), map);
    const result = await importWorld({ mapsDir, outDir });
    expect(result.report.format).toBe("ao013");
    expect(result.report.maps.map((entry) => entry.id)).toEqual([1]);
    expect(result.report.errors).toEqual([{ code: "missing-file", file: "Mapa2.inf", message: "Mapa2.inf is missing or unreadable" }]);
    expect(result.report.warnings).toContainEqual(expect.objectContaining({ code: "missing-companion-file", file: "Mapa1.map" }));
  });

  test("a folder with no maps, or with both formats, is an error", async () => {
    expect((await importWorld({ mapsDir, outDir })).report.errors).toMatchObject([{ code: "no-maps" }]);
    writeFileSync(join(mapsDir, "mapa1.csm"), goodMap("Uno", 1));
    writeFileSync(join(mapsDir, "Mapa1.map"), new Uint8Array(10));
    const both = await importWorld({ mapsDir, outDir });
    expect(both.report.errors).toMatchObject([{ code: "ambiguous-format", file: mapsDir }]);
    const forced = await importWorld({ mapsDir, outDir, format: "ao20" });
    expect(forced.report.errors).toEqual([]);
    expect(forced.report.maps).toHaveLength(1);
    expect((await importWorld({ mapsDir: join(root, "missing"), outDir })).report.errors).toMatchObject([{ code: "unreadable-folder" }]);
  });

  test("fuzzed map bytes never crash the importer", async () => {
    const base = goodMap("Fuzz", 1);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat(base.length - 1), fc.integer({ min: 0, max: 255 })), { maxLength: 10 }),
        fc.nat(base.length),
        async (edits, cut) => {
          const bytes = base.slice(0, cut);
          for (const [at, value] of edits) if (at < bytes.length) bytes[at] = value;
          writeFileSync(join(mapsDir, "mapa1.csm"), bytes);
          const result = await importWorld({ mapsDir, outDir });
          expect(result.report.maps.length + result.report.errors.length).toBeGreaterThanOrEqual(1);
          for (const error of result.report.errors) {
            expect(error.file).toBe("mapa1.csm");
            expect(error.offset).toBeLessThanOrEqual(bytes.length);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
