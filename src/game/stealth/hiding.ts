/**
 * Ocultarse (VB6 `HandleWork` case Ocultarse → `DoOcultarse`, the upkeep `DoPermanecerOculto`
 * and every place that sets `flags.Oculto = 0`), as pure rules: who may try, the chance by skill,
 * how long the hidden state lasts, and what ends it. Time comes in as milliseconds; randomness as
 * a `Random` (one `next()` per VB6 `RandomNumber`).
 *
 * VB6 counts the hidden state down in `Counters.TiempoOculto`, one unit per game-events tick
 * (`MaybeRunGameEvents`, every `GAME_EVENTS_INTERVAL_MS` = 40 ms); here the state is one end
 * time (`durationMs` = ticks × 40) and the map arms one timer at it.
 */
import { randomInt, type Random } from "../../random/index.ts";
import { HIDE_MESSAGE, StealthClass } from "./constants.ts";

/** `GAME_EVENTS_INTERVAL_MS`: one `TiempoOculto` unit. */
export const HIDDEN_TICK_MS = 40;
/** `IntervaloOculto` of the stock `intervalos.ini` (500): the scale of the duration curve. */
export const HIDE_INTERVAL = 500;

/** What `HandleWork` and `DoOcultarse` read of the player before the roll. */
export interface Hider {
  readonly classId: number;
  /** Ocultarse, 0…100. */
  readonly skill: number;
  readonly mounted: boolean;
  readonly alreadyHidden: boolean;
  readonly inConsultation: boolean;
  /** Under the invisibility spell (`flags.invisible`). */
  readonly invisible: boolean;
  /** The map forbids invisibility and hiding (`MapInfo.SinInviOcul`). */
  readonly noInvisibilityMap: boolean;
  readonly sailing: boolean;
}

/**
 * The outcome of one `Work(Ocultarse)`. `once`: VB6 writes the line only when it is not the
 * player's last one (`flags.UltimoMensaje`), so a macro repeats it once.
 */
export type HideOutcome =
  | { readonly kind: "refused"; readonly message: number; readonly once: boolean }
  | { readonly kind: "hidden"; readonly durationMs: number }
  | { readonly kind: "failed"; readonly message: number };

/** `Suerte` of `DoOcultarse`: the percent chance to hide at `skill` (11.24 at 0, 75.24 at 100). */
export function hideChancePercent(skill: number): number {
  return (((0.000002 * skill - 0.0002) * skill + 0.0064) * skill + 0.1124) * 100;
}

/**
 * `TiempoOculto` on success: the curve of (100 − skill) scaled by `IntervaloOculto`, then by
 * class: Thief and Bandit `RandomNumber(Int(s / 2.5), Int(s / 2))` (one draw), Hunter `Int(s / 2)`,
 * everyone else `Int(s / 3)` (no draw). At skill 100 a Thief stays 191…239 ticks (7.6…9.6 s).
 */
export function hiddenTicks(random: Random, classId: number, skill: number, interval = HIDE_INTERVAL): number {
  const rest = 100 - skill;
  const scale = (-0.000001 * rest ** 3 + 0.00009229 * rest ** 2 + -0.0088 * rest + 0.9571) * interval;
  switch (classId) {
    case StealthClass.Bandit:
    case StealthClass.Thief:
      return randomInt(random, Math.floor(scale / 2.5), Math.floor(scale / 2));
    case StealthClass.Hunter:
      return Math.floor(scale / 2);
    default:
      return Math.floor(scale / 3);
  }
}

/**
 * One `Work(Ocultarse)` from a living player, in VB6's order: mounted (704, once), already hidden
 * (1127, once), in a consultation (706), invisible (707), a map without hiding (708), sailing
 * (56); then one `RandomNumber(1, 100)` against the chance, and on success the duration's draw.
 *
 * Decisions, named: **the hide-after-hit lock is not modelled** (VB6 refuses silently while
 * `HideAfterHitTime` has not passed since `Counters.LastAttackTime`, but only
 * `RemoveUserInvisibility`'s `remove-inv-on-attack` branch sets that time and the toggle is off in
 * the stock configuration, so the lock never holds); **a duel (`EnReto`, 705) is not modelled**
 * (no duels yet); **a pirate hiding at sea (the ghost frigate) is refused like everyone else
 * sailing** (56; no sailing yet).
 */
export function attemptHide(random: Random, hider: Hider): HideOutcome {
  if (hider.mounted) return { kind: "refused", message: HIDE_MESSAGE.mounted, once: true };
  if (hider.alreadyHidden) return { kind: "refused", message: HIDE_MESSAGE.alreadyHidden, once: true };
  if (hider.inConsultation) return { kind: "refused", message: HIDE_MESSAGE.inConsultation, once: false };
  if (hider.invisible) return { kind: "refused", message: HIDE_MESSAGE.invisible, once: false };
  if (hider.noInvisibilityMap) return { kind: "refused", message: HIDE_MESSAGE.forbiddenHere, once: false };
  if (hider.sailing) return { kind: "refused", message: HIDE_MESSAGE.sailing, once: false };
  const roll = randomInt(random, 1, 100);
  if (roll > hideChancePercent(hider.skill)) return { kind: "failed", message: HIDE_MESSAGE.failed };
  // `DoPermanecerOculto` ends the state on the first tick that finds the counter at or below 0.
  return { kind: "hidden", durationMs: Math.max(1, hiddenTicks(random, hider.classId, hider.skill)) * HIDDEN_TICK_MS };
}

/**
 * `HandleWalk`: a hidden player who tries to walk comes out of hiding (307), taken step or not,
 * unless a Thief or a Bandit, who walk hidden.
 */
export function walkEndsHiding(classId: number): boolean {
  return classId !== StealthClass.Thief && classId !== StealthClass.Bandit;
}

/**
 * `UsuarioAtacaUsuario` after the roll (`RemoveUserInvisibility` on the attacker): a blow or a
 * shot at a player ends the attacker's hiding, except a Bandit's miss at Ocultarse 100 and,
 * **quirk reproduced**, a Hunter wearing no armour (VB6 checks the camouflage only inside "has an
 * armour", so an unarmoured Hunter is never revealed). A Hunter in a `Camouflage` armour at 100
 * would keep it too, but no object of the 2024 data has `Camouflage=1`, so armour always reveals.
 * Attacking an NPC reveals nobody (VB6 `UsuarioAtacaNpc` never calls it): reproduced.
 */
export function attackOnUserEndsHiding(classId: number, hit: boolean, hideSkill: number, wearsArmour: boolean): boolean {
  if (classId === StealthClass.Hunter) return wearsArmour;
  if (!hit && classId === StealthClass.Bandit && hideSkill === 100) return false;
  return true;
}
