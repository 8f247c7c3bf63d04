/**
 * Bridge between the importer and the `.dat` context: loads the game tables for a pack, the
 * home cities, and the lookups the cross-checks need.
 */
import { loadGameTables, type DatIssue, type GameTables } from "../dat/index.ts";
import type { MapFormat } from "../maps/index.ts";
import { HomeCitySchema, type HomeCity, type PackTables } from "../pack/index.ts";
import type { TableLookups } from "./cross-checks.ts";
import type { ImportError, ImportWarning } from "./report.ts";

export interface ImportTables {
  readonly tables: PackTables | null;
  /** Valid home cities (map, x, y all positive), before checking them against the maps. */
  readonly cities: readonly HomeCity[];
  /** File the cities came from, for warnings. */
  readonly citiesFile: string;
  readonly lookups: TableLookups;
  readonly errors: readonly ImportError[];
  readonly warnings: readonly ImportWarning[];
}

export interface ImportTablesOptions {
  readonly datDir?: string;
  readonly format: MapFormat;
}

/** File name used in city warnings, per format (the tables loader matches names case-insensitively). */
const CITIES_FILE: Record<MapFormat, string> = { ao20: "Ciudades.dat", ao013: "cities.dat" };

function issueLocation(issue: DatIssue): { line?: number } {
  return issue.line === undefined ? {} : { line: issue.line };
}

/** The home cities a pack can use: those the tables mark valid. */
export function homeCitiesFromTables(tables: GameTables): HomeCity[] {
  const cities: HomeCity[] = [];
  for (const city of tables.cities?.cities ?? []) {
    if (!city.valid) continue;
    const parsed = HomeCitySchema.safeParse({ id: city.id, name: city.name, map: city.map, x: city.x, y: city.y });
    if (parsed.success) cities.push(parsed.data);
  }
  return cities;
}

/** Lookups over the NPC and object tables; a missing table skips its check. */
export function tableLookups(tables: GameTables): TableLookups {
  const npcIds = tables.npcs ? new Set(tables.npcs.npcs.map((npc) => npc.id)) : undefined;
  const objectIds = tables.objects ? new Set(tables.objects.objects.map((object) => object.id)) : undefined;
  return {
    ...(npcIds ? { hasNpc: (npc: number) => npcIds.has(npc) } : {}),
    ...(objectIds ? { hasObject: (obj: number) => objectIds.has(obj) } : {}),
  };
}

/** Loads the tables of `datDir`; without it the pack gets no tables and no cities. */
export async function loadImportTables(options: ImportTablesOptions): Promise<ImportTables> {
  const citiesFile = CITIES_FILE[options.format];
  if (options.datDir === undefined) return { tables: null, cities: [], citiesFile, lookups: {}, errors: [], warnings: [] };
  const result = loadGameTables(options.datDir, options.format);
  const errors: ImportError[] = result.errors.map((issue) => ({ code: `table-${issue.code}`, file: issue.file, ...issueLocation(issue), message: issue.message }));
  const warnings: ImportWarning[] = result.warnings.map((issue) => ({ code: "table-issue", file: issue.file, ...issueLocation(issue), message: issue.message }));
  return { tables: result.tables, cities: homeCitiesFromTables(result.tables), citiesFile, lookups: tableLookups(result.tables), errors, warnings };
}
