/**
 * Starting stats and the level-dependent maxima (character-creation.md §4, §9). Pure functions
 * over the class/race numbers of `Balance.dat`; VB6 rounding rules from `src/game/vb-math`.
 */
import type { Attributes, Heading } from "../character/index.ts";
import { randomNumber, vbIntDiv, vbRound, type RandomSource } from "../vb-math/index.ts";

/** Every attribute starts at this value plus the race modifier; there is no dice roll. */
export const BASE_ATTRIBUTE = 18;
/** Free skill points of a new character (`SkillPts = 10`). */
export const STARTING_FREE_SKILL_POINTS = 10;
/** Hunger and thirst start full; their maximum is always 100. */
export const MAX_FOOD = 100;
export const MAX_WATER = 100;
export const STARTING_LEVEL = 1;
/** South (`e_Heading.SOUTH`). */
export const STARTING_HEADING: Heading = 3;
/** Damage of a level-1 character without weapon: MinHit 1, MaxHit 2 (hit modifier + 1 / + 2). */
export const MIN_HIT_OFFSET = 1;
export const MAX_HIT_OFFSET = 2;
/** Highest level (`STAT_MAXELV`). */
export const MAX_LEVEL = 47;
/** Newbie up to and including this level (`LimiteNewbie`). */
export const NEWBIE_MAX_LEVEL = 12;
/** Stamina points per unit of the creation roll (`MaxSta = 20 * MiInt`). */
export const STAMINA_PER_ROLL_UNIT = 20;
/** Agility points per possible roll unit (`RandomNumber(1, AGI \ 6)`). */
export const AGILITY_PER_STAMINA_ROLL_UNIT = 6;
/** A roll of 1 counts as 2, so a new character never has less than 40 stamina. */
export const MIN_STAMINA_ROLL_UNITS = 2;
/** `GetMaxStamina` at level 1, before the per-level increase. */
export const BASE_MAX_STAMINA = 60;
/** Level up to which `GOLPE_PRE_36` applies (`GetHitModifier`). */
export const HIT_LEVEL_BREAKPOINT = 36;
/** Constitution at which the class's `MODVIDA` applies unchanged (`21 - CON`). */
export const HP_REFERENCE_CONSTITUTION = 21;
/** HP per level lost for every constitution point below the reference. */
export const HP_PER_CONSTITUTION_POINT = 0.5;

// Indices in the `Attributes` tuple (order of ATTRIBUTE_NAMES in character-record.ts).
export const STRENGTH = 0;
export const AGILITY = 1;
export const INTELLIGENCE = 2;
export const CHARISMA = 3;
export const CONSTITUTION = 4;

/** The class numbers of `Balance.dat` used by creation and level-up (VB6 `t_ModClase`). */
export interface ClassBalance {
  /** `[MANA_INICIAL]`: mana per intelligence point at level 1 (Double). */
  readonly initialManaPerIntelligence: number;
  /** `[MULT_MANA]`: mana per intelligence point per level after the first (Double). */
  readonly manaPerIntelligencePerLevel: number;
  /** `[MODVIDA]`: average HP per level at constitution 21 (Double). */
  readonly averageHpPerLevel: number;
  /** `[AUMENTO_STA]`: stamina per level (VB6 Integer, so already rounded). */
  readonly staminaPerLevel: number;
  /** `[GOLPE_PRE_36]`: hit per level up to level 36 (Integer). */
  readonly hitPerLevelUpTo36: number;
  /** `[GOLPE_POST_36]`: hit per level after 36 (Integer). */
  readonly hitPerLevelAfter36: number;
  /** `[MODSKILLPOINTS]`: free skill points per level (Integer; 0 in the 2024 file). */
  readonly skillPointsPerLevel: number;
}

/** `[EXTRA]` HP-per-level randomness (VB6 `Single` globals). */
export interface HpVariance {
  /** `RangoVidas`: the gain is drawn around the average ± this. */
  readonly range: number;
  /** `InfluenciaPromedioVidas` (0..1): weight of the bias over the uniform draw. */
  readonly influence: number;
  /** `DesbalancePromedioVidas` (0..1): how much the bias corrects a character's past luck. */
  readonly imbalance: number;
  /** `CapVidaMax`: MaxHP never above the expected MaxHP plus this. */
  readonly capAbove: number;
  /** `CapVidaMin`: MaxHP never below the expected MaxHP plus this (negative today). */
  readonly capBelow: number;
}

/** Attributes at creation: `18 + race modifier` each, in the `Attributes` order. */
export function startingAttributes(raceModifiers: Attributes, base: number = BASE_ATTRIBUTE): Attributes {
  return [
    base + raceModifiers[STRENGTH],
    base + raceModifiers[AGILITY],
    base + raceModifiers[INTELLIGENCE],
    base + raceModifiers[CHARISMA],
    base + raceModifiers[CONSTITUTION],
  ];
}

/** Starting MaxHP = MinHP = constitution. */
export function startingHp(constitution: number): number {
  return constitution;
}

/** Starting mana = `vbRound(INT × MANA_INICIAL)` (banker's rounding: 47.5 → 48, 52.5 → 52). */
export function startingMana(intelligence: number, cls: ClassBalance): number {
  return vbRound(intelligence * cls.initialManaPerIntelligence);
}

/** Highest stamina roll unit for an agility: `AGI \ 6`. */
export function staminaRollUnits(agility: number): number {
  return vbIntDiv(agility, AGILITY_PER_STAMINA_ROLL_UNIT);
}

/**
 * The creation stamina roll: `MiInt = RandomNumber(1, AGI \ 6)`, 1 counts as 2, stamina
 * `20 × MiInt`. AGI 12–17 always gives 40; AGI 18–23 gives 40 (p 2/3) or 60 (p 1/3).
 * Consumes one number from `rng`.
 */
export function rollStartingStamina(agility: number, rng: RandomSource): number {
  let units = randomNumber(rng, 1, staminaRollUnits(agility));
  if (units === 1) units = MIN_STAMINA_ROLL_UNITS;
  return STAMINA_PER_ROLL_UNIT * units;
}

/** Every stamina value the creation roll can give for this agility, with its probability. */
export function startingStaminaDistribution(agility: number): ReadonlyMap<number, number> {
  const top = Math.max(1, staminaRollUnits(agility));
  const out = new Map<number, number>();
  for (let roll = 1; roll <= top; roll++) {
    const stamina = STAMINA_PER_ROLL_UNIT * (roll === 1 ? MIN_STAMINA_ROLL_UNITS : roll);
    out.set(stamina, (out.get(stamina) ?? 0) + 1 / top);
  }
  return out;
}

/** `GetMaxMana`: `vbRound(vbRound(INT × MANA_INICIAL) + MULT_MANA × INT × (L − 1))`. */
export function maxManaAtLevel(intelligence: number, level: number, cls: ClassBalance): number {
  const base = vbRound(intelligence * cls.initialManaPerIntelligence);
  return vbRound(base + cls.manaPerIntelligencePerLevel * intelligence * (level - 1));
}

/** `GetMaxStamina`: `60 + (L − 1) × AUMENTO_STA` (60 at level 1 whatever the creation roll). */
export function maxStaminaAtLevel(level: number, cls: ClassBalance): number {
  return BASE_MAX_STAMINA + (level - 1) * cls.staminaPerLevel;
}

/** `GetHitModifier`: `(L − 1) × PRE` up to 36, then `35 × PRE + (L − 36) × POST`. */
export function hitModifierAtLevel(level: number, cls: ClassBalance): number {
  if (level <= HIT_LEVEL_BREAKPOINT) return (level - 1) * cls.hitPerLevelUpTo36;
  return (HIT_LEVEL_BREAKPOINT - 1) * cls.hitPerLevelUpTo36 + (level - HIT_LEVEL_BREAKPOINT) * cls.hitPerLevelAfter36;
}

/** MinHit / MaxHit at a level: hit modifier + 1 / + 2. */
export function hitRangeAtLevel(level: number, cls: ClassBalance): { minHit: number; maxHit: number } {
  const modifier = hitModifierAtLevel(level, cls);
  return { minHit: modifier + MIN_HIT_OFFSET, maxHit: modifier + MAX_HIT_OFFSET };
}

/** The class/race HP average per level: `MODVIDA − (21 − CON) × 0.5` (a multiple of 0.5). */
export function averageHpGain(constitution: number, cls: ClassBalance): number {
  return cls.averageHpPerLevel - (HP_REFERENCE_CONSTITUTION - constitution) * HP_PER_CONSTITUTION_POINT;
}

/** `GetMaxHp`, the expected MaxHP at a level: `vbRound(average × (L − 1) + CON)`. */
export function expectedMaxHpAtLevel(constitution: number, level: number, cls: ClassBalance): number {
  return vbRound(averageHpGain(constitution, cls) * (level - 1) + constitution);
}

/**
 * The HP gained when reaching `newLevel` (VB6 `CheckUserLevel`, `RandomIntBiased`,
 * `CalcularPromedioVida`). With average P: U uniform in [P − range, P + range), then mixed
 * with a bias `P + (P − personal average) × imbalance` by weight `rng() × influence`, rounded
 * half to even, then clamped so MaxHP stays within the expected MaxHP + [capBelow, capAbove].
 * Consumes two numbers from `rng` (the draw, then the mix), as VB6 calls `Rnd` twice.
 *
 * VB6 quirk kept: the personal average is computed after the level was raised, from the old
 * MaxHP, so at the first level-up it is `(MaxHP − CON) / 1 = 0`, not the class average.
 */
export function rollHpGain(
  args: { readonly constitution: number; readonly newLevel: number; readonly maxHpBefore: number },
  cls: ClassBalance,
  variance: HpVariance,
  rng: RandomSource,
): number {
  const { constitution, newLevel, maxHpBefore } = args;
  const average = averageHpGain(constitution, cls);
  const personal = newLevel === 1 ? average : (maxHpBefore - constitution) / (newLevel - 1);
  const bias = average + (average - personal) * variance.imbalance;
  const low = average - variance.range;
  const high = average + variance.range;
  const draw = rng() * (high - low) + low;
  const mix = rng() * variance.influence;
  let gain = vbRound(draw * (1 - mix) + bias * mix);
  const expected = expectedMaxHpAtLevel(constitution, newLevel, cls);
  if (maxHpBefore + gain > expected + variance.capAbove) gain = vbRound(expected + variance.capAbove - maxHpBefore);
  if (maxHpBefore + gain < expected + variance.capBelow) gain = vbRound(expected + variance.capBelow - maxHpBefore);
  return gain;
}

/** What a level-up needs to know about a character. */
export interface LevelState {
  readonly level: number;
  readonly exp: number;
  readonly maxHp: number;
  readonly minHp: number;
  readonly maxMana: number;
  readonly maxStamina: number;
  readonly minHit: number;
  readonly maxHit: number;
  readonly freeSkillPoints: number;
  readonly gold: number;
}

/** The `Balance.dat` numbers and server settings a level-up uses. */
export interface LevelRules {
  readonly cls: ClassBalance;
  readonly hpVariance: HpVariance;
  /** `[EXP]`: index = level, value = exp needed to leave that level (ELU); missing = 0. */
  readonly expToLevelUp: readonly number[];
  /** Server.ini `OroPorNivel` (0 = off, the default) and `GoldMult`. */
  readonly goldPerLevel?: number;
  readonly goldMultiplier?: number;
}

export interface LevelUpResult {
  readonly state: LevelState;
  readonly levelsGained: number;
  /** HP gained at each new level, in order. */
  readonly hpGains: readonly number[];
  /** True when the character crossed `NEWBIE_MAX_LEVEL` (the server then removes newbie items). */
  readonly leftNewbie: boolean;
}

/** Exp needed to leave `level` (`ExpLevelUp(level)`): 500 at level 1 today, 375 in 2024. */
export function expToLevelUp(level: number, table: readonly number[]): number {
  return table[level] ?? 0;
}

/**
 * VB6 `CheckUserLevel`: while exp ≥ ELU(level) and level < 47, spend the ELU and raise the
 * level; recompute MaxMana, MaxSta, MinHit/MaxHit from the new level, add the HP roll and set
 * MinHP = MaxHP; newbie gold per level when configured; skill points are added after the loop.
 * At level 47 the remaining exp is dropped. MinMana and MinSta are not touched.
 * `attributes` are the character's current intelligence and constitution.
 */
export function applyLevelUps(
  state: LevelState,
  attributes: { readonly intelligence: number; readonly constitution: number },
  rules: LevelRules,
  rng: RandomSource,
): LevelUpResult {
  const { cls } = rules;
  const wasNewbie = state.level <= NEWBIE_MAX_LEVEL;
  const goldPerLevel = rules.goldPerLevel ?? 0;
  const goldMultiplier = rules.goldMultiplier ?? 1;
  let { level, exp, maxHp, minHp, maxMana, maxStamina, minHit, maxHit, gold } = state;
  let points = 0;
  const hpGains: number[] = [];
  let threshold = expToLevelUp(level, rules.expToLevelUp);
  while (exp >= threshold && level < MAX_LEVEL) {
    exp -= threshold;
    points += cls.skillPointsPerLevel;
    level += 1;
    threshold = expToLevelUp(level, rules.expToLevelUp);
    maxMana = maxManaAtLevel(attributes.intelligence, level, cls);
    maxStamina = maxStaminaAtLevel(level, cls);
    ({ minHit, maxHit } = hitRangeAtLevel(level, cls));
    const gain = rollHpGain({ constitution: attributes.constitution, newLevel: level, maxHpBefore: maxHp }, cls, rules.hpVariance, rng);
    hpGains.push(gain);
    maxHp += gain;
    minHp = maxHp;
    if (goldPerLevel > 0 && level <= NEWBIE_MAX_LEVEL) gold += vbRound(goldPerLevel * level * goldMultiplier);
  }
  const levelsGained = level - state.level;
  if (levelsGained > 0 && level >= MAX_LEVEL) exp = 0;
  return {
    state: { level, exp, maxHp, minHp, maxMana, maxStamina, minHit, maxHit, freeSkillPoints: state.freeSkillPoints + points, gold },
    levelsGained,
    hpGains,
    leftNewbie: wasNewbie && level > NEWBIE_MAX_LEVEL,
  };
}
