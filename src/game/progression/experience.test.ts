import { describe, expect, test } from "bun:test";
import {
  addExperience,
  DEFAULT_EXP_SETTINGS,
  expForDamage,
  expGainText,
  formatThousands,
  killRemainderExp,
  levelPenalty,
  MAX_EXP,
  pvpKillExp,
  skillUpExp,
  type NpcExpSource,
} from "./index.ts";

/** `[NPC511] Rata` of the 2024 npcs.dat: GiveEXP 16, MaxHP 15, no Nivel. */
const RATA: NpcExpSource = { giveExp: 16, maxHp: 15, expCount: 16, level: 0 };

/** Plays a fight: each hit pays its share; returns the experience after each hit and the NPC's count. */
function fight(hits: readonly number[], npc: NpcExpSource = RATA, level = 1) {
  let exp = 0;
  let expCount = npc.expCount;
  const after: number[] = [];
  const texts: string[] = [];
  for (const damage of hits) {
    const paid = expForDamage(damage, { ...npc, expCount }, level);
    expCount = paid.expCount;
    exp = addExperience(exp, level, paid.exp).exp;
    after.push(exp);
    texts.push(expGainText(paid.exp));
  }
  return { exp, expCount, after, texts };
}

describe("experience from damaging an NPC (§7.1, worked example §10 (a) step 6)", () => {
  test("a first hit of 9 on the Rata pays 9.6 → Exp 10, ExpCount 6; the second pays the 6 left: 16 in all", () => {
    const first = expForDamage(9, RATA, 1);
    expect(first).toEqual({ exp: 9.6, expCount: 6, penaltyPercent: null, pays: true });
    expect(addExperience(0, 1, first.exp)).toEqual({ exp: 10, applied: true });
    const { exp, expCount, after, texts } = fight([9, 9]);
    expect(after).toEqual([10, 16]);
    expect(texts).toEqual(["+10", "+6"]);
    expect(expCount).toBe(0);
    expect(killRemainderExp(expCount)).toBe(0);
    expect(exp + killRemainderExp(expCount)).toBe(16);
  });

  test("a first hit of 10 pays 10.667 → Exp 11, ExpCount 5; the second pays 5: still 16", () => {
    const first = expForDamage(10, RATA, 1);
    expect(first.exp).toBeCloseTo(10.6667, 4);
    expect(first.expCount).toBe(5);
    expect(fight([10, 10]).after).toEqual([11, 16]);
    expect(fight([10, 9]).after).toEqual([11, 16]);
  });

  test("damage beyond the NPC's HP still counts whole, up to what the NPC has left", () => {
    expect(expForDamage(30, RATA, 1)).toEqual({ exp: 16, expCount: 0, penaltyPercent: null, pays: true });
    expect(expForDamage(5, { ...RATA, expCount: 0 }, 1)).toEqual({ exp: 0, expCount: 0, penaltyPercent: null, pays: false });
  });

  test("nothing for no damage, negative damage or an NPC without HP; ExpCount untouched", () => {
    expect(expForDamage(0, RATA, 1)).toEqual({ exp: 0, expCount: 16, penaltyPercent: null, pays: false });
    expect(expForDamage(-4, RATA, 1)).toEqual({ exp: 0, expCount: 16, penaltyPercent: null, pays: false });
    expect(expForDamage(9, { ...RATA, maxHp: 0 }, 1)).toEqual({ exp: 0, expCount: 16, penaltyPercent: null, pays: false });
  });

  test("ExpCount is a Long: the remainder rounds half to even", () => {
    // 3 × 10 / 4 = 7.5 → 10 − 7.5 = 2.5 → 2; 5 × 10 / 4 = 12.5 > 10 → all of it.
    expect(expForDamage(3, { giveExp: 10, maxHp: 4, expCount: 10, level: 0 }, 1).expCount).toBe(2);
    // 1 × 11 / 2 = 5.5 → 11 − 5.5 = 5.5 → 6.
    expect(expForDamage(1, { giveExp: 11, maxHp: 2, expCount: 11, level: 0 }, 1).expCount).toBe(6);
  });

  test("ExpMult multiplies what is paid, not what the NPC keeps count of", () => {
    const paid = expForDamage(9, RATA, 1, { ...DEFAULT_EXP_SETTINGS, expMultiplier: 2 });
    expect(paid).toEqual({ exp: 19.2, expCount: 6, penaltyPercent: null, pays: true });
    // A multiplier of 0 or less is ignored, as VB6 does.
    expect(expForDamage(9, RATA, 1, { ...DEFAULT_EXP_SETTINGS, expMultiplier: 0 }).exp).toBe(9.6);
  });
});

describe("the level penalty against NPCs with a level", () => {
  const wolf: NpcExpSource = { giveExp: 100, maxHp: 100, expCount: 100, level: 10 };

  test("up to 4 levels above: no penalty; 5 above: 95 %; 6 above: 90 % (Single arithmetic)", () => {
    expect(expForDamage(10, wolf, 14).penaltyPercent).toBeNull();
    const five = expForDamage(10, wolf, 15);
    expect(five.penaltyPercent).toBe(95);
    expect(five.exp).toBeCloseTo(9.5, 5);
    const six = expForDamage(10, wolf, 16);
    expect(six.penaltyPercent).toBe(90);
    expect(six.exp).toBe(10 * Math.fround(1 - Math.fround(Math.fround(0.05) * 2)));
    expect(addExperience(0, 16, six.exp).exp).toBe(9);
  });

  test("never below 0 %: far above the NPC pays nothing but still tells the player", () => {
    expect(levelPenalty(40, 0.05)).toBe(0);
    expect(expForDamage(10, wolf, 40)).toEqual({ exp: 0, expCount: 90, penaltyPercent: 0, pays: true });
  });

  test("an NPC without a level never penalises", () => {
    expect(expForDamage(10, { ...wolf, level: 0 }, 46).penaltyPercent).toBeNull();
  });
});

describe("adding experience", () => {
  test("the sum is rounded half to even into the Long", () => {
    expect(addExperience(0, 1, 2.5).exp).toBe(2);
    expect(addExperience(0, 1, 3.5).exp).toBe(4);
    expect(addExperience(10, 1, 0.4).exp).toBe(10);
  });

  test("capped at MAX_EXP; nothing at the highest level", () => {
    expect(addExperience(MAX_EXP - 1, 46, 50)).toEqual({ exp: MAX_EXP, applied: true });
    expect(addExperience(0, 47, 500)).toEqual({ exp: 0, applied: false });
  });

  test("player kills pay twice the victim's level; a skill point 5 × ExpMult", () => {
    expect(pvpKillExp(13)).toBe(26);
    expect(skillUpExp()).toBe(5);
    expect(skillUpExp(1.5)).toBe(8);
    expect(skillUpExp(1.3)).toBe(6);
  });

  test("the floating text groups thousands with dots, as PonerPuntos", () => {
    expect(formatThousands(0)).toBe("0");
    expect(formatThousands(999)).toBe("999");
    expect(formatThousands(1000)).toBe("1.000");
    expect(formatThousands(1234567)).toBe("1.234.567");
    expect(expGainText(1499.5)).toBe("+1.500");
    expect(expGainText(10.5)).toBe("+10");
  });
});
