import { describe, expect, test } from "bun:test";
import {
  AO20_VITALS_INTERVALS,
  counterPeriodMs,
  hpRegenAmount,
  IN_COMBAT_MS,
  meditationManaPerTick,
  needsAfterDrop,
  recoveredStamina,
  staminaLossAmount,
  staminaLuck,
  staminaRecoveryAmount,
  vitalsIntervals,
  AO20_INTERVAL_SETTINGS,
} from "./index.ts";
import { drawFor, scriptedRandom } from "../../random/scripted-random.test-support.ts";

describe("cadences (§1, §9): the N + 1 idiom in ms", () => {
  test("AO20 intervalos.ini: HP 201 GT, stamina 11 GT, loss 41 GT, thirst 161 s, hunger 181 s", () => {
    expect(counterPeriodMs(200, 40)).toBe(8040);
    expect(AO20_VITALS_INTERVALS).toEqual({
      hpRegenMs: 8040,
      hpRegenRestingMs: 2040,
      staminaRegenMs: 440,
      staminaRegenRestingMs: 240,
      staminaLossMs: 1640,
      staminaLossRainMs: 840,
      staminaLossRestingMs: 3240,
      thirstMs: 161_000,
      hungerMs: 181_000,
      meditationFirstTickMs: 840,
      meditationTickMs: 400,
      inCombatMs: 10_000,
    });
    expect(IN_COMBAT_MS).toBe(10_000);
  });

  test("the rain halves the loss limit rounding half to even (into a VB6 Integer)", () => {
    expect(vitalsIntervals({ ...AO20_INTERVAL_SETTINGS, staminaLoss: 41 }).staminaLossRainMs).toBe(21 * 40); // 20.5 → 20
    expect(vitalsIntervals({ ...AO20_INTERVAL_SETTINGS, staminaLoss: 43 }).staminaLossRainMs).toBe(23 * 40); // 21.5 → 22
  });
});

describe("HP regeneration (Sanar)", () => {
  test("RandomNumber(5 %, 10 % of MaxHP), both bounds rounded half to even", () => {
    // MaxHP 50: 2.5 → 2 and 5 → 5.
    expect(hpRegenAmount(50, scriptedRandom(drawFor(2, 2, 5)))).toBe(2);
    expect(hpRegenAmount(50, scriptedRandom(drawFor(5, 2, 5)))).toBe(5);
    // MaxHP 30: 1.5 → 2 and 3.
    expect(hpRegenAmount(30, scriptedRandom(drawFor(3, 2, 3)))).toBe(3);
    // Small MaxHP: 0..1.
    expect(hpRegenAmount(8, scriptedRandom(0))).toBe(0);
  });

  test("the self-healing bonus multiplies and rounds half to even", () => {
    expect(hpRegenAmount(50, scriptedRandom(drawFor(3, 2, 5)), 1.5)).toBe(4);
    expect(hpRegenAmount(50, scriptedRandom(drawFor(5, 2, 5)), 1.5)).toBe(8);
  });
});

describe("stamina (RecStamina, PierdeEnergia)", () => {
  test("the Supervivencia bands: 0–10 → 5, 11–20 → 7, …, 91–99 → 23, 100 → 25", () => {
    expect([0, 10, 11, 20, 21, 50, 51, 90, 91, 99, 100].map(staminaLuck)).toEqual([5, 5, 7, 7, 9, 13, 15, 21, 23, 23, 25]);
  });

  test("recovery: RandomNumber(1, vbRound(vbRound(MaxSta × luck / 100) / 1.6)); workers without the / 1.6", () => {
    // MaxSta 60, luck 5: 3 → 1.875 → 2.
    expect(staminaRecoveryAmount(60, 0, false, scriptedRandom(0.99))).toBe(2);
    expect(staminaRecoveryAmount(60, 0, true, scriptedRandom(0.99))).toBe(3);
    // MaxSta 75: 3.75 → 4 → 2.5 → 2 (half to even).
    expect(staminaRecoveryAmount(75, 0, false, scriptedRandom(0.99))).toBe(2);
    // MaxSta 100, Supervivencia 100: 25 → 15.625 → 16.
    expect(staminaRecoveryAmount(100, 100, false, scriptedRandom(0.999))).toBe(16);
    expect(recoveredStamina(58, 60, 5)).toBe(60);
  });

  test("loss: RandomNumber(1, vbRound(MaxSta × (150 − Supervivencia) × 0.25 / 100))", () => {
    // 60 × 37.5 / 100 = 22.5 → 22.
    expect(staminaLossAmount(60, 0, scriptedRandom(0.999))).toBe(22);
    expect(staminaLossAmount(60, 10, scriptedRandom(0.999))).toBe(21);
    expect(staminaLossAmount(60, 0, scriptedRandom(0))).toBe(1);
  });
});

describe("hunger and thirst", () => {
  test("−10 a step, never below 0", () => {
    expect(needsAfterDrop(100)).toBe(90);
    expect(needsAfterDrop(5)).toBe(0);
    expect(needsAfterDrop(0)).toBe(0);
  });
});

describe("meditation (DoMeditar): the mana of one tick", () => {
  test("2024 Balance (no RecoveryMana / MultiplierManaxSkills): always 1", () => {
    const rates2024 = { manaRecoveryPercent: 7, recoveryMana: 0, manaPerSkillMultiplier: 0 };
    expect(meditationManaPerTick(158, 0, rates2024)).toBe(1);
    expect(meditationManaPerTick(1000, 100, rates2024)).toBe(1);
  });

  test("current Balance: 3.5 % + 0.035 % × Meditar of MaxMana, plus a lute", () => {
    const current = { manaRecoveryPercent: 7, recoveryMana: 50, manaPerSkillMultiplier: 0.5 };
    expect(meditationManaPerTick(158, 0, current)).toBe(6); // 5.53
    expect(meditationManaPerTick(158, 100, current)).toBe(11); // 11.06
    expect(meditationManaPerTick(158, 100, current, 5)).toBe(16);
    expect(meditationManaPerTick(10, 0, current)).toBe(1); // 0.35 → 0 → at least 1
  });
});
