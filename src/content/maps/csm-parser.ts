/**
 * AO20 `.csm` map parser (ao-data-formats §1; reference loader: ao-org/argentum-online-server
 * `Codigo/FileIO.bas` `CargarMapaFormatoCSM`). Pure: bytes in, a typed map or a typed error out.
 *
 * Layout: 44-byte header of eleven i32 counts, 8-byte `MapSize` (ignored), the `MapDat` record,
 * then sparse blocks of `(x i16, y i16, …)` records in FILE order (which differs from header
 * order: particles before lights, objects before NPCs). Bytes after the last block are stale
 * leftovers of an older, longer save and are ignored.
 */
import { ByteCursor } from "./byte-cursor.ts";
import {
  AO_MAP_SIZE,
  type GroundObject,
  type MapCounts,
  type MapExit,
  type MapParseError,
  type MapParseErrorCode,
  type MapParseOutcome,
  type MapPosition,
  type MapProperties,
  type MapRestriction,
  type NpcSpawn,
  type ParsedMap,
} from "./map-types.ts";
import {
  AO20_TREE_GRHS,
  AO20_WATER_GRH_RANGES,
  AO20_WATER_TRIGGERS,
  BLOCKED_ALL,
  FILE_BLOCK_BITS,
  TILE_TREE,
  TILE_WATER,
  grhInRanges,
} from "./tile-flags.ts";

/** Header: eleven i32 counts. */
const CSM_HEADER_BYTES = 44;
/** `MapSize`: four i16 that no loader uses. */
const CSM_MAP_SIZE_BYTES = 8;
/** Largest trigger we store (triggers are kept as one byte per tile; real data tops at 73). */
const MAX_TRIGGER = 255;

/** Header count positions, in header order (`t_MapHeader`). */
const HEADER = {
  blocked: 0,
  layer1: 1,
  layer2: 2,
  layer3: 3,
  layer4: 4,
  triggers: 5,
  lights: 6,
  particles: 7,
  npcs: 8,
  objects: 9,
  exits: 10,
} as const;
const HEADER_COUNT_NAMES = [
  "NumeroBloqueados",
  "NumeroLayers(1)",
  "NumeroLayers(2)",
  "NumeroLayers(3)",
  "NumeroLayers(4)",
  "NumeroTriggers",
  "NumeroLuces",
  "NumeroParticulas",
  "NumeroNPCs",
  "NumeroOBJs",
  "NumeroTE",
] as const;

/** Mutable state the block handlers fill in. */
interface CsmState {
  readonly width: number;
  readonly tileFlags: Uint8Array;
  readonly triggers: Uint8Array;
  readonly layers: [Int32Array, Int32Array, Int32Array, Int32Array];
  readonly exits: Map<number, MapExit>;
  readonly objects: Map<number, GroundObject>;
  readonly npcs: NpcSpawn[];
}

/**
 * One block of fixed-size records. `read` gets the cursor positioned just after the record's
 * (x, y), the tile index, and the record's start offset; it returns an error message (the
 * record is then rejected) or nothing.
 */
interface CsmBlock {
  readonly name: string;
  readonly header: number;
  /** Bytes per record, (x, y) included. */
  readonly recordBytes: number;
  read(cursor: ByteCursor, state: CsmState, tile: number, x: number, y: number): string | undefined;
}

/** Blocks in the order they follow each other in the file. */
const CSM_BLOCKS: readonly CsmBlock[] = [
  {
    name: "blocked",
    header: HEADER.blocked,
    recordBytes: 5,
    read(cursor, state, tile) {
      // `Blocked = Lados`: the file's byte replaces whatever was there. Only direction and GM bits
      // are taken; water and tree are always derived below, never trusted from the file.
      state.tileFlags[tile] = cursor.u8() & FILE_BLOCK_BITS;
      return undefined;
    },
  },
  layerBlock(1),
  layerBlock(2),
  layerBlock(3),
  layerBlock(4),
  {
    name: "triggers",
    header: HEADER.triggers,
    recordBytes: 6,
    read(cursor, state, tile) {
      const trigger = cursor.i16();
      if (trigger < 0 || trigger > MAX_TRIGGER) return `trigger ${trigger} outside 0..${MAX_TRIGGER}`;
      state.triggers[tile] = trigger;
      if (AO20_WATER_TRIGGERS.has(trigger)) state.tileFlags[tile]! |= TILE_WATER;
      return undefined;
    },
  },
  // Particles and lights are client-only; the server reads and discards them.
  { name: "particles", header: HEADER.particles, recordBytes: 8, read: skipRest(4) },
  { name: "lights", header: HEADER.lights, recordBytes: 9, read: skipRest(5) },
  {
    name: "objects",
    header: HEADER.objects,
    recordBytes: 8,
    read(cursor, state, tile, x, y) {
      const obj = cursor.i16();
      const amount = cursor.i16();
      if (obj > 0) state.objects.set(tile, { x, y, obj, amount });
      else state.objects.delete(tile);
      return undefined;
    },
  },
  {
    name: "npcs",
    header: HEADER.npcs,
    recordBytes: 6,
    read(cursor, state, _tile, x, y) {
      const npc = cursor.i16();
      // The server skips records with a non-positive NPC number.
      if (npc > 0) state.npcs.push({ x, y, npc });
      return undefined;
    },
  },
  {
    name: "exits",
    header: HEADER.exits,
    recordBytes: 10,
    read(cursor, state, tile, x, y) {
      const destMap = cursor.i16();
      const destX = cursor.i16();
      const destY = cursor.i16();
      // destMap 0 is "no exit"; any negative value is the "go back" exit, stored as -1.
      if (destMap === 0) state.exits.delete(tile);
      else state.exits.set(tile, { x, y, destMap: destMap < 0 ? -1 : destMap, destX, destY });
      return undefined;
    },
  },
];

function layerBlock(layer: 1 | 2 | 3 | 4): CsmBlock {
  return {
    name: `layer ${layer}`,
    header: layer,
    recordBytes: 8,
    read(cursor, state, tile) {
      const grh = cursor.i32();
      state.layers[layer - 1]![tile] = grh;
      // Same sequence as the reference, record by record: water from the floor, cleared by any
      // layer-2 graphic (a coast), trees from layer 3. Triggers may set water again later.
      if (layer === 1) {
        if (grhInRanges(grh, AO20_WATER_GRH_RANGES)) state.tileFlags[tile]! |= TILE_WATER;
      } else if (layer === 2) {
        state.tileFlags[tile]! &= ~TILE_WATER;
      } else if (layer === 3) {
        if (AO20_TREE_GRHS.has(grh)) state.tileFlags[tile]! |= TILE_TREE;
      }
      return undefined;
    },
  };
}

function skipRest(bytes: number): CsmBlock["read"] {
  return (cursor) => {
    cursor.skip(bytes);
    return undefined;
  };
}

/** The `MapDat` record (`t_MapDat`), field by field. */
interface RawMapDat {
  mapName: string;
  backupMode: number;
  restrictMode: string;
  musicHigh: number;
  musicLow: number;
  safe: number;
  zone: string;
  terrain: string;
  ambient: string;
  baseLight: number;
  letterGrh: number;
  level: number;
  extra2: number;
  exitTo: string;
  rain: number;
  snow: number;
  fog: number;
}

type FieldKind = "string" | "u8" | "i32";
const MAP_DAT_FIELDS: readonly (readonly [keyof RawMapDat, FieldKind])[] = [
  ["mapName", "string"],
  ["backupMode", "u8"],
  ["restrictMode", "string"],
  ["musicHigh", "i32"],
  ["musicLow", "i32"],
  ["safe", "u8"],
  ["zone", "string"],
  ["terrain", "string"],
  ["ambient", "string"],
  ["baseLight", "i32"],
  ["letterGrh", "i32"],
  ["level", "i32"],
  ["extra2", "i32"],
  ["exitTo", "string"],
  ["rain", "u8"],
  ["snow", "u8"],
  ["fog", "u8"],
];
const FIELD_BYTES: Record<Exclude<FieldKind, "string">, number> = { u8: 1, i32: 4 };

/** VB6 strings in records are Windows-1252. The decoder never throws (fatal: false). */
const cp1252 = new TextDecoder("windows-1252");

/** AO20 `restrict_mode` bits, in bit order (bit 0 = 1 = newbie). */
const AO20_RESTRICTION_BITS: readonly MapRestriction[] = [
  "newbie",
  "noMagic",
  "noPks",
  "noCitizens",
  "noInvisibility",
  "guildsOnly",
  "noPets",
  "groupsOnly",
  "patreonOnly",
];

/** Decimal text `IsNumeric` would accept (the forms that occur; no exponent or currency forms). */
const NUMERIC_TEXT = /^\s*[+-]?(\d+\.?\d*|\.\d+)\s*$/;

/**
 * Decodes `restrict_mode`: a bit mask written as decimal text; the legacy word `NEWBIE` means 1
 * and any other non-number means 0 (reference: after `CargarMapaFormatoCSM` reads the record).
 */
export function ao20Restrictions(restrictMode: string): MapRestriction[] {
  let mask = 0;
  if (NUMERIC_TEXT.test(restrictMode)) mask = Math.round(Number(restrictMode.trim()));
  else if (restrictMode.trim().toUpperCase() === "NEWBIE") mask = 1;
  const restrictions: MapRestriction[] = [];
  AO20_RESTRICTION_BITS.forEach((name, bit) => {
    if ((mask & (1 << bit)) !== 0) restrictions.push(name);
  });
  return restrictions;
}

/** Highest map number an i16 map field can hold. */
const MAX_MAP_NUMBER = 0x7fff;

/**
 * `Salida` = "map-x-y". Anything that does not give a map number and a tile on a 100 × 100 map
 * means "not set" (the reference would stop loading the map's properties on a bad value).
 */
function parseExitTo(text: string): MapPosition | null {
  const fields = text.split("-");
  if (fields.length < 3) return null;
  const [map, x, y] = fields.slice(0, 3).map((field) => Number.parseInt(field.trim(), 10)) as [number, number, number];
  const inRange = (value: number, max: number) => Number.isInteger(value) && value >= 1 && value <= max;
  if (!inRange(map, MAX_MAP_NUMBER) || !inRange(x, AO_MAP_SIZE) || !inRange(y, AO_MAP_SIZE)) return null;
  return { map, x, y };
}

function toProperties(raw: RawMapDat): MapProperties {
  return {
    name: raw.mapName,
    music: [raw.musicHigh, raw.musicLow].filter((music) => music !== 0),
    zone: raw.zone,
    terrain: raw.terrain,
    ambient: raw.ambient,
    safe: raw.safe !== 0,
    backup: raw.backupMode !== 0,
    restrictions: ao20Restrictions(raw.restrictMode),
    minLevel: raw.level & 0xff,
    maxLevel: (raw.level >> 8) & 0xff,
    baseLight: raw.baseLight,
    letterGrh: raw.letterGrh,
    rain: raw.rain !== 0,
    snow: raw.snow !== 0,
    fog: raw.fog !== 0,
    exitTo: parseExitTo(raw.exitTo),
  };
}

function failure(code: MapParseErrorCode, file: string, offset: number, message: string): MapParseOutcome {
  const error: MapParseError = { code, file, offset, message: `${file} at byte ${offset}: ${message}` };
  return { ok: false, error };
}

/**
 * Parses an AO20 `.csm` map. `file` names the source in errors. Never throws for bad bytes:
 * truncated, empty or garbage input yields `{ ok: false, error }` with the byte offset.
 */
export function parseCsm(bytes: Uint8Array, file: string): MapParseOutcome {
  if (bytes.length === 0) return failure("empty-file", file, 0, "the file is empty");
  const cursor = new ByteCursor(bytes);
  if (!cursor.has(CSM_HEADER_BYTES + CSM_MAP_SIZE_BYTES)) {
    return failure(
      "truncated",
      file,
      bytes.length,
      `file ends inside the ${CSM_HEADER_BYTES + CSM_MAP_SIZE_BYTES}-byte header (only ${bytes.length} bytes)`,
    );
  }
  const counts: number[] = [];
  for (let index = 0; index < HEADER_COUNT_NAMES.length; index++) {
    const offset = cursor.offset;
    const count = cursor.i32();
    if (count < 0) return failure("bad-count", file, offset, `${HEADER_COUNT_NAMES[index]} is negative (${count})`);
    counts.push(count);
  }
  cursor.skip(CSM_MAP_SIZE_BYTES);

  const raw: Record<string, string | number> = {};
  for (const [field, kind] of MAP_DAT_FIELDS) {
    const offset = cursor.offset;
    if (kind === "string") {
      if (!cursor.has(2)) return failure("truncated", file, offset, `file ends inside map property ${field}`);
      const length = cursor.u16();
      if (!cursor.has(length)) {
        return failure("truncated", file, offset, `map property ${field} says ${length} bytes but only ${cursor.remaining()} remain`);
      }
      raw[field] = cp1252.decode(cursor.take(length));
    } else {
      if (!cursor.has(FIELD_BYTES[kind])) return failure("truncated", file, offset, `file ends inside map property ${field}`);
      raw[field] = kind === "u8" ? cursor.u8() : cursor.i32();
    }
  }
  const properties = toProperties(raw as unknown as RawMapDat);

  const width = AO_MAP_SIZE;
  const height = AO_MAP_SIZE;
  const tiles = width * height;
  const state: CsmState = {
    width,
    tileFlags: new Uint8Array(tiles),
    triggers: new Uint8Array(tiles),
    layers: [new Int32Array(tiles), new Int32Array(tiles), new Int32Array(tiles), new Int32Array(tiles)],
    exits: new Map(),
    objects: new Map(),
    npcs: [],
  };

  for (const block of CSM_BLOCKS) {
    const count = counts[block.header]!;
    if (count === 0) continue;
    const blockBytes = count * block.recordBytes;
    if (!cursor.has(blockBytes)) {
      return failure(
        "truncated",
        file,
        cursor.offset,
        `${HEADER_COUNT_NAMES[block.header]} = ${count} ${block.name} records (${blockBytes} bytes) but only ${cursor.remaining()} bytes remain`,
      );
    }
    for (let record = 0; record < count; record++) {
      const offset = cursor.offset;
      const x = cursor.i16();
      const y = cursor.i16();
      if (x < 1 || x > width || y < 1 || y > height) {
        return failure("bad-coordinate", file, offset, `${block.name} record ${record + 1} at (${x}, ${y}) is outside 1..${width} × 1..${height}`);
      }
      const problem = block.read(cursor, state, (y - 1) * width + (x - 1), x, y);
      if (problem !== undefined) return failure("bad-value", file, offset, `${block.name} record ${record + 1} at (${x}, ${y}): ${problem}`);
    }
  }

  const map: ParsedMap = {
    format: "ao20",
    file,
    width,
    height,
    properties,
    tileFlags: state.tileFlags,
    triggers: state.triggers,
    layers: state.layers,
    exits: sortedByTile(state.exits),
    npcs: state.npcs,
    objects: sortedByTile(state.objects),
    counts: countMap(state.tileFlags, state.triggers, state.exits.size, counts[HEADER.npcs]!, counts[HEADER.objects]!),
  };
  return { ok: true, map };
}

/** Values of a tile-keyed map in row-major tile order. */
export function sortedByTile<T>(byTile: ReadonlyMap<number, T>): T[] {
  return [...byTile.entries()].sort((a, b) => a[0] - b[0]).map((entry) => entry[1]);
}

/** The report counts, from the final grids and the record counts. */
export function countMap(tileFlags: Uint8Array, triggers: Uint8Array, exits: number, npcRecords: number, objectRecords: number): MapCounts {
  let blocked = 0;
  let triggered = 0;
  for (let tile = 0; tile < tileFlags.length; tile++) {
    if ((tileFlags[tile]! & BLOCKED_ALL) !== 0) blocked++;
    if (triggers[tile] !== 0) triggered++;
  }
  return { blocked, exits, npcs: npcRecords, objects: objectRecords, triggers: triggered };
}
