/**
 * The VB6 numbers the combat rules name (ao-org/argentum-online-server `Codigo/Declares.bas`
 * `e_Skill`, `e_WeaponType`, `e_Class`, `e_PartesCuerpo`; `intervalos.ini`), each written once.
 * Section numbers (§) are those of combat-and-progression.md.
 */
import { WorkSkill } from "../../protocol/index.ts";

/** The `e_Skill` ids the combat rules read (the protocol's numbers; `skills[n - 1]` in the character record). §2. */
export const CombatSkill = {
  Tactics: WorkSkill.Tactics, // Destreza en combate
  Weapons: WorkSkill.Weapons, // Combate con armas
  Meditation: WorkSkill.Meditate,
  Stabbing: WorkSkill.Stab,
  Hiding: WorkSkill.Hide,
  Survival: WorkSkill.Survival,
  Defense: WorkSkill.ShieldDefense, // Defensa con escudo
  Projectiles: WorkSkill.Projectiles, // Armas a distancia
  Wrestling: WorkSkill.Wrestling, // Combate sin armas
} as const;
export type CombatSkillId = (typeof CombatSkill)[keyof typeof CombatSkill];

/** `e_WeaponType` (obj.dat `WeaponType`; 0 = not set, as in every 2024 weapon). §10b. */
export const WeaponType = {
  None: 0,
  Sword: 1,
  Dagger: 2,
  Bow: 3,
  Staff: 4,
  Mace: 5,
  ThrowingAxe: 6,
  Axe: 7,
  Knuckle: 8,
  Fist: 9,
  Spear: 10,
  GunPowder: 11,
} as const;

/** Balance.dat `[<Class>]` key of each weapon type's hit bonus (`class_weapon_bonus`). §3.2. */
export const WEAPON_TYPE_BONUS_KEYS = {
  1: "Sword",
  2: "Dagger",
  3: "Bow",
  4: "Staff",
  5: "Mace",
  6: "ThrowableAxe",
  7: "Axe",
  8: "Knuckle",
  9: "Fist",
  10: "Spear",
  11: "GunPowder",
} as const;

/** The `e_Class` values with combat rules of their own. §2, §3.3. */
export const CombatClass = {
  Warrior: 3, // Guerrero
  Assassin: 4, // Asesino
  Bard: 5, // Bardo
  Hunter: 8, // Cazador
  Thief: 11, // Ladron
  Bandit: 12, // Bandido
} as const;

/** `e_PartesCuerpo`: where a blow lands. §3.4, §3.5. */
export const BodyPart = {
  Head: 1,
  LeftLeg: 2,
  RightLeg: 3,
  RightArm: 4,
  LeftArm: 5,
  Torso: 6,
} as const;
export type BodyPartId = (typeof BodyPart)[keyof typeof BodyPart];

/** Hit chance bounds in percent: user → NPC and user → user 5..95, NPC → user 10..90. §3.3–§3.5. */
export const USER_HIT_CHANCE_MIN = 5;
export const USER_HIT_CHANCE_MAX = 95;
export const NPC_HIT_CHANCE_MIN = 10;
export const NPC_HIT_CHANCE_MAX = 90;
/** Shield block chance bounds (when a block is possible at all). §3.4, §3.5. */
export const BLOCK_CHANCE_MIN = 10;
export const BLOCK_CHANCE_MAX = 90;
/** A meditating victim keeps only this share of its chance to evade, and is hit at most 90%. §3.4. */
export const MEDITATING_EVASION_SHARE = 0.75;
export const MEDITATING_HIT_CHANCE_MAX = 90;
/** Every point of attack power over evasion moves the hit chance by this many percent points. §3.3. */
export const HIT_CHANCE_PER_POWER_POINT = 0.4;
/** Base hit chance when attack power equals evasion. */
export const BASE_HIT_CHANCE = 50;
/** Attack power and evasion grow by 2.5 per level above 12. §3.2. */
export const POWER_PER_LEVEL_ABOVE_12 = 2.5;
export const POWER_LEVEL_THRESHOLD = 12;
/** Strength above 15 adds 0.2 × weapon max hit per point. §3.3. */
export const STRENGTH_BONUS_THRESHOLD = 15;
export const STRENGTH_BONUS_PER_POINT = 0.2;
/** The weapon roll counts three times in the base damage. §3.3. */
export const WEAPON_ROLL_WEIGHT = 3;
/** A Bandit's critical hit on an NPC adds a third of the base damage. §3.3. */
export const NPC_CRITICAL_SHARE = 0.33;
/** Apuñalar points a non-Assassin needs to stab (`MIN_APUÑALAR`). §3.3. */
export const MIN_STABBING_SKILL = 10;
/** A paralysing weapon paralyses an NPC on `RandomNumber(1, 4) = 1`. §3.3. */
export const PARALYSIS_ROLL_SIDES = 4;
/** `IntervaloParalizado` (intervalos.ini); an NPC paralysed by a hit stays `rnd2(20 / 3 × 7)` AI ticks. §1.1, §3.3. */
export const PARALYSIS_INTERVAL = 20;
/** NPC poison: `RandomNumber(1, 100) < 30`. §3.5. */
export const NPC_POISON_BELOW = 30;
/** Meditation breaks when a hit exceeds `MinHP/100 × INT × Meditar/100 × 12 / (RandomNumber(0,5) + 7)`. §3.5. */
export const MEDITATION_BREAK_FACTOR = 12;
export const MEDITATION_BREAK_DIVISOR_MIN = 7;
export const MEDITATION_BREAK_ROLL_MAX = 5;
/** Thief unequip chance in percent (`0.33 × 100`); a Bandit's is 0.2 × skill (0.15 without the toggle). §3.4. */
export const THIEF_UNEQUIP_CHANCE = 33;
export const BANDIT_UNEQUIP_PER_SKILL = 0.2;
export const BANDIT_UNEQUIP_PER_SKILL_WITHOUT_BONUS = 0.15;

/** Attacking costs `RandomNumber(1, 10)` stamina and needs at least 10. §3.1, §4. */
export const ATTACK_STAMINA_MIN = 10;
export const ATTACK_STAMINA_COST_MAX = 10;

/** `MAXDISTANCIAARCO`: a user attacks a user at most this far (Manhattan). §3.4. */
export const MAX_ATTACK_DISTANCE = 18;
/** `RANGO_VISION_Y` / `RANGO_VISION_X`: a shot's target must be on screen. §4. */
export const SHOT_RANGE_Y = 13;
export const SHOT_RANGE_X = 15;

/** NPC `IntervaloAtaque` when npcs.dat has none. §3.5. */
export const DEFAULT_NPC_ATTACK_INTERVAL_MS = 2000;

/** Action intervals of intervalos.ini, in ms. §1.1. */
export interface CombatIntervals {
  /** `IntervaloUserPuedeAtacar`: melee to melee. */
  readonly meleeMs: number;
  /** `IntervaloLanzaHechizo`: cast to cast. */
  readonly castMs: number;
  /** `IntervaloFlechasCazadores`: shot to shot (and to melee or cast). */
  readonly shotMs: number;
  /** `IntervaloMagiaGolpe`: cast to melee or shot. */
  readonly castToAttackMs: number;
  /** `IntervaloGolpeMagia`: melee to cast or shot. */
  readonly meleeToCastMs: number;
  /** `IntervaloGolpeUsar`: melee to using an item. */
  readonly meleeToUseMs: number;
}

/** The repo's intervalos.ini. §1.1. */
export const DEFAULT_COMBAT_INTERVALS: CombatIntervals = {
  meleeMs: 1165,
  castMs: 1230,
  shotMs: 1200,
  castToAttackMs: 800,
  meleeToCastMs: 800,
  meleeToUseMs: 800,
};

/** Feature toggles the combat formulas consult (`feature_toggle.ini`). §0. */
export interface CombatToggles {
  /** `armor_penetration_feature`: an armed attacker always rolls for penetration. */
  readonly armorPenetration: boolean;
  /** `healers_and_tanks`: a Warrior heals on every melee hit on an NPC. */
  readonly healersAndTanks: boolean;
  /** `class_weapon_bonus`: `[<Class>] <WeaponType>=n` adds to attack power. */
  readonly classWeaponBonus: boolean;
  /** `Improved-Hit-Chance`: weapons' `ImprovedMHit` / `ImprovedRHit` (not loaded; read as 0). */
  readonly improvedHitChance: boolean;
  /** `bandit_unequip_bonus`: a Bandit unequips with 0.2 × skill instead of 0.15. */
  readonly banditUnequipBonus: boolean;
}

/** `Example.feature_toggle.ini` of the server repo. §0. */
export const DEFAULT_COMBAT_TOGGLES: CombatToggles = {
  armorPenetration: true,
  healersAndTanks: true,
  classWeaponBonus: false,
  improvedHitChance: false,
  banditUnequipBonus: true,
};
