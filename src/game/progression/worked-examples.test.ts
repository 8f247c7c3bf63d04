/**
 * combat-and-progression §10 (d) "Human Warrior levels 1 → 2" and the skill-up odds of §10 (a)
 * step 4, on the REAL `Balance.dat` files: 2024 = shared `ao20/Dat`, current = `ao20-current/Dat`.
 * Expected values are the numbers printed in the design doc.
 */
import { describe, expect, test } from "bun:test";
import { parseBalanceDat, type BalanceTable } from "../../content/dat/index.ts";
import { balanceRulesFromTable, startingAttributes } from "../character-creation/index.ts";
import { readSharedData, requireSharedData } from "../../../test/support/shared-data.ts";
import { checkLevelUp, expToLeaveLevel, progressionRulesFromBalance, skillRaiseChance, type LevelingCharacter, type ProgressionRules } from "./index.ts";
import { scriptedRandom } from "../../random/scripted-random.test-support.ts";

const FILES = { y2024: "ao20/Dat/Balance.dat", current: "ao20-current/Dat/Balance.dat" } as const;
const ready = requireSharedData(FILES.y2024, FILES.current);
const WARRIOR = 3;
const HUMAN = 1;

function load(edition: keyof typeof FILES): { balance: BalanceTable; rules: ProgressionRules } {
  const parsed = parseBalanceDat(readSharedData(FILES[edition]), FILES[edition]);
  if (parsed.value === null) throw new Error(`cannot parse ${FILES[edition]}: ${JSON.stringify(parsed.errors)}`);
  return { balance: parsed.value, rules: progressionRulesFromBalance(parsed.value) };
}

/** The level-1 Human Warrior of §10 after login: MaxHP = CON, MaxMana 0, MaxSta 60; `exp` gained. */
function warrior(balance: BalanceTable, exp: number): LevelingCharacter {
  const attributes = startingAttributes(balanceRulesFromTable(balance).raceModifiers[HUMAN]);
  const con = attributes[4];
  return { class: WARRIOR, level: 1, exp, freeSkillPoints: 10, gold: 0, attributes, vitals: { hp: con - 3, maxHp: con, maxMana: 0, maxStamina: 60 } };
}

describe.if(ready)("§10 (d): Human Warrior 1 → 2", () => {
  test("2024 Balance: ELU 375, +10 HP (20 → 30) whatever the draws, +15 stamina, hit 2/3, no skill points", () => {
    const { balance, rules } = load("y2024");
    const start = warrior(balance, 375 + 12);
    expect(start.attributes).toEqual([19, 19, 19, 18, 20]);
    expect(expToLeaveLevel(1, rules)).toBe(375);
    expect(expToLeaveLevel(2, rules)).toBe(413);
    for (const u of [0, 0.37, 0.999]) {
      const random = scriptedRandom(u, u);
      const outcome = checkLevelUp(start, rules, random);
      // Two draws (RandomIntBiased), even though the 0/0 caps override them.
      expect(random.used).toBe(2);
      expect(outcome.gains).toEqual([
        { level: 2, hpGain: 10, maxHp: 30, staminaGain: 15, maxStamina: 75, manaGain: 0, maxMana: 0, hitGain: 1, minHit: 2, maxHit: 3, goldGain: 0 },
      ]);
      expect(outcome).toMatchObject({ level: 2, exp: 12, hp: 30, maxHp: 30, maxStamina: 75, maxMana: 0, minHit: 2, maxHit: 3, skillPointsGained: 0, freeSkillPoints: 10 });
    }
  });

  test("current Balance: ELU 500, HP 28–32 from the draw, hit 4/5 (+3), +5 skill points", () => {
    const { balance, rules } = load("current");
    const start = warrior(balance, 500);
    expect(start.attributes[4]).toBe(20);
    expect(expToLeaveLevel(2, rules)).toBe(750);
    // gain = vbRound(U × 4 + 8): U = 0 → 8, 0.125 → 8.5 → 8, 0.375 → 9.5 → 10, 0.5 → 10, 0.999 → 12.
    const gains = [0, 0.125, 0.2, 0.375, 0.5, 0.7, 0.999].map((u) => checkLevelUp(start, rules, scriptedRandom(u, 0.5)).gains[0]!.hpGain);
    expect(gains).toEqual([8, 8, 9, 10, 10, 11, 12]);
    const outcome = checkLevelUp(start, rules, scriptedRandom(0.5, 0.5));
    expect(outcome).toMatchObject({ level: 2, exp: 0, hp: 30, maxHp: 30, maxStamina: 75, minHit: 4, maxHit: 5, skillPointsGained: 5, freeSkillPoints: 15 });
    expect(outcome.gains[0]).toMatchObject({ hitGain: 3, staminaGain: 15, manaGain: 0 });
  });
});

describe.if(ready)("§10 (a) step 4: the Armas skill-up roll at level 1", () => {
  test("2024: 9 in 150 (6 %); current: 9 in 30 (30 %)", () => {
    expect(load("y2024").rules.skillRaiseDifficulty).toBe(10);
    expect(skillRaiseChance(1, load("y2024").rules.skillRaiseDifficulty)).toBeCloseTo(0.06, 10);
    expect(skillRaiseChance(1, load("current").rules.skillRaiseDifficulty)).toBeCloseTo(0.3, 10);
  });
});
