/**
 * The game tables as one JSON-serialisable value, the way a world pack stores them, and the pure
 * step that turns a set of named files into that value (the loader only adds the file system).
 */
import { z } from "zod";
import { parseAo013ObjectsDat } from "./ao013-objects.ts";
import { BalanceTableSchema, parseBalanceDat, type BalanceTable } from "./balance.ts";
import { CitiesTableSchema, parseCitiesDat, type CitiesTable } from "./cities.ts";
import { HelpTableSchema, parseHelpDat, type HelpTable } from "./help.ts";
import { compactFields } from "./field-spec.ts";
import type { DatIssue, DatResult } from "./issues.ts";
import {
  MapInfoTableSchema,
  parseMapDat,
  parseSpecialMapsDat,
  SpecialMapsTableSchema,
  type MapInfoTable,
  type SpecialMapsTable,
} from "./map-metadata.ts";
import { NPC_FIELDS, NpcTableSchema, parseNpcsDat, type NpcTable } from "./npcs.ts";
import { OBJECT_FIELDS, ObjectTableSchema, parseObjectsDat, type ObjectTable } from "./objects.ts";
import { parseSpellsDat, SPELL_FIELDS, SpellTableSchema, type SpellTable } from "./spells.ts";
import { crossCheckQuests, parseQuestsDat, QuestTableSchema, type QuestTable } from "./quests.ts";

/** Which generation of AO the tables come from. */
export type DataFormat = "ao20" | "ao013";

/**
 * The tables of a world. A table is null when its file was not given (optional files) or could
 * not be used (see the load errors).
 */
export const GameTablesSchema = z.object({
  format: z.enum(["ao20", "ao013"]),
  objects: ObjectTableSchema.nullable(),
  npcs: NpcTableSchema.nullable(),
  spells: SpellTableSchema.nullable(),
  balance: BalanceTableSchema.nullable(),
  cities: CitiesTableSchema.nullable(),
  mapInfo: MapInfoTableSchema.nullable(),
  specialMaps: SpecialMapsTableSchema.nullable(),
  /** `Help.dat` (`/AYUDA`); absent in packs made before it was carried. */
  help: HelpTableSchema.nullable().optional(),
  /** `Quests.DAT`; absent in packs made before it was carried (and in AO 0.13, which has no quests). */
  quests: QuestTableSchema.nullable().optional(),
});

export interface GameTables {
  format: DataFormat;
  objects: ObjectTable | null;
  npcs: NpcTable | null;
  spells: SpellTable | null;
  balance: BalanceTable | null;
  cities: CitiesTable | null;
  mapInfo: MapInfoTable | null;
  specialMaps: SpecialMapsTable | null;
  help?: HelpTable | null;
  quests?: QuestTable | null;
}

// Compile-time check that the schema and the interface describe the same data.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const schemaMatchesInterface: Same<z.output<typeof GameTablesSchema>, GameTables> = true;
void schemaMatchesInterface;

/** What {@link GameTablesSchema} accepts: defaults may be left out (see {@link compactGameTables}). */
export type StoredGameTables = z.input<typeof GameTablesSchema>;

/** The tables that must be present; the others are optional. */
export type TableName = Exclude<keyof GameTables, "format">;
const REQUIRED_TABLES: ReadonlySet<TableName> = new Set(["objects", "npcs", "spells"]);

/** One file the tables can come from: candidate names (matched case-insensitively) and its parser. */
interface TableSource<K extends TableName> {
  readonly table: K;
  readonly files: readonly { readonly name: string; readonly parse: (bytes: Uint8Array, file: string) => DatResult<GameTables[K]> }[];
}

type AnySource = { [K in TableName]: TableSource<K> }[TableName];

/** File names per format, in lookup order (first existing wins). */
export const TABLE_SOURCES: Readonly<Record<DataFormat, readonly AnySource[]>> = {
  ao20: [
    { table: "objects", files: [{ name: "obj.dat", parse: parseObjectsDat }] },
    { table: "npcs", files: [{ name: "npcs.dat", parse: parseNpcsDat }] },
    { table: "spells", files: [{ name: "hechizos.dat", parse: parseSpellsDat }] },
    { table: "balance", files: [{ name: "balance.dat", parse: parseBalanceDat }] },
    { table: "cities", files: [{ name: "ciudades.dat", parse: parseCitiesDat }] },
    { table: "mapInfo", files: [{ name: "map.dat", parse: parseMapDat }] },
    { table: "specialMaps", files: [{ name: "mapasespeciales.dat", parse: parseSpecialMapsDat }] },
    { table: "help", files: [{ name: "help.dat", parse: parseHelpDat }] },
    { table: "quests", files: [{ name: "quests.dat", parse: parseQuestsDat }] },
  ],
  ao013: [
    {
      table: "objects",
      files: [
        { name: "obj.dat", parse: parseObjectsDat },
        { name: "objects.dat", parse: parseAo013ObjectsDat },
      ],
    },
    { table: "npcs", files: [{ name: "npcs.dat", parse: parseNpcsDat }] },
    { table: "spells", files: [{ name: "hechizos.dat", parse: parseSpellsDat }] },
    { table: "balance", files: [{ name: "balance.dat", parse: parseBalanceDat }] },
    {
      table: "cities",
      files: [
        { name: "ciudades.dat", parse: parseCitiesDat },
        { name: "cities.dat", parse: parseCitiesDat },
      ],
    },
  ],
};

/** The outcome of building the tables: never throws for bad data. */
export interface GameTablesResult {
  tables: GameTables;
  errors: DatIssue[];
  warnings: DatIssue[];
}

/**
 * Builds the tables from files already read. `readFile` gets a lower-case file name and returns
 * its bytes, `undefined` when there is no such file, or an `Error` when reading failed.
 */
export function buildGameTables(
  format: DataFormat,
  readFile: (lowerCaseName: string) => { name: string; bytes: Uint8Array } | Error | undefined,
): GameTablesResult {
  const tables: GameTables = {
    format,
    objects: null,
    npcs: null,
    spells: null,
    balance: null,
    cities: null,
    mapInfo: null,
    specialMaps: null,
    help: null,
  };
  if (TABLE_SOURCES[format].some((source) => source.table === "quests")) tables.quests = null;
  const errors: DatIssue[] = [];
  const warnings: DatIssue[] = [];
  const fileNames = new Map<TableName, string>();
  for (const source of TABLE_SOURCES[format]) {
    let found = false;
    for (const candidate of source.files) {
      const file = readFile(candidate.name);
      if (file === undefined) continue;
      found = true;
      if (file instanceof Error) {
        errors.push({ code: "unreadable-file", file: candidate.name, message: `${candidate.name}: ${file.message}` });
        break;
      }
      const result = candidate.parse(file.bytes, file.name);
      fileNames.set(source.table, file.name);
      errors.push(...result.errors);
      warnings.push(...result.warnings);
      // Each source's parser returns that source's table type; the union needs the cast.
      (tables as unknown as Record<string, unknown>)[source.table] = result.value;
      break;
    }
    if (!found) {
      const names = source.files.map((file) => file.name).join(" or ");
      const issue: DatIssue = {
        code: "missing-file",
        file: source.files[0]!.name,
        message: `${names} not found; the ${source.table} table is ${REQUIRED_TABLES.has(source.table) ? "required" : "left empty"}`,
      };
      (REQUIRED_TABLES.has(source.table) ? errors : warnings).push(issue);
    }
  }
  if (tables.quests) {
    warnings.push(
      ...crossCheckQuests({
        quests: tables.quests,
        questsFile: fileNames.get("quests") ?? "Quests.DAT",
        npcs: tables.npcs,
        npcsFile: fileNames.get("npcs") ?? "npcs.dat",
        objectIds: tables.objects ? new Set(tables.objects.objects.map((object) => object.id)) : null,
        spellIds: tables.spells ? new Set(tables.spells.spells.map((spell) => spell.id)) : null,
      }),
    );
  }
  return { tables, errors, warnings };
}

function compactList<T extends object>(
  fields: Parameters<typeof compactFields>[0],
  records: readonly T[],
): Record<string, unknown>[] {
  return records.map((record) => {
    const out = compactFields(fields, record as Record<string, unknown>);
    for (const [key, value] of Object.entries(out)) {
      if (Array.isArray(value) && value.length === 0) delete out[key];
    }
    return out;
  });
}

/**
 * The tables with every default value left out (zero numbers, empty strings, false flags,
 * empty lists) so a pack stays small; {@link GameTablesSchema} restores them on parse.
 */
export function compactGameTables(tables: GameTables): StoredGameTables {
  return {
    ...tables,
    objects: tables.objects && {
      declaredCount: tables.objects.declaredCount,
      objects: compactList(OBJECT_FIELDS, tables.objects.objects) as StoredObjects,
    },
    npcs: tables.npcs && { declaredCount: tables.npcs.declaredCount, npcs: compactList(NPC_FIELDS, tables.npcs.npcs) as StoredNpcs },
    spells: tables.spells && {
      declaredCount: tables.spells.declaredCount,
      spells: compactList(SPELL_FIELDS, tables.spells.spells) as StoredSpells,
    },
  };
}

type StoredObjects = NonNullable<StoredGameTables["objects"]>["objects"];
type StoredNpcs = NonNullable<StoredGameTables["npcs"]>["npcs"];
type StoredSpells = NonNullable<StoredGameTables["spells"]>["spells"];
