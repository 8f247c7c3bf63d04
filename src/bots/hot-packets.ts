/**
 * Readers for the two server packets a crowd of bots receives by the hundred thousand per
 * second: `CharacterMove` and the placement part of `CharacterCreate`. They read a body in place
 * (no view, no fields object, no strings built), straight from the protocol table's layouts,
 * which are checked at load: if the table ever changes these layouts, loading this module fails
 * instead of misreading. Everything else goes through the generic decoder.
 */
import { SERVER_PACKETS } from "../protocol/index.ts";

export const CHARACTER_MOVE_ID = SERVER_PACKETS.CharacterMove.id;
export const CHARACTER_CREATE_ID = SERVER_PACKETS.CharacterCreate.id;
/** i16 id + i16 charIndex + u8 x + u8 y. */
export const CHARACTER_MOVE_BODY_BYTES = 6;

type Node = { readonly kind: string; readonly name?: string; readonly type?: string };

function shapeOf(layout: readonly unknown[]): string[] {
  return (layout as readonly Node[]).map((node) => `${node.name}:${node.kind === "field" ? node.type : node.kind}`);
}

const MOVE_SHAPE = ["charIndex:i16", "x:u8", "y:u8"];
/** CharacterCreate up to `isNpc`, the fields read here (and the ones skipped to reach it). */
const CREATE_PREFIX = [
  "charIndex:i16",
  "body:i16",
  "head:i16",
  "heading:u8",
  "x:u8",
  "y:u8",
  "weapon:i16",
  "shield:i16",
  "helmet:i16",
  "cart:i16",
  "backpack:i16",
  "fx:i16",
  "fxLoops:i16",
  "name:str",
  "status:u8",
  "privileges:u8",
  "particleFx:u8",
  "headAura:str",
  "weaponAura:str",
  "bodyAura:str",
  "dmAura:str",
  "rmAura:str",
  "otherAura:str",
  "shieldAura:str",
  "speeding:f32",
  "isNpc:u8",
];

function checkLayouts(): void {
  const move = shapeOf(SERVER_PACKETS.CharacterMove.layout).join(",");
  if (move !== MOVE_SHAPE.join(",")) throw new Error(`bots hot-packets: CharacterMove layout changed (${move})`);
  const create = shapeOf(SERVER_PACKETS.CharacterCreate.layout).slice(0, CREATE_PREFIX.length).join(",");
  if (create !== CREATE_PREFIX.join(",")) throw new Error(`bots hot-packets: CharacterCreate layout changed (${create})`);
}
checkLayouts();

/** Offsets inside a CharacterCreate body (after the i16 id). */
const CREATE_CHAR_INDEX_AT = 2;
const CREATE_BODY_AT = 4;
const CREATE_X_AT = 9;
const CREATE_Y_AT = 10;
/** weapon..fxLoops: seven i16 after y. */
const CREATE_NAME_AT = 25;
const CREATE_BYTES_BETWEEN_NAME_AND_AURAS = 3;
const CREATE_AURA_STRINGS = 7;
const F32_BYTES = 4;
const VARINT_MAX_BYTES = 5;

/** Where a character stands, as read from a CharacterCreate (and its body: a ghost's tells a dead player). */
export interface CharPlacement {
  charIndex: number;
  x: number;
  y: number;
  isNpc: boolean;
  body: number;
}

/** Skips one String8 (varint byte count + bytes) at `at`; -1 when it runs past `end`. */
function skipString(bytes: Uint8Array, at: number, end: number): number {
  let length = 0;
  let shift = 0;
  for (let i = 0; i < VARINT_MAX_BYTES; i++) {
    if (at >= end) return -1;
    const byte = bytes[at++]!;
    length += (byte & 0x7f) * 2 ** shift;
    if (byte < 0x80) {
      const next = at + length;
      return next <= end ? next : -1;
    }
    shift += 7;
  }
  return -1;
}

/**
 * Reads charIndex, x, y, isNpc and body of the CharacterCreate body in `bytes[start, end)` into `out`.
 * False when the body is not a well-formed prefix (the caller falls back to the generic decoder,
 * which reports what is wrong).
 */
export function readCharacterCreate(bytes: Uint8Array, start: number, end: number, out: CharPlacement): boolean {
  if (end - start < CREATE_NAME_AT + 1) return false;
  let at = skipString(bytes, start + CREATE_NAME_AT, end);
  if (at < 0) return false;
  at += CREATE_BYTES_BETWEEN_NAME_AND_AURAS;
  for (let i = 0; i < CREATE_AURA_STRINGS; i++) {
    at = skipString(bytes, at, end);
    if (at < 0) return false;
  }
  at += F32_BYTES;
  if (at >= end) return false;
  out.charIndex = ((bytes[start + CREATE_CHAR_INDEX_AT]! | (bytes[start + CREATE_CHAR_INDEX_AT + 1]! << 8)) << 16) >> 16;
  out.x = bytes[start + CREATE_X_AT]!;
  out.y = bytes[start + CREATE_Y_AT]!;
  out.isNpc = bytes[at]! !== 0;
  out.body = ((bytes[start + CREATE_BODY_AT]! | (bytes[start + CREATE_BODY_AT + 1]! << 8)) << 16) >> 16;
  return true;
}

/** The i16 packet id of the body at `start` (caller checks there are two bytes). */
export function packetIdAt(bytes: Uint8Array, start: number): number {
  return ((bytes[start]! | (bytes[start + 1]! << 8)) << 16) >> 16;
}

/** charIndex of a CharacterMove body at `start` (x and y are the bytes at start + 4, + 5). */
export function moveCharIndexAt(bytes: Uint8Array, start: number): number {
  return ((bytes[start + 2]! | (bytes[start + 3]! << 8)) << 16) >> 16;
}
