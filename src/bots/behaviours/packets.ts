/**
 * The client packets behaviours send, by name, and their field objects: the names and field
 * names of the protocol library's client table (`Walk {heading}`, `Talk {text}`). The session
 * adapter adds what belongs to the session (the `counter` of the TS_* packet counters) and
 * encodes. Field objects are built once and shared, so a step allocates nothing.
 */
import { HEADINGS } from "../../game/movement/index.ts";
import type { PacketFields } from "../behaviour.ts";

export const WALK_PACKET = "Walk";
export const TALK_PACKET = "Talk";

/** `WALK_FIELDS[heading]` for the headings of src/game/movement; index 0 unused. */
export const WALK_FIELDS: readonly PacketFields[] = [Object.freeze({}), ...HEADINGS.map((heading) => Object.freeze({ heading }))];

export function talkFields(text: string): PacketFields {
  return Object.freeze({ text });
}

/** Melee at the tile in front (the player's heading); the session adds the TS_* counter. */
export const ATTACK_PACKET = "Attack";
export const ATTACK_FIELDS: PacketFields = Object.freeze({});
/** Turns without stepping. */
export const CHANGE_HEADING_PACKET = "ChangeHeading";
/** `CHANGE_HEADING_FIELDS[heading]`, like `WALK_FIELDS`. */
export const CHANGE_HEADING_FIELDS: readonly PacketFields[] = WALK_FIELDS;
