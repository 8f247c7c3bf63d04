import { describe, expect, test } from "bun:test";
import { LIFE_AVERAGE_FONTS, lifeAverage, lifeAverageLines, type LifeAverageBalance } from "./index.ts";

/** Class 2 has MODVIDA 10, class 3 MODVIDA 8.5; race 1 adds 2 to constitution, race 2 adds 1. */
const BALANCE: LifeAverageBalance = {
  classes: [{ hpPerLevel: 9 }, { hpPerLevel: 10 }, { hpPerLevel: 8.5 }],
  races: [{ constitution: 2 }, { constitution: 1 }],
};
const attributes = (constitution: number) => [18, 18, 18, 18, constitution] as [number, number, number, number, number];

describe("/PROMEDIO (HandlePromedio, CalcularPromedioVida)", () => {
  test("level 5, CON 19, MODVIDA 10, race +2: average 9, expected 18 + 2 + 9 × 4 = 56; 60 HP is +4 with its own average 10.25", () => {
    const character = { class: 2, race: 1, level: 5, maxHp: 60, attributes: attributes(19) };
    expect(lifeAverage(character, BALANCE)).toEqual({ classAverage: 9, expected: 56, ownAverage: 10.25, difference: 4 });
    expect(lifeAverageLines(character, BALANCE)).toEqual([
      { kind: "locale", id: 1988, params: "2¬1¬5", font: 4 },
      { kind: "locale", id: 1220, params: "56¬9", font: 4 },
      { kind: "locale", id: 1221, params: "60 (+4)¬10.25", font: LIFE_AVERAGE_FONTS.above },
    ]);
  });

  test("below and equal: the sign and the font follow the difference; level 1's own average is the class's", () => {
    const below = lifeAverageLines({ class: 2, race: 1, level: 5, maxHp: 50, attributes: attributes(19) }, BALANCE);
    expect(below[2]).toEqual({ kind: "locale", id: 1221, params: "50 (-6)¬7.75", font: LIFE_AVERAGE_FONTS.below });
    // Level 1, CON 20, MODVIDA 8.5, race +1: average 8, expected 19.
    const first = lifeAverageLines({ class: 3, race: 2, level: 1, maxHp: 19, attributes: attributes(20) }, BALANCE);
    expect(first.slice(1)).toEqual([
      { kind: "locale", id: 1220, params: "19¬8", font: 4 },
      { kind: "locale", id: 1221, params: "19 (+0)¬8", font: LIFE_AVERAGE_FONTS.equal },
    ]);
  });

  test("the expected life goes into a Long half to even; the own average is rounded to two decimals; no balance reads as zeros", () => {
    // CON 18: average 10 − 1.5 = 8.5; 18 + 2 + 8.5 × 3 = 45.5 → 46 (even); own (50 − 18) / 3 = 10.666… → 10.67.
    expect(lifeAverage({ class: 2, race: 1, level: 4, maxHp: 50, attributes: attributes(18) }, BALANCE)).toEqual({ classAverage: 8.5, expected: 46, ownAverage: 10.67, difference: 4 });
    expect(lifeAverage({ class: 2, race: 1, level: 3, maxHp: 30, attributes: attributes(21) }, null)).toEqual({ classAverage: 0, expected: 18, ownAverage: 4.5, difference: 12 });
  });
});
