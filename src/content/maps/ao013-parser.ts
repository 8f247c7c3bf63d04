/**
 * AO 0.13 map parser: `MapaN.map` (graphics, blocking, triggers) + `MapaN.inf` (exits, NPCs,
 * objects) + `MapaN.dat` (properties, INI). ao-data-formats §2; reference readers: the VB6 0.13
 * `CargarMapa`, MrPointed/server-aog `internal/persistence/map_dat_repo.go`. Pure.
 *
 * Both binary files hold one record per tile, 10,000 of them, y = 1..100 outer, x = 1..100
 * inner; a flags byte says which optional fields follow.
 */
import { getSection, getString, vbValInteger, type IniDocument } from "../dat/index.ts";
import { ByteCursor } from "./byte-cursor.ts";
import { countMap, sortedByTile } from "./csm-parser.ts";
import {
  AO_MAP_SIZE,
  NEUTRAL_MAP_PROPERTIES,
  type GroundObject,
  type MapExit,
  type MapParseErrorCode,
  type MapParseOutcome,
  type MapProperties,
  type MapRestriction,
  type NpcSpawn,
  type ParsedMap,
} from "./map-types.ts";
import { AO013_WATER_GRH_RANGES, BLOCKED_ALL, TILE_WATER, grhInRanges } from "./tile-flags.ts";

/** `.map` header: i16 version + `String*255` description + i32 CRC + i32 magic + 4 × i16 padding. */
export const AO013_MAP_HEADER_BYTES = 2 + 255 + 4 + 4 + 8;
/** `.inf` header: 5 × i16, unused. */
export const AO013_INF_HEADER_BYTES = 10;

/** `.map` tile flag bits. */
const MAP_BLOCKED = 0x01;
const MAP_LAYER2 = 0x02;
const MAP_LAYER3 = 0x04;
const MAP_LAYER4 = 0x08;
const MAP_TRIGGER = 0x10;
/** `.inf` tile flag bits. */
const INF_EXIT = 0x01;
const INF_NPC = 0x02;
const INF_OBJECT = 0x04;

/** Triggers are stored as one byte per tile; 0.13 data only uses 1..6. */
const MAX_TRIGGER = 255;

/** One binary input file. */
export interface NamedBytes {
  readonly file: string;
  readonly bytes: Uint8Array;
}

/** What `parseAo013Map` needs: both binary files and the properties already read from `MapaN.dat`. */
export interface Ao013MapInput {
  readonly map: NamedBytes;
  readonly inf: NamedBytes;
  readonly properties: MapProperties;
}

/** `Restringir=` words and the restriction each means (anything else, e.g. `No`, means none). */
const AO013_RESTRICT_WORDS: Readonly<Record<string, MapRestriction>> = {
  NEWBIE: "newbie",
  GM: "gmOnly",
  ARMADA: "royalArmyOnly",
  CAOS: "chaosLegionOnly",
};

function ao013PropertiesFromValues(value: (key: string) => string): MapProperties {
  const flag = (key: string) => vbValInteger(value(key)) !== 0;
  const restrictions: MapRestriction[] = [];
  const restrictWord = AO013_RESTRICT_WORDS[value("Restringir").trim().toUpperCase()];
  if (restrictWord) restrictions.push(restrictWord);
  if (flag("MagiaSinEfecto")) restrictions.push("noMagic");
  if (flag("InviSinEfecto")) restrictions.push("noInvisibility");
  if (flag("ResuSinEfecto")) restrictions.push("noResurrection");
  const music = vbValInteger(value("MusicNum"));
  return {
    ...NEUTRAL_MAP_PROPERTIES,
    name: value("Name"),
    music: music !== 0 ? [music] : [],
    zone: value("Zona"),
    terrain: value("Terreno"),
    // VB6: `If Val(Pk) = 0 Then MapInfo.Pk = True` — Pk=0 means player killing is allowed.
    safe: flag("Pk"),
    backup: flag("BackUp"),
    restrictions,
  };
}

/** Properties of a map with no `.dat` (or no matching section): VB6 reads every key as empty. */
export const AO013_DEFAULT_PROPERTIES: MapProperties = ao013PropertiesFromValues(() => "");

/**
 * Map properties from a parsed `MapaN.dat`, section `[MAPA<mapId>]` (as the VB6 loader asks for
 * it). Returns `undefined` when that section is missing, so the caller can warn.
 */
export function ao013MapProperties(doc: IniDocument, mapId: number): MapProperties | undefined {
  const section = `MAPA${mapId}`;
  if (getSection(doc, section) === undefined) return undefined;
  return ao013PropertiesFromValues((key) => getString(doc, section, key));
}

function failure(code: MapParseErrorCode, file: string, offset: number, message: string): MapParseOutcome {
  return { ok: false, error: { code, file, offset, message: `${file} at byte ${offset}: ${message}` } };
}

/** Parses an AO 0.13 map from its `.map` and `.inf` bytes. Never throws for bad bytes. */
export function parseAo013Map(input: Ao013MapInput): MapParseOutcome {
  const { map: mapFile, inf: infFile } = input;
  const width = AO_MAP_SIZE;
  const height = AO_MAP_SIZE;
  const tiles = width * height;

  if (mapFile.bytes.length === 0) return failure("empty-file", mapFile.file, 0, "the file is empty");
  if (infFile.bytes.length === 0) return failure("empty-file", infFile.file, 0, "the file is empty");

  const tileFlags = new Uint8Array(tiles);
  const triggers = new Uint8Array(tiles);
  const layers: [Int32Array, Int32Array, Int32Array, Int32Array] = [
    new Int32Array(tiles),
    new Int32Array(tiles),
    new Int32Array(tiles),
    new Int32Array(tiles),
  ];

  const mapCursor = new ByteCursor(mapFile.bytes);
  if (!mapCursor.has(AO013_MAP_HEADER_BYTES)) {
    return failure("truncated", mapFile.file, mapFile.bytes.length, `file ends inside the ${AO013_MAP_HEADER_BYTES}-byte header`);
  }
  mapCursor.skip(AO013_MAP_HEADER_BYTES);
  for (let y = 1; y <= height; y++) {
    for (let x = 1; x <= width; x++) {
      const offset = mapCursor.offset;
      // Worst case record: flags + grh1 + grh2..4 + trigger = 11 bytes; check exactly what is needed.
      if (!mapCursor.has(3)) return failure("truncated", mapFile.file, offset, `file ends at tile (${x}, ${y})`);
      const flags = mapCursor.u8();
      const tile = (y - 1) * width + (x - 1);
      const grh1 = mapCursor.i16();
      layers[0][tile] = grh1;
      const optional = ((flags & MAP_LAYER2) !== 0 ? 2 : 0) + ((flags & MAP_LAYER3) !== 0 ? 2 : 0) + ((flags & MAP_LAYER4) !== 0 ? 2 : 0) + ((flags & MAP_TRIGGER) !== 0 ? 2 : 0);
      if (!mapCursor.has(optional)) return failure("truncated", mapFile.file, offset, `file ends inside tile (${x}, ${y})`);
      if ((flags & MAP_LAYER2) !== 0) layers[1][tile] = mapCursor.i16();
      if ((flags & MAP_LAYER3) !== 0) layers[2][tile] = mapCursor.i16();
      if ((flags & MAP_LAYER4) !== 0) layers[3][tile] = mapCursor.i16();
      if ((flags & MAP_TRIGGER) !== 0) {
        const trigger = mapCursor.i16();
        if (trigger < 0 || trigger > MAX_TRIGGER) {
          return failure("bad-value", mapFile.file, offset, `tile (${x}, ${y}): trigger ${trigger} outside 0..${MAX_TRIGGER}`);
        }
        triggers[tile] = trigger;
      }
      // 0.13 blocking has no sides: a blocked tile is a wall from every direction.
      let tileBits = (flags & MAP_BLOCKED) !== 0 ? BLOCKED_ALL : 0;
      if (layers[1][tile] === 0 && grhInRanges(grh1, AO013_WATER_GRH_RANGES)) tileBits |= TILE_WATER;
      tileFlags[tile] = tileBits;
    }
  }

  const exits = new Map<number, MapExit>();
  const objects = new Map<number, GroundObject>();
  const npcs: NpcSpawn[] = [];
  let npcRecords = 0;
  let objectRecords = 0;
  const infCursor = new ByteCursor(infFile.bytes);
  if (!infCursor.has(AO013_INF_HEADER_BYTES)) {
    return failure("truncated", infFile.file, infFile.bytes.length, `file ends inside the ${AO013_INF_HEADER_BYTES}-byte header`);
  }
  infCursor.skip(AO013_INF_HEADER_BYTES);
  for (let y = 1; y <= height; y++) {
    for (let x = 1; x <= width; x++) {
      const offset = infCursor.offset;
      if (!infCursor.has(1)) return failure("truncated", infFile.file, offset, `file ends at tile (${x}, ${y})`);
      const flags = infCursor.u8();
      const needed = ((flags & INF_EXIT) !== 0 ? 6 : 0) + ((flags & INF_NPC) !== 0 ? 2 : 0) + ((flags & INF_OBJECT) !== 0 ? 4 : 0);
      if (!infCursor.has(needed)) return failure("truncated", infFile.file, offset, `file ends inside tile (${x}, ${y})`);
      const tile = (y - 1) * width + (x - 1);
      if ((flags & INF_EXIT) !== 0) {
        const destMap = infCursor.i16();
        const destX = infCursor.i16();
        const destY = infCursor.i16();
        if (destMap !== 0) exits.set(tile, { x, y, destMap: destMap < 0 ? -1 : destMap, destX, destY });
      }
      if ((flags & INF_NPC) !== 0) {
        npcRecords++;
        const npc = infCursor.i16();
        if (npc > 0) npcs.push({ x, y, npc });
      }
      if ((flags & INF_OBJECT) !== 0) {
        objectRecords++;
        const obj = infCursor.i16();
        const amount = infCursor.i16();
        if (obj > 0) objects.set(tile, { x, y, obj, amount });
      }
    }
  }

  const map: ParsedMap = {
    format: "ao013",
    file: mapFile.file,
    width,
    height,
    properties: input.properties,
    tileFlags,
    triggers,
    layers,
    exits: sortedByTile(exits),
    npcs,
    objects: sortedByTile(objects),
    counts: countMap(tileFlags, triggers, exits.size, npcRecords, objectRecords),
  };
  return { ok: true, map };
}
