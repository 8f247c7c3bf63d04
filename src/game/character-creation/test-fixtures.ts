/**
 * Small invented rule sets for unit tests (our own numbers, not AO data). The worked examples
 * of character-creation.md §10 run on the real files in `worked-examples.test.ts`.
 */
import type { Attributes } from "../character/index.ts";
import { AO20_HEAD_RANGES, AO20_NAKED_BODIES } from "./appearance.ts";
import { AO20_CREATION_CITY_IDS, CLASS_IDS, RACE_IDS, type ClassId, type RaceId } from "./ids.ts";
import type { CreationRules } from "./rules.ts";
import { AO20_STARTER_ARMOR_BODIES, REFERENCE_STARTER_KIT } from "./starter-kit.ts";
import { startingKitFromStarterKit } from "./starting-kit.ts";
import type { ClassBalance } from "./stats.ts";

/** A made-up class: 2.5 mana per INT, 1 per level, 10 HP per level, 15 stamina, hit 3/2, 5 points. */
export const SAMPLE_CLASS: ClassBalance = {
  initialManaPerIntelligence: 2.5,
  manaPerIntelligencePerLevel: 1,
  averageHpPerLevel: 10,
  staminaPerLevel: 15,
  hitPerLevelUpTo36: 3,
  hitPerLevelAfter36: 2,
  skillPointsPerLevel: 5,
};

export function sampleRules(overrides: Partial<CreationRules> = {}): CreationRules {
  const raceModifiers = {} as Record<RaceId, Attributes>;
  for (const race of RACE_IDS) raceModifiers[race] = [race - 1, 1 - race, race, 0, race - 3];
  const classes = {} as Record<ClassId, ClassBalance>;
  for (const cls of CLASS_IDS) classes[cls] = { ...SAMPLE_CLASS, initialManaPerIntelligence: cls === 3 ? 0 : 2.5 };
  return {
    balance: {
      raceModifiers,
      classes,
      expToLevelUp: [0, 100, 200, 300],
      hpVariance: { range: 2, influence: 0, imbalance: 0, capAbove: 10, capBelow: -10 },
    },
    cities: new Map([
      [1, { map: 11, x: 50, y: 50 }],
      [2, { map: 22, x: 20, y: 30 }],
      // A valid city that is not a creation city.
      [3, { map: 33, x: 40, y: 40 }],
      // A creation city without a position (like Forgat in the AO20 files).
      [7, { map: 0, x: 0, y: 0 }],
      [8, { map: 88, x: 0, y: 5 }],
    ]),
    creationCityIds: AO20_CREATION_CITY_IDS,
    heads: AO20_HEAD_RANGES,
    nakedBodies: AO20_NAKED_BODIES,
    armorBodies: AO20_STARTER_ARMOR_BODIES,
    // The §5.2 reference kit (today's object numbers) laid out slot by slot.
    startingKit: startingKitFromStarterKit(REFERENCE_STARTER_KIT).kit,
    forbiddenNames: new Set(["pepe", "el che"]),
    ...overrides,
  };
}

/** A random source replaying the given numbers, then failing loudly if asked for more. */
export function replay(...values: number[]): (() => number) & { readonly used: number } {
  let index = 0;
  const source = () => {
    const value = values[index];
    if (value === undefined) throw new Error(`random source exhausted after ${values.length} numbers`);
    index++;
    return value;
  };
  return Object.defineProperty(source, "used", { get: () => index }) as (() => number) & { readonly used: number };
}
