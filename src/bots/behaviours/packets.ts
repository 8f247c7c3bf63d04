/**
 * The client packets behaviours send, by name, and their field objects: the names and field
 * names of the protocol library's client table (`Walk {heading}`, `Talk {text}`). The session
 * adapter adds what belongs to the session (the `counter` of the TS_* packet counters) and
 * encodes. Field objects are built once and shared, so a step allocates nothing.
 */
import { SPELL_SLOT_COUNT } from "../../game/character/index.ts";
import { HEADINGS } from "../../game/movement/index.ts";
import { SKILL_COUNT } from "../../protocol/index.ts";
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

/** Selects book slot `slot` (1..40) for casting; the session adds the TS_* counter. */
export const CAST_SPELL_PACKET = "CastSpell";
/** `CAST_SPELL_FIELDS[slot]` for the book's slots 1..40; index 0 unused. */
export const CAST_SPELL_FIELDS: readonly PacketFields[] = Array.from({ length: SPELL_SLOT_COUNT + 1 }, (_unused, slot) => Object.freeze({ slot }));
/** The click of a skill's target cursor (`WorkLeftClick(x, y, skill)`); the session adds the counter. */
export const WORK_LEFT_CLICK_PACKET = "WorkLeftClick";
/** Toggles meditation (no fields, no counter). */
export const MEDITATE_PACKET = "Meditate";
export const MEDITATE_FIELDS: PacketFields = Object.freeze({});
/** Spends free skill points: `skillDeltas`, one entry per skill (24). */
export const MODIFY_SKILLS_PACKET = "ModifySkills";

/** `ModifySkills` fields putting `points` on one skill (1-based `e_Skill`). */
export function modifySkillsFields(skill: number, points: number): PacketFields {
  const skillDeltas = new Array<number>(SKILL_COUNT).fill(0);
  skillDeltas[skill - 1] = points;
  return Object.freeze({ skillDeltas });
}
