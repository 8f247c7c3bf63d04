/**
 * Altered states as the browser shows them (combat-and-progression §5.5, §9): what the player
 * itself is under, from the notices the server sends only to it, as the stock client keeps them
 * (`ParalizeOK` and `InmovilizadoOK` toggle `UserParalizado` / `UserInmovilizado`; `Blind` /
 * `BlindNoMore`, `Dumb` / `DumbNoMore` set and clear; `Contadores` counts an invisibility down,
 * `FYA` a boost of strength and agility); the marks shown for them; what a held player may still
 * do with the arrows; and what every viewer sees on any char (`SetInvisible`, the meditation FX
 * of `MeditateToggle`). No packet says a poison ended (a cure tells only the console), so the
 * poison mark follows the bites (`Msg47` / `Msg390`) and fades `POISON_SHOWN_MS` after the last.
 * Pure.
 */
import { POISON_SHOWN_MS } from "./constants.ts";
import { ownChar, type GameState } from "./game-state.ts";

/** `Msg47` ("you are poisoned, cure yourself") and `Msg390` ("the poison did ¬1"): each bite sends both. */
export const POISON_MESSAGES: readonly number[] = [47, 390];
/** Longest counter taken from `Contadores` / `FYA` (an i16 of seconds; a hostile value cannot grow further). */
const MAX_COUNTER_SECONDS = 3_600;

/** A mark in the status row of the own player. */
export type StatusMarkKind = "paralyzed" | "immobilized" | "blind" | "dumb" | "invisible" | "poisoned" | "meditating" | "boosted";

export interface StatusMark {
  readonly kind: StatusMarkKind;
  /** Seconds left when the server counts them (invisibility, boost), else null. */
  readonly secondsLeft: number | null;
}

/** `ParalizeOK`: the stock client flips its flag (the server sends it when the state starts and when it ends). */
export function toggleParalysis(state: GameState): void {
  state.ownStatus.paralyzed = !state.ownStatus.paralyzed;
}

/** `InmovilizadoOK`: flips the immobilisation, as `ParalizeOK` does the paralysis. */
export function toggleImmobilization(state: GameState): void {
  state.ownStatus.immobilized = !state.ownStatus.immobilized;
}

/** `Blind` / `BlindNoMore`. */
export function setBlind(state: GameState, on: boolean): void {
  state.ownStatus.blind = on;
}

/** `Dumb` / `DumbNoMore`. */
export function setDumb(state: GameState, on: boolean): void {
  state.ownStatus.dumb = on;
}

/** `SetInvisible(char, flag)`: the char is hidden or seen again (unknown chars are ignored). */
export function setInvisible(state: GameState, charIndex: number, invisible: boolean): void {
  const char = state.chars.get(charIndex);
  if (char) char.invisible = invisible;
  if (charIndex === state.myCharIndex && !invisible) state.ownStatus.invisibleUntilMs = null;
}

function counterSeconds(seconds: number): number {
  return Number.isFinite(seconds) ? Math.min(MAX_COUNTER_SECONDS, Math.max(0, Math.floor(seconds))) : 0;
}

/** `Contadores(invisibility, effectDuration)`: the invisibility's seconds left (0: not counted). */
export function applyCounters(state: GameState, invisibilitySeconds: number, nowMs: number): void {
  const seconds = counterSeconds(invisibilitySeconds);
  state.ownStatus.invisibleUntilMs = seconds > 0 ? nowMs + seconds * 1_000 : null;
}

/**
 * `FYA(strength, agility, effectDuration)`: the attributes now; a boost while the duration runs,
 * none when it is 0 (the server sends the base attributes when a boost ends).
 */
export function applyAttributeBoost(state: GameState, strength: number, agility: number, durationSeconds: number, nowMs: number): void {
  const seconds = counterSeconds(durationSeconds);
  state.ownStatus.boost = seconds > 0 ? { strength, agility, untilMs: nowMs + seconds * 1_000 } : null;
}

/** A `LocaleMsg` of a poison bite marks the player poisoned for a while longer. */
export function notePoisonLine(state: GameState, messageId: number, nowMs: number): void {
  if (POISON_MESSAGES.includes(messageId)) state.ownStatus.poisonedUntilMs = nowMs + POISON_SHOWN_MS;
}

/** The player died (HP 0): a ghost carries no poison (the toggled states end with their own notices). */
export function clearOnDeath(state: GameState): void {
  state.ownStatus.poisonedUntilMs = 0;
}

/** `MeditateToggle(char, fx)`: the meditation FX on (fx > 0) or off (0) on that char. */
export function applyMeditateToggle(state: GameState, charIndex: number, fx: number): void {
  const char = state.chars.get(charIndex);
  if (char) char.fx = Number.isInteger(fx) && fx > 0 ? fx : 0;
}

/** True while our own char shows the meditation FX. */
export function isMeditating(state: GameState): boolean {
  return (ownChar(state)?.fx ?? 0) > 0;
}

/** What holds the player in place: paralysis (no step, no turn), immobilisation (turning only), or nothing. */
export function heldBy(state: GameState): "paralyzed" | "immobilized" | null {
  if (state.ownStatus.paralyzed) return "paralyzed";
  if (state.ownStatus.immobilized) return "immobilized";
  return null;
}

function secondsUntil(untilMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((untilMs - nowMs) / 1_000));
}

/** The marks of the own player at `nowMs`, in a fixed order. */
export function statusMarks(state: GameState, nowMs: number): StatusMark[] {
  const s = state.ownStatus;
  const marks: StatusMark[] = [];
  if (s.paralyzed) marks.push({ kind: "paralyzed", secondsLeft: null });
  if (s.immobilized) marks.push({ kind: "immobilized", secondsLeft: null });
  if (s.blind) marks.push({ kind: "blind", secondsLeft: null });
  if (s.dumb) marks.push({ kind: "dumb", secondsLeft: null });
  if (ownChar(state)?.invisible) marks.push({ kind: "invisible", secondsLeft: s.invisibleUntilMs === null ? null : secondsUntil(s.invisibleUntilMs, nowMs) });
  if (s.poisonedUntilMs > nowMs) marks.push({ kind: "poisoned", secondsLeft: null });
  if (isMeditating(state)) marks.push({ kind: "meditating", secondsLeft: null });
  if (s.boost !== null && s.boost.untilMs > nowMs) marks.push({ kind: "boosted", secondsLeft: secondsUntil(s.boost.untilMs, nowMs) });
  return marks;
}

/**
 * Whether to draw a char, and how, as the stock client's `IsCharVisible`: a char hidden by
 * invisibility or Ocultarse (`SetInvisible`) is drawn faint for ourselves, and for a staff member
 * (the User bit clear) when its privileges are not above ours; anyone else does not draw it.
 */
export function charVisibility(state: GameState, charIndex: number): "shown" | "faint" | "hidden" {
  const char = state.chars.get(charIndex);
  if (!char?.invisible) return "shown";
  if (charIndex === state.myCharIndex) return "faint";
  const own = state.chars.get(state.myCharIndex)?.privileges ?? 1;
  const staff = own > 0 && (own & USER_PRIVILEGE) === 0;
  return staff && char.privileges <= own ? "faint" : "hidden";
}

/** `e_PlayerType.User`: set for every player, clear for the staff. */
const USER_PRIVILEGE = 1;
