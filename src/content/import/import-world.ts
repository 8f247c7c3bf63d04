/**
 * `importWorld`: original AO data (AO20 `.csm` or AO 0.13 `.map/.inf/.dat` maps, optionally the
 * `Dat/` tables with the data set's starting kit, and `init/` indexes) → a world pack on disk + a
 * report. A map that cannot be
 * parsed is an error naming the file and byte offset; the other maps are still imported.
 */
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { readIni } from "../dat/index.ts";
import { loadGraphicsIndex, type GraphicsIndex } from "../graphics/index.ts";
import {
  AO013_DEFAULT_PROPERTIES,
  ao013MapProperties,
  parseAo013Map,
  parseCsm,
  type MapFormat,
  type MapParseOutcome,
  type ParsedMap,
} from "../maps/index.ts";
import { checkWorldMap, writeWorldPack, type WorldMap } from "../pack/index.ts";
import { crossCheckCities, crossCheckMaps, type SourcedMap } from "./cross-checks.ts";
import { CaseInsensitiveNames, detectMapFormat, findAo013Maps, findAo20Maps } from "./map-files.ts";
import type { ImportError, ImportReport, ImportWarning, ImportedMapReport } from "./report.ts";
import { loadImportKit, type ImportKitOrigin } from "./starting-kit-source.ts";
import { loadImportTables } from "./tables-adapter.ts";

/** Progress of an import, reported after each map. */
export interface ImportProgress {
  /** Maps handled so far (imported or failed). */
  readonly done: number;
  readonly total: number;
  /** The map file just handled. */
  readonly file: string;
}

export interface ImportWorldOptions {
  /** Folder with the maps (`Mapas/` of AO20, `maps/` of 0.13). */
  readonly mapsDir: string;
  /**
   * Folder with the `.dat` tables (`Dat/`). Without it the pack has no tables, no cities and no
   * starting kit. With it the kit is its `EquipamientoInicial.dat`, or the 2024 AO20 kit when the
   * tables are that data set (character-creation.md §5.3), or none.
   */
  readonly datDir?: string;
  /** Folder with the client indexes (`init/`), for the graphics table. */
  readonly initDir?: string;
  /** Where the pack is written. */
  readonly outDir: string;
  /** Source format; detected from the file names when absent. */
  readonly format?: MapFormat;
  /**
   * Name stored in the pack manifest. Default: the format (`ao20`, `ao013`): neither the AO20
   * `Dat/` and `init/` files nor the 0.13 data carry a world or server name, and the maps
   * folder is called `Mapas` in every copy, so the format is the stable name.
   */
  readonly name?: string;
  readonly onProgress?: (progress: ImportProgress) => void;
}

export interface ImportResult {
  readonly report: ImportReport;
  /** SHA-256 of the written pack, or null when nothing was written. */
  readonly packHash: string | null;
  /** True when any error was reported (the CLI exits 1). */
  readonly failed: boolean;
  /** Where the pack's starting kit came from ("none": the pack has no kit). */
  readonly kit: ImportKitOrigin;
}

async function readBytes(path: string): Promise<Uint8Array | undefined> {
  try {
    return await Bun.file(path).bytes();
  } catch {
    return undefined;
  }
}

function toWorldMap(id: number, parsed: ParsedMap): WorldMap {
  return {
    id,
    width: parsed.width,
    height: parsed.height,
    properties: parsed.properties,
    collision: parsed.tileFlags,
    triggers: parsed.triggers,
    exits: parsed.exits,
    npcs: parsed.npcs,
    objects: parsed.objects,
    // Both parsers read the four layers (AO20 .csm and 0.13 .map): the browser draws them.
    graphicLayers: parsed.layers,
  };
}

function mapReport(file: string, id: number, parsed: ParsedMap): ImportedMapReport {
  return { file, id, name: parsed.properties.name, ...parsed.counts };
}

/** One map ready to parse: its id, main file name and a parse function. */
interface MapJob {
  readonly id: number;
  readonly file: string;
  parse(): Promise<{ outcome: MapParseOutcome; warnings: ImportWarning[] } | { missing: string }>;
}

function ao20Jobs(mapsDir: string, names: CaseInsensitiveNames): MapJob[] {
  return findAo20Maps(names).map(({ id, csm }) => ({
    id,
    file: csm,
    async parse() {
      const bytes = await readBytes(join(mapsDir, csm));
      if (!bytes) return { missing: csm };
      return { outcome: parseCsm(bytes, csm), warnings: [] };
    },
  }));
}

function ao013Jobs(mapsDir: string, names: CaseInsensitiveNames): MapJob[] {
  return findAo013Maps(names).map(({ id, map, inf, dat }) => ({
    id,
    file: map,
    async parse() {
      const warnings: ImportWarning[] = [];
      if (!inf) return { missing: `Mapa${id}.inf` };
      const [mapBytes, infBytes, datBytes] = await Promise.all([
        readBytes(join(mapsDir, map)),
        readBytes(join(mapsDir, inf)),
        dat ? readBytes(join(mapsDir, dat)) : Promise.resolve(undefined),
      ]);
      if (!mapBytes) return { missing: map };
      if (!infBytes) return { missing: inf };
      let properties = AO013_DEFAULT_PROPERTIES;
      if (!datBytes) {
        warnings.push({ code: "missing-companion-file", file: map, message: `no Mapa${id}.dat beside ${map}: the map has no name and default properties` });
      } else {
        const fromDat = ao013MapProperties(readIni(datBytes, dat!), id);
        if (fromDat) properties = fromDat;
        else warnings.push({ code: "missing-section", file: dat!, message: `${dat} has no [MAPA${id}] section: default properties used` });
      }
      return { outcome: parseAo013Map({ map: { file: map, bytes: mapBytes }, inf: { file: inf, bytes: infBytes }, properties }), warnings };
    },
  }));
}

/** Imports a world. Never throws for bad data; I/O failures become report errors. */
export async function importWorld(options: ImportWorldOptions): Promise<ImportResult> {
  const errors: ImportError[] = [];
  const warnings: ImportWarning[] = [];
  let listing: string[];
  try {
    listing = await readdir(options.mapsDir);
  } catch (cause) {
    errors.push({ code: "unreadable-folder", file: options.mapsDir, message: `cannot list the maps folder: ${(cause as Error).message}` });
    return { report: { format: options.format ?? "ao20", maps: [], errors, warnings }, packHash: null, failed: true, kit: "none" };
  }
  const names = new CaseInsensitiveNames(listing);
  const detected = detectMapFormat(names.names());
  let format: MapFormat;
  if (options.format) format = options.format;
  else if (detected === "ao20" || detected === "ao013") format = detected;
  else {
    const message =
      detected === "both"
        ? "the folder holds both .csm (AO20) and .map (AO 0.13) maps; choose one with --format"
        : "no MapaN.csm or MapaN.map files in the folder";
    errors.push({ code: detected === "both" ? "ambiguous-format" : "no-maps", file: options.mapsDir, message });
    return { report: { format: "ao20", maps: [], errors, warnings }, packHash: null, failed: true, kit: "none" };
  }

  const jobs = format === "ao20" ? ao20Jobs(options.mapsDir, names) : ao013Jobs(options.mapsDir, names);
  if (jobs.length === 0) {
    errors.push({ code: "no-maps", file: options.mapsDir, message: `no ${format === "ao20" ? "MapaN.csm" : "MapaN.map"} files in the folder` });
  }
  const tables = await loadImportTables({ datDir: options.datDir, format });
  errors.push(...tables.errors);
  warnings.push(...tables.warnings);
  const kit = await loadImportKit(options.datDir, format, tables.tables);
  errors.push(...kit.errors);
  warnings.push(...kit.warnings);
  let graphics: GraphicsIndex | null = null;
  if (options.initDir !== undefined) {
    const loaded = loadGraphicsIndex(options.initDir);
    graphics = loaded.index;
    for (const issue of loaded.errors) errors.push({ code: `graphics-${issue.code}`, file: issue.file, ...(issue.line === undefined ? {} : { line: issue.line }), message: issue.message });
    for (const issue of loaded.warnings) warnings.push({ code: "table-issue", file: issue.file, ...(issue.line === undefined ? {} : { line: issue.line }), message: issue.message });
  }

  const reports: ImportedMapReport[] = [];
  const imported: SourcedMap[] = [];
  let done = 0;
  for (const job of jobs) {
    const result = await job.parse();
    if ("missing" in result) {
      errors.push({ code: "missing-file", file: result.missing, message: `${result.missing} is missing or unreadable` });
    } else {
      warnings.push(...result.warnings);
      if (result.outcome.ok) {
        const parsed = result.outcome.map;
        const map = toWorldMap(job.id, parsed);
        // The parsers only return storable maps; this guards the pack against one bad map.
        const problems = checkWorldMap(map);
        if (problems.length === 0) {
          reports.push(mapReport(job.file, job.id, parsed));
          imported.push({ file: job.file, map });
        } else {
          errors.push({ code: "invalid-map", file: job.file, message: `${job.file}: ${problems.map((problem) => problem.message).join("; ")}` });
        }
      } else {
        const { code, file, offset, message } = result.outcome.error;
        errors.push({ code, file, offset, message });
      }
    }
    done++;
    options.onProgress?.({ done, total: jobs.length, file: job.file });
  }

  warnings.push(...crossCheckMaps(imported, tables.lookups));
  const cityCheck = crossCheckCities(tables.cities, imported, tables.citiesFile);
  warnings.push(...cityCheck.warnings);

  const written = await writeWorldPack(options.outDir, {
    name: options.name ?? format,
    source: format,
    cities: cityCheck.cities,
    tables: tables.tables,
    kit: kit.kit,
    graphics,
    maps: imported.map((entry) => entry.map),
  });
  let packHash: string | null = null;
  if (written.ok) packHash = written.hash;
  else for (const issue of written.errors) errors.push({ code: "pack-write", file: issue.file, message: issue.message });

  return { report: { format, maps: reports, errors, warnings }, packHash, failed: errors.length > 0, kit: packHash === null ? "none" : kit.origin };
}
