/**
 * The amounts of one regeneration step (combat-and-progression §9): HP (`Sanar`), stamina gained
 * (`RecStamina`, by the Supervivencia band) and lost (`PierdeEnergia`), hunger and thirst, and
 * the mana of one meditation tick (`DoMeditar`). Each draw is one `randomInt` (VB6
 * `RandomNumber`); `Porcentaje(total, p) = total × p / 100` as a Double, rounded half to even
 * wherever VB6 passes it into a Long.
 */
import { randomInt, type Random } from "../../random/index.ts";
import { vbRound } from "../vb-math/index.ts";

/** Hunger and thirst lost per step, from 100 (`MinHam`, `MinAGU`). */
export const NEEDS_DROP = 10;
/** Hunger and thirst never pass this. */
export const MAX_NEEDS = 100;
/** HP regenerated per step: between these percents of MaxHP. */
export const HP_REGEN_MIN_PERCENT = 5;
export const HP_REGEN_MAX_PERCENT = 10;
/** `RecStamina` keeps stamina under this whatever the gain (an Integer guard). */
export const STAMINA_HARD_CAP = 32_000;
/** A worker's stamina gain is not divided by this. */
export const STAMINA_GAIN_DIVISOR = 1.6;
/** `PierdeEnergia`: `(MAXSKILLPOINTS × 1.5 − Supervivencia) × 0.25` percent of MaxSta at most. */
export const STAMINA_LOSS_BASE = 150;
export const STAMINA_LOSS_FACTOR = 0.25;

function percent(total: number, p: number): number {
  return (total * p) / 100;
}

/**
 * `Sanar`: `RandomNumber(5 % MaxHP, 10 % MaxHP) × selfHealingBonus`, both bounds and the product
 * rounded half to even. One draw.
 */
export function hpRegenAmount(maxHp: number, random: Random, selfHealingBonus = 1): number {
  const low = vbRound(percent(maxHp, HP_REGEN_MIN_PERCENT));
  const high = vbRound(percent(maxHp, HP_REGEN_MAX_PERCENT));
  return vbRound(randomInt(random, low, high) * selfHealingBonus);
}

/** `RecStamina`'s "luck" by Supervivencia: 0–10 → 5, 11–20 → 7, …, 91–99 → 23, 100 → 25. */
export function staminaLuck(survival: number): number {
  if (survival >= 100) return 25;
  if (survival <= 10) return 5;
  return 5 + 2 * Math.ceil((survival - 10) / 10);
}

/**
 * `RecStamina`: `RandomNumber(1, Porcentaje(MaxSta, luck) / 1.6)` (a worker without the `/ 1.6`),
 * each step into a Long rounded half to even. One draw; the result is at least 1.
 */
export function staminaRecoveryAmount(maxStamina: number, survival: number, worker: boolean, random: Random): number {
  const share = vbRound(percent(maxStamina, staminaLuck(survival)));
  const high = worker ? share : vbRound(share / STAMINA_GAIN_DIVISOR);
  return randomInt(random, 1, high);
}

/** Stamina after a recovery step: never above MaxSta nor the VB6 guard. */
export function recoveredStamina(stamina: number, maxStamina: number, amount: number): number {
  return Math.min(stamina + amount, STAMINA_HARD_CAP, maxStamina);
}

/** `PierdeEnergia`: `RandomNumber(1, Porcentaje(MaxSta, (150 − Supervivencia) × 0.25))`. One draw. */
export function staminaLossAmount(maxStamina: number, survival: number, random: Random): number {
  return randomInt(random, 1, vbRound(percent(maxStamina, (STAMINA_LOSS_BASE - survival) * STAMINA_LOSS_FACTOR)));
}

/** Hunger or thirst after one step: −10, never below 0. */
export function needsAfterDrop(value: number): number {
  return Math.max(0, value - NEEDS_DROP);
}

/** The `[EXTRA]` mana numbers of `Balance.dat` a meditation tick reads. */
export interface MeditationRates {
  /** `PorcentajeRecuperoMana` (7 in both AO20 files). */
  readonly manaRecoveryPercent: number;
  /** `RecoveryMana` (50 today; absent, 0, in the 2024 file). */
  readonly recoveryMana: number;
  /** `MultiplierManaxSkills` (0.5 today; absent in 2024). */
  readonly manaPerSkillMultiplier: number;
}

/**
 * Mana of one meditation tick: `Porcentaje(MaxMana, Porcentaje(PorcentajeRecuperoMana,
 * RecoveryMana + Meditar × MultiplierManaxSkills)) + lute`, into a Long, at least 1. Today that
 * is 3.5 % + 0.035 % × Meditar of MaxMana; with the 2024 file always 1. `luteBonus` is the
 * equipped lute's `ManaCommonLute` / `ManaMagicLute` / `ManaElvenLute` (VB6 grants it to any
 * class wearing one). No draw.
 */
export function meditationManaPerTick(maxMana: number, meditateSkill: number, rates: MeditationRates, luteBonus = 0): number {
  const share = percent(rates.manaRecoveryPercent, rates.recoveryMana + meditateSkill * rates.manaPerSkillMultiplier);
  const mana = vbRound(percent(maxMana, share) + luteBonus);
  return mana <= 0 ? 1 : mana;
}
