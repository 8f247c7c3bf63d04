/**
 * Test helpers of the combat rules: a `Random` that plays a script of `RandomNumber` results
 * (so tests state draws as "RandomNumber(1, 100) = 46") and small inline Balance / object rows.
 */
import type { Random } from "../../random/index.ts";
import { itemCatalogFromObjects, type ItemCatalog, type ObjectRow } from "../items/index.ts";
import type { CombatBalance, CombatClassBalanceRow } from "./profiles.ts";

/** One scripted draw: `[lo, hi, value]` for `RandomNumber(lo, hi) = value`, or a raw `Rnd` in [0, 1). */
export type Draw = readonly [lo: number, hi: number, value: number] | number;

/** The `next()` that makes `RandomNumber(lo, hi)` (= lo + trunc(u · (hi − lo + 1))) give `value`. */
export function drawFor(lo: number, hi: number, value: number): number {
  if (value < lo || value > hi) throw new RangeError(`RandomNumber(${lo}, ${hi}) cannot give ${value}`);
  return (value - lo + 0.5) / (hi - lo + 1);
}

export interface ScriptedRandom extends Random {
  /** Draws not yet taken. */
  remaining(): number;
  /** Draws taken so far. */
  taken(): number;
}

/** A `Random` whose `next()` returns the script in order and throws when the rule draws more. */
export function scripted(...draws: Draw[]): ScriptedRandom {
  const values = draws.map((draw) => (typeof draw === "number" ? draw : drawFor(draw[0], draw[1], draw[2])));
  let index = 0;
  const next = (): number => {
    if (index >= values.length) throw new Error(`the rule drew more than the ${values.length} scripted numbers`);
    return values[index++]!;
  };
  return {
    next,
    nextU32: () => Math.floor(next() * 2 ** 32),
    int: () => {
      throw new Error("combat rules draw through randomInt only");
    },
    pick: () => {
      throw new Error("combat rules draw through randomInt only");
    },
    chance: () => {
      throw new Error("combat rules draw through randomInt only");
    },
    remaining: () => values.length - index,
    taken: () => index,
  };
}

/** Twelve classes with the same row except where `overrides` says (index = class id − 1). */
export function inlineBalance(
  base: Partial<CombatClassBalanceRow> = {},
  perClass: Readonly<Record<number, Partial<CombatClassBalanceRow>>> = {},
  globals: Partial<CombatBalance["globals"]> = {},
): CombatBalance {
  const row: CombatClassBalanceRow = {
    evasion: 1,
    weaponAttack: 1,
    projectileAttack: 1,
    weaponDamage: 1,
    projectileDamage: 1,
    wrestlingDamage: 1,
    shield: 1,
    stab: 1,
    stabNpcMin: 1,
    stabNpcMax: 1,
    hitPerLevelTo36: 1,
    hitPerLevelAfter36: 1,
    weaponHitBonus: {},
    ...base,
  };
  return {
    classes: Array.from({ length: 12 }, (_, index) => ({ ...row, ...perClass[index + 1] })),
    globals: {
      criticalHitDamageModifier: 0,
      ignoreArmorChance: 0,
      extraBackstabChance: 0,
      assassinStabbingChance: 0,
      hunterStabbingChance: 0,
      bardStabbingChance: 0,
      genericStabbingChance: 0,
      banditCriticalHitChance: 0,
      warriorLifeStealOnHitMultiplier: 0,
      ...globals,
    },
  };
}

export function catalogOf(...rows: ObjectRow[]): ItemCatalog {
  return itemCatalogFromObjects(rows);
}

/** 24 skills at 0 except the ones given (`{ 4: 10 }` = Armas 10). */
export function skillsWith(points: Readonly<Record<number, number>> = {}): number[] {
  const skills = new Array<number>(24).fill(0);
  for (const [skill, value] of Object.entries(points)) skills[Number(skill) - 1] = value;
  return skills;
}
