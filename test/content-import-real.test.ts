/**
 * The importer against the real AO data in the shared folder (never copied into the repo):
 * every AO20 map (823 + the 2021 one) and every AO 0.13 map imports without error, and a few
 * values match what was read by hand from the raw bytes (python struct / xxd on the files):
 *
 * - ao20 `mapa1.csm`: header counts 5215 blocked / 317 exits / 22 NPCs / 155 objects / 948
 *   triggers; the blocked block starts at byte 127 with (1, 1) sides 15; byte 5947 holds (34, 17)
 *   sides 1 (north only); the first object at byte 120910 is (55, 1) obj 148 × 1; the first NPC at
 *   byte 122150 is (26, 16) NPC 419; the first exit at byte 122282 is (14, 10) → map 5 (14, 90);
 *   the file has 2,386 stale bytes after the last exit (ends at 125452 of 127838).
 * - ao20 `mapa165.csm`: the exit at byte 130860 is (25, 22) → map -1 (1, 1).
 * - ao20-2021 `Mapa24.csm`: "Mar del Norte", 3961 blocked, 307 exits, 31 NPCs, 108 objects,
 *   1 trigger ((83, 31) = 1); first NPC (18, 14) NPC 562; first exit (14, 10) → map 27 (14, 90).
 * - ao013 `Mapa1.map/.inf`: 3882 blocked tiles (first (1, 1) at byte 273), 940 triggers; first
 *   exit record at `.inf` byte 618 is (9, 7) → map 5 (9, 93); first NPC at byte 2232 is (73, 16)
 *   NPC 536; `Mapa1.dat` says `Pk=1` (safe).
 */
import { describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { BLOCKED_ALL, BLOCKED_NORTH, importWorld, loadWorldPack, type ImportResult, type WorldPack } from "../src/content/index.ts";

const SHARED = resolve(import.meta.dir, "..", process.env.AO_SHARED_DATA ?? "../shared/data");
const hasData = existsSync(join(SHARED, "ao20", "Mapas")) && existsSync(join(SHARED, "ao013", "maps"));
if (!hasData) {
  if (process.env.CI === "true") throw new Error(`AO shared data missing at ${SHARED} (set AO_SHARED_DATA)`);
  console.warn(`skipping real-data import tests: no AO shared data at ${SHARED}`);
}
const describeData = hasData ? describe : describe.skip;

/** Whole-data-set imports write ~20 MB of packs and take a few seconds on a 2-core machine. */
const IMPORT_ALL_TIMEOUT_MS = 120_000;

function mapReport(result: ImportResult, file: string) {
  return result.report.maps.find((map) => map.file === file);
}

async function loaded(dir: string): Promise<WorldPack> {
  const outcome = await loadWorldPack(dir);
  if (!outcome.ok) throw new Error(outcome.errors.map((error) => `${error.file}: ${error.message}`).join("\n"));
  return outcome.pack;
}

describeData("importing the real data sets", () => {
  test(
    "all 823 AO20 maps, the 2021 map and all 290 AO 0.13 maps import without error, with exact counts",
    async () => {
      const out = mkdtempSync(join(tmpdir(), "argentum-import-real-"));
      try {
        const started = performance.now();
        const ao20 = await importWorld({
          mapsDir: join(SHARED, "ao20", "Mapas"),
          datDir: join(SHARED, "ao20", "Dat"),
          initDir: join(SHARED, "ao20", "init"),
          outDir: join(out, "ao20"),
        });
        const ao20Ms = performance.now() - started;
        const ao2021 = await importWorld({ mapsDir: join(SHARED, "ao20", "Mapas-2021"), outDir: join(out, "ao2021") });
        const ao013Started = performance.now();
        const ao013 = await importWorld({ mapsDir: join(SHARED, "ao013", "maps"), datDir: join(SHARED, "ao013", "data"), outDir: join(out, "ao013") });
        const ao013Ms = performance.now() - ao013Started;
        console.log(`import times: ao20 823 maps + tables + graphics ${ao20Ms.toFixed(0)} ms, ao013 290 maps + tables ${ao013Ms.toFixed(0)} ms`);

        expect(ao20.report.errors).toEqual([]);
        expect(ao20.report.format).toBe("ao20");
        expect(ao20.report.maps).toHaveLength(823);
        expect(ao20.report.maps.map((map) => map.id)).toEqual(Array.from({ length: 823 }, (_, index) => index + 1));
        expect(mapReport(ao20, "mapa1.csm")).toEqual({ file: "mapa1.csm", id: 1, name: "Ciudad de Ullathorpe", blocked: 5215, exits: 317, npcs: 22, objects: 155, triggers: 948 });
        // Object 568 is placed on real maps but obj.dat has no [OBJ568]: a warning with file and tile.
        expect(ao20.report.warnings).toContainEqual(expect.objectContaining({ code: "unknown-object", file: "mapa23.csm", x: 100, y: 94 }));

        expect(ao2021.report.errors).toEqual([]);
        expect(ao2021.report.maps).toEqual([{ file: "Mapa24.csm", id: 24, name: "Mar del Norte", blocked: 3961, exits: 307, npcs: 31, objects: 108, triggers: 1 }]);

        expect(ao013.report.errors).toEqual([]);
        expect(ao013.report.format).toBe("ao013");
        expect(ao013.report.maps).toHaveLength(290);
        expect(mapReport(ao013, "Mapa1.map")).toEqual({ file: "Mapa1.map", id: 1, name: "Ciudad de Ullathorpe", blocked: 3882, exits: 344, npcs: 36, objects: 159, triggers: 940 });

        const pack20 = await loaded(join(out, "ao20"));
        expect(pack20.hash).toBe(ao20.packHash!);
        expect(pack20.hasGraphics).toBe(true);
        const mapa1 = pack20.mapsById.get(1)!;
        expect(mapa1.collision.buffer).toBeInstanceOf(SharedArrayBuffer);
        expect(mapa1.collision[0]! & BLOCKED_ALL).toBe(BLOCKED_ALL);
        expect(mapa1.collision[(17 - 1) * 100 + (34 - 1)]! & BLOCKED_ALL).toBe(BLOCKED_NORTH);
        expect(mapa1.npcs[0]).toEqual({ x: 26, y: 16, npc: 419 });
        expect(mapa1.exits[0]).toEqual({ x: 14, y: 10, destMap: 5, destX: 14, destY: 90 });
        expect(mapa1.objects.find((object) => object.x === 55 && object.y === 1)).toEqual({ x: 55, y: 1, obj: 148, amount: 1 });
        expect(pack20.mapsById.get(165)!.exits.find((exit) => exit.x === 25 && exit.y === 22)).toEqual({ x: 25, y: 22, destMap: -1, destX: 1, destY: 1 });
        // Ciudades.Dat: Ullathorpe is map 1 (57, 44) (character-creation.md §6.1).
        expect(pack20.cities.find((city) => city.id === 1)).toEqual({ id: 1, name: "Ullathorpe", map: 1, x: 57, y: 44 });
        expect(pack20.tables?.objects?.objects.length).toBeGreaterThan(1000);

        const pack2021 = await loaded(join(out, "ao2021"));
        expect(pack2021.mapsById.get(24)!.npcs[0]).toEqual({ x: 18, y: 14, npc: 562 });
        expect(pack2021.mapsById.get(24)!.exits[0]).toEqual({ x: 14, y: 10, destMap: 27, destX: 14, destY: 90 });
        expect(pack2021.tables).toBeNull();

        const pack013 = await loaded(join(out, "ao013"));
        const mapa1013 = pack013.mapsById.get(1)!;
        expect(mapa1013.properties.safe).toBe(true);
        expect(mapa1013.collision[0]).toBe(BLOCKED_ALL);
        expect(mapa1013.exits[0]).toEqual({ x: 9, y: 7, destMap: 5, destX: 9, destY: 93 });
        expect(mapa1013.npcs[0]).toEqual({ x: 73, y: 16, npc: 536 });
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    },
    IMPORT_ALL_TIMEOUT_MS,
  );
});
