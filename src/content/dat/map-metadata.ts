/**
 * AO20 per-map metadata tables (ao-data-formats §1.4): `Dat/Map.dat` (`[RESUCIUDAD]`,
 * `[KeepInviOnAttack]`, `[ForceUpdateAi]`, all keyed by map number; VB6 reads them with
 * `GetVar` = `GetPrivateProfileString`, so the first duplicate wins) and
 * `Dat/MapasEspeciales.dat` (`Cantidad` + `Mapa<n>` lists, loader `CargarMapasEspeciales`).
 */
import { z } from "zod";
import { getEntry, getSection, readIni, type IniDocument } from "./ini-reader.ts";
import { binaryDataIssue, duplicateWarnings, type DatIssue, type DatResult } from "./issues.ts";
import { countedList } from "./numbered-sections.ts";
import { vbRound, vbVal } from "./vb-val.ts";

/** Map numbers are positive VB6 Integers. */
const MAP_KEY = /^[0-9]{1,5}$/;
const MAX_SPECIAL_LIST = 10_000;

/** Map number (as a decimal string key, JSON-friendly) → value. */
const mapRecord = z.record(z.string().regex(MAP_KEY), z.number().int());

export const MapInfoTableSchema = z.object({
  /** `[INIT] NumMaps` (informational: the AO20 server counts the map files instead). */
  declaredMapCount: z.number().int(),
  /** `[RESUCIUDAD] <map>=<n>`: non-zero = resurrect in a city (the server only checks non-zero). */
  resurrectCity: mapRecord,
  /** `[KeepInviOnAttack] <map>=1`: maps where attacking does not break invisibility. */
  keepInvisibleOnAttack: z.array(z.number().int()),
  /** `[ForceUpdateAi] <map>=1`: maps whose NPC AI runs without players. */
  forceUpdateAi: z.array(z.number().int()),
});
export type MapInfoTable = z.infer<typeof MapInfoTableSchema>;

function mapValues(doc: IniDocument, section: string, warnings: DatIssue[]): Map<number, number> {
  const out = new Map<number, number>();
  const found = getSection(doc, section);
  if (!found) return out;
  for (const entry of found.entries.values()) {
    // GetPrivateProfileString trims keys, and a map number key is what VB6 asks for.
    const key = entry.key.trim();
    if (!MAP_KEY.test(key) || Number(key) === 0) {
      warnings.push({
        code: "bad-value",
        file: doc.fileName,
        section: found.name,
        key: entry.key,
        line: entry.line,
        message: `[${found.name}] key ${JSON.stringify(entry.key)} is not a map number; ignored`,
      });
      continue;
    }
    const map = Number(key);
    if (!out.has(map)) out.set(map, vbRound(vbVal(entry.value)) + 0);
  }
  return out;
}

/** Parses `Map.dat`. */
export function parseMapDat(bytes: Uint8Array, fileName: string): DatResult<MapInfoTable> {
  const binary = binaryDataIssue(bytes, fileName);
  if (binary) return { value: null, errors: [binary], warnings: [] };
  const doc = readIni(bytes, fileName);
  const sections = ["INIT", "RESUCIUDAD", "KeepInviOnAttack", "ForceUpdateAi"];
  if (!sections.some((name) => getSection(doc, name))) {
    return {
      value: null,
      errors: [{ code: "not-a-table", file: fileName, message: `${fileName}: none of ${sections.map((s) => `[${s}]`).join(", ")}` }],
      warnings: [],
    };
  }
  const warnings = duplicateWarnings(doc);
  const resurrect = mapValues(doc, "RESUCIUDAD", warnings);
  const nonZeroMaps = (values: Map<number, number>) =>
    [...values].filter(([, value]) => value !== 0).map(([map]) => map).sort((a, b) => a - b);
  const resurrectCity: Record<string, number> = {};
  for (const [map, value] of [...resurrect].sort((a, b) => a[0] - b[0])) resurrectCity[String(map)] = value;
  return {
    value: {
      declaredMapCount: vbRound(vbVal(getEntry(doc, "INIT", "NumMaps")?.value ?? "")) + 0,
      resurrectCity,
      keepInvisibleOnAttack: nonZeroMaps(mapValues(doc, "KeepInviOnAttack", warnings)),
      forceUpdateAi: nonZeroMaps(mapValues(doc, "ForceUpdateAi", warnings)),
    },
    errors: [],
    warnings,
  };
}

export const SpecialMapsTableSchema = z.object({
  /** `[MapasInterdimensionales]`: exits with destination -1 return the player to where they came from. */
  interdimensional: z.array(z.number().int()),
  /** `[MapasIgnoranLimpieza]`: skipped by the world clean-up. */
  ignoreCleanup: z.array(z.number().int()),
  /** `[MapasEventos]`: event maps. */
  events: z.array(z.number().int()),
  /** `[MapasNoDrop]`: items are not dropped on death. */
  noDrop: z.array(z.number().int()),
  /** Every `Cantidad` + `Mapa<n>` section by upper-cased name, including the four above. */
  lists: z.record(z.string(), z.array(z.number().int())),
});
export type SpecialMapsTable = z.infer<typeof SpecialMapsTableSchema>;

/** Parses `MapasEspeciales.dat`. Lists hold the `Mapa<n>` values in order, zeros dropped. */
export function parseSpecialMapsDat(bytes: Uint8Array, fileName: string): DatResult<SpecialMapsTable> {
  const binary = binaryDataIssue(bytes, fileName);
  if (binary) return { value: null, errors: [binary], warnings: [] };
  const doc = readIni(bytes, fileName);
  const warnings = duplicateWarnings(doc);
  const lists: Record<string, number[]> = {};
  for (const section of doc.sections.values()) {
    const count = section.entries.get("CANTIDAD");
    if (count === undefined) continue;
    const maps = countedList(
      doc,
      section.name,
      vbVal(count.value),
      (i) => `Mapa${i}`,
      (raw, i) => {
        if (raw === "") {
          warnings.push({
            code: "missing-value",
            file: fileName,
            section: section.name,
            key: `MAPA${i}`,
            message: `[${section.name}] Cantidad=${count.value.trim()} but Mapa${i} is missing`,
          });
        }
        return vbRound(vbVal(raw)) + 0;
      },
      MAX_SPECIAL_LIST,
    ).filter((map) => map !== 0);
    lists[section.name] = maps;
  }
  if (Object.keys(lists).length === 0) {
    return {
      value: null,
      errors: [{ code: "not-a-table", file: fileName, message: `${fileName}: no section with a Cantidad key` }],
      warnings,
    };
  }
  return {
    value: {
      interdimensional: lists.MAPASINTERDIMENSIONALES ?? [],
      ignoreCleanup: lists.MAPASIGNORANLIMPIEZA ?? [],
      events: lists.MAPASEVENTOS ?? [],
      noDrop: lists.MAPASNODROP ?? [],
      lists,
    },
    errors: [],
    warnings,
  };
}
