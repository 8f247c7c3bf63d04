import { describe, expect, test } from "bun:test";
import { armorBody } from "./appearance.ts";
import { armorBodiesFromObjects, balanceRulesFromTable, creationRulesFromTables, type ArmorObjectRow, type BalanceTableInput } from "./from-tables.ts";
import { AO20_CREATION_CITY_IDS } from "./ids.ts";
import { EMPTY_STARTING_KIT } from "./starting-kit.ts";

const row = (n: number) => ({ hpPerLevel: n, initialMana: n / 10, manaPerLevel: n / 100, staminaPerLevel: n, hitPerLevelTo36: n + 1, hitPerLevelAfter36: n + 2, skillPointsPerLevel: n + 3 });
const balance: BalanceTableInput = {
  classes: [row(1), row(2)],
  races: [{ strength: 1, agility: 2, intelligence: 3, charisma: 4, constitution: 5 }],
  globals: { hpRange: 2, hpAverageInfluence: 0.3, hpAverageImbalance: 0.1, hpCapMax: 10, hpCapMin: -10 },
  expToLevelUp: [500, 750, 0],
};

describe("creationRulesFromTables", () => {
  test("maps the balance rows; missing races and classes read as zeros like VB6", () => {
    const rules = balanceRulesFromTable(balance);
    expect(rules.raceModifiers[1]).toEqual([1, 2, 3, 4, 5]);
    expect(rules.raceModifiers[6]).toEqual([0, 0, 0, 0, 0]);
    expect(rules.classes[2]).toEqual({
      initialManaPerIntelligence: 0.2,
      manaPerIntelligencePerLevel: 0.02,
      averageHpPerLevel: 2,
      staminaPerLevel: 2,
      hitPerLevelUpTo36: 3,
      hitPerLevelAfter36: 4,
      skillPointsPerLevel: 5,
    });
    expect(rules.classes[12].averageHpPerLevel).toBe(0);
    expect(rules.expToLevelUp).toEqual([0, 500, 750, 0]);
  });

  test("the [EXTRA] HP globals are stored as VB6 Singles", () => {
    const { hpVariance } = balanceRulesFromTable(balance);
    expect(hpVariance).toEqual({ range: 2, influence: Math.fround(0.3), imbalance: Math.fround(0.1), capAbove: 10, capBelow: -10 });
    expect(hpVariance.influence).not.toBe(0.3);
  });

  test("cities keyed by id; defaults for everything not given", () => {
    const rules = creationRulesFromTables({ balance, cities: [{ id: 2, map: 34, x: 40, y: 87 }, { id: 7, map: 0, x: 0, y: 0 }] });
    expect([...rules.cities]).toEqual([
      [2, { map: 34, x: 40, y: 87 }],
      [7, { map: 0, x: 0, y: 0 }],
    ]);
    expect(rules.creationCityIds).toBe(AO20_CREATION_CITY_IDS);
    // No kit unless the world gives one: never a kit of another data set.
    expect(rules.startingKit).toBe(EMPTY_STARTING_KIT);
    expect(rules.armorBodies.size).toBe(0);
    expect(rules.forbiddenNames.size).toBe(0);
  });

  test("armor bodies from obj.dat rows keep gnome (4) and dwarf (5) apart", () => {
    const object: ArmorObjectRow = {
      id: 77,
      body: 9,
      bodyHumanMale: 11,
      bodyElfMale: 21,
      bodyDrowMale: 31,
      bodyDwarfMale: 51,
      bodyGnomeMale: 41,
      bodyOrcMale: 61,
      bodyHumanFemale: 12,
      bodyElfFemale: 22,
      bodyDrowFemale: 32,
      bodyDwarfFemale: 52,
      bodyGnomeFemale: 0,
      bodyOrcFemale: 62,
    };
    const bodies = armorBodiesFromObjects([object]).get(77)!;
    expect([1, 2, 3, 4, 5, 6].map((race) => armorBody(bodies, race as 1, 1))).toEqual([11, 21, 31, 41, 51, 61]);
    expect([1, 2, 3, 4, 5, 6].map((race) => armorBody(bodies, race as 1, 2))).toEqual([12, 22, 32, 41, 52, 62]);
  });
});
