/**
 * Aiming, as the stock client does it (combat-and-progression §4; protocol §4.4): the server
 * answers using an equipped bow or throwing weapon with `WorkRequestTarget(12)`, the cursor turns
 * into a crosshair, and the next click on the map goes out as `WorkLeftClick(x, y, 12)` instead of
 * a `LeftClick` (a spell the same way, skill 1: spell-rules.ts); `WorkRequestTarget(0)` (or Escape, on our side) puts the plain cursor back. The
 * arrow the server then draws (`CreateProjectile`) flies from tile to tile for `PROJECTILE_MS`.
 * The server decides everything about the shot; the client only routes the click. Pure.
 */
import { WorkSkill } from "../protocol/index.ts";
import { PROJECTILE_MS, PROJECTILES_MAX } from "./constants.ts";
import type { GameState, ProjectileView } from "./game-state.ts";

/** The key that gives up aiming (the stock client's right click does it too). */
export const TARGET_CANCEL_KEY = "Escape";

/** What a left click on map tile (x, y) sends. */
export type MapClick =
  /** `LeftClick`: look at the tile (and talk to the trader, banker or priest there). */
  | { readonly kind: "look"; readonly x: number; readonly y: number }
  /** `WorkLeftClick`: the aimed skill at the tile (a shot at whoever stands there). */
  | { readonly kind: "work"; readonly x: number; readonly y: number; readonly skill: number };

/**
 * `WorkRequestTarget`: aim `skill` with the next click, or stop aiming on skill 0. A spell's
 * request is for the spell in the slot the last `CastSpell` chose.
 */
export function applyTargetRequest(state: GameState, skill: number, isArea: boolean, radius: number, nowMs: number): void {
  if (skill === WorkSkill.None || !Number.isInteger(skill)) {
    state.target = null;
    return;
  }
  const book = state.spellBook;
  const spellId = skill === WorkSkill.Magic && book.castingSlot > 0 ? (book.slots[book.castingSlot - 1] ?? 0) : 0;
  state.target = { skill, spellId, isArea, radius: Math.max(0, radius), sinceMs: nowMs };
}

/** Stops aiming (Escape); true when there was something to stop. */
export function cancelTarget(state: GameState): boolean {
  if (state.target === null) return false;
  state.target = null;
  return true;
}

/**
 * What a click on (x, y) sends: the aimed skill when the server asked for a target, else a look.
 * The aim is spent by the click, as in the stock client: one `UseItem`, one shot.
 */
export function takeMapClick(state: GameState, x: number, y: number): MapClick {
  const target = state.target;
  if (target === null) return { kind: "look", x, y };
  state.target = null;
  return { kind: "work", x, y, skill: target.skill };
}

/** `CreateProjectile`: an arrow from (fromX, fromY) to (toX, toY) for `PROJECTILE_MS`; the oldest go beyond `PROJECTILES_MAX`. */
export function pushProjectile(state: GameState, fromX: number, fromY: number, toX: number, toY: number, type: number, nowMs: number): void {
  state.projectiles = state.projectiles.filter((p) => p.untilMs > nowMs);
  state.projectiles.push({ id: state.nextProjectileId++, fromX, fromY, toX, toY, type, startMs: nowMs, untilMs: nowMs + PROJECTILE_MS });
  if (state.projectiles.length > PROJECTILES_MAX) state.projectiles.splice(0, state.projectiles.length - PROJECTILES_MAX);
}

/** The projectiles in flight at `nowMs`, oldest first. */
export function liveProjectiles(state: GameState, nowMs: number): ProjectileView[] {
  return state.projectiles.filter((p) => p.startMs <= nowMs && nowMs < p.untilMs);
}

/**
 * Where a projectile's head and tail are at `nowMs`, in tiles (fractional, tile centres at
 * whole numbers): the head runs from the shooter to the target over its life, the tail follows
 * a tile behind (never behind the shooter), so it reads as an arrow in flight.
 */
export function projectileSegment(p: ProjectileView, nowMs: number): { readonly headX: number; readonly headY: number; readonly tailX: number; readonly tailY: number } {
  const life = p.untilMs - p.startMs;
  const t = life > 0 ? Math.max(0, Math.min(1, (nowMs - p.startMs) / life)) : 1;
  const dx = p.toX - p.fromX;
  const dy = p.toY - p.fromY;
  const length = Math.hypot(dx, dy);
  const back = length > 0 ? Math.min(t, 1 / length) : 0;
  return { headX: p.fromX + dx * t, headY: p.fromY + dy * t, tailX: p.fromX + dx * (t - back), tailY: p.fromY + dy * (t - back) };
}
