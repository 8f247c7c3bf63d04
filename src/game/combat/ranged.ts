/**
 * Shots (§4): the ammunition a weapon needs, the start of a shot (locks, ammunition, stamina),
 * the range rules, the ammunition one shot uses, and the shot itself (a §3.3 / §3.4 blow with
 * `ranged` set).
 */
import type { Random } from "../../random/index.ts";
import { ObjectType, type ItemTemplate } from "../items/index.ts";
import { DEFAULT_COMBAT_INTERVALS, MAX_ATTACK_DISTANCE, SHOT_RANGE_X, SHOT_RANGE_Y, type CombatIntervals } from "./constants.ts";
import { diceFromRandom, type Dice } from "./dice.ts";
import { shotAllowed, spendAttackStamina, type AttackRequest, type CombatClocks, type CombatLock } from "./gates.ts";
import type { NpcCombatProfile, UserCombatProfile } from "./profiles.ts";
import {
  resolveUserAttackOnNpc,
  resolveUserAttackOnUser,
  type CombatHooks,
  type NpcTargetState,
  type UserAttackOnNpcOutcome,
  type UserAttackOnUserOutcome,
  type UserOnUserOptions,
  type UserTargetState,
} from "./resolve.ts";

type RangedWeapon = Pick<ItemTemplate, "projectile" | "ammunitionSubtype">;
type Ammunition = Pick<ItemTemplate, "type" | "subType">;

export type AmmunitionCheck =
  | { readonly ok: true; /** False for a throwing weapon (`Proyectil=1`, `Municiones=0`): it uses its cooldown instead. */ readonly usesAmmunition: boolean }
  /** Locale 709 "No tenés municiones": the ammunition is unequipped and the target cursor closed. */
  | { readonly ok: false; readonly reason: "no_ammunition" }
  /** Not a shooting weapon while some ammunition is equipped: unequipped silently. */
  | { readonly ok: false; readonly reason: "not_a_ranged_weapon" };

/**
 * §4 HandleWorkLeftClick, skill Proyectiles, in the original's order: a throwing weapon needs
 * nothing; otherwise ammunition must be equipped, the weapon must shoot, the ammunition must be
 * arrows (ObjType 32) with at least one unit whose `Subtipo` equals the weapon's `Municiones`.
 */
export function checkAmmunition(weapon: RangedWeapon, ammunition: Ammunition | null, amount: number): AmmunitionCheck {
  if (weapon.projectile === 1 && weapon.ammunitionSubtype === 0) return { ok: true, usesAmmunition: false };
  if (ammunition === null) return { ok: false, reason: "no_ammunition" };
  if (weapon.projectile !== 1) return { ok: false, reason: "not_a_ranged_weapon" };
  if (ammunition.type !== ObjectType.Ammunition) return { ok: false, reason: "no_ammunition" };
  if (amount < 1) return { ok: false, reason: "no_ammunition" };
  if (ammunition.subType !== weapon.ammunitionSubtype) return { ok: false, reason: "no_ammunition" };
  return { ok: true, usesAmmunition: true };
}

export type ShotStart =
  | {
      readonly ok: true;
      readonly clocks: CombatClocks;
      readonly usesAmmunition: boolean;
      readonly staminaCost: number;
      readonly staminaAfter: number;
      readonly notifyStamina: boolean;
    }
  | {
      readonly ok: false;
      /** A lock; `no_weapon` or `cooling_down` (silent); an ammunition refusal; or `tired` (2129 + 1128). */
      readonly reason: CombatLock | "no_weapon" | "cooling_down" | "no_ammunition" | "not_a_ranged_weapon" | "tired";
      /** Timers after the refusal: once the locks pass, the shot timers are spent. */
      readonly clocks: CombatClocks;
    };

export interface ShotRequest extends AttackRequest {
  readonly weapon: RangedWeapon | null;
  readonly ammunition: Ammunition | null;
  /** Units in the equipped ammunition slot. */
  readonly ammunitionAmount: number;
  /** The weapon's cooldown group (`CDType`) has not waited its `CD` since it last started (`IsItemInCooldown`). */
  readonly weaponCoolingDown?: boolean;
}

/**
 * §4 the start of a shot: locks (cast→shot, melee→shot, shot; the shot restarts the shot, melee
 * and cast timers), a weapon, its item cooldown, its ammunition, then stamina ≥ 10 and
 * `RandomNumber(1, 10)`.
 */
export function beginShotWith(dice: Dice, request: ShotRequest, intervals: CombatIntervals = DEFAULT_COMBAT_INTERVALS): ShotStart {
  const lock = shotAllowed(request.clocks, request.nowMs, intervals);
  if (!lock.ok) return { ok: false, reason: lock.refusedBy, clocks: request.clocks };
  const { clocks } = lock;
  if (request.weapon === null) return { ok: false, reason: "no_weapon", clocks };
  if (request.weaponCoolingDown === true) return { ok: false, reason: "cooling_down", clocks };
  const ammunition = checkAmmunition(request.weapon, request.ammunition, request.ammunitionAmount);
  if (!ammunition.ok) return { ok: false, reason: ammunition.reason, clocks };
  const stamina = spendAttackStamina(dice, request.stamina);
  if (!stamina.ok) return { ok: false, reason: "tired", clocks };
  return {
    ok: true,
    clocks,
    usesAmmunition: ammunition.usesAmmunition,
    staminaCost: stamina.cost,
    staminaAfter: stamina.staminaAfter,
    notifyStamina: stamina.notifyClient,
  };
}

/** `beginShotWith`, drawing from `random`. */
export function beginShot(random: Random, request: ShotRequest, intervals: CombatIntervals = DEFAULT_COMBAT_INTERVALS): ShotStart {
  return beginShotWith(diceFromRandom(random), request, intervals);
}

/** VB6 `Distancia`: Manhattan distance, plus 100 per map of difference. §0. */
export function distance(dx: number, dy: number, mapDelta = 0): number {
  return Math.abs(dx) + Math.abs(dy) + 100 * Math.abs(mapDelta);
}

/** §3.4: a user attacks another user (melee or shot) at most `MAXDISTANCIAARCO` = 18 away (locale 8 otherwise). */
export function withinAttackDistance(dx: number, dy: number, mapDelta = 0): boolean {
  return distance(dx, dy, mapDelta) <= MAX_ATTACK_DISTANCE;
}

export type ShotTargetCheck = "ok" | "too_far" | "self";

/**
 * §4 a shot's target, from the shooter's tile: a user must be within 13 rows (and not the shooter)
 * and then within `MAXDISTANCIAARCO`; an NPC is refused only when more than 13 rows **and** more
 * than 15 columns away (the original's `And`, kept).
 */
export function checkShotTarget(target: "user" | "npc", dx: number, dy: number, isSelf = false): ShotTargetCheck {
  if (target === "npc") return Math.abs(dy) > SHOT_RANGE_Y && Math.abs(dx) > SHOT_RANGE_X ? "too_far" : "ok";
  if (Math.abs(dy) > SHOT_RANGE_Y) return "too_far";
  if (isSelf) return "self";
  return withinAttackDistance(dx, dy) ? "ok" : "too_far";
}

export interface AmmunitionUse {
  /** Units taken from the ammunition slot (0 or 1). */
  readonly consumed: number;
  readonly amountLeft: number;
  /** The slot ran empty: the ammunition is no longer equipped. */
  readonly unequip: boolean;
  /** A throwing weapon starts its cooldown (`UpdateCd`) instead. */
  readonly startsCooldown: boolean;
}

/**
 * §4: after a shot at a valid target, a weapon that takes ammunition uses one unit (none on a
 * consumable-free zone); a throwing weapon starts its cooldown. A refused target uses nothing.
 */
export function ammunitionAfterShot(input: {
  readonly usesAmmunition: boolean;
  readonly amount: number;
  readonly targetValid: boolean;
  readonly consumableFreeZone?: boolean;
}): AmmunitionUse {
  if (!input.usesAmmunition) return { consumed: 0, amountLeft: input.amount, unequip: false, startsCooldown: input.targetValid };
  const consumed = input.targetValid && !input.consumableFreeZone && input.amount > 0 ? 1 : 0;
  const amountLeft = input.amount - consumed;
  return { consumed, amountLeft, unequip: amountLeft <= 0, startsCooldown: false };
}

/** §4: a shot at an NPC is a §3.3 blow with `ranged` (bow damage with ammunition, ranged stun). */
export function resolveUserShotOnNpc(
  random: Random,
  attacker: UserCombatProfile,
  npc: NpcCombatProfile,
  target: NpcTargetState,
  hooks?: CombatHooks,
): UserAttackOnNpcOutcome {
  return resolveUserAttackOnNpc(diceFromRandom(random), attacker, npc, target, { ranged: true, ...(hooks === undefined ? {} : { hooks }) });
}

/** §4: a shot at a user is a §3.4 blow with `ranged`. */
export function resolveUserShotOnUser(
  random: Random,
  attacker: UserCombatProfile,
  victim: UserCombatProfile,
  target: UserTargetState,
  options: Omit<UserOnUserOptions, "ranged"> = {},
): UserAttackOnUserOutcome {
  return resolveUserAttackOnUser(diceFromRandom(random), attacker, victim, target, { ...options, ranged: true });
}
