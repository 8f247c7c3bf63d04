/**
 * Dedicated frame writers for the packets a server sends most (every step, every chat line, every
 * char entering view). They write straight into a `PacketWriter` with no validation and no
 * per-field allocation; the tests prove them byte-identical to the table-driven encoder.
 *
 * Numbers wrap like the VB6 typed stores (i16 keeps the low 16 bits); pass valid values.
 */
import { CONNECTED_DEBUG_PAYLOAD } from "./constants.ts";
import type { ServerPacketFields } from "./packet-codec.ts";
import type { PacketWriter } from "./packet-writer.ts";
import { SERVER_PACKETS } from "./server-packets.ts";

const CONNECTED = SERVER_PACKETS.Connected.id;
const CHARACTER_MOVE = SERVER_PACKETS.CharacterMove.id;
const POS_UPDATE = SERVER_PACKETS.PosUpdate.id;
const CHAT_OVER_HEAD = SERVER_PACKETS.ChatOverHead.id;
const CHARACTER_CREATE = SERVER_PACKETS.CharacterCreate.id;
const CHARACTER_CHANGE = SERVER_PACKETS.CharacterChange.id;
const CHARACTER_REMOVE = SERVER_PACKETS.CharacterRemove.id;

export type CharacterCreateFields = ServerPacketFields<"CharacterCreate">;

/**
 * Neutral values for every `CharacterCreate` field (no gear, no effects, no auras, normal
 * speed, no group or guild): spread it and set what a character really has.
 */
export const CHARACTER_CREATE_DEFAULTS: Readonly<CharacterCreateFields> = Object.freeze({
  charIndex: 0,
  body: 0,
  head: 0,
  heading: 3,
  x: 1,
  y: 1,
  weapon: 0,
  shield: 0,
  helmet: 0,
  cart: 0,
  backpack: 0,
  fx: 0,
  fxLoops: 0,
  name: "",
  status: 0,
  privileges: 0,
  particleFx: 0,
  headAura: "",
  weaponAura: "",
  bodyAura: "",
  dmAura: "",
  rmAura: "",
  otherAura: "",
  shieldAura: "",
  speeding: 1,
  isNpc: 0,
  appear: 0,
  groupIndex: 0,
  clanIndex: 0,
  clanLevel: 0,
  minHp: 0,
  maxHp: 0,
  minMana: 0,
  maxMana: 0,
  symbol: 0,
  flags: 0,
  userTier: 0,
  team: 0,
  hasFlag: 0,
  npcNumber: 0,
});
export type CharacterChangeFields = ServerPacketFields<"CharacterChange">;

/**
 * S→C 1 `Connected`, the first packet on every connection. With the §1.5 debug payload by
 * default: a DEBUGGING=1 client (the repo default) crashes without it, a release client ignores it.
 */
export function writeConnected(w: PacketWriter, withDebugPayload = true): void {
  w.beginFrame(CONNECTED);
  if (withDebugPayload) w.raw(CONNECTED_DEBUG_PAYLOAD);
  w.endFrame();
}

/** S→C 44 `CharacterMove`: char `charIndex` now stands on (x, y). */
export function writeCharacterMove(w: PacketWriter, charIndex: number, x: number, y: number): void {
  w.beginFrame(CHARACTER_MOVE);
  w.i16(charIndex);
  w.u8(x);
  w.u8(y);
  w.endFrame();
}

/** S→C 31 `PosUpdate`: authoritative own position. */
export function writePosUpdate(w: PacketWriter, x: number, y: number): void {
  w.beginFrame(POS_UPDATE);
  w.u8(x);
  w.u8(y);
  w.endFrame();
}

/** S→C 43 `CharacterRemove`. */
export function writeCharacterRemove(w: PacketWriter, charIndex: number, fadeOut: boolean, wasWarp: boolean): void {
  w.beginFrame(CHARACTER_REMOVE);
  w.i16(charIndex);
  w.bool(fadeOut);
  w.bool(wasWarp);
  w.endFrame();
}

/**
 * S→C 35 `ChatOverHead`. Returns false (and writes nothing) when the text makes the body
 * exceed 65,535 bytes.
 */
export function writeChatOverHead(
  w: PacketWriter,
  text: string,
  charIndex: number,
  color: number,
  isSpell: boolean,
  x: number,
  y: number,
  minDisplayMs: number,
  maxDisplayMs: number,
): boolean {
  w.beginFrame(CHAT_OVER_HEAD);
  w.str(text);
  w.i16(charIndex);
  w.i32(color);
  w.bool(isSpell);
  w.u8(x);
  w.u8(y);
  w.i16(minDisplayMs);
  w.i16(maxDisplayMs);
  return w.endFrame();
}

/**
 * S→C 42 `CharacterCreate`. Returns false (and writes nothing) when the strings make the body
 * exceed 65,535 bytes.
 */
export function writeCharacterCreate(w: PacketWriter, c: CharacterCreateFields): boolean {
  w.beginFrame(CHARACTER_CREATE);
  w.i16(c.charIndex);
  w.i16(c.body);
  w.i16(c.head);
  w.u8(c.heading);
  w.u8(c.x);
  w.u8(c.y);
  w.i16(c.weapon);
  w.i16(c.shield);
  w.i16(c.helmet);
  w.i16(c.cart);
  w.i16(c.backpack);
  w.i16(c.fx);
  w.i16(c.fxLoops);
  w.str(c.name);
  w.u8(c.status);
  w.u8(c.privileges);
  w.u8(c.particleFx);
  w.str(c.headAura);
  w.str(c.weaponAura);
  w.str(c.bodyAura);
  w.str(c.dmAura);
  w.str(c.rmAura);
  w.str(c.otherAura);
  w.str(c.shieldAura);
  w.f32(c.speeding);
  w.u8(c.isNpc);
  w.u8(c.appear);
  w.i16(c.groupIndex);
  w.i16(c.clanIndex);
  w.u8(c.clanLevel);
  w.i32(c.minHp);
  w.i32(c.maxHp);
  w.i32(c.minMana);
  w.i32(c.maxMana);
  w.u8(c.symbol);
  w.u8(c.flags);
  w.u8(c.userTier);
  w.u8(c.team);
  w.u8(c.hasFlag);
  w.i16(c.npcNumber);
  return w.endFrame();
}

/** S→C 49 `CharacterChange` (note `flags` comes second, unlike `CharacterCreate`). */
export function writeCharacterChange(w: PacketWriter, c: CharacterChangeFields): void {
  w.beginFrame(CHARACTER_CHANGE);
  w.i16(c.charIndex);
  w.u8(c.flags);
  w.i16(c.body);
  w.i16(c.head);
  w.u8(c.heading);
  w.i16(c.weapon);
  w.i16(c.shield);
  w.i16(c.helmet);
  w.i16(c.cart);
  w.i16(c.backpack);
  w.i16(c.fx);
  w.i16(c.fxLoops);
  w.endFrame();
}
