/**
 * Test helpers of the combat rules: a `Random` that plays a script of `RandomNumber` results
 * (so tests state draws as "RandomNumber(1, 100) = 46") and small inline Balance / object rows.
 */
import { randomIntOnly, type Draw, type ScriptedRandom } from "../../random/scripted-random.test-support.ts";
import { itemCatalogFromObjects, type ItemCatalog, type ObjectRow } from "../items/index.ts";
import type { CombatBalance, CombatClassBalanceRow } from "./profiles.ts";

/**
 * A script of a combat rule's draws (combat rules draw through `randomInt` only; any other draw
 * throws), with `remaining()` and `taken()` counting them.
 */
export function scripted(...draws: Draw[]): ScriptedRandom & { remaining(): number; taken(): number } {
  const random = randomIntOnly("combat rules", ...draws);
  return Object.assign(random, { remaining: () => random.left, taken: () => random.used });
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
