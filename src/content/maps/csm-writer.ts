/**
 * Writes AO20 `.csm` bytes the way the world editor's `Save_Map_Data` lays them out (header
 * counts, `MapSize`, `MapDat`, then the sparse blocks in file order). Used to build test maps
 * and for round-trip property tests of the parser. Pure.
 */

/** The `MapDat` record, field by field as stored. */
export interface CsmMapDat {
  readonly mapName: string;
  readonly backupMode: number;
  readonly restrictMode: string;
  readonly musicHigh: number;
  readonly musicLow: number;
  readonly safe: number;
  readonly zone: string;
  readonly terrain: string;
  readonly ambient: string;
  readonly baseLight: number;
  readonly letterGrh: number;
  readonly level: number;
  readonly extra2: number;
  readonly exitTo: string;
  readonly rain: number;
  readonly snow: number;
  readonly fog: number;
}

export interface CsmContent {
  readonly mapDat: CsmMapDat;
  readonly blocked?: readonly { x: number; y: number; sides: number }[];
  /** Layers 1..4 (index 0 = layer 1). */
  readonly layers?: readonly (readonly { x: number; y: number; grh: number }[])[];
  readonly triggers?: readonly { x: number; y: number; trigger: number }[];
  readonly particles?: readonly { x: number; y: number; particle: number }[];
  readonly lights?: readonly { x: number; y: number; color: number; range: number }[];
  readonly objects?: readonly { x: number; y: number; obj: number; amount: number }[];
  readonly npcs?: readonly { x: number; y: number; npc: number }[];
  readonly exits?: readonly { x: number; y: number; destMap: number; destX: number; destY: number }[];
  /** Bytes appended after the last block (stale data of an older save). */
  readonly trailing?: Uint8Array;
}

export const EMPTY_MAP_DAT: CsmMapDat = {
  mapName: "",
  backupMode: 0,
  restrictMode: "0",
  musicHigh: 0,
  musicLow: 0,
  safe: 0,
  zone: "",
  terrain: "",
  ambient: "",
  baseLight: 0,
  letterGrh: 0,
  level: 0,
  extra2: 0,
  exitTo: "",
  rain: 0,
  snow: 0,
  fog: 0,
};

/** Windows-1252 bytes of text (characters outside Latin-1 become `?`; test data needs no more). */
function cp1252Bytes(text: string): number[] {
  return [...text].map((char) => {
    const code = char.charCodeAt(0);
    return code <= 0xff ? code : 0x3f;
  });
}

class Out {
  readonly bytes: number[] = [];
  u8(value: number): void {
    this.bytes.push(value & 0xff);
  }
  i16(value: number): void {
    this.u8(value);
    this.u8(value >> 8);
  }
  i32(value: number): void {
    this.i16(value);
    this.i16(value >> 16);
  }
  string(text: string): void {
    const encoded = cp1252Bytes(text);
    this.i16(encoded.length);
    this.bytes.push(...encoded);
  }
}

export function encodeCsm(content: CsmContent): Uint8Array {
  const layers = content.layers ?? [];
  const layer = (index: number) => layers[index] ?? [];
  const out = new Out();
  const counts = [
    content.blocked?.length ?? 0,
    layer(0).length,
    layer(1).length,
    layer(2).length,
    layer(3).length,
    content.triggers?.length ?? 0,
    content.lights?.length ?? 0,
    content.particles?.length ?? 0,
    content.npcs?.length ?? 0,
    content.objects?.length ?? 0,
    content.exits?.length ?? 0,
  ];
  for (const count of counts) out.i32(count);
  for (let i = 0; i < 4; i++) out.i16(0); // MapSize: always zero
  const dat = content.mapDat;
  out.string(dat.mapName);
  out.u8(dat.backupMode);
  out.string(dat.restrictMode);
  out.i32(dat.musicHigh);
  out.i32(dat.musicLow);
  out.u8(dat.safe);
  out.string(dat.zone);
  out.string(dat.terrain);
  out.string(dat.ambient);
  out.i32(dat.baseLight);
  out.i32(dat.letterGrh);
  out.i32(dat.level);
  out.i32(dat.extra2);
  out.string(dat.exitTo);
  out.u8(dat.rain);
  out.u8(dat.snow);
  out.u8(dat.fog);
  for (const record of content.blocked ?? []) (out.i16(record.x), out.i16(record.y), out.u8(record.sides));
  for (let i = 0; i < 4; i++) for (const record of layer(i)) (out.i16(record.x), out.i16(record.y), out.i32(record.grh));
  for (const record of content.triggers ?? []) (out.i16(record.x), out.i16(record.y), out.i16(record.trigger));
  for (const record of content.particles ?? []) (out.i16(record.x), out.i16(record.y), out.i32(record.particle));
  for (const record of content.lights ?? []) (out.i16(record.x), out.i16(record.y), out.i32(record.color), out.u8(record.range));
  for (const record of content.objects ?? []) (out.i16(record.x), out.i16(record.y), out.i16(record.obj), out.i16(record.amount));
  for (const record of content.npcs ?? []) (out.i16(record.x), out.i16(record.y), out.i16(record.npc));
  for (const record of content.exits ?? []) (out.i16(record.x), out.i16(record.y), out.i16(record.destMap), out.i16(record.destX), out.i16(record.destY));
  const bytes = new Uint8Array(out.bytes.length + (content.trailing?.length ?? 0));
  bytes.set(out.bytes);
  if (content.trailing) bytes.set(content.trailing, out.bytes.length);
  return bytes;
}
