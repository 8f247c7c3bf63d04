/**
 * The binary file of one world-pack map (`maps/<id>.bin`). Pure and table-driven: each record
 * list is described once (field name + type) and both encoder and decoder derive from that.
 *
 * Layout (little-endian):
 *
 * | offset | size | content |
 * | --- | --- | --- |
 * | 0 | 4 | magic `AOWM` |
 * | 4 | 2 | layout version (1) |
 * | 6 | 2 | map id |
 * | 8 | 2 | width |
 * | 10 | 2 | height |
 * | 12 | 4 × 4 | record counts: triggers, exits, NPC spawns, ground objects |
 * | 28 | width × height | collision grid, one byte per tile (maps/tile-flags.ts bits), row-major |
 * | … | | trigger records, exit records, NPC records, object records (tables below) |
 *
 * The collision grid is stored exactly as the map runtime keeps it, so loading it is one copy
 * into a SharedArrayBuffer. Triggers are sparse because most tiles have none.
 */
import type { GroundObject, MapExit, NpcSpawn } from "../maps/index.ts";

export const MAP_BINARY_MAGIC = "AOWM";
export const MAP_BINARY_VERSION = 1;
/** Bytes before the collision grid. */
export const MAP_BINARY_HEADER_BYTES = 28;

type FieldType = "u8" | "u16" | "i16" | "i32";
const FIELD_BYTES: Record<FieldType, number> = { u8: 1, u16: 2, i16: 2, i32: 4 };

interface RecordLayout<T> {
  readonly name: string;
  readonly fields: readonly (readonly [keyof T & string, FieldType])[];
}

/** A trigger on one tile (sparse form of the trigger grid). */
export interface TriggerRecord {
  readonly x: number;
  readonly y: number;
  readonly trigger: number;
}

const TRIGGER_LAYOUT: RecordLayout<TriggerRecord> = {
  name: "trigger",
  fields: [
    ["x", "u16"],
    ["y", "u16"],
    ["trigger", "u8"],
  ],
};
const EXIT_LAYOUT: RecordLayout<MapExit> = {
  name: "exit",
  fields: [
    ["x", "u16"],
    ["y", "u16"],
    ["destMap", "i16"],
    ["destX", "i16"],
    ["destY", "i16"],
  ],
};
const NPC_LAYOUT: RecordLayout<NpcSpawn> = {
  name: "npc",
  fields: [
    ["x", "u16"],
    ["y", "u16"],
    ["npc", "u16"],
  ],
};
const OBJECT_LAYOUT: RecordLayout<GroundObject> = {
  name: "object",
  fields: [
    ["x", "u16"],
    ["y", "u16"],
    ["obj", "u16"],
    ["amount", "i32"],
  ],
};

function recordBytes(layout: RecordLayout<unknown>): number {
  let total = 0;
  for (const [, type] of layout.fields) total += FIELD_BYTES[type];
  return total;
}

/** Everything a map binary holds. */
export interface MapBinaryContent {
  readonly id: number;
  readonly width: number;
  readonly height: number;
  readonly collision: Uint8Array;
  readonly triggers: Uint8Array;
  readonly exits: readonly MapExit[];
  readonly npcs: readonly NpcSpawn[];
  readonly objects: readonly GroundObject[];
}

/** A decoded map binary: the grids are fresh arrays (collision in a SharedArrayBuffer when asked). */
export interface DecodedMapBinary extends MapBinaryContent {
  readonly collision: Uint8Array;
  readonly triggers: Uint8Array;
}

/** Why a map binary was rejected. */
export interface MapBinaryError {
  readonly code: "truncated" | "bad-magic" | "bad-version" | "bad-header" | "bad-coordinate" | "trailing-bytes";
  readonly file: string;
  readonly offset: number;
  readonly message: string;
}

export type MapBinaryOutcome = { readonly ok: true; readonly map: DecodedMapBinary } | { readonly ok: false; readonly error: MapBinaryError };

const FIELD_LIMITS: Record<FieldType, readonly [number, number]> = {
  u8: [0, 0xff],
  u16: [0, 0xffff],
  i16: [-0x8000, 0x7fff],
  i32: [-0x8000_0000, 0x7fff_ffff],
};

function writeField(view: DataView, offset: number, type: FieldType, value: number): void {
  switch (type) {
    case "u8":
      view.setUint8(offset, value);
      return;
    case "u16":
      view.setUint16(offset, value, true);
      return;
    case "i16":
      view.setInt16(offset, value, true);
      return;
    case "i32":
      view.setInt32(offset, value, true);
      return;
  }
}

function readField(view: DataView, offset: number, type: FieldType): number {
  switch (type) {
    case "u8":
      return view.getUint8(offset);
    case "u16":
      return view.getUint16(offset, true);
    case "i16":
      return view.getInt16(offset, true);
    case "i32":
      return view.getInt32(offset, true);
  }
}

/** The sparse trigger list of a dense trigger grid, row-major. */
export function triggerRecords(triggers: Uint8Array, width: number): TriggerRecord[] {
  const records: TriggerRecord[] = [];
  for (let tile = 0; tile < triggers.length; tile++) {
    const trigger = triggers[tile]!;
    if (trigger !== 0) records.push({ x: (tile % width) + 1, y: Math.floor(tile / width) + 1, trigger });
  }
  return records;
}

/** Thrown only for programming errors (a value that does not fit its field); data never throws. */
export class MapBinaryEncodeError extends Error {
  readonly code = "map-binary-encode";
}

/** Encodes a map. Values must fit their fields (the pack schema guarantees it). */
export function encodeMapBinary(map: MapBinaryContent): Uint8Array {
  const tiles = map.width * map.height;
  if (map.collision.length !== tiles || map.triggers.length !== tiles) {
    throw new MapBinaryEncodeError(`map ${map.id}: grids must have ${tiles} tiles`);
  }
  const triggers = triggerRecords(map.triggers, map.width);
  const lists = [
    [TRIGGER_LAYOUT, triggers],
    [EXIT_LAYOUT, map.exits],
    [NPC_LAYOUT, map.npcs],
    [OBJECT_LAYOUT, map.objects],
  ] as const;
  let size = MAP_BINARY_HEADER_BYTES + tiles;
  for (const [layout, records] of lists) size += recordBytes(layout as RecordLayout<unknown>) * records.length;
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < MAP_BINARY_MAGIC.length; i++) bytes[i] = MAP_BINARY_MAGIC.charCodeAt(i);
  view.setUint16(4, MAP_BINARY_VERSION, true);
  view.setUint16(6, map.id, true);
  view.setUint16(8, map.width, true);
  view.setUint16(10, map.height, true);
  lists.forEach(([, records], index) => view.setUint32(12 + index * 4, records.length, true));
  bytes.set(map.collision, MAP_BINARY_HEADER_BYTES);
  let offset = MAP_BINARY_HEADER_BYTES + tiles;
  for (const [layout, records] of lists) {
    for (const record of records as unknown as readonly Record<string, number>[]) {
      for (const [field, type] of layout.fields) {
        const value = record[field]!;
        const [low, high] = FIELD_LIMITS[type];
        if (!Number.isInteger(value) || value < low || value > high) {
          throw new MapBinaryEncodeError(`map ${map.id}: ${layout.name} field ${field} = ${value} does not fit ${type}`);
        }
        writeField(view, offset, type, value);
        offset += FIELD_BYTES[type];
      }
    }
  }
  return bytes;
}

function fail(code: MapBinaryError["code"], file: string, offset: number, message: string): MapBinaryOutcome {
  return { ok: false, error: { code, file, offset, message: `${file} at byte ${offset}: ${message}` } };
}

/** Options for {@link decodeMapBinary}. */
export interface DecodeMapBinaryOptions {
  /** Put the collision grid in a SharedArrayBuffer (for map workers). Default true. */
  readonly sharedCollision?: boolean;
}

/**
 * Decodes a map binary. Never throws for bad bytes; checks the header, the sizes and that every
 * record's (x, y) lies on the map.
 */
export function decodeMapBinary(bytes: Uint8Array, file: string, options: DecodeMapBinaryOptions = {}): MapBinaryOutcome {
  if (bytes.length < MAP_BINARY_HEADER_BYTES) return fail("truncated", file, bytes.length, `file ends inside the ${MAP_BINARY_HEADER_BYTES}-byte header`);
  for (let i = 0; i < MAP_BINARY_MAGIC.length; i++) {
    if (bytes[i] !== MAP_BINARY_MAGIC.charCodeAt(i)) return fail("bad-magic", file, 0, `not a world-pack map (magic is not ${MAP_BINARY_MAGIC})`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint16(4, true);
  if (version !== MAP_BINARY_VERSION) return fail("bad-version", file, 4, `layout version ${version}, expected ${MAP_BINARY_VERSION}`);
  const id = view.getUint16(6, true);
  const width = view.getUint16(8, true);
  const height = view.getUint16(10, true);
  if (id === 0 || width === 0 || height === 0) return fail("bad-header", file, 6, `map id ${id}, size ${width} × ${height}`);
  const counts = [0, 1, 2, 3].map((index) => view.getUint32(12 + index * 4, true));
  const tiles = width * height;
  let offset = MAP_BINARY_HEADER_BYTES;
  if (bytes.length - offset < tiles) return fail("truncated", file, offset, `collision grid needs ${tiles} bytes, ${bytes.length - offset} remain`);
  const collision = options.sharedCollision === false ? new Uint8Array(tiles) : new Uint8Array(new SharedArrayBuffer(tiles));
  collision.set(bytes.subarray(offset, offset + tiles));
  offset += tiles;

  const layouts = [TRIGGER_LAYOUT, EXIT_LAYOUT, NPC_LAYOUT, OBJECT_LAYOUT] as const;
  const lists: Record<string, number>[][] = [];
  for (let list = 0; list < layouts.length; list++) {
    const layout = layouts[list] as RecordLayout<unknown>;
    const count = counts[list]!;
    const size = recordBytes(layout);
    if ((bytes.length - offset) / size < count) {
      return fail("truncated", file, offset, `${count} ${layout.name} records (${count * size} bytes) but only ${bytes.length - offset} bytes remain`);
    }
    const records: Record<string, number>[] = new Array(count);
    for (let index = 0; index < count; index++) {
      const start = offset;
      const record: Record<string, number> = {};
      for (const [field, type] of layout.fields) {
        record[field] = readField(view, offset, type);
        offset += FIELD_BYTES[type];
      }
      const { x, y } = record as { x: number; y: number };
      if (x < 1 || x > width || y < 1 || y > height) {
        return fail("bad-coordinate", file, start, `${layout.name} record ${index + 1} at (${x}, ${y}) is outside the ${width} × ${height} map`);
      }
      records[index] = record;
    }
    lists.push(records);
  }
  if (offset !== bytes.length) return fail("trailing-bytes", file, offset, `${bytes.length - offset} bytes after the last record`);
  const triggers = new Uint8Array(tiles);
  for (const record of lists[0]!) triggers[(record.y! - 1) * width + (record.x! - 1)] = record.trigger!;
  return {
    ok: true,
    map: {
      id,
      width,
      height,
      collision,
      triggers,
      exits: lists[1] as unknown as MapExit[],
      npcs: lists[2] as unknown as NpcSpawn[],
      objects: lists[3] as unknown as GroundObject[],
    },
  };
}
