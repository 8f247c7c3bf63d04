/**
 * `Ciudades.dat`: home cities, resurrection points, prison and boat routes (ao-data-formats
 * §3.5, character-creation §6.1; VB6 loader `CargarCiudades`/`LoadCityData`,
 * ao-org/argentum-online-server `Codigo/FileIO.bas`). Also reads AO 0.13 city lists in the
 * re-keyed `cities.dat` form of MrPointed/server-aog (`[CITY<n>] map = …`).
 */
import { z } from "zod";
import { CITY_SECTIONS } from "./catalog.ts";
import { getEntry, getSection, getString, readIni, type IniDocument } from "./ini-reader.ts";
import { binaryDataIssue, duplicateWarnings, type DatIssue, type DatResult } from "./issues.ts";
import { vbRound, vbVal } from "./vb-val.ts";

export const CitySchema = z.object({
  /** `e_City` id (1 Ullathorpe … 10 Morgrim); for 0.13 the `<n>` of `[CITY<n>]`. */
  id: z.number().int().positive(),
  /** Section name as VB6 looks it up (also the city's name). */
  name: z.string(),
  /** False when the file has no such section (VB6 then reads zeros). */
  present: z.boolean(),
  /** Home position (`Mapa`, `X`, `Y`): where new characters of this city start. */
  map: z.number().int(),
  x: z.number().int(),
  y: z.number().int(),
  /** Travel target (`MapaViaje`, `ViajeX`, `ViajeY`). */
  travelMap: z.number().int(),
  travelX: z.number().int(),
  travelY: z.number().int(),
  /** Resurrection point (`MapaResu`, `ResuX`, `ResuY`). */
  resurrectMap: z.number().int(),
  resurrectX: z.number().int(),
  resurrectY: z.number().int(),
  needsShip: z.boolean(),
  /** Maps that belong to the city (`Mapas=a,b,c`). */
  maps: z.array(z.number().int()),
  /** VB6 `IsValidCity`: map, x and y all > 0. */
  valid: z.boolean(),
});
export type City = z.infer<typeof CitySchema>;

const PointSchema = z.object({ map: z.number().int(), x: z.number().int(), y: z.number().int() });
export type MapPoint = z.infer<typeof PointSchema>;

/** A boat route or dock section (`StartX/Y`, `EndX/Y`, `DestX/Y`, `DockX/Y`, `RequiredPassID`, `Mapa`). */
export const BoatRouteSchema = z.object({
  name: z.string(),
  map: z.number().int(),
  startX: z.number().int(),
  startY: z.number().int(),
  endX: z.number().int(),
  endY: z.number().int(),
  destX: z.number().int(),
  destY: z.number().int(),
  dockX: z.number().int(),
  dockY: z.number().int(),
  requiredPassId: z.number().int(),
});
export type BoatRoute = z.infer<typeof BoatRouteSchema>;

export const CitiesTableSchema = z.object({
  /** AO20: always the 10 `e_City` entries in id order; 0.13: the `[CITY<n>]` sections. */
  cities: z.array(CitySchema),
  /** `Mapas=` of sections that are not cities themselves (e.g. `[Eleusis]`), by section name. */
  otherCityMaps: z.record(z.string(), z.array(z.number().int())),
  /** `[Prision]`, `[Libertad]` (release from prison), `[Renacimiento]` (rebirth); null when absent. */
  prison: PointSchema.nullable(),
  release: PointSchema.nullable(),
  rebirth: PointSchema.nullable(),
  boatRoutes: z.array(BoatRouteSchema),
});
export type CitiesTable = z.infer<typeof CitiesTableSchema>;

const toInt = (raw: string) => vbRound(vbVal(raw)) + 0;

function readPoint(doc: IniDocument, section: string): MapPoint | null {
  if (getSection(doc, section) === undefined) return null;
  return {
    map: toInt(getString(doc, section, "Mapa")),
    x: toInt(getString(doc, section, "X")),
    y: toInt(getString(doc, section, "Y")),
  };
}

/** `Mapas=34,32,78` → numbers; blanks and zeros dropped. */
function parseMapList(raw: string): number[] {
  return raw
    .split(",")
    .map((part) => toInt(part))
    .filter((map) => map > 0);
}

/** Parses an AO20 `Ciudades.dat`. */
export function parseCitiesDat(bytes: Uint8Array, fileName: string): DatResult<CitiesTable> {
  const binary = binaryDataIssue(bytes, fileName);
  if (binary) return { value: null, errors: [binary], warnings: [] };
  const doc = readIni(bytes, fileName);
  if (getSection(doc, "CITY1") !== undefined && !CITY_SECTIONS.some((name) => getSection(doc, name))) {
    return parseRekeyedCities(doc);
  }
  if (!CITY_SECTIONS.some((name) => getSection(doc, name))) {
    return {
      value: null,
      errors: [{ code: "not-a-table", file: fileName, message: `${fileName}: none of the city sections (${CITY_SECTIONS.join(", ")})` }],
      warnings: [],
    };
  }
  const warnings: DatIssue[] = duplicateWarnings(doc);
  const cities = CITY_SECTIONS.map((name, index): City => {
    const section = getSection(doc, name);
    const value = (key: string) => toInt(getString(doc, name, key));
    const city: City = {
      id: index + 1,
      name,
      present: section !== undefined,
      map: value("Mapa"),
      x: value("X"),
      y: value("Y"),
      travelMap: value("MapaViaje"),
      travelX: value("ViajeX"),
      travelY: value("ViajeY"),
      resurrectMap: value("MapaResu"),
      resurrectX: value("ResuX"),
      resurrectY: value("ResuY"),
      needsShip: value("NecesitaNave") !== 0,
      maps: parseMapList(getString(doc, name, "Mapas")),
      valid: false,
    };
    city.valid = city.map > 0 && city.x > 0 && city.y > 0;
    if (!city.valid) {
      warnings.push({
        code: "missing-value",
        file: fileName,
        section: name.toUpperCase(),
        line: section?.line,
        message: section
          ? `city ${city.id} [${name}] has no valid home (Mapa=${city.map} X=${city.x} Y=${city.y}); it cannot be used`
          : `city ${city.id} [${name}] is missing; it cannot be used`,
      });
    }
    return city;
  });
  const known = new Set<string>(CITY_SECTIONS.map((name) => name.toUpperCase()));
  const otherCityMaps: Record<string, number[]> = {};
  const boatRoutes: BoatRoute[] = [];
  for (const section of doc.sections.values()) {
    if (known.has(section.name)) continue;
    const has = (key: string) => section.entries.has(key);
    if (has("STARTX") || has("DOCKX") || has("REQUIREDPASSID")) {
      const value = (key: string) => toInt(getString(doc, section.name, key));
      boatRoutes.push({
        name: section.name,
        map: value("Mapa"),
        startX: value("StartX"),
        startY: value("StartY"),
        endX: value("EndX"),
        endY: value("EndY"),
        destX: value("DestX"),
        destY: value("DestY"),
        dockX: value("DockX"),
        dockY: value("DockY"),
        requiredPassId: value("RequiredPassID"),
      });
    } else if (has("MAPAS")) {
      otherCityMaps[section.name] = parseMapList(section.entries.get("MAPAS")!.value);
    }
  }
  return {
    value: {
      cities,
      otherCityMaps,
      prison: readPoint(doc, "Prision"),
      release: readPoint(doc, "Libertad"),
      rebirth: readPoint(doc, "Renacimiento"),
      boatRoutes,
    },
    errors: [],
    warnings,
  };
}

/**
 * The server-aog `cities.dat`: `[CITY<n>]` with `map = …`, `x = …`, `y = …` (spaces around
 * `=`, so the VB6 reader sees the keys as `MAP `). We match keys trimmed.
 */
function parseRekeyedCities(doc: IniDocument): DatResult<CitiesTable> {
  const warnings: DatIssue[] = duplicateWarnings(doc);
  const cities: City[] = [];
  for (const section of doc.sections.values()) {
    const match = /^CITY([1-9][0-9]{0,4})$/.exec(section.name);
    if (!match) continue;
    const trimmed = new Map<string, string>();
    for (const entry of section.entries.values()) {
      const key = entry.key.trim();
      if (!trimmed.has(key)) trimmed.set(key, entry.value.trim());
    }
    const value = (key: string) => toInt(trimmed.get(key) ?? "");
    const [map, x, y] = [value("MAP"), value("X"), value("Y")];
    const valid = map > 0 && x > 0 && y > 0;
    if (!valid) {
      warnings.push({
        code: "missing-value",
        file: doc.fileName,
        section: section.name,
        line: section.line,
        message: `[${section.name}] has no valid position (map=${map} x=${x} y=${y})`,
      });
    }
    cities.push({
      id: Number(match[1]),
      name: section.name,
      present: true,
      map,
      x,
      y,
      // The re-keyed form has only the home position; the rest stays "not set" as VB6 reads it.
      travelMap: 0,
      travelX: 0,
      travelY: 0,
      resurrectMap: 0,
      resurrectX: 0,
      resurrectY: 0,
      needsShip: false,
      maps: [],
      valid,
    });
  }
  cities.sort((a, b) => a.id - b.id);
  if (cities.length === 0) {
    return {
      value: null,
      errors: [{ code: "not-a-table", file: doc.fileName, message: `${doc.fileName}: no [CITY<n>] sections` }],
      warnings,
    };
  }
  const declared = getEntry(doc, "INIT", "citie_count ") ?? getEntry(doc, "INIT", "citie_count");
  if (declared && vbVal(declared.value) !== cities.length) {
    warnings.push({
      code: "bad-value",
      file: doc.fileName,
      section: "INIT",
      key: declared.key,
      line: declared.line,
      message: `[INIT] citie_count=${declared.value.trim()} but ${cities.length} [CITY<n>] sections exist`,
    });
  }
  return {
    value: { cities, otherCityMaps: {}, prison: null, release: null, rebirth: null, boatRoutes: [] },
    errors: [],
    warnings,
  };
}
