/**
 * The AO20 data set's `Help.dat` (ao20/Dat, 5 lines, Windows-1252) as the importer carries it into a
 * world pack's tables. Expected values read by hand from the raw file.
 */
import { describe, expect, test } from "bun:test";
import { loadGameTables } from "../src/content/dat/index.ts";
import { encodeTables, PackTablesSchema } from "../src/content/pack/index.ts";
import { requireSharedData, sharedDataPath } from "./support/shared-data.ts";

const hasData = requireSharedData("ao20/Dat/Help.dat");
const describeData = hasData ? describe : describe.skip;

describeData("AO20 Help.dat", () => {
  test("its five lines, accents decoded, survive the pack's tables.json", () => {
    const loaded = loadGameTables(sharedDataPath("ao20", "Dat"), "ao20");
    expect(loaded.warnings.filter((w) => w.file.toLowerCase() === "help.dat")).toEqual([]);
    const lines = loaded.tables.help!.lines;
    expect(lines).toHaveLength(5);
    expect(lines[0]).toBe("* Reglamento del juego https://ao20.com.ar/reglamento");
    expect(lines[1]).toStartWith("* Si estás muerto, dirígete a una ciudad y busca un sacerdote, él te resucitará");
    expect(lines[3]).toBe("* Para denunciar insultos de otro usuario utiliza el comando /DENUNCIAR ''nombre''");
    const stored = PackTablesSchema.parse(JSON.parse(encodeTables(loaded.tables)));
    expect(stored.help).toEqual({ lines });
  });
});
