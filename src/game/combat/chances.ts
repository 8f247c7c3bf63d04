/**
 * Attack power, evasion and the chances built on them (§3.2–§3.5): pure functions of the
 * profiles, in whole percent as the server compares them with `RandomNumber(1, 100)`.
 * VB6 rounding: `vbRound` wherever the original assigns to a Long/Integer (§0).
 */
import { vbRound, vbSingle } from "../vb-math/index.ts";
import {
  BASE_HIT_CHANCE,
  BLOCK_CHANCE_MAX,
  BLOCK_CHANCE_MIN,
  CombatClass,
  CombatSkill,
  HIT_CHANCE_PER_POWER_POINT,
  MEDITATING_EVASION_SHARE,
  MEDITATING_HIT_CHANCE_MAX,
  MIN_STABBING_SKILL,
  NPC_HIT_CHANCE_MAX,
  NPC_HIT_CHANCE_MIN,
  POWER_LEVEL_THRESHOLD,
  POWER_PER_LEVEL_ABOVE_12,
  USER_HIT_CHANCE_MAX,
  USER_HIT_CHANCE_MIN,
  WeaponType,
  type CombatSkillId,
} from "./constants.ts";
import type { NpcCombatProfile, UserCombatProfile } from "./profiles.ts";
import type { ItemTemplate } from "../items/index.ts";

/** A skill's points (0 when the record is short). */
export function skillOf(user: Pick<UserCombatProfile, "skills">, skill: number): number {
  return user.skills[skill - 1] ?? 0;
}

const clamp = (value: number, min: number, max: number): number => (value < min ? min : value > max ? max : value);

/** `ClampChance`: clamp to 0..100, then truncate. §0. */
export function clampChance(value: number): number {
  return Math.trunc(clamp(vbSingle(value), 0, 100));
}

/**
 * §3.2 `GetSkillRequiredForWeapon`: the skill a weapon's hit chance uses, by `WeaponType` only.
 * None or knuckles → Wrestling; bow or gunpowder → Proyectiles; dagger → Apuñalar; else Armas.
 */
export function weaponSkill(weapon: Pick<ItemTemplate, "weaponType"> | null): CombatSkillId {
  if (weapon === null) return CombatSkill.Wrestling;
  switch (weapon.weaponType) {
    case WeaponType.Knuckle:
      return CombatSkill.Wrestling;
    case WeaponType.Bow:
    case WeaponType.GunPowder:
      return CombatSkill.Projectiles;
    case WeaponType.Dagger:
      return CombatSkill.Stabbing;
    default:
      return CombatSkill.Weapons;
  }
}

/**
 * §3.3 `SubirSkillDeArmaActual`: the skill a successful hit may raise. Unlike `weaponSkill` it
 * looks at `Proyectil` (any shooting weapon → Proyectiles), and a dagger trains Armas.
 */
export function skillTrainedByHit(weapon: Pick<ItemTemplate, "weaponType" | "projectile"> | null): CombatSkillId {
  if (weapon === null) return CombatSkill.Wrestling;
  if (weapon.projectile !== 0) return CombatSkill.Projectiles;
  if (weapon.weaponType === WeaponType.Knuckle) return CombatSkill.Wrestling;
  return CombatSkill.Weapons;
}

/** 2.5 per level above 12 (§3.2). */
function levelPower(level: number): number {
  return POWER_PER_LEVEL_ABOVE_12 * Math.max(level - POWER_LEVEL_THRESHOLD, 0);
}

/**
 * §3.2 AttackPower:
 * `rnd2(rnd2((S + 3S/100 · AGI) · classAtk) + 2.5 · max(L − 12, 0)) + HitBonus + weapon-type bonus`.
 */
export function attackPower(user: UserCombatProfile): number {
  const skill = weaponSkill(user.weapon);
  const points = skillOf(user, skill);
  const classModifier = skill === CombatSkill.Projectiles ? user.classModifiers.projectileAttack : user.classModifiers.weaponAttack;
  const agility = user.attributes[1];
  const base = vbRound((points + ((3 * points) / 100) * agility) * classModifier);
  return vbRound(base + levelPower(user.level)) + user.modifiers.hitBonus + weaponTypeHitBonus(user);
}

/** §3.2 `GetWeaponHitBonus`: `[<Class>] <WeaponType>=n`, only with `class_weapon_bonus` and a typed weapon. */
export function weaponTypeHitBonus(user: UserCombatProfile): number {
  const weapon = user.weapon;
  if (weapon === null || weapon.weaponType === WeaponType.None || !user.rules.toggles.classWeaponBonus) return 0;
  return user.classModifiers.weaponHitBonus[weapon.weaponType] ?? 0;
}

/** §3.2 PoderEvasion: `rnd2(rnd2((Tac + 3Tac/100 · AGI) · MODEVASION) + 2.5 · max(L − 12, 0)) + EvasionBonus`. */
export function userEvasion(user: UserCombatProfile): number {
  const tactics = skillOf(user, CombatSkill.Tactics);
  const agility = user.attributes[1];
  const base = vbRound((tactics + ((3 * tactics) / 100) * agility) * user.classModifiers.evasion);
  return vbRound(base + levelPower(user.level)) + user.modifiers.evasionBonus;
}

/**
 * §3.2 PoderEvasionEscudo: `rnd2(Def · MODESCUDO / 2 · Porcentaje / 100)`, 0 without a shield.
 * VB6 computes it in `Single`; so do we, step by step.
 */
export function shieldEvasion(user: UserCombatProfile): number {
  if (user.shield === null) return 0;
  const defense = skillOf(user, CombatSkill.Defense);
  const share = vbSingle(vbSingle(user.shield.percentage) / 100);
  return vbRound(vbSingle(vbSingle(vbSingle(defense * user.classModifiers.shield) / 2) * share));
}

/** §3.3 UserImpactoNpc: `clamp(rnd2(50 + (AttackPower − npc.PoderEvasion) · 0.4), 5, 95)`. */
export function userHitChanceOnNpc(attacker: UserCombatProfile, npc: NpcCombatProfile): number {
  const raw = BASE_HIT_CHANCE + (attackPower(attacker) - npc.evasionPower) * HIT_CHANCE_PER_POWER_POINT;
  return clamp(vbRound(raw), USER_HIT_CHANCE_MIN, USER_HIT_CHANCE_MAX);
}

/** A user's evasion against a blow: PoderEvasion, plus the shield's when its `Porcentaje` > 0 (PvP) or any shield (NPC). */
function evasionWithShield(victim: UserCombatProfile, onlyWithPercentage: boolean): number {
  const shield = victim.shield;
  const counts = shield !== null && (!onlyWithPercentage || shield.percentage > 0);
  return userEvasion(victim) + (counts ? shieldEvasion(victim) : 0);
}

/**
 * §3.4 UsuarioImpacto: `clamp(rnd2(50 + (AttackPower − evasion) · 0.4), 5, 95)`, the victim's
 * shield evasion counting only when its `Porcentaje` > 0. A meditating victim keeps 75% of its
 * chance to evade: `e = rnd2((100 − p) · 0.75); p = min(90, 100 − e)`.
 */
export function userHitChanceOnUser(attacker: UserCombatProfile, victim: UserCombatProfile, victimMeditating = false): number {
  const raw = BASE_HIT_CHANCE + (attackPower(attacker) - evasionWithShield(victim, true)) * HIT_CHANCE_PER_POWER_POINT;
  const chance = vbRound(clamp(vbSingle(raw), USER_HIT_CHANCE_MIN, USER_HIT_CHANCE_MAX));
  if (!victimMeditating) return chance;
  const evade = vbRound((100 - chance) * MEDITATING_EVASION_SHARE);
  return Math.min(MEDITATING_HIT_CHANCE_MAX, 100 - evade);
}

/** §3.5 NpcImpacto: `clamp(rnd2(50 + (PoderAtaque + HitBonus − evasion) · 0.4), 10, 90)`, with any shield's evasion. */
export function npcHitChanceOnUser(npc: NpcCombatProfile, victim: UserCombatProfile): number {
  const raw = BASE_HIT_CHANCE + (npc.attackPower + npc.modifiers.hitBonus - evasionWithShield(victim, false)) * HIT_CHANCE_PER_POWER_POINT;
  return vbRound(clamp(vbSingle(raw), NPC_HIT_CHANCE_MIN, NPC_HIT_CHANCE_MAX));
}

/**
 * §3.5: after an NPC misses, a shield with `Porcentaje` > 0 blocks with
 * `clamp(100 · Def / (Def + Tac), 10, 90)`. Null when no block roll is made (no such shield, or
 * Defensa + Tácticas = 0).
 */
export function blockChanceAgainstNpc(victim: UserCombatProfile): number | null {
  if (victim.shield === null || victim.shield.percentage <= 0) return null;
  const defense = skillOf(victim, CombatSkill.Defense);
  const tactics = skillOf(victim, CombatSkill.Tactics);
  if (defense + tactics <= 0) return null;
  return vbRound(clamp(vbSingle(100 * (defense / (defense + tactics))), BLOCK_CHANCE_MIN, BLOCK_CHANCE_MAX));
}

/**
 * §3.4: the block chance rolled after every user-on-user miss: a shield with `Porcentaje` > 0
 * gives `clamp(Porcentaje · Def / max(Def + Tac, 1), 10, 90)` with Defensa > 0, else 10; no such
 * shield gives 0 (the roll is still made).
 */
export function blockChanceAgainstUser(victim: UserCombatProfile): number {
  const shield = victim.shield;
  if (shield === null || shield.percentage <= 0) return 0;
  const defense = skillOf(victim, CombatSkill.Defense);
  if (defense <= 0) return BLOCK_CHANCE_MIN;
  const tactics = skillOf(victim, CombatSkill.Tactics);
  const raw = shield.percentage * (defense / Math.max(defense + tactics, 1));
  return vbRound(clamp(vbSingle(raw), BLOCK_CHANCE_MIN, BLOCK_CHANCE_MAX));
}

/** §3.3 PuedeGolpeCritico: a Bandit with knuckles. */
export function canCriticalHit(user: UserCombatProfile): boolean {
  return user.classId === CombatClass.Bandit && user.weapon !== null && user.weapon.weaponType === WeaponType.Knuckle;
}

/** §3.3 PuedeApuñalar: a stabbing weapon (`Apuñala=1`) in the hands of an Assassin or of Apuñalar ≥ 10. */
export function canStab(user: UserCombatProfile): boolean {
  if (user.weapon === null || !user.weapon.stabs) return false;
  return user.classId === CombatClass.Assassin || skillOf(user, CombatSkill.Stabbing) >= MIN_STABBING_SKILL;
}

/** The weapon's `ExtraCritAndStabChance` (0 unarmed). */
function weaponExtraChance(user: UserCombatProfile): number {
  return user.weapon === null ? 0 : user.weapon.extraCritAndStabChance;
}

/** §3.3 GetCriticalHitChanceBase: `ClampChance(Wrestling · BanditCriticalHitChance + ExtraCritAndStabChance)`. */
export function criticalHitChance(user: UserCombatProfile): number {
  const base = vbSingle(skillOf(user, CombatSkill.Wrestling) * user.rules.banditCriticalHitChance);
  return clampChance(base + weaponExtraChance(user));
}

/** §3.3 GetStabbingChanceBase: `ClampChance(Apuñalar · class stabbing chance + ExtraCritAndStabChance)`. */
export function stabChance(user: UserCombatProfile): number {
  const { rules } = user;
  const perPoint =
    user.classId === CombatClass.Assassin
      ? rules.assassinStabbingChance
      : user.classId === CombatClass.Bard
        ? rules.bardStabbingChance
        : user.classId === CombatClass.Hunter
          ? rules.hunterStabbingChance
          : rules.genericStabbingChance;
  const base = vbSingle(skillOf(user, CombatSkill.Stabbing) * perPoint);
  return clampChance(base + weaponExtraChance(user));
}

/** §3.4: against a user, both extras gain `ExtraBackstabChance` when struck from behind (same heading, ≤ 1 apart). */
export function backBonusChance(attacker: UserCombatProfile, fromBehind: boolean): number {
  return fromBehind ? attacker.rules.extraBackstabChance : 0;
}
