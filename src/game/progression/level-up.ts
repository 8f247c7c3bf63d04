/**
 * Levelling up (combat-and-progression §7.3, VB6 `CheckUserLevel`): while the experience reaches
 * the level's ELU and the level is below 47, spend the ELU, raise the level, recompute the
 * maxima from the new level and roll the HP gain; the skill points of all the levels are added
 * after the loop. Returns the new numbers AND one entry per level gained, so the map can tell the
 * player exactly what VB6 tells (`src/map/systems/progression.ts`).
 *
 * The per-level formulas are character creation's (`maxManaAtLevel`, `maxStaminaAtLevel`,
 * `hitRangeAtLevel`, `rollHpGain`): one copy of each rule.
 */
import type { Attributes, CharacterVitals } from "../character/index.ts";
import {
  balanceRulesFromTable,
  hitRangeAtLevel,
  INTELLIGENCE,
  CONSTITUTION,
  MAX_LEVEL,
  maxManaAtLevel,
  maxStaminaAtLevel,
  NEWBIE_MAX_LEVEL,
  rollHpGain,
  type BalanceTableInput,
  type ClassBalance,
  type HpVariance,
} from "../character-creation/index.ts";
import type { Random } from "../../random/index.ts";
import { vbRound } from "../vb-math/index.ts";
import { DEFAULT_EXP_SETTINGS, type ExpSettings } from "./experience.ts";

/** The `Balance.dat` numbers and server settings progression reads. */
export interface ProgressionRules {
  /** By `e_Class` id (1…12). A class without a row levels with zeros, as VB6 reads missing keys. */
  readonly classes: Readonly<Record<number, ClassBalance>>;
  readonly hpVariance: HpVariance;
  /** `[EXP]`: index = level (index 0 unused), value = experience needed to leave that level. */
  readonly expToLevelUp: readonly number[];
  /** `[EXTRA] DificultadSubirSkill` (10 in the 2024 file, 2 today). */
  readonly skillRaiseDifficulty: number;
  readonly exp: ExpSettings;
  /** `OroPorNivel` (0 = off, the default) and `GoldMult`: gold per level for newbies. */
  readonly goldPerLevel: number;
  readonly goldMultiplier: number;
}

/** What progression reads from a parsed `Balance.dat` (the content layer's `BalanceTable` fits). */
export type ProgressionBalanceInput = BalanceTableInput & {
  readonly globals: BalanceTableInput["globals"] & { readonly skillRaiseDifficulty: number };
};

/** Server settings besides `Balance.dat`; the example configuration when left out. */
export interface ProgressionSettings {
  readonly exp?: ExpSettings;
  readonly goldPerLevel?: number;
  readonly goldMultiplier?: number;
}

/** The rules of one world, from its `Balance.dat` (through character creation's reading of it). */
export function progressionRulesFromBalance(balance: ProgressionBalanceInput, settings: ProgressionSettings = {}): ProgressionRules {
  const base = balanceRulesFromTable(balance);
  return {
    classes: base.classes,
    hpVariance: base.hpVariance,
    expToLevelUp: base.expToLevelUp,
    skillRaiseDifficulty: balance.globals.skillRaiseDifficulty,
    exp: settings.exp ?? DEFAULT_EXP_SETTINGS,
    goldPerLevel: settings.goldPerLevel ?? 0,
    goldMultiplier: settings.goldMultiplier ?? 1,
  };
}

const NO_CLASS: ClassBalance = {
  initialManaPerIntelligence: 0,
  manaPerIntelligencePerLevel: 0,
  averageHpPerLevel: 0,
  staminaPerLevel: 0,
  hitPerLevelUpTo36: 0,
  hitPerLevelAfter36: 0,
  skillPointsPerLevel: 0,
};

/** The part of a character a level-up reads (a `CharacterRecord` fits). */
export interface LevelingCharacter {
  readonly class: number;
  readonly level: number;
  readonly exp: number;
  readonly freeSkillPoints: number;
  readonly gold: number;
  readonly attributes: Readonly<Attributes>;
  readonly vitals: Readonly<Pick<CharacterVitals, "hp" | "maxHp" | "maxMana" | "maxStamina">>;
}

/** One level gained: what VB6 tells the player at that level (locales 186, 197–200, 1293). */
export interface LevelGain {
  readonly level: number;
  /** May be 0 or negative when the HP caps bind; told only when positive. */
  readonly hpGain: number;
  readonly maxHp: number;
  readonly staminaGain: number;
  readonly maxStamina: number;
  readonly manaGain: number;
  readonly maxMana: number;
  /** Gain of MaxHit (= of MinHit). */
  readonly hitGain: number;
  readonly minHit: number;
  readonly maxHit: number;
  /** Newbie gold of this level (`OroPorNivel`), 0 when off. */
  readonly goldGain: number;
}

export interface LevelUpOutcome {
  readonly level: number;
  readonly exp: number;
  readonly freeSkillPoints: number;
  readonly gold: number;
  /** MinHP: equal to MaxHP after any level gained (a full heal), else unchanged. */
  readonly hp: number;
  readonly maxHp: number;
  readonly maxMana: number;
  readonly maxStamina: number;
  readonly minHit: number;
  readonly maxHit: number;
  /** In order; empty when no level was gained. */
  readonly gains: readonly LevelGain[];
  /** `MODSKILLPOINTS` × levels gained (0 with the 2024 file): `LevelUp` and locale 187 when > 0. */
  readonly skillPointsGained: number;
  /** The character passed `NEWBIE_MAX_LEVEL` (VB6 then takes its newbie items). */
  readonly leftNewbie: boolean;
}

/** ELU of `level` (0 when the table has none). */
export function expToLeaveLevel(level: number, rules: Pick<ProgressionRules, "expToLevelUp">): number {
  return rules.expToLevelUp[level] ?? 0;
}

/** True when `checkLevelUp` would raise at least one level (no draw). */
export function canLevelUp(character: Pick<LevelingCharacter, "level" | "exp">, rules: Pick<ProgressionRules, "expToLevelUp">): boolean {
  const threshold = expToLeaveLevel(character.level, rules);
  return threshold > 0 && character.exp >= threshold && character.level < MAX_LEVEL;
}

/**
 * VB6 `CheckUserLevel`. Per level: exp −= ELU, level + 1, MaxMana / MaxSta / hit from the new
 * level (gains = new − old), the HP roll (two draws, always, even when the caps override it),
 * MinHP = MaxHP, newbie gold when configured. After the loop: skill points; at level 47 the
 * remaining experience is dropped. Mana and stamina are not refilled.
 *
 * One deliberate difference: a level whose ELU is 0 or missing cannot be left (VB6 would level up
 * on every check there); both AO20 files define levels 1…46.
 */
export function checkLevelUp(character: LevelingCharacter, rules: ProgressionRules, random: Random): LevelUpOutcome {
  const cls = rules.classes[character.class] ?? NO_CLASS;
  const intelligence = character.attributes[INTELLIGENCE];
  const constitution = character.attributes[CONSTITUTION];
  let { level, exp, gold } = character;
  let { hp, maxHp, maxMana, maxStamina } = character.vitals;
  let { minHit, maxHit } = hitRangeAtLevel(level, cls);
  let points = 0;
  const gains: LevelGain[] = [];
  const rng = () => random.next();
  let threshold = expToLeaveLevel(level, rules);
  while (threshold > 0 && exp >= threshold && level < MAX_LEVEL) {
    exp -= threshold;
    points += cls.skillPointsPerLevel;
    level += 1;
    threshold = expToLeaveLevel(level, rules);
    const newMana = maxManaAtLevel(intelligence, level, cls);
    const newStamina = maxStaminaAtLevel(level, cls);
    const hits = hitRangeAtLevel(level, cls);
    const hpGain = rollHpGain({ constitution, newLevel: level, maxHpBefore: maxHp }, cls, rules.hpVariance, rng);
    const gain: Omit<LevelGain, "goldGain"> = {
      level,
      hpGain,
      maxHp: maxHp + hpGain,
      staminaGain: newStamina - maxStamina,
      maxStamina: newStamina,
      manaGain: newMana - maxMana,
      maxMana: newMana,
      hitGain: hits.maxHit - maxHit,
      minHit: hits.minHit,
      maxHit: hits.maxHit,
    };
    maxHp = gain.maxHp;
    hp = maxHp;
    maxMana = newMana;
    maxStamina = newStamina;
    ({ minHit, maxHit } = hits);
    let goldGain = 0;
    if (rules.goldPerLevel > 0 && level <= NEWBIE_MAX_LEVEL) {
      goldGain = vbRound(rules.goldPerLevel * level * rules.goldMultiplier);
      gold += goldGain;
    }
    gains.push({ ...gain, goldGain });
  }
  if (gains.length > 0 && level >= MAX_LEVEL) exp = 0;
  return {
    level,
    exp,
    freeSkillPoints: character.freeSkillPoints + (points > 0 ? points : 0),
    gold,
    hp,
    maxHp,
    maxMana,
    maxStamina,
    minHit,
    maxHit,
    gains,
    skillPointsGained: points > 0 ? points : 0,
    leftNewbie: character.level <= NEWBIE_MAX_LEVEL && level > NEWBIE_MAX_LEVEL,
  };
}
