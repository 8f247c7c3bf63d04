/**
 * The checked reader of `GET /api/map/:id`. The document comes over the network, so it is checked
 * field by field: a bad document becomes a `MapJsonError` naming the first bad field (a JSON path
 * such as `exits[3][2]`), never an exception deep inside a renderer or a bot. The tiles are
 * translated from the document's legend to the tile-flags bits of game/movement, so everything
 * downstream tests one set of bits.
 */
import { MAP_TILE_BITS, MAX_MAP_JSON_SIDE_TILES, type MapApiJson, type TileBits } from "./contract.ts";
import { MapGrid, type MapExitView } from "./map-grid.ts";

export type MapJsonErrorCode = "not_object" | "bad_field" | "bad_size" | "bad_tiles" | "bad_record";

/** Why a map document was refused; `field` is a JSON path such as `exits[3][2]`. Returned, not thrown. */
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

const TILE_BIT_NAMES = ["blockedNorth", "blockedEast", "blockedSouth", "blockedWest", "blockedGm", "water", "tree"] as const satisfies readonly (keyof TileBits)[];
/** A legend bit is one of the eight bits of a tile byte. */
const MAX_TILE_BIT = 0x80;
/** Trigger numbers are AO `e_Trigger` values (u8). */
const MAX_TRIGGER = 255;
/** Object and NPC numbers are i16 on the wire. */
const MAX_I16 = 32_767;
/** Tile values are bytes. */
const MAX_TILE_VALUE = 255;

/**
 * Collects the first problem of a document. Reads after a problem return an in-range stand-in, so
 * the caller can run to the end of a section and stop there instead of unwinding by exception.
 */
class DocumentChecks {
  error: MapJsonError | null = null;

  fail(code: MapJsonErrorCode, field: string, message: string): void {
    this.error ??= new MapJsonError(code, field, message);
  }

  /** `value` when it is an integer in min..max, else `min` (and the problem is recorded). */
  int(value: unknown, field: string, min: number, max: number, code: MapJsonErrorCode = "bad_field"): number {
    if (typeof value === "number" && Number.isInteger(value) && value >= min && value <= max) return value;
    this.fail(code, field, `expected an integer ${min}..${max}, got ${JSON.stringify(value)?.slice(0, 40)}`);
    return min;
  }

  /** Visits each record of an optional array of arrays (at least `arity` long) until a problem. */
  records(value: unknown, field: string, arity: number, visit: (record: readonly unknown[], i: number) => void): void {
    if (value === undefined || this.error !== null) return;
    if (!Array.isArray(value)) return this.fail("bad_record", field, "expected an array");
    for (let i = 0; i < value.length && this.error === null; i++) {
      const record: unknown = value[i];
      if (!Array.isArray(record) || record.length < arity) return this.fail("bad_record", `${field}[${i}]`, `expected an array of ${arity}`);
      visit(record, i);
    }
  }
}

/** Checks a `GET /api/map/:id` document (already `JSON.parse`d) and builds the grid. */
export function parseMapJson(value: unknown): MapJsonOutcome {
  const checks = new DocumentChecks();
  const grid = readGrid(value, checks);
  // readGrid answers null only after recording the problem that stopped it.
  return grid !== null && checks.error === null ? { ok: true, grid } : { ok: false, error: checks.error! };
}

function readGrid(value: unknown, checks: DocumentChecks): MapGrid | null {
  if (!isRecord(value)) {
    checks.fail("not_object", "$", "expected an object");
    return null;
  }
  const doc = value as Partial<Record<keyof MapApiJson, unknown>>;
  const id = checks.int(doc.id, "id", 1, Number.MAX_SAFE_INTEGER);
  const name = typeof doc.name === "string" ? doc.name : "";
  if (typeof doc.name !== "string") checks.fail("bad_field", "name", "expected a string");
  const width = checks.int(doc.width, "width", 1, MAX_MAP_JSON_SIDE_TILES, "bad_size");
  const height = checks.int(doc.height, "height", 1, MAX_MAP_JSON_SIDE_TILES, "bad_size");
  const safe = isRecord(doc.properties) && doc.properties.safe === true;
  if (checks.error !== null) return null;

  const legend = readLegend(doc.tileBits, checks);
  if (legend === null) return null;
  const collision = readTiles(doc.tiles, width, height, legend, checks);
  if (collision === null) return null;

  const count = width * height;
  const triggers = new Uint8Array(count);
  checks.records(doc.triggers, "triggers", 3, (record, i) => {
    const x = checks.int(record[0], `triggers[${i}][0]`, 1, width, "bad_record");
    const y = checks.int(record[1], `triggers[${i}][1]`, 1, height, "bad_record");
    triggers[(y - 1) * width + (x - 1)] = checks.int(record[2], `triggers[${i}][2]`, 0, MAX_TRIGGER, "bad_record");
  });

  const exits: MapExitView[] = [];
  checks.records(doc.exits, "exits", 5, (record, i) => {
    exits.push({
      x: checks.int(record[0], `exits[${i}][0]`, 1, width, "bad_record"),
      y: checks.int(record[1], `exits[${i}][1]`, 1, height, "bad_record"),
      destMap: checks.int(record[2], `exits[${i}][2]`, -1, Number.MAX_SAFE_INTEGER, "bad_record"),
      destX: checks.int(record[3], `exits[${i}][3]`, 0, MAX_MAP_JSON_SIDE_TILES, "bad_record"),
      destY: checks.int(record[4], `exits[${i}][4]`, 0, MAX_MAP_JSON_SIDE_TILES, "bad_record"),
    });
  });
  // Objects and NPC spawns are static data the server announces itself (ObjectCreate,
  // CharacterCreate); they are only checked here so a broken document is refused as a whole.
  checks.records(doc.objects, "objects", 4, (record, i) => {
    checks.int(record[0], `objects[${i}][0]`, 1, width, "bad_record");
    checks.int(record[1], `objects[${i}][1]`, 1, height, "bad_record");
    checks.int(record[2], `objects[${i}][2]`, 0, MAX_I16, "bad_record");
  });
  checks.records(doc.npcs, "npcs", 3, (record, i) => {
    checks.int(record[0], `npcs[${i}][0]`, 1, width, "bad_record");
    checks.int(record[1], `npcs[${i}][1]`, 1, height, "bad_record");
  });
  if (checks.error !== null) return null;
  return new MapGrid({ id, name, width, height, safe, collision, triggers, exits });
}

function readLegend(value: unknown, checks: DocumentChecks): TileBits | null {
  if (!isRecord(value)) {
    checks.fail("bad_field", "tileBits", "expected an object");
    return null;
  }
  const legend = {} as Record<keyof TileBits, number>;
  for (const bitName of TILE_BIT_NAMES) {
    const bit = checks.int(value[bitName], `tileBits.${bitName}`, 1, MAX_TILE_BIT);
    if ((bit & (bit - 1)) !== 0) checks.fail("bad_field", `tileBits.${bitName}`, `${bit} is not a single bit`);
    if (checks.error !== null) return null;
    legend[bitName] = bit;
  }
  return legend;
}

/**
 * The tiles in tile-flags bits. A document written with `MAP_TILE_BITS` (every writer today) is
 * copied as it is; another legend is translated bit by bit through a table of the 256 byte values.
 */
function readTiles(value: unknown, width: number, height: number, legend: TileBits, checks: DocumentChecks): Uint8Array | null {
  const count = width * height;
  if (!Array.isArray(value) || value.length !== count) {
    checks.fail("bad_tiles", "tiles", `expected ${count} numbers (${width} × ${height})`);
    return null;
  }
  const translate = sameLegend(legend, MAP_TILE_BITS) ? null : translationTable(legend);
  const collision = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    const tile: unknown = value[i];
    if (typeof tile !== "number" || !Number.isInteger(tile) || tile < 0 || tile > MAX_TILE_VALUE) {
      checks.fail("bad_tiles", `tiles[${i}]`, `expected an integer 0..${MAX_TILE_VALUE}`);
      return null;
    }
    collision[i] = translate === null ? tile : translate[tile]!;
  }
  return collision;
}

function sameLegend(a: TileBits, b: TileBits): boolean {
  return TILE_BIT_NAMES.every((name) => a[name] === b[name]);
}

/** For every byte in the document's legend, the same meanings in `MAP_TILE_BITS`; unnamed bits are dropped. */
function translationTable(legend: TileBits): Uint8Array {
  const table = new Uint8Array(MAX_TILE_VALUE + 1);
  for (let byte = 0; byte <= MAX_TILE_VALUE; byte++) {
    let translated = 0;
    for (const name of TILE_BIT_NAMES) if ((byte & legend[name]) !== 0) translated |= MAP_TILE_BITS[name];
    table[byte] = translated;
  }
  return table;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
