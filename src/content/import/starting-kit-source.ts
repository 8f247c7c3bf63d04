/**
 * The starting kit an import puts in the pack (character-creation.md §5): the data set's own
 * `EquipamientoInicial.dat` when its `Dat/` folder has one (any letter case), else, for AO20
 * tables that are the 2024 data set, the kit that data set's server hard-codes (§5.3), else none.
 */
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { EMPTY_STARTING_KIT, type StartingKit } from "../../game/character-creation/index.ts";
import { STARTING_KIT_DAT_FILE, ao20StartingKit2024For, parseStartingKitDat } from "../dat/index.ts";
import type { MapFormat } from "../maps/index.ts";
import { checkKitAgainstTables, type PackTables } from "../pack/index.ts";
import type { ImportError, ImportWarning } from "./report.ts";

/** Far above any real kit file (a few kB). */
const MAX_KIT_FILE_BYTES = 1024 * 1024;

/** Where the imported kit came from. */
export type ImportKitOrigin = "EquipamientoInicial.dat" | "ao20-2024" | "none";

export interface ImportKit {
  /** The kit to store; null = the pack gets no kit.json. */
  readonly kit: StartingKit | null;
  readonly origin: ImportKitOrigin;
  /** The kit file that was read, when there was one. */
  readonly file?: string;
  readonly errors: readonly ImportError[];
  readonly warnings: readonly ImportWarning[];
}

const NO_KIT: ImportKit = { kit: null, origin: "none", errors: [], warnings: [] };

/**
 * Finds and builds the kit of a `Dat/` folder. Without `datDir` nothing is said (a maps-only
 * import). A kit file that is unusable or names objects the tables lack is an error, and the pack
 * then stores an empty kit (new characters get nothing), never a kit of another data set.
 */
export async function loadImportKit(datDir: string | undefined, format: MapFormat, tables: PackTables | null): Promise<ImportKit> {
  if (datDir === undefined) return NO_KIT;
  let names: string[] = [];
  try {
    names = await readdir(datDir);
  } catch {
    return NO_KIT; // the tables loader already reported the unreadable folder
  }
  const wanted = STARTING_KIT_DAT_FILE.toLowerCase();
  const file = names.sort().find((name) => name.toLowerCase() === wanted);
  if (file !== undefined) return fromKitFile(join(datDir, file), file, tables);

  if (format === "ao20" && tables?.format === "ao20") {
    const derived = ao20StartingKit2024For(tables.objects);
    if (derived.ok) return { kit: derived.kit, origin: "ao20-2024", errors: [], warnings: [] };
    return {
      ...NO_KIT,
      warnings: [{ code: "starting-kit", file: datDir, message: `no ${STARTING_KIT_DAT_FILE} and ${derived.reason}, so not the 2024 kit either: new characters start with nothing` }],
    };
  }
  return { ...NO_KIT, warnings: [{ code: "starting-kit", file: datDir, message: `no ${STARTING_KIT_DAT_FILE}: new characters start with nothing` }] };
}

async function fromKitFile(path: string, file: string, tables: PackTables | null): Promise<ImportKit> {
  const unusable = (message: string): ImportKit => ({ kit: EMPTY_STARTING_KIT, origin: "EquipamientoInicial.dat", file, errors: [{ code: "starting-kit", file, message }], warnings: [] });
  let bytes: Uint8Array;
  try {
    const size = (await stat(path)).size;
    if (size > MAX_KIT_FILE_BYTES) return unusable(`${size} bytes is more than a kit file can be; new characters start with nothing`);
    bytes = await Bun.file(path).bytes();
  } catch (cause) {
    return unusable(`cannot read ${file}: ${(cause as Error).message}; new characters start with nothing`);
  }
  const parsed = parseStartingKitDat(bytes, file);
  const warnings: ImportWarning[] = parsed.warnings.map((issue) => ({ code: "starting-kit", file, ...(issue.line === undefined ? {} : { line: issue.line }), message: issue.message }));
  if (parsed.value === null) return { ...unusable(parsed.errors.map((issue) => issue.message).join("; ")), warnings };
  const problems = checkKitAgainstTables(parsed.value, tables, file);
  if (problems.length > 0) {
    return {
      kit: EMPTY_STARTING_KIT,
      origin: "EquipamientoInicial.dat",
      file,
      errors: problems.map((problem) => ({ code: "starting-kit", file, message: `${problem.message}; the pack gets an empty kit` })),
      warnings,
    };
  }
  return { kit: parsed.value, origin: "EquipamientoInicial.dat", file, errors: [], warnings };
}
