/**
 * Reads a `Dat/` directory from disk and builds the game tables. The only module of this
 * context that touches the file system; file names are matched case-insensitively because the
 * real data mixes `Ciudades.Dat`, `Hechizos.dat` and `obj.dat`.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { buildGameTables, type DataFormat, type GameTablesResult } from "./game-tables.ts";
import type { DatIssue } from "./issues.ts";

/** Largest table file we accept; the biggest real one (obj.dat) is 0.7 MB. */
const MAX_TABLE_FILE_BYTES = 64 * 1024 * 1024;

/**
 * Loads the tables of `format` from `datDir`. Never throws for bad data or missing files: a
 * missing optional file is a warning, a missing required file (obj/npcs/hechizos) or an unusable
 * one is an error naming the file.
 */
export function loadGameTables(datDir: string, format: DataFormat): GameTablesResult {
  let names: string[];
  try {
    names = readdirSync(datDir);
  } catch (cause) {
    const result = buildGameTables(format, () => undefined);
    const issue: DatIssue = {
      code: "unreadable-file",
      file: datDir,
      message: `cannot list ${datDir}: ${cause instanceof Error ? cause.message : String(cause)}`,
    };
    return { tables: result.tables, errors: [issue, ...result.errors], warnings: result.warnings };
  }
  const byLowerName = new Map<string, string>();
  const warnings: DatIssue[] = [];
  for (const name of names.sort()) {
    const lower = name.toLowerCase();
    const previous = byLowerName.get(lower);
    if (previous !== undefined) {
      warnings.push({
        code: "ignored-section",
        file: name,
        message: `${name} and ${previous} differ only in case; using ${previous}`,
      });
      continue;
    }
    byLowerName.set(lower, name);
  }
  const result = buildGameTables(format, (lowerName) => {
    const actual = byLowerName.get(lowerName);
    if (actual === undefined) return undefined;
    const path = join(datDir, actual);
    try {
      const size = statSync(path).size;
      if (size > MAX_TABLE_FILE_BYTES) return new Error(`${size} bytes is more than a table file can be`);
      return { name: actual, bytes: readFileSync(path) };
    } catch (cause) {
      return cause instanceof Error ? cause : new Error(String(cause));
    }
  });
  return { tables: result.tables, errors: result.errors, warnings: [...warnings, ...result.warnings] };
}
