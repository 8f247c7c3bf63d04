import { describe, expect, test } from "bun:test";
import {
  applyLevelUps,
  expectedMaxHpAtLevel,
  hitRangeAtLevel,
  maxManaAtLevel,
  maxStaminaAtLevel,
  rollHpGain,
  rollStartingStamina,
  startingAttributes,
  startingMana,
  startingStaminaDistribution,
  type HpVariance,
  type LevelState,
} from "./stats.ts";
import { replay, SAMPLE_CLASS } from "./test-fixtures.ts";

describe("starting stats (§4)", () => {
  test("attributes are 18 + race modifier, in the record's order", () => {
    expect(startingAttributes([1, 1, 0, 0, 2])).toEqual([19, 19, 18, 18, 20]);
    expect(startingAttributes([-2, 3, 4, 2, 0])).toEqual([16, 21, 22, 20, 18]);
  });

  test("mana rounds half to even", () => {
    const x25 = { ...SAMPLE_CLASS, initialManaPerIntelligence: 2.5 };
    expect([19, 21, 15, 20].map((int) => startingMana(int, x25))).toEqual([48, 52, 38, 50]);
    expect(startingMana(20, { ...SAMPLE_CLASS, initialManaPerIntelligence: 8.33 })).toBe(167);
    expect(startingMana(18, { ...SAMPLE_CLASS, initialManaPerIntelligence: 0 })).toBe(0);
  });

  test("stamina roll distributions by agility", () => {
    expect([...startingStaminaDistribution(17)]).toEqual([[40, 1]]);
    expect([...startingStaminaDistribution(12)]).toEqual([[40, 1]]);
    const agi19 = startingStaminaDistribution(19);
    expect(agi19.get(40)).toBeCloseTo(2 / 3, 12);
    expect(agi19.get(60)).toBeCloseTo(1 / 3, 12);
    const agi24 = startingStaminaDistribution(24);
    expect([...agi24.keys()]).toEqual([40, 60, 80]);
    expect(agi24.get(40)).toBeCloseTo(0.5, 12);
  });

  test("stamina roll maps the random number like RandomNumber(1, AGI \\ 6)", () => {
    expect([0, 0.3, 0.34, 0.66, 0.67, 0.999].map((r) => rollStartingStamina(19, replay(r)))).toEqual([40, 40, 40, 40, 60, 60]);
    expect([0, 0.999].map((r) => rollStartingStamina(17, replay(r)))).toEqual([40, 40]);
    // Below AGI 6 the roll range is empty; VB6 still yields 1 → 2 units.
    expect(rollStartingStamina(5, replay(0.7))).toBe(40);
  });
});

describe("level formulas (§9)", () => {
  test("max mana rounds twice", () => {
    const mage = { ...SAMPLE_CLASS, initialManaPerIntelligence: 8.33, manaPerIntelligencePerLevel: 2.65 };
    expect(maxManaAtLevel(20, 1, mage)).toBe(167);
    expect(maxManaAtLevel(20, 2, mage)).toBe(220);
    expect(maxManaAtLevel(21, 2, mage)).toBe(231);
  });

  test("max stamina ignores the creation roll", () => {
    expect([1, 2, 47].map((level) => maxStaminaAtLevel(level, SAMPLE_CLASS))).toEqual([60, 75, 750]);
  });

  test("hit switches slope after level 36", () => {
    expect(hitRangeAtLevel(1, SAMPLE_CLASS)).toEqual({ minHit: 1, maxHit: 2 });
    expect(hitRangeAtLevel(2, SAMPLE_CLASS)).toEqual({ minHit: 4, maxHit: 5 });
    expect(hitRangeAtLevel(36, SAMPLE_CLASS)).toEqual({ minHit: 106, maxHit: 107 });
    expect(hitRangeAtLevel(37, SAMPLE_CLASS)).toEqual({ minHit: 108, maxHit: 109 });
    expect(hitRangeAtLevel(47, SAMPLE_CLASS)).toEqual({ minHit: 128, maxHit: 129 });
  });

  test("expected MaxHP rounds half to even", () => {
    // average = 10 − (21 − 18) × 0.5 = 8.5.
    expect(expectedMaxHpAtLevel(18, 2, SAMPLE_CLASS)).toBe(26);
    expect(expectedMaxHpAtLevel(18, 3, SAMPLE_CLASS)).toBe(35);
    expect(expectedMaxHpAtLevel(17, 2, { ...SAMPLE_CLASS, averageHpPerLevel: 7 })).toBe(22);
  });
});

describe("HP gain roll (§9)", () => {
  const today: HpVariance = { range: 2, influence: 0, imbalance: 0, capAbove: 10, capBelow: -10 };
  const noCaps: HpVariance = { range: 2, influence: 0, imbalance: 0, capAbove: 0, capBelow: 0 };

  /** Distribution of the gain over a fine uniform grid of the first random number. */
  function distribution(constitution: number, variance: HpVariance, averageHpPerLevel: number): Map<number, number> {
    const steps = 800;
    const counts = new Map<number, number>();
    for (let k = 0; k < steps; k++) {
      const gain = rollHpGain({ constitution, newLevel: 2, maxHpBefore: constitution }, { ...SAMPLE_CLASS, averageHpPerLevel }, variance, replay((k + 0.5) / steps, 0.5));
      counts.set(gain, (counts.get(gain) ?? 0) + 1);
    }
    return new Map([...counts].sort(([a], [b]) => a - b).map(([gain, count]) => [gain, count / steps]));
  }

  test("integer average: P−2 and P+2 with 1/8, P−1..P+1 with 1/4", () => {
    expect([...distribution(20, today, 10.5)]).toEqual([
      [8, 1 / 8],
      [9, 1 / 4],
      [10, 1 / 4],
      [11, 1 / 4],
      [12, 1 / 8],
    ]);
  });

  test("half-integer average: four outcomes with 1/4 each", () => {
    expect([...distribution(19, today, 7.5)]).toEqual([
      [5, 1 / 4],
      [6, 1 / 4],
      [7, 1 / 4],
      [8, 1 / 4],
    ]);
  });

  test("without caps the gain is exactly what reaches the expected MaxHP", () => {
    expect([...distribution(18, noCaps, 7.5)]).toEqual([[6, 1]]);
  });

  test("caps clamp a wild draw; two random numbers are consumed", () => {
    const wide: HpVariance = { ...today, range: 50 };
    const rng = replay(0.999, 0.1);
    // Expected MaxHP at level 2 = 10 + 21 = 31; cap +10 → at most 41 → gain 20.
    expect(rollHpGain({ constitution: 21, newLevel: 2, maxHpBefore: 21 }, SAMPLE_CLASS, wide, rng)).toBe(20);
    expect(rng.used).toBe(2);
    expect(rollHpGain({ constitution: 21, newLevel: 2, maxHpBefore: 21 }, SAMPLE_CLASS, wide, replay(0, 0))).toBe(0);
  });

  test("influence mixes toward the bias; the bias corrects past luck by the imbalance", () => {
    // average 10, personal (30 − 20) / (3 − 1) = 5, bias = 10 + 5 × 1 = 15; mix = 1 × 1 → gain = bias.
    const biased: HpVariance = { range: 2, influence: 1, imbalance: 1, capAbove: 100, capBelow: -100 };
    expect(rollHpGain({ constitution: 21, newLevel: 3, maxHpBefore: 30 }, SAMPLE_CLASS, biased, replay(0, 0.9999999999))).toBe(15);
  });
});

describe("applyLevelUps (CheckUserLevel)", () => {
  const fresh: LevelState = { level: 1, exp: 0, maxHp: 20, minHp: 7, maxMana: 50, maxStamina: 60, minHit: 1, maxHit: 2, freeSkillPoints: 10, gold: 0 };
  const levelRules = {
    cls: SAMPLE_CLASS,
    hpVariance: { range: 0, influence: 0, imbalance: 0, capAbove: 10, capBelow: -10 },
    expToLevelUp: [0, 100, 200, 300, 400],
  };

  test("nothing happens below the threshold", () => {
    const result = applyLevelUps({ ...fresh, exp: 99 }, { intelligence: 20, constitution: 20 }, levelRules, replay());
    expect(result).toEqual({ state: { ...fresh, exp: 99 }, levelsGained: 0, hpGains: [], leftNewbie: false });
  });

  test("several levels in one go; skill points after the loop; MinHP = MaxHP", () => {
    // range 0 → gain = average 9.5 rounded to even (10, then the expected-HP caps hold).
    const result = applyLevelUps({ ...fresh, exp: 350 }, { intelligence: 20, constitution: 20 }, levelRules, replay(0.1, 0.1, 0.2, 0.2, 0.3, 0.3));
    expect(result.levelsGained).toBe(2);
    expect(result.hpGains).toEqual([10, 10]);
    expect(result.state).toEqual({ level: 3, exp: 50, maxHp: 40, minHp: 40, maxMana: 90, maxStamina: 90, minHit: 7, maxHit: 8, freeSkillPoints: 20, gold: 0 });
  });

  test("level 47 is the cap and drops the remaining exp", () => {
    const table = new Array(48).fill(1);
    const result = applyLevelUps({ ...fresh, level: 45, exp: 10 }, { intelligence: 20, constitution: 20 }, { ...levelRules, expToLevelUp: table }, () => 0.5);
    expect([result.state.level, result.state.exp, result.levelsGained]).toEqual([47, 0, 2]);
  });

  test("newbie gold per level while level ≤ 12, and leaving newbie is reported", () => {
    const table = new Array(48).fill(1);
    const result = applyLevelUps({ ...fresh, level: 11, exp: 2 }, { intelligence: 20, constitution: 20 }, { ...levelRules, expToLevelUp: table, goldPerLevel: 10, goldMultiplier: 2 }, () => 0.5);
    expect(result.state.level).toBe(13);
    expect(result.state.gold).toBe(10 * 12 * 2);
    expect(result.leftNewbie).toBe(true);
  });
});
