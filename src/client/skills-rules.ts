/**
 * Spending free skill points (combat-and-progression §7.4), decided before `ModifySkills` goes on
 * the wire: the window keeps a draft (points added per skill, never below what the skill has),
 * and an assignment is sent only when every amount is a whole number of at least 0, the sum is
 * at least 1 and at most the free points, and no skill would pass 100. The server checks it
 * again (VB6 `HandleModifySkills` closes the connection of a client that asks for more than it
 * has) and answers nothing, so the client applies what it sent, as the stock client does. Pure.
 */
import { SKILL_NAMES } from "../game/items/index.ts";
import { SKILL_COUNT, WorkSkill } from "../protocol/index.ts";
import type { GameState } from "./game-state.ts";

/** `MAXSKILLPOINTS`: no skill goes above this. */
export const MAX_SKILL_POINTS = 100;
/** Skills there are (24); `ModifySkills` and `SendSkills` carry one byte each. */
export const SKILLS = SKILL_COUNT;
/** The key that opens and closes the skills window (`KeyboardEvent.code`). */
export const SKILLS_KEY_CODE = "KeyK";

/**
 * The skills the window's "Usar" sends as `Work(skill)`, as the stock client's skill buttons do:
 * Robar (the server answers with the target cursor, the next map click is the theft) and
 * Ocultarse (the server tries at once). A hidden player is drawn as an invisible one
 * (`SetInvisible`: others not at all, our own faint).
 */
export const USABLE_SKILLS: readonly number[] = [WorkSkill.Steal, WorkSkill.Hide];

/** True for a skill the window may use. */
export function isUsableSkill(skill: number): boolean {
  return USABLE_SKILLS.includes(skill);
}

/** Why an assignment (or a + in the window) was refused (worded by `SKILLS_TEXT.refusals`). */
export type SkillRefusal =
  | "not_playing"
  /** Every amount is 0. */
  | "nothing_to_assign"
  /** An amount is negative, fractional or not a number, or the list is not 24 long. */
  | "bad_points"
  /** The amounts add up to more than the free points. */
  | "more_than_free"
  /** A skill would pass 100. */
  | "over_max";

export type SkillCheck<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: SkillRefusal };

function refuse(reason: SkillRefusal): { readonly ok: false; readonly reason: SkillRefusal } {
  return { ok: false, reason };
}

/** Nothing added yet: 24 zeros. */
export function emptyDraft(): number[] {
  return new Array<number>(SKILLS).fill(0);
}

/** What skill `index` (0-based) has now; 0 while the server has not said. */
export function skillPoints(state: GameState, index: number): number {
  return state.stats.skills?.[index] ?? 0;
}

/** Free points the draft leaves. */
export function draftFree(state: GameState, draft: readonly number[]): number {
  return state.stats.freeSkillPoints - draft.reduce((sum, n) => sum + n, 0);
}

/** Sending `deltas` (points to add per skill) as `ModifySkills`. */
export function checkSkillAssignment(state: GameState, deltas: readonly number[]): SkillCheck<readonly number[]> {
  if (state.phase !== "in_world") return refuse("not_playing");
  if (deltas.length !== SKILLS || deltas.some((n) => !Number.isInteger(n) || n < 0)) return refuse("bad_points");
  const total = deltas.reduce((sum, n) => sum + n, 0);
  if (total === 0) return refuse("nothing_to_assign");
  if (total > state.stats.freeSkillPoints) return refuse("more_than_free");
  if (deltas.some((n, i) => skillPoints(state, i) + n > MAX_SKILL_POINTS)) return refuse("over_max");
  return { ok: true, value: [...deltas] };
}

/** The draft with one more point on skill `index`, when the free points and the cap allow it. */
export function raiseInDraft(state: GameState, draft: readonly number[], index: number): SkillCheck<number[]> {
  if (!Number.isInteger(index) || index < 0 || index >= SKILLS) return refuse("bad_points");
  if (draftFree(state, draft) < 1) return refuse("more_than_free");
  if (skillPoints(state, index) + (draft[index] ?? 0) + 1 > MAX_SKILL_POINTS) return refuse("over_max");
  const next = [...draft];
  next[index] = (next[index] ?? 0) + 1;
  return { ok: true, value: next };
}

/** The draft with one point less on skill `index` (only points the draft added come back). */
export function lowerInDraft(draft: readonly number[], index: number): number[] {
  const next = [...draft];
  if ((next[index] ?? 0) > 0) next[index]! -= 1;
  return next;
}

/**
 * What the server does with an accepted assignment, applied here as the stock client does: each
 * skill grows by its amount (capped at 100) and the free points shrink by the sum. Skills the
 * server never sent count from 0.
 */
export function applySkillAssignment(state: GameState, deltas: readonly number[]): void {
  const skills = Array.from({ length: SKILLS }, (_, i) => skillPoints(state, i));
  let spent = 0;
  deltas.forEach((n, i) => {
    if (i >= SKILLS) return;
    skills[i] = Math.min(MAX_SKILL_POINTS, skills[i]! + n);
    spent += n;
  });
  state.stats.skills = skills;
  state.stats.freeSkillPoints = Math.max(0, state.stats.freeSkillPoints - spent);
}

/** The skills of a `SendSkills`, each kept within 0…100 (a hostile server cannot break the window). */
export function readSkills(values: readonly number[]): number[] {
  return Array.from({ length: SKILLS }, (_, i) => {
    const value = values[i] ?? 0;
    return Number.isInteger(value) ? Math.min(MAX_SKILL_POINTS, Math.max(0, value)) : 0;
  });
}

/**
 * A skill rose by use (`LocaleId.SkillImproved`, 1626, params "<skill name>¬<points>"): the window shows the new
 * value, as the server sends no `SendSkills` for it. Ignored while the skills are unknown, or
 * when the name or the number is not one the client knows.
 */
export function applySkillRise(state: GameState, params: string): void {
  const skills = state.stats.skills;
  const [name, value] = params.split("\u00ac");
  const index = SKILL_NAMES.findIndex((skill) => skill === name);
  const points = Number(value);
  if (skills === null || index < 0 || !Number.isInteger(points) || points < 0 || points > MAX_SKILL_POINTS) return;
  skills[index] = points;
}
