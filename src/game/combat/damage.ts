/**
 * The damage formulas of §3.3–§3.5, each drawing from a `Dice` in the original's order. They
 * compute numbers only; the resolutions in `resolve.ts` put them together and say what happened.
 */
import { vbRound, vbSingle } from "../vb-math/index.ts";
import type { ItemTemplate } from "../items/index.ts";
import { clampChance, skillOf } from "./chances.ts";
import {
  BodyPart,
  CombatSkill,
  STRENGTH_BONUS_PER_POINT,
  STRENGTH_BONUS_THRESHOLD,
  WEAPON_ROLL_WEIGHT,
  WeaponType,
  type BodyPartId,
} from "./constants.ts";
import type { Dice } from "./dice.ts";
import type { CombatModifiers, NpcCombatProfile, UserCombatProfile } from "./profiles.ts";

/** Who a blow is aimed at: weapons with `MinHitToNPC`/`MaxHitToNPC` hit NPCs harder. */
export type TargetKind = "npc" | "user";

/** §3.3 GetHitRangeValues: the hit range of a weapon or ammunition against a target kind. */
export function hitRange(
  item: Pick<ItemTemplate, "minHit" | "maxHit" | "minHitToNpc" | "maxHitToNpc">,
  target: TargetKind,
): { min: number; max: number } {
  let min = item.minHit;
  let max = item.maxHit;
  if (target === "npc" && (item.minHitToNpc > 0 || item.maxHitToNpc > 0)) {
    if (item.minHitToNpc > 0) min = item.minHitToNpc;
    if (item.maxHitToNpc > 0) max = item.maxHitToNpc;
  }
  return { min, max: Math.max(max, min) };
}

/** `GetPhysicalDamageModifier`: damage dealt × `max(1 + PhysicalDamageBonus, 0)` (Single). §3.3. */
export function physicalDamageMultiplier(modifiers: CombatModifiers): number {
  return vbSingle(Math.max(1 + modifiers.physicalDamageBonus, 0));
}

/** `GetPhysicDamageReduction`: damage taken × `max(1 − PhysicalDamageReduction, 0)` (Single). §3.3. */
export function physicalDamageReductionMultiplier(modifiers: CombatModifiers): number {
  return vbSingle(Math.max(1 - modifiers.physicalDamageReduction, 0));
}

/** The class damage modifier of a weapon (`GetClassAttackModifier`): projectiles, knuckles (wrestling), or weapons. §3.3. */
export function classDamageModifier(user: UserCombatProfile): number {
  const { weapon, classModifiers } = user;
  if (weapon === null) return classModifiers.wrestlingDamage;
  if (weapon.projectile > 0) return classModifiers.projectileDamage;
  if (weapon.weaponType === WeaponType.Knuckle) return classModifiers.wrestlingDamage;
  return classModifiers.weaponDamage;
}

/** True when the weapon shoots ammunition and some is equipped: its roll adds to the weapon's. §3.3. */
function ammunitionCounts(user: UserCombatProfile): user is UserCombatProfile & { ammunition: ItemTemplate } {
  const weapon = user.weapon;
  return weapon !== null && weapon.projectile > 0 && weapon.ammunitionSubtype > 0 && user.ammunition !== null;
}

/**
 * §3.3 GetUserDamage (GetUserDamageWithItem + linear bonus):
 * `u = RandomNumber(MinHIT, MaxHIT)`; weapon roll W (plus the ammunition roll for a bow), `Wmax`
 * the top of those ranges; `rnd2((3W + Wmax · 0.2 · max(0, STR − 15) + u) · classMod)`; then the
 * ship roll while sailing, else the saddle roll while mounted; then `PhysicalDamageLinearBonus`.
 * Draws: u, weapon, ammunition, ship/saddle.
 */
export function userBaseDamage(dice: Dice, user: UserCombatProfile, target: TargetKind): number {
  const userRoll = dice.int(user.minHit, user.maxHit);
  let weaponRoll = 0;
  let weaponMax = 0;
  if (user.weapon !== null) {
    const range = hitRange(user.weapon, target);
    weaponRoll = dice.int(range.min, range.max);
    weaponMax = range.max;
    if (ammunitionCounts(user)) {
      const ammo = hitRange(user.ammunition, target);
      weaponRoll += dice.int(ammo.min, ammo.max);
      weaponMax += ammo.max;
    }
  }
  const strengthBonus = weaponMax * STRENGTH_BONUS_PER_POINT * Math.max(0, user.attributes[0] - STRENGTH_BONUS_THRESHOLD);
  let damage = vbRound((WEAPON_ROLL_WEIGHT * weaponRoll + strengthBonus + userRoll) * classDamageModifier(user));
  if (user.sailing && user.ship !== null) damage += dice.int(user.ship.minHit, user.ship.maxHit);
  else if (user.mounted && user.saddle !== null) damage += dice.int(user.saddle.minHit, user.saddle.maxHit);
  return damage + user.modifiers.physicalDamageLinearBonus;
}

/** Armour penetration and whether its chance roll came up. */
export interface ArmorPenetration {
  /** Null when no roll was made (toggle off or unarmed); else whether the roll hit the chance. */
  readonly triggered: boolean | null;
  readonly amount: number;
}

/**
 * §3.3 GetArmorPenetration (toggle `armor_penetration_feature`, armed attacker): one
 * `RandomNumber(1, 100)` is always drawn against `ClampChance(Armas · IgnoreArmorChance)`; on a
 * success, `RandomNumber(MinArmorPenetrationFlat, MaxArmorPenetrationFlat)` plus
 * `ArmorPenetrationPercent` of the target's armour (> 1 read as percent).
 */
export function armorPenetration(dice: Dice, attacker: UserCombatProfile, targetArmor: number): ArmorPenetration {
  const weapon = attacker.weapon;
  if (!attacker.rules.toggles.armorPenetration || weapon === null) return { triggered: null, amount: 0 };
  const chance = clampChance(skillOf(attacker, CombatSkill.Weapons) * attacker.rules.ignoreArmorChance);
  if (!dice.intAtMost(1, 100, chance)) return { triggered: false, amount: 0 };
  let min = Math.max(weapon.minArmorPenetrationFlat, 0);
  let max = Math.max(weapon.maxArmorPenetrationFlat, 0);
  if (min > max) [min, max] = [max, min];
  let amount = dice.int(min, max);
  let percent = vbSingle(weapon.armorPenetrationPercent);
  if (percent > 0) {
    if (percent > 1) percent = vbSingle(percent / 100);
    percent = Math.min(percent, 1);
    amount = vbRound(amount + vbSingle(targetArmor * percent));
  }
  return { triggered: true, amount };
}

/** The user-to-NPC damage after the NPC's defence. */
export interface UserDamageOnNpc {
  readonly baseDamage: number;
  readonly penetration: ArmorPenetration;
  /** NPC DEF + DefenseBonus − penetration, at least 0. */
  readonly defense: number;
  /** Damage after defence and the physical multipliers, before critical or stab extras. */
  readonly damage: number;
}

/**
 * §3.3 UserDamageNpc: `base − max(0, DEF + DefenseBonus − pen)`, × the attacker's physical damage
 * multiplier, × the NPC's reduction (each rounded), at least 0. Draws: base, penetration.
 */
export function userDamageOnNpc(dice: Dice, attacker: UserCombatProfile, npc: NpcCombatProfile): UserDamageOnNpc {
  const baseDamage = userBaseDamage(dice, attacker, "npc");
  const armor = npc.def + npc.modifiers.defenseBonus;
  const penetration = armorPenetration(dice, attacker, armor);
  const defense = Math.max(0, armor - penetration.amount);
  let damage = vbRound((baseDamage - defense) * physicalDamageMultiplier(attacker.modifiers));
  damage = vbRound(damage * physicalDamageReductionMultiplier(npc.modifiers));
  return { baseDamage, penetration, defense, damage: Math.max(damage, 0) };
}

/** A defence roll of an equipped object: `RandomNumber(MinDef, MaxDef)`, 0 (and no draw) without one. */
function defenseRoll(dice: Dice, item: ItemTemplate | null): number {
  return item === null ? 0 : dice.int(item.minDef, item.maxDef);
}

/** The NPC-to-user damage and where it landed. */
export interface NpcDamageOnUser {
  readonly bodyPart: BodyPartId;
  /** `RandomNumber(MinHIT, MaxHIT)` + the NPC's linear bonus. */
  readonly rawDamage: number;
  /** Helmet (head) or armour + shield rolls, ship and saddle rolls, and DefenseBonus. */
  readonly absorbed: number;
  readonly damage: number;
}

/**
 * §3.5 NpcDamage: `RandomNumber(MinHIT, MaxHIT)` + linear bonus; ship roll while sailing, saddle
 * roll while mounted; body part `RandomNumber(1, 6)`: the head is covered by the helmet, the rest
 * by armour + shield; minus DefenseBonus; × NPC and user physical multipliers (each rounded);
 * at least 0. Draws: NPC roll, ship, saddle, part, helmet or armour then shield.
 */
export function npcDamageOnUser(dice: Dice, npc: NpcCombatProfile, victim: UserCombatProfile): NpcDamageOnUser {
  const rawDamage = dice.int(npc.minHit, npc.maxHit) + npc.modifiers.physicalDamageLinearBonus;
  const ship = victim.sailing ? defenseRoll(dice, victim.ship) : 0;
  const saddle = victim.mounted ? defenseRoll(dice, victim.saddle) : 0;
  const bodyPart = dice.int(BodyPart.Head, BodyPart.Torso) as BodyPartId;
  const worn = bodyPart === BodyPart.Head ? defenseRoll(dice, victim.helmet) : defenseRoll(dice, victim.armor) + defenseRoll(dice, victim.shield);
  const absorbed = worn + ship + saddle + victim.modifiers.defenseBonus;
  let damage = vbRound((rawDamage - absorbed) * physicalDamageMultiplier(npc.modifiers));
  damage = vbRound(damage * physicalDamageReductionMultiplier(victim.modifiers));
  return { bodyPart, rawDamage, absorbed, damage: Math.max(damage, 0) };
}

/** The user-to-user damage and where it landed, before extras. */
export interface UserDamageOnUser {
  readonly baseDamage: number;
  readonly bodyPart: BodyPartId;
  readonly penetration: ArmorPenetration;
  /** Worn defence + ship or saddle + DefenseBonus − penetration, at least 0. */
  readonly defense: number;
  readonly damage: number;
}

/** `RandomNumber(1, 8)`: 1 is the head; 7 and 8 are re-drawn as `RandomNumber(2, 6)`. §3.4. */
const PVP_BODY_PART_SIDES = 8;

/**
 * §3.4 UserDamageToUser up to the extras: base damage (MinHIT/MaxHIT ranges); body part
 * (head 1/8, each other part 7/40); helmet on the head, armour + shield elsewhere; the victim's
 * equipped ship, else saddle; DefenseBonus; penetration; × the attacker's and the victim's
 * physical multipliers; at least 0. Draws: base, part(s), worn defence, ship/saddle, penetration.
 */
export function userDamageOnUser(dice: Dice, attacker: UserCombatProfile, victim: UserCombatProfile): UserDamageOnUser {
  const baseDamage = userBaseDamage(dice, attacker, "user");
  let bodyPart = dice.int(1, PVP_BODY_PART_SIDES);
  let worn: number;
  if (bodyPart === BodyPart.Head) worn = defenseRoll(dice, victim.helmet);
  else {
    if (bodyPart > BodyPart.Torso) bodyPart = dice.int(BodyPart.LeftLeg, BodyPart.Torso);
    worn = defenseRoll(dice, victim.armor) + defenseRoll(dice, victim.shield);
  }
  // An equipped ship or saddle counts here whether or not its wearer sails or rides.
  const mount = victim.ship !== null ? defenseRoll(dice, victim.ship) : defenseRoll(dice, victim.saddle);
  const armor = worn + mount + victim.modifiers.defenseBonus;
  const penetration = armorPenetration(dice, attacker, armor);
  const defense = Math.max(0, armor - penetration.amount);
  let damage = vbRound((baseDamage - defense) * physicalDamageMultiplier(attacker.modifiers));
  damage = vbRound(damage * physicalDamageReductionMultiplier(victim.modifiers));
  return { baseDamage, bodyPart: bodyPart as BodyPartId, penetration, defense, damage: Math.max(damage, 0) };
}
