/**
 * The level-up loop on invented rules (our own numbers); the §10 (d) worked example runs on the
 * real Balance.dat files in `worked-examples.test.ts`.
 */
import { describe, expect, test } from "bun:test";
import type { ClassBalance } from "../character-creation/index.ts";
import { canLevelUp, checkLevelUp, DEFAULT_EXP_SETTINGS, type LevelingCharacter, type ProgressionRules } from "./index.ts";
import { scriptedRandom } from "../../random/scripted-random.test-support.ts";

/** Class 3 of these rules: 10 HP a level at CON 21, 2 mana per INT a level, 15 stamina, hit 3/2, 5 points. */
const FIGHTER: ClassBalance = {
  initialManaPerIntelligence: 1,
  manaPerIntelligencePerLevel: 2,
  averageHpPerLevel: 10,
  staminaPerLevel: 15,
  hitPerLevelUpTo36: 3,
  hitPerLevelAfter36: 2,
  skillPointsPerLevel: 5,
};

function rules(overrides: Partial<ProgressionRules> = {}): ProgressionRules {
  // ELU: 100 to leave level 1, 200 to leave 2, 300 to leave 3, then 1000 a level up to 46.
  const expToLevelUp = [0, 100, 200, 300, ...new Array<number>(43).fill(1000)];
  return {
    classes: { 3: FIGHTER },
    hpVariance: { range: 2, influence: 0, imbalance: 0, capAbove: 10, capBelow: -10 },
    expToLevelUp,
    skillRaiseDifficulty: 2,
    exp: DEFAULT_EXP_SETTINGS,
    goldPerLevel: 0,
    goldMultiplier: 1,
    ...overrides,
  };
}

/** CON 21 (average gain = MODVIDA), INT 10. */
function fighter(changes: Partial<LevelingCharacter> = {}): LevelingCharacter {
  return {
    class: 3,
    level: 1,
    exp: 0,
    freeSkillPoints: 2,
    gold: 0,
    attributes: [18, 18, 10, 18, 21],
    vitals: { hp: 7, maxHp: 21, maxMana: 10, maxStamina: 60 },
    ...changes,
  };
}

describe("checkLevelUp", () => {
  test("below the ELU nothing changes and nothing is drawn", () => {
    const random = scriptedRandom();
    const outcome = checkLevelUp(fighter({ exp: 99 }), rules(), random);
    expect(outcome.gains).toEqual([]);
    expect(outcome).toMatchObject({ level: 1, exp: 99, hp: 7, maxHp: 21, maxMana: 10, maxStamina: 60, minHit: 1, maxHit: 2, skillPointsGained: 0 });
    expect(random.used).toBe(0);
    expect(canLevelUp({ level: 1, exp: 99 }, rules())).toBe(false);
    expect(canLevelUp({ level: 1, exp: 100 }, rules())).toBe(true);
  });

  test("one level: every gain from the new level, HP from the draw, a full heal, points after the loop", () => {
    // The HP draw U = 0.25: 8 + 0.25 × 4 = 9 → +9 (the second draw, the mix, weighs 0 here).
    const random = scriptedRandom(0.25, 0.9);
    const outcome = checkLevelUp(fighter({ exp: 130 }), rules(), random);
    expect(random.used).toBe(2);
    expect(outcome.gains).toEqual([
      { level: 2, hpGain: 9, maxHp: 30, staminaGain: 15, maxStamina: 75, manaGain: 20, maxMana: 30, hitGain: 3, minHit: 4, maxHit: 5, goldGain: 0 },
    ]);
    expect(outcome).toMatchObject({ level: 2, exp: 30, hp: 30, maxHp: 30, maxMana: 30, maxStamina: 75, minHit: 4, maxHit: 5, freeSkillPoints: 7, skillPointsGained: 5 });
  });

  test("several levels in one check, each with its own draws, the exp carried over", () => {
    // 100 + 200 + 300 = 600 leaves level 3 too; 650 → level 4 with 50 left.
    const random = scriptedRandom(0, 0, 0.99, 0, 0.625, 0);
    const outcome = checkLevelUp(fighter({ exp: 650 }), rules(), random);
    expect(random.used).toBe(6);
    // Gains: U=0 → 8; U=0.99 → 11.96 → 12; U=0.625 → 10.5 → 10 (half to even).
    expect(outcome.gains.map((g) => [g.level, g.hpGain, g.maxHp])).toEqual([
      [2, 8, 29],
      [3, 12, 41],
      [4, 10, 51],
    ]);
    expect(outcome.gains.map((g) => g.staminaGain)).toEqual([15, 15, 15]);
    expect(outcome).toMatchObject({ level: 4, exp: 50, hp: 51, freeSkillPoints: 17, skillPointsGained: 15, minHit: 10, maxHit: 11 });
  });

  test("the HP caps bind: too far above the expected MaxHP, the gain is cut (even below zero)", () => {
    // Expected MaxHP at level 2 = 10 × 1 + 21 = 31; cap above +10 → at most 41. From 45: −4.
    const outcome = checkLevelUp(fighter({ exp: 100, vitals: { hp: 45, maxHp: 45, maxMana: 10, maxStamina: 60 } }), rules(), scriptedRandom(0.5, 0.5));
    expect(outcome.gains[0]!.hpGain).toBe(-4);
    expect(outcome.maxHp).toBe(41);
    // Too far below: cap −10 → at least 21, from 5 the gain is 16 whatever the draw.
    const low = checkLevelUp(fighter({ exp: 100, vitals: { hp: 5, maxHp: 5, maxMana: 10, maxStamina: 60 } }), rules(), scriptedRandom(0, 0));
    expect(low.gains[0]!.hpGain).toBe(16);
  });

  test("without caps (the 2024 file) the HP is the expected MaxHP exactly, whatever the draws", () => {
    const noCaps = rules({ hpVariance: { range: 2, influence: 0, imbalance: 0, capAbove: 0, capBelow: 0 } });
    for (const u of [0, 0.5, 0.999]) {
      const random = scriptedRandom(u, u);
      expect(checkLevelUp(fighter({ exp: 100 }), noCaps, random).maxHp).toBe(31);
      expect(random.used).toBe(2);
    }
  });

  test("level 47 is the top: the remaining exp is dropped and nothing more is gained", () => {
    const outcome = checkLevelUp(fighter({ level: 46, exp: 5000 }), rules(), scriptedRandom(0.5, 0.5));
    expect(outcome.level).toBe(47);
    expect(outcome.exp).toBe(0);
    expect(outcome.gains).toHaveLength(1);
    const random = scriptedRandom();
    expect(checkLevelUp(fighter({ level: 47, exp: 5000 }), rules(), random)).toMatchObject({ level: 47, exp: 5000, gains: [] });
    expect(random.used).toBe(0);
  });

  test("a level without an ELU cannot be left (a table that stops short does not level for free)", () => {
    const short = rules({ expToLevelUp: [0, 100] });
    const outcome = checkLevelUp(fighter({ exp: 10_000 }), short, scriptedRandom(0.5, 0.5));
    expect(outcome.level).toBe(2);
    expect(outcome.exp).toBe(9_900);
  });

  test("leaving level 12 is reported; newbie gold per level when configured, only up to level 12", () => {
    const gold = rules({ goldPerLevel: 10, goldMultiplier: 1 });
    const outcome = checkLevelUp(fighter({ level: 11, exp: 2000, gold: 5 }), gold, scriptedRandom(0.5, 0.5, 0.5, 0.5));
    expect(outcome.level).toBe(13);
    expect(outcome.leftNewbie).toBe(true);
    expect(outcome.gains.map((g) => g.goldGain)).toEqual([120, 0]);
    expect(outcome.gold).toBe(125);
  });

  test("a class without a row levels with zeros, as VB6 reads missing keys", () => {
    const outcome = checkLevelUp(fighter({ class: 7, exp: 100 }), rules(), scriptedRandom(0.5, 0.5));
    expect(outcome.gains[0]).toMatchObject({ level: 2, staminaGain: 0, maxStamina: 60, manaGain: -10, hitGain: 0 });
  });
});
