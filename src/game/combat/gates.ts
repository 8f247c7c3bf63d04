/**
 * Whether a user may strike, cast, shoot or use an item now (§1.1 combo locks) and the stamina
 * an attack costs (§3.1). Pure checks on the action timers; each answer is a value naming the
 * lock that refused, or the timers as they are after the action.
 */
import type { Random } from "../../random/index.ts";
import type { ItemTemplate } from "../items/index.ts";
import { ATTACK_STAMINA_COST_MAX, ATTACK_STAMINA_MIN, DEFAULT_COMBAT_INTERVALS, type CombatIntervals } from "./constants.ts";
import { diceFromRandom, type Dice } from "./dice.ts";

/**
 * A user's action timers: when each last started, in ms of the caller's clock (VB6
 * `modNuevoTimer` counters). A shot also restarts the melee and the cast timers.
 */
export interface CombatClocks {
  /** `TimerPuedeAtacar`: last melee blow (or shot). */
  readonly meleeAtMs: number;
  /** `TimerGolpeMagia` / `TimerGolpeUsar`: last melee blow only. */
  readonly meleeStrikeAtMs: number;
  /** `TimerLanzarSpell`: last cast (or shot). */
  readonly castAtMs: number;
  /** `TimerPuedeUsarArco`: last shot. */
  readonly shotAtMs: number;
}

/** Timers of a user who has not fought yet: every lock open. */
export const FRESH_COMBAT_CLOCKS: CombatClocks = {
  meleeAtMs: Number.MIN_SAFE_INTEGER,
  meleeStrikeAtMs: Number.MIN_SAFE_INTEGER,
  castAtMs: Number.MIN_SAFE_INTEGER,
  shotAtMs: Number.MIN_SAFE_INTEGER,
};

/** The lock that refused an action (§1.1). */
export type CombatLock =
  /** `IntervaloFlechasCazadores` since the last shot. */
  | "shot"
  /** `IntervaloMagiaGolpe` since the last cast. */
  | "cast_to_attack"
  /** `IntervaloGolpeMagia` since the last melee blow. */
  | "melee_to_cast"
  /** `IntervaloUserPuedeAtacar` since the last melee blow or shot. */
  | "melee"
  /** `IntervaloLanzaHechizo` since the last cast or shot. */
  | "cast"
  /** `IntervaloGolpeUsar` since the last melee blow. */
  | "melee_to_use";

export type LockCheck = { readonly ok: true; readonly clocks: CombatClocks } | { readonly ok: false; readonly refusedBy: CombatLock };

const elapsed = (nowMs: number, atMs: number): number => nowMs - atMs;

/**
 * §1.1 / §3.1 UsuarioAtaca: ≥ shot interval since the last shot, ≥ cast→attack since the last cast,
 * ≥ melee interval since the last melee blow or shot (checked in that order); the blow restarts
 * the melee timers.
 */
export function meleeAllowed(clocks: CombatClocks, nowMs: number, intervals: CombatIntervals = DEFAULT_COMBAT_INTERVALS): LockCheck {
  if (elapsed(nowMs, clocks.shotAtMs) < intervals.shotMs) return { ok: false, refusedBy: "shot" };
  if (elapsed(nowMs, clocks.castAtMs) < intervals.castToAttackMs) return { ok: false, refusedBy: "cast_to_attack" };
  if (elapsed(nowMs, clocks.meleeAtMs) < intervals.meleeMs) return { ok: false, refusedBy: "melee" };
  return { ok: true, clocks: { ...clocks, meleeAtMs: nowMs, meleeStrikeAtMs: nowMs } };
}

/** §1.1 cast: ≥ shot interval since the last shot, ≥ melee→cast since the last blow, ≥ cast interval since the last cast or shot. */
export function castAllowed(clocks: CombatClocks, nowMs: number, intervals: CombatIntervals = DEFAULT_COMBAT_INTERVALS): LockCheck {
  if (elapsed(nowMs, clocks.shotAtMs) < intervals.shotMs) return { ok: false, refusedBy: "shot" };
  if (elapsed(nowMs, clocks.meleeStrikeAtMs) < intervals.meleeToCastMs) return { ok: false, refusedBy: "melee_to_cast" };
  if (elapsed(nowMs, clocks.castAtMs) < intervals.castMs) return { ok: false, refusedBy: "cast" };
  return { ok: true, clocks: { ...clocks, castAtMs: nowMs } };
}

/**
 * §1.1 / §4 shot: ≥ cast→attack since the last cast, ≥ melee→cast since the last blow, ≥ shot
 * interval since the last shot; the shot restarts the shot, melee and cast timers.
 */
export function shotAllowed(clocks: CombatClocks, nowMs: number, intervals: CombatIntervals = DEFAULT_COMBAT_INTERVALS): LockCheck {
  if (elapsed(nowMs, clocks.castAtMs) < intervals.castToAttackMs) return { ok: false, refusedBy: "cast_to_attack" };
  if (elapsed(nowMs, clocks.meleeStrikeAtMs) < intervals.meleeToCastMs) return { ok: false, refusedBy: "melee_to_cast" };
  if (elapsed(nowMs, clocks.shotAtMs) < intervals.shotMs) return { ok: false, refusedBy: "shot" };
  return { ok: true, clocks: { ...clocks, shotAtMs: nowMs, meleeAtMs: nowMs, castAtMs: nowMs } };
}

/** §1.1 potion: ≥ melee→use since the last blow (the item's own use interval is the item rules'). Changes no timer. */
export function useAfterMeleeAllowed(clocks: CombatClocks, nowMs: number, intervals: CombatIntervals = DEFAULT_COMBAT_INTERVALS): LockCheck {
  if (elapsed(nowMs, clocks.meleeStrikeAtMs) < intervals.meleeToUseMs) return { ok: false, refusedBy: "melee_to_use" };
  return { ok: true, clocks };
}

export type StaminaSpend =
  | { readonly ok: false; readonly reason: "tired" }
  | {
      readonly ok: true;
      /** `RandomNumber(1, 10)`. */
      readonly cost: number;
      readonly staminaAfter: number;
      /** `QuitarSta` sends `eUpdateSta` unless stamina reached exactly 0. */
      readonly notifyClient: boolean;
    };

/** §3.1 / §4: an attack needs stamina ≥ 10 and costs `RandomNumber(1, 10)` (drawn only when allowed). */
export function spendAttackStamina(dice: Dice, stamina: number): StaminaSpend {
  if (stamina < ATTACK_STAMINA_MIN) return { ok: false, reason: "tired" };
  const cost = dice.int(1, ATTACK_STAMINA_COST_MAX);
  const staminaAfter = Math.max(stamina - cost, 0);
  return { ok: true, cost, staminaAfter, notifyClient: staminaAfter !== 0 };
}

/** §3.1 HandleAttack: a weapon that shoots ammunition (a bow) cannot strike in melee (locale 1125). */
export function canMeleeWith(weapon: Pick<ItemTemplate, "projectile" | "ammunitionSubtype"> | null): boolean {
  return weapon === null || !(weapon.projectile === 1 && weapon.ammunitionSubtype > 0);
}

export interface AttackRequest {
  readonly clocks: CombatClocks;
  readonly nowMs: number;
  readonly stamina: number;
}

export type MeleeStart =
  | {
      readonly ok: true;
      readonly clocks: CombatClocks;
      readonly staminaCost: number;
      readonly staminaAfter: number;
      readonly notifyStamina: boolean;
    }
  | {
      readonly ok: false;
      /** `bow_equipped` (1125), a lock, or `tired` (93 + 2129). */
      readonly reason: "bow_equipped" | CombatLock | "tired";
      /** Timers after the refusal: a tired attacker has already spent the melee timer. */
      readonly clocks: CombatClocks;
    };

/**
 * §3.1 the start of a melee blow: the bow check, the locks (melee timer restarted), then the
 * stamina check and `RandomNumber(1, 10)` stamina cost. What comes next is `resolve…` on the
 * target in front.
 */
export function beginMeleeWith(
  dice: Dice,
  request: AttackRequest & { readonly weapon: Pick<ItemTemplate, "projectile" | "ammunitionSubtype"> | null },
  intervals: CombatIntervals = DEFAULT_COMBAT_INTERVALS,
): MeleeStart {
  if (!canMeleeWith(request.weapon)) return { ok: false, reason: "bow_equipped", clocks: request.clocks };
  const lock = meleeAllowed(request.clocks, request.nowMs, intervals);
  if (!lock.ok) return { ok: false, reason: lock.refusedBy, clocks: request.clocks };
  const stamina = spendAttackStamina(dice, request.stamina);
  if (!stamina.ok) return { ok: false, reason: "tired", clocks: lock.clocks };
  return { ok: true, clocks: lock.clocks, staminaCost: stamina.cost, staminaAfter: stamina.staminaAfter, notifyStamina: stamina.notifyClient };
}

/** `beginMeleeWith`, drawing from `random`. */
export function beginMelee(
  random: Random,
  request: AttackRequest & { readonly weapon: Pick<ItemTemplate, "projectile" | "ammunitionSubtype"> | null },
  intervals: CombatIntervals = DEFAULT_COMBAT_INTERVALS,
): MeleeStart {
  return beginMeleeWith(diceFromRandom(random), request, intervals);
}
