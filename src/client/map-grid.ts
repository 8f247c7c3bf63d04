/**
 * The map the client walks on, built from the JSON of `GET /api/map/:id` (content/pack
 * api-json.ts). The JSON comes over the network, so it is checked field by field: a bad document
 * becomes a `MapJsonError` naming the field, never an exception deep inside the renderer. Pure.
 */
import type { MapApiJson } from "../content/pack/index.ts";
import { MAX_MAP_SIDE } from "./constants.ts";
import { blockBitFor, type HeadingValue } from "./headings.ts";

/** Bit meanings carried by the JSON legend (so the client never hard-codes them). */
export interface TileBits {
  readonly blockedNorth: number;
  readonly blockedEast: number;
  readonly blockedSouth: number;
  readonly blockedWest: number;
  readonly blockedGm: number;
  readonly water: number;
  readonly tree: number;
}

/** A tile exit as the client needs it: where it leads (destMap -1 = back where you came from). */
export interface MapExitView {
  readonly x: number;
  readonly y: number;
  readonly destMap: number;
  readonly destX: number;
  readonly destY: number;
}

export type MapJsonErrorCode = "not_object" | "bad_field" | "bad_size" | "bad_tiles" | "bad_record";

/** Why a map document was refused; `field` is a JSON path such as `exits[3][2]`. */
export class MapJsonError extends Error {
  constructor(
    readonly code: MapJsonErrorCode,
    readonly field: string,
    message: string,
  ) {
    super(`map JSON: ${field}: ${message}`);
    this.name = "MapJsonError";
  }
}

export type MapJsonOutcome = { readonly ok: true; readonly grid: MapGrid } | { readonly ok: false; readonly error: MapJsonError };

const BLOCK_DIRECTION_MASK_BITS = ["blockedNorth", "blockedEast", "blockedSouth", "blockedWest"] as const;
const TILE_BIT_NAMES = [...BLOCK_DIRECTION_MASK_BITS, "blockedGm", "water", "tree"] as const;
/** Trigger numbers are AO `e_Trigger` values (u8). */
const MAX_TRIGGER = 255;
/** Object and NPC numbers are i16 on the wire. */
const MAX_I16 = 32_767;

/** `e_Trigger.VALIDOPUENTE`: a bridge over water, walkable. */
const TRIGGER_BRIDGE = 17;

/** One map: size, per-tile flags (mutable low bits for `BlockPosition`), exits and triggers. */
export class MapGrid {
  readonly id: number;
  readonly name: string;
  readonly width: number;
  readonly height: number;
  /** The map is safe (no player killing); shown in the HUD. */
  readonly safe: boolean;
  readonly bits: TileBits;
  /** Flags per tile, row-major from (1, 1): index (y-1)·width + (x-1). */
  readonly flags: Uint8Array;
  /** Trigger per tile (0 = none). */
  readonly triggers: Uint8Array;
  readonly exits: ReadonlyMap<number, MapExitView>;
  /** Bumped whenever a tile changes, so cached drawings of the map know to redraw. */
  revision = 0;

  constructor(init: {
    id: number;
    name: string;
    width: number;
    height: number;
    safe: boolean;
    bits: TileBits;
    flags: Uint8Array;
    triggers: Uint8Array;
    exits: readonly MapExitView[];
  }) {
    this.id = init.id;
    this.name = init.name;
    this.width = init.width;
    this.height = init.height;
    this.safe = init.safe;
    this.bits = init.bits;
    this.flags = init.flags;
    this.triggers = init.triggers;
    const exits = new Map<number, MapExitView>();
    for (const exit of init.exits) exits.set(this.index(exit.x, exit.y), exit);
    this.exits = exits;
  }

  /** True when (x, y) lies on the map (1-based). */
  contains(x: number, y: number): boolean {
    return Number.isInteger(x) && Number.isInteger(y) && x >= 1 && y >= 1 && x <= this.width && y <= this.height;
  }

  /** Row-major index of (x, y); only meaningful when `contains(x, y)`. */
  index(x: number, y: number): number {
    return (y - 1) * this.width + (x - 1);
  }

  /** Flags of (x, y); off-map tiles read as fully blocked. */
  flagsAt(x: number, y: number): number {
    if (!this.contains(x, y)) return this.directionMask;
    return this.flags[this.index(x, y)]!;
  }

  triggerAt(x: number, y: number): number {
    return this.contains(x, y) ? this.triggers[this.index(x, y)]! : 0;
  }

  exitAt(x: number, y: number): MapExitView | undefined {
    return this.contains(x, y) ? this.exits.get(this.index(x, y)) : undefined;
  }

  /**
   * The tile may be entered on foot moving towards `heading`: the server's `LegalWalk` bit
   * test, and no water except on a bridge (src/map/movement.ts `isWaterForWalker`).
   */
  canEnter(x: number, y: number, heading: HeadingValue): boolean {
    if (!this.contains(x, y)) return false;
    const index = this.index(x, y);
    if ((this.flags[index]! & this.headingBit(heading)) !== 0) return false;
    return (this.flags[index]! & this.bits.water) === 0 || this.triggers[index] === TRIGGER_BRIDGE;
  }

  /** A wall: no direction may enter. */
  isWall(x: number, y: number): boolean {
    return (this.flagsAt(x, y) & this.directionMask) === this.directionMask;
  }

  isWater(x: number, y: number): boolean {
    return this.contains(x, y) && (this.flags[this.index(x, y)]! & this.bits.water) !== 0;
  }

  isTree(x: number, y: number): boolean {
    return this.contains(x, y) && (this.flags[this.index(x, y)]! & this.bits.tree) !== 0;
  }

  /** `BlockPosition`: replaces the four direction bits of one tile (bits 1 N, 2 E, 4 S, 8 W). */
  setDirectionBlocks(x: number, y: number, wireBits: number): void {
    if (!this.contains(x, y)) return;
    let value = 0;
    for (let i = 0; i < BLOCK_DIRECTION_MASK_BITS.length; i++) {
      if ((wireBits & (1 << i)) !== 0) value |= this.bits[BLOCK_DIRECTION_MASK_BITS[i]!];
    }
    const at = this.index(x, y);
    this.flags[at] = (this.flags[at]! & ~this.directionMask) | value;
    this.revision++;
  }

  private get directionMask(): number {
    return this.bits.blockedNorth | this.bits.blockedEast | this.bits.blockedSouth | this.bits.blockedWest;
  }

  private headingBit(heading: HeadingValue): number {
    // The legend names the bits; heading 1..4 maps to north, east, south, west in that order.
    const wire = blockBitFor(heading);
    for (let i = 0; i < BLOCK_DIRECTION_MASK_BITS.length; i++) {
      if (wire === 1 << i) return this.bits[BLOCK_DIRECTION_MASK_BITS[i]!];
    }
    return 0;
  }
}

/** Checks a `GET /api/map/:id` document (already `JSON.parse`d) and builds the grid. */
export function parseMapJson(value: unknown): MapJsonOutcome {
  try {
    return { ok: true, grid: buildGrid(value) };
  } catch (error) {
    if (error instanceof MapJsonError) return { ok: false, error };
    throw error;
  }
}

function buildGrid(value: unknown): MapGrid {
  if (!isRecord(value)) throw new MapJsonError("not_object", "$", "expected an object");
  const doc = value as Partial<Record<keyof MapApiJson, unknown>>;
  const id = int(doc.id, "id", 1, Number.MAX_SAFE_INTEGER);
  const name = typeof doc.name === "string" ? doc.name : fail("bad_field", "name", "expected a string");
  const width = int(doc.width, "width", 1, MAX_MAP_SIDE, "bad_size");
  const height = int(doc.height, "height", 1, MAX_MAP_SIDE, "bad_size");
  const safe = isRecord(doc.properties) && doc.properties.safe === true;

  if (!isRecord(doc.tileBits)) fail("bad_field", "tileBits", "expected an object");
  const rawBits = doc.tileBits as Record<string, unknown>;
  const bits = {} as Record<(typeof TILE_BIT_NAMES)[number], number>;
  for (const bitName of TILE_BIT_NAMES) {
    const bit = int(rawBits[bitName], `tileBits.${bitName}`, 1, 128);
    if ((bit & (bit - 1)) !== 0) fail("bad_field", `tileBits.${bitName}`, `${bit} is not a single bit`);
    bits[bitName] = bit;
  }

  const tiles = doc.tiles;
  const count = width * height;
  if (!Array.isArray(tiles) || tiles.length !== count) {
    fail("bad_tiles", "tiles", `expected ${count} numbers (${width} × ${height})`);
  }
  const flags = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    const tile = tiles[i];
    if (typeof tile !== "number" || !Number.isInteger(tile) || tile < 0 || tile > 255) {
      fail("bad_tiles", `tiles[${i}]`, "expected an integer 0..255");
    }
    flags[i] = tile;
  }

  const triggers = new Uint8Array(count);
  for (const [i, record] of records(doc.triggers, "triggers", 3)) {
    const x = int(record[0], `triggers[${i}][0]`, 1, width, "bad_record");
    const y = int(record[1], `triggers[${i}][1]`, 1, height, "bad_record");
    triggers[(y - 1) * width + (x - 1)] = int(record[2], `triggers[${i}][2]`, 0, MAX_TRIGGER, "bad_record");
  }

  const exits: MapExitView[] = [];
  for (const [i, record] of records(doc.exits, "exits", 5)) {
    exits.push({
      x: int(record[0], `exits[${i}][0]`, 1, width, "bad_record"),
      y: int(record[1], `exits[${i}][1]`, 1, height, "bad_record"),
      destMap: int(record[2], `exits[${i}][2]`, -1, Number.MAX_SAFE_INTEGER, "bad_record"),
      destX: int(record[3], `exits[${i}][3]`, 0, MAX_MAP_SIDE, "bad_record"),
      destY: int(record[4], `exits[${i}][4]`, 0, MAX_MAP_SIDE, "bad_record"),
    });
  }
  // Objects and NPC spawns are static data the server announces itself (ObjectCreate,
  // CharacterCreate); they are only checked here so a broken document is refused as a whole.
  for (const [i, record] of records(doc.objects, "objects", 4)) {
    int(record[0], `objects[${i}][0]`, 1, width, "bad_record");
    int(record[1], `objects[${i}][1]`, 1, height, "bad_record");
    int(record[2], `objects[${i}][2]`, 0, MAX_I16, "bad_record");
  }
  for (const [i, record] of records(doc.npcs, "npcs", 3)) {
    int(record[0], `npcs[${i}][0]`, 1, width, "bad_record");
    int(record[1], `npcs[${i}][1]`, 1, height, "bad_record");
  }

  return new MapGrid({ id, name, width, height, safe, bits, flags, triggers, exits });
}

function* records(value: unknown, field: string, arity: number): Generator<[number, readonly unknown[]]> {
  if (value === undefined) return;
  if (!Array.isArray(value)) fail("bad_record", field, "expected an array");
  for (let i = 0; i < value.length; i++) {
    const record: unknown = value[i];
    if (!Array.isArray(record) || record.length < arity) fail("bad_record", `${field}[${i}]`, `expected an array of ${arity}`);
    yield [i, record];
  }
}

function int(value: unknown, field: string, min: number, max: number, code: MapJsonErrorCode = "bad_field"): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    fail(code, field, `expected an integer ${min}..${max}, got ${JSON.stringify(value)?.slice(0, 40)}`);
  }
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function fail(code: MapJsonErrorCode, field: string, message: string): never {
  throw new MapJsonError(code, field, message);
}
