/**
 * The client packets behaviours send, by name, and their field objects: the names and field
 * names of the protocol library's client table (`Walk {heading}`, `Talk {text}`). The session
 * adapter adds what belongs to the session (the `counter` of the TS_* packet counters) and
 * encodes. Field objects are built once and shared, so a step allocates nothing.
 */
import type { PacketFields } from "../behaviour.ts";

export const WALK_PACKET = "Walk";
export const TALK_PACKET = "Talk";

/** AO headings (eHeading): 1 north, 2 east, 3 south, 4 west. */
export const HEADING_NORTH = 1;
export const HEADING_EAST = 2;
export const HEADING_SOUTH = 3;
export const HEADING_WEST = 4;
export type Heading = 1 | 2 | 3 | 4;
export const HEADINGS: readonly Heading[] = [HEADING_NORTH, HEADING_EAST, HEADING_SOUTH, HEADING_WEST];

/** `WALK_FIELDS[heading]`; index 0 unused. */
export const WALK_FIELDS: readonly PacketFields[] = [Object.freeze({}), ...HEADINGS.map((heading) => Object.freeze({ heading }))];

export function talkFields(text: string): PacketFields {
  return Object.freeze({ text });
}
