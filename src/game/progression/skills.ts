/**
 * Skills (combat-and-progression §7.4): the cap a level allows, the rise by use (VB6
 * `SubirSkill`, `SubirSkillDeArmaActual`), which skill an action trains, and spending free points
 * (`HandleModifySkills`). Skill ids are VB6 `e_Skill` (1-based); a record's `skills[id - 1]`.
 */
import { SKILL_COUNT } from "../character/index.ts";
import { SKILL_NAMES } from "../items/index.ts";
import { WorkSkill } from "../../protocol/index.ts";
import { randomInt, type Random } from "../../random/index.ts";

/**
 * The game's 24 skills (`e_Skill` 1…24). The numbers are the protocol's (`WorkSkill`, where the
 * VB6 names are), since they are the ids the wire carries; this keeps only the real skills, not
 * the cursor ids (none, targetable item, party, marks).
 */
export const SKILL = {
  Magic: WorkSkill.Magic,
  Steal: WorkSkill.Steal,
  Tactics: WorkSkill.Tactics,
  Weapons: WorkSkill.Weapons,
  Meditate: WorkSkill.Meditate,
  Stab: WorkSkill.Stab,
  Hide: WorkSkill.Hide,
  Survival: WorkSkill.Survival,
  Trade: WorkSkill.Trade,
  ShieldDefense: WorkSkill.ShieldDefense,
  Leadership: WorkSkill.Leadership,
  Projectiles: WorkSkill.Projectiles,
  Wrestling: WorkSkill.Wrestling,
  Navigation: WorkSkill.Navigation,
  Riding: WorkSkill.Riding,
  MagicResistance: WorkSkill.MagicResistance,
  Woodcutting: WorkSkill.Woodcutting,
  Fishing: WorkSkill.Fishing,
  Mining: WorkSkill.Mining,
  Smithing: WorkSkill.Smithing,
  Carpentry: WorkSkill.Carpentry,
  Alchemy: WorkSkill.Alchemy,
  Tailoring: WorkSkill.Tailoring,
  Taming: WorkSkill.Taming,
} as const;
export type SkillId = (typeof SKILL)[keyof typeof SKILL];

/** `MAXSKILLPOINTS`: no skill goes above this. */
export const MAX_SKILL_POINTS = 100;
/** A rise succeeds when the draw is below this (`NONEXPERT_SKILL_CUTOFF`)… */
export const SKILL_RAISE_CUTOFF = 10;
/** …or below this with the expert's pendant (`EXPERT_SKILL_CUTOFF`). */
export const EXPERT_SKILL_RAISE_CUTOFF = 17;
/** `e_WeaponType` knuckles: hitting with them trains Wrestling. */
export const WEAPON_TYPE_KNUCKLE = 8;

export function isSkillId(value: number): value is SkillId {
  return Number.isInteger(value) && value >= 1 && value <= SKILL_COUNT;
}

/** The skill's name as the client shows it in "+1 <skill>" (`SkillsNames`). */
export function skillName(skill: SkillId): string {
  return SKILL_NAMES[skill - 1]!;
}

/**
 * The most a skill may reach by use at a level: 5 per two levels, odd levels in between
 * (L1 3, L2 5, L3 7, L4 10, L5 13, L6 15, L7 17, L8 20 …).
 */
export function skillCapAtLevel(level: number): number {
  const half = Math.trunc(level / 2);
  if (level % 2 === 0) return half * 5;
  return half * 5 + 3 - Math.trunc(((Math.trunc((level - 1) / 2) * 5) % 10) / 5);
}

/** The draw's range: `RandomNumber(1, Int(0.1·L² + 15) × DificultadSubirSkill)`. */
export function skillRaiseRange(level: number, difficulty: number): number {
  return Math.floor(0.1 * level ** 2 + 15) * difficulty;
}

/** Chance of one use to raise a skill that may still rise (level 1: 9/150 in 2024, 9/30 today). */
export function skillRaiseChance(level: number, difficulty: number, expertPendant = false): number {
  const range = skillRaiseRange(level, difficulty);
  if (range < 1) return 1;
  const cutoff = expertPendant ? EXPERT_SKILL_RAISE_CUTOFF : SKILL_RAISE_CUTOFF;
  return Math.min(range, cutoff - 1) / range;
}

/** What the rise-by-use roll reads of a character. */
export interface SkillRaiser {
  readonly level: number;
  /** The skill's current points. */
  readonly points: number;
  /** Hunger and thirst (`MinHam`, `MinAGU`): at 0 no skill rises. */
  readonly food: number;
  readonly water: number;
  /** `PendienteDelExperto`. */
  readonly expertPendant?: boolean;
}

export type SkillRaiseRefusal = "at_max" | "level_cap" | "hungry_or_thirsty" | "failed_roll";
export type SkillRaiseOutcome = { readonly raised: true; readonly points: number } | { readonly raised: false; readonly reason: SkillRaiseRefusal };

/**
 * VB6 `SubirSkill`'s roll: nothing at 100, at or above the level's cap, or hungry or thirsty
 * (no draw then); otherwise one draw, and a value below the cutoff adds one point.
 */
export function rollSkillRaise(raiser: SkillRaiser, difficulty: number, random: Random): SkillRaiseOutcome {
  if (raiser.points >= MAX_SKILL_POINTS) return { raised: false, reason: "at_max" };
  if (raiser.points >= skillCapAtLevel(raiser.level)) return { raised: false, reason: "level_cap" };
  if (raiser.food === 0 || raiser.water === 0) return { raised: false, reason: "hungry_or_thirsty" };
  const draw = randomInt(random, 1, skillRaiseRange(raiser.level, difficulty));
  const cutoff = raiser.expertPendant ? EXPERT_SKILL_RAISE_CUTOFF : SKILL_RAISE_CUTOFF;
  if (draw >= cutoff) return { raised: false, reason: "failed_roll" };
  return { raised: true, points: raiser.points + 1 };
}

/** The weapon in hand, as far as training goes (`Proyectil`, `WeaponType`); null = bare hands. */
export interface TrainingWeapon {
  readonly projectile: boolean;
  readonly weaponType: number;
}

/** An action that may train a skill (§7.4, "what raises what"). */
export type SkillUse =
  /** A successful melee or ranged hit (`SubirSkillDeArmaActual`). */
  | { readonly kind: "weapon_hit"; readonly weapon: TrainingWeapon | null }
  /** Each stab attempt. */
  | { readonly kind: "stab_attempt" }
  /** An NPC attacks the player. */
  | { readonly kind: "attacked_by_npc" }
  /** A shield takes part in a defence. */
  | { readonly kind: "shield_used" }
  /** A successful cast. */
  | { readonly kind: "spell_cast" }
  /** Each meditation tick. */
  | { readonly kind: "meditation_tick" }
  /** Hit by a damage spell. */
  | { readonly kind: "hit_by_damage_spell" }
  /** An NPC killed. */
  | { readonly kind: "npc_killed" }
  | { readonly kind: "taming_attempt" }
  | { readonly kind: "hiding" };

/** Which skill an action trains. Weapons: ranged → Proyectiles, knuckles or bare hands → Wrestling, else Armas. */
export function skillTrainedBy(use: SkillUse): SkillId {
  switch (use.kind) {
    case "weapon_hit":
      if (use.weapon === null) return SKILL.Wrestling;
      if (use.weapon.projectile) return SKILL.Projectiles;
      return use.weapon.weaponType === WEAPON_TYPE_KNUCKLE ? SKILL.Wrestling : SKILL.Weapons;
    case "stab_attempt":
      return SKILL.Stab;
    case "attacked_by_npc":
      return SKILL.Tactics;
    case "shield_used":
      return SKILL.ShieldDefense;
    case "spell_cast":
      return SKILL.Magic;
    case "meditation_tick":
      return SKILL.Meditate;
    case "hit_by_damage_spell":
      return SKILL.MagicResistance;
    case "npc_killed":
      return SKILL.Survival;
    case "taming_attempt":
      return SKILL.Taming;
    case "hiding":
      return SKILL.Hide;
  }
}

export type SkillSpendRefusal =
  /** Not one whole number in 0…255 per skill, or not `SKILL_COUNT` of them (never from a real client). */
  | "malformed"
  /** More points than the character has free (VB6 logs a hacking attempt and closes the connection). */
  | "more_than_free_points";

export type SkillSpendOutcome =
  | {
      readonly ok: true;
      readonly skills: readonly number[];
      readonly freeSkillPoints: number;
      /** Skill ids whose points changed, ascending. */
      readonly changed: readonly SkillId[];
      /** Points given back because a skill would have passed 100. */
      readonly refunded: number;
    }
  | { readonly ok: false; readonly reason: SkillSpendRefusal };

/**
 * `HandleModifySkills`: the client sends how many free points go to each skill. The sum must not
 * pass the free points (else nothing changes); a skill that would pass 100 stays at 100 and the
 * rest is given back, as VB6 does ("the client should prevent this").
 */
export function spendSkillPoints(skills: readonly number[], freeSkillPoints: number, deltas: readonly number[]): SkillSpendOutcome {
  if (deltas.length !== SKILL_COUNT || deltas.some((d) => !Number.isInteger(d) || d < 0 || d > 255)) return { ok: false, reason: "malformed" };
  const total = deltas.reduce((sum, d) => sum + d, 0);
  if (total > freeSkillPoints) return { ok: false, reason: "more_than_free_points" };
  const next = [...skills];
  while (next.length < SKILL_COUNT) next.push(0);
  let free = freeSkillPoints - total;
  let refunded = 0;
  const changed: SkillId[] = [];
  for (let index = 0; index < SKILL_COUNT; index++) {
    const delta = deltas[index]!;
    if (delta === 0) continue;
    let value = next[index]! + delta;
    if (value > MAX_SKILL_POINTS) {
      refunded += value - MAX_SKILL_POINTS;
      value = MAX_SKILL_POINTS;
    }
    if (value !== next[index]) changed.push((index + 1) as SkillId);
    next[index] = value;
  }
  free += refunded;
  return { ok: true, skills: next, freeSkillPoints: free, changed, refunded };
}
