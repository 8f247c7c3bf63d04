/**
 * `NpcDamage`'s rule for a meditating user (VB6 `SistemaCombate.bas`): a blow breaks the
 * meditation when it beats `Fix(MinHp / 100 × INT × Meditar / 100 × 12 / (RandomNumber(0, 5) + 7))`.
 */
import { describe, expect, test } from "bun:test";
import { meditationBrokenByHit } from "./index.ts";
import { scripted } from "./test-fixtures.ts";

describe("a blow on a meditating user", () => {
  test("100 HP, INT 18, Meditar 50: the hold is 108 / (draw + 7), 15 on a 0 and 9 on a 5; one draw each", () => {
    const hit = { damage: 10, hp: 100, intelligence: 18, meditateSkill: 50 };
    const low = scripted([0, 5, 0]);
    expect(meditationBrokenByHit(low, hit)).toBe(false); // 10 > 15 is false
    expect(low.left).toBe(0);
    const high = scripted([0, 5, 5]);
    expect(meditationBrokenByHit(high, hit)).toBe(true); // 10 > 9
    expect(meditationBrokenByHit(scripted([0, 5, 0]), { ...hit, damage: 15 })).toBe(false);
    expect(meditationBrokenByHit(scripted([0, 5, 0]), { ...hit, damage: 16 })).toBe(true);
  });

  test("without Meditar any damage breaks it, none does not", () => {
    const hit = { damage: 1, hp: 300, intelligence: 21, meditateSkill: 0 };
    expect(meditationBrokenByHit(scripted([0, 5, 3]), hit)).toBe(true);
    expect(meditationBrokenByHit(scripted([0, 5, 3]), { ...hit, damage: 0 })).toBe(false);
  });
});
