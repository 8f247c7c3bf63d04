/**
 * What a spell looks like in the browser (combat-and-progression §5.6): the FX, particles and
 * travelling particles the server sends (`CreateFX`, `Fxpiso`, `ParticleFX`, `ParticleFXToFloor`,
 * `ParticleFXWithDestino`, `ParticleFXWithDestinoXY`) drawn in our own simple way for a moment,
 * with no AO particle files: a coloured burst, a puff of particles, a dot flying from the caster to
 * its target that bursts where it lands; the meditation's ring on whoever meditates. The AO
 * numbers only pick the colour, so the same spell always looks the same. Everything here is
 * geometry over time; the renderer paints it. Pure.
 */
import { SPELL_EFFECTS_MAX, SPELL_FX_MS, SPELL_PARTICLES_MS, SPELL_TRAVEL_MS, TILE_PX } from "./constants.ts";
import type { GameState, SpellEffectKind, SpellEffectView } from "./game-state.ts";

/** Particles of one puff. */
export const PARTICLES_PER_EFFECT = 12;
/** How far (map pixels) a burst's ring grows … */
const BURST_RADIUS_PX = 22;
/** … and how far particles drift up and out. */
const PARTICLE_RISE_PX = 26;
const PARTICLE_SPREAD_PX = 14;

interface EffectPlace {
  readonly charIndex: number;
  readonly x: number;
  readonly y: number;
}

/** Where char `charIndex` stands (its tile), or the given tile when it is not in view. */
function placeOf(state: GameState, charIndex: number, x = 0, y = 0): EffectPlace {
  const char = state.chars.get(charIndex);
  return char ? { charIndex, x: char.x, y: char.y } : { charIndex: 0, x, y };
}

/** Adds an effect at `nowMs` (it may start later); finished ones go, then the oldest beyond `SPELL_EFFECTS_MAX`. */
function push(state: GameState, effect: Omit<SpellEffectView, "id">, nowMs: number): void {
  state.effects = state.effects.filter((e) => e.untilMs > nowMs);
  state.effects.push({ ...effect, id: state.nextEffectId++ });
  if (state.effects.length > SPELL_EFFECTS_MAX) state.effects.splice(0, state.effects.length - SPELL_EFFECTS_MAX);
}

function on(state: GameState, kind: SpellEffectKind, source: string, at: EffectPlace, look: number, nowMs: number, durationMs: number, delayMs = 0): void {
  const startMs = nowMs + delayMs;
  push(state, { kind, source, charIndex: at.charIndex, x: at.x, y: at.y, toCharIndex: 0, toX: at.x, toY: at.y, look, startMs, untilMs: startMs + durationMs }, nowMs);
}

/** `CreateFX(char, fx)`: a burst on the char (fx 0, "no FX", draws nothing; an unknown char, nothing). */
export function pushCharBurst(state: GameState, charIndex: number, fx: number, nowMs: number): void {
  if (fx <= 0 || !state.chars.has(charIndex)) return;
  on(state, "burst", "CreateFX", placeOf(state, charIndex), fx, nowMs, SPELL_FX_MS);
}

/** `ParticleFX(char, particle, …, remove)`: a puff on the char, or (remove) its puffs go. */
export function pushCharParticles(state: GameState, charIndex: number, particle: number, remove: boolean, nowMs: number): void {
  if (remove) {
    state.effects = state.effects.filter((e) => !(e.kind === "particles" && e.charIndex === charIndex));
    return;
  }
  if (particle <= 0 || !state.chars.has(charIndex)) return;
  on(state, "particles", "ParticleFX", placeOf(state, charIndex), particle, nowMs, SPELL_PARTICLES_MS);
}

/** `Fxpiso(x, y, grh)` (a burst) and `ParticleFXToFloor(x, y, particle)` (a puff) on a tile. */
export function pushTileEffect(state: GameState, kind: "burst" | "particles", source: string, x: number, y: number, look: number, nowMs: number): void {
  if (look <= 0) return;
  on(state, kind, source, { charIndex: 0, x, y }, look, nowMs, kind === "burst" ? SPELL_FX_MS : SPELL_PARTICLES_MS);
}

/**
 * `ParticleFXWithDestino(emitter, receiver, travel, final, …)` and its `XY` form (`toCharIndex` 0,
 * the tile instead): a dot flies from the caster for `SPELL_TRAVEL_MS`, then the final particle
 * bursts on the target. Nothing when the caster is not in view.
 */
export function pushTravel(state: GameState, source: string, fromCharIndex: number, toCharIndex: number, toX: number, toY: number, travel: number, final: number, nowMs: number): void {
  const from = state.chars.get(fromCharIndex);
  if (!from) return;
  const to = placeOf(state, toCharIndex, toX, toY);
  if (to.charIndex === 0 && toCharIndex !== 0 && toX === 0 && toY === 0) return;
  const look = travel > 0 ? travel : final;
  push(state, { kind: "travel", source, charIndex: fromCharIndex, x: from.x, y: from.y, toCharIndex: to.charIndex, toX: to.x, toY: to.y, look, startMs: nowMs, untilMs: nowMs + SPELL_TRAVEL_MS }, nowMs);
  if (final > 0) on(state, "burst", source, to, final, nowMs, SPELL_FX_MS, SPELL_TRAVEL_MS);
}

/** The effects showing at `nowMs`, oldest first (a burst after a flight waits for it to land). */
export function liveEffects(state: GameState, nowMs: number): SpellEffectView[] {
  return state.effects.filter((e) => e.startMs <= nowMs && nowMs < e.untilMs);
}

/** How far through its life an effect is at `nowMs`, 0 … 1. */
export function effectProgress(effect: SpellEffectView, nowMs: number): number {
  const life = effect.untilMs - effect.startMs;
  return life > 0 ? Math.max(0, Math.min(1, (nowMs - effect.startMs) / life)) : 1;
}

/** The colour of an AO FX or particle number: a hue of its own, always the same for the same number. */
export function effectHue(look: number): number {
  // The golden angle spreads neighbouring numbers far apart on the colour wheel.
  return Math.round((Math.abs(look) * 137.508) % 360);
}

/** A burst at `progress`: the ring's radius (map pixels) and how opaque it still is. */
export function burstShape(progress: number): { readonly radius: number; readonly alpha: number } {
  const p = Math.max(0, Math.min(1, progress));
  return { radius: 4 + p * BURST_RADIUS_PX, alpha: 1 - p };
}

/**
 * The particles of a puff at `progress`, as offsets (map pixels) from the middle of the tile and
 * an opacity: each drifts out and up on a path fixed by the effect's id, so a frame redraws the
 * same puff.
 */
export function particleOffsets(effect: Pick<SpellEffectView, "id">, progress: number): { readonly dx: number; readonly dy: number; readonly alpha: number }[] {
  const p = Math.max(0, Math.min(1, progress));
  const out: { dx: number; dy: number; alpha: number }[] = [];
  for (let i = 0; i < PARTICLES_PER_EFFECT; i++) {
    const seed = pseudoRandom(effect.id * 31 + i);
    const angle = (i / PARTICLES_PER_EFFECT) * Math.PI * 2 + seed;
    const reach = PARTICLE_SPREAD_PX * (0.4 + 0.6 * pseudoRandom(effect.id * 17 + i * 7)) * p;
    out.push({ dx: Math.cos(angle) * reach, dy: Math.sin(angle) * reach * 0.5 - PARTICLE_RISE_PX * p * (0.5 + 0.5 * seed), alpha: 1 - p });
  }
  return out;
}

/** A number in [0, 1) from an integer, always the same for the same input. */
function pseudoRandom(n: number): number {
  const x = Math.sin(n * 12.9898 + 78.233) * 43_758.5453;
  return x - Math.floor(x);
}

/** Where a travelling dot is at `progress`, in tiles (fractional), from (fromX, fromY) to (toX, toY). */
export function travelPoint(fromX: number, fromY: number, toX: number, toY: number, progress: number): { readonly x: number; readonly y: number } {
  const p = Math.max(0, Math.min(1, progress));
  return { x: fromX + (toX - fromX) * p, y: fromY + (toY - fromY) * p };
}

/** The meditation ring at `nowMs`: a slow pulse (radius in map pixels, opacity). */
export function meditationRing(nowMs: number): { readonly radius: number; readonly alpha: number } {
  const pulse = 0.5 + 0.5 * Math.sin(nowMs / 260);
  return { radius: TILE_PX * 0.45 + pulse * 4, alpha: 0.45 + pulse * 0.35 };
}
