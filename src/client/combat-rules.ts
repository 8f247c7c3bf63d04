/**
 * Combat as the browser sees it (combat-and-progression §3, §8): when the player is a ghost,
 * when the attack key may send another `Attack`, the floating texts over chars and the lean of a
 * swing. The server decides every outcome (hit or miss, damage, death) and enforces the attack
 * interval itself; the client only paces its requests so a held key does not flood, refuses what
 * cannot work (a ghost attacking) and shows what it is told. Pure.
 */
import { Heading, stepX, stepY } from "../game/movement/index.ts";
import { GHOST_BODY } from "../game/vitals/index.ts";
import { vbRgb } from "../protocol/index.ts";
import { CHAR_TEXT_MS, CHAR_TEXTS_MAX, MAX_ATTACK_INTERVAL_MS, MIN_ATTACK_INTERVAL_MS, SWING_LUNGE_PX, SWING_MS, TILE_TEXT_MAX_CHARS } from "./constants.ts";
import type { CharText, CharView, GameState } from "./game-state.ts";

/** Red, as the stock client writes "Fallas"/"Falló" (`RGBA_From_Comp(255, 0, 0)`). */
export const MISS_COLOUR = vbRgb(255, 0, 0);

/**
 * The attack key: Control, left or right, as in the stock client's default layout ("Atacar:
 * Control"). None of the other keys of the page (arrows, A/U/E/T, C/B, K, Enter, Escape) is a
 * modifier, so it clashes with nothing; holding it attacks at the attack interval.
 */
export const ATTACK_KEY_CODES: readonly string[] = ["ControlLeft", "ControlRight"];

/** True for a `KeyboardEvent.code` of the attack key. */
export function isAttackKey(code: string): boolean {
  return ATTACK_KEY_CODES.includes(code);
}

/** Why an attack was not sent (worded by `COMBAT_TEXT.refusals`). */
export type AttackRefusal =
  /** Not in the world (yet). */
  | "not_playing"
  /** A ghost cannot attack (VB6 answers locale 77 "¡¡Estás muerto!!"). */
  | "dead"
  /** The attack interval has not passed since the last `Attack` (the server would ignore it). */
  | "too_soon"
  /** Resting by a campfire: the stock client drops the key silently (client/rest-rules.ts). */
  | "resting";

export type AttackCheck = { readonly ok: true } | { readonly ok: false; readonly reason: AttackRefusal };

/** True while the player is a ghost: in the world with HP 0 of a known maximum (§8.1). */
export function isDead(state: GameState): boolean {
  return state.phase === "in_world" && state.stats.maxHp > 0 && state.stats.hp <= 0;
}

/** A server `Intervals.attackMs`, kept within what a sane server sends. */
export function clampAttackInterval(ms: number): number {
  if (!Number.isFinite(ms)) return MIN_ATTACK_INTERVAL_MS;
  return Math.min(MAX_ATTACK_INTERVAL_MS, Math.max(MIN_ATTACK_INTERVAL_MS, ms));
}

/** A server `Intervals.castSpellMs`, kept within the same sane bounds. */
export function clampCastSpellInterval(ms: number): number {
  return clampAttackInterval(ms);
}

/** May the player send `Attack` at `nowMs`, the last one having gone at `lastAttackAtMs`? */
export function checkAttack(state: GameState, nowMs: number, lastAttackAtMs: number): AttackCheck {
  if (state.phase !== "in_world") return { ok: false, reason: "not_playing" };
  if (isDead(state)) return { ok: false, reason: "dead" };
  if (nowMs - lastAttackAtMs < state.attackIntervalMs) return { ok: false, reason: "too_soon" };
  return { ok: true };
}

/**
 * Puts `text` over char `charIndex` for `CHAR_TEXT_MS`, at the tile the char stands on (nothing
 * when the char is unknown). Expired texts go first, then the oldest beyond `CHAR_TEXTS_MAX`.
 */
export function pushCharText(state: GameState, charIndex: number, text: string, color: number, nowMs: number): void {
  const char = state.chars.get(charIndex);
  const shown = text.trim().slice(0, TILE_TEXT_MAX_CHARS);
  if (!char || shown.length === 0) return;
  state.charTexts = state.charTexts.filter((t) => t.untilMs > nowMs);
  state.charTexts.push({ id: state.nextCharTextId++, charIndex, text: shown, color, x: char.x, y: char.y, startMs: nowMs, untilMs: nowMs + CHAR_TEXT_MS });
  if (state.charTexts.length > CHAR_TEXTS_MAX) state.charTexts.splice(0, state.charTexts.length - CHAR_TEXTS_MAX);
}

/** The floating texts still showing at `nowMs`, oldest first. */
export function liveCharTexts(state: GameState, nowMs: number): CharText[] {
  return state.charTexts.filter((t) => t.startMs <= nowMs && nowMs < t.untilMs);
}

/** Marks a swing of `charIndex` (the renderer leans it towards its heading for `SWING_MS`). */
export function startSwing(state: GameState, charIndex: number, nowMs: number): void {
  const char = state.chars.get(charIndex);
  if (char) char.swingAtMs = nowMs;
}

/** Turns `charIndex` towards `targetIndex` when they stand side by side (an NPC striking us). */
export function faceTowards(state: GameState, charIndex: number, targetIndex: number): void {
  const char = state.chars.get(charIndex);
  const target = state.chars.get(targetIndex);
  if (!char || !target) return;
  const dx = target.x - char.x;
  const dy = target.y - char.y;
  if (Math.abs(dx) + Math.abs(dy) !== 1) return;
  char.heading = dy < 0 ? Heading.North : dx > 0 ? Heading.East : dy > 0 ? Heading.South : Heading.West;
}

/** Map pixels the char is drawn forward at `nowMs` (0, 0 when it is not swinging). */
export function swingOffset(char: CharView, nowMs: number): { readonly dx: number; readonly dy: number } {
  const since = char.swingAtMs === undefined ? Number.POSITIVE_INFINITY : nowMs - char.swingAtMs;
  if (since < 0 || since >= SWING_MS) return { dx: 0, dy: 0 };
  const lean = Math.sin((since / SWING_MS) * Math.PI) * SWING_LUNGE_PX;
  return { dx: stepX(char.heading) * lean, dy: stepY(char.heading) * lean };
}
