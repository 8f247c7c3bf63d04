/**
 * The two kinds of dice: `diceFromRandom` is VB6 `RandomNumber` / `Rnd` (one `next()` per call),
 * and `enumerateOutcomes` gives a rule's exact distribution; plus the expected-blows recurrence.
 */
import { describe, expect, test } from "bun:test";
import { randomInt, SeededRandom } from "../../random/index.ts";
import { diceFromRandom, enumerateOutcomes, EnumerationTooLargeError, expectedHitsToKill, rollSupport } from "./index.ts";
import { scripted } from "./test-fixtures.ts";

describe("dice", () => {
  test("diceFromRandom draws once per call, as RandomNumber and Rnd", () => {
    const random = scripted([1, 6, 4], [1, 100, 30], 0.125);
    const dice = diceFromRandom(random);
    expect([dice.int(1, 6), dice.intAtMost(1, 100, 30), dice.unit()]).toEqual([4, true, 0.125]);
    expect(random.remaining()).toBe(0);
  });

  test("rollSupport is what RandomNumber can give, reversed bounds included", () => {
    expect([rollSupport(1, 6), rollSupport(3, 3), rollSupport(5, 4), rollSupport(5, 0)]).toEqual([
      { first: 1, count: 6 },
      { first: 3, count: 1 },
      { first: 5, count: 1 },
      { first: 2, count: 4 },
    ]);
    const random = SeededRandom.create(7, 1);
    for (const [lo, hi] of [
      [5, 0],
      [9, 2],
      [4, 3],
    ] as const) {
      const { first, count } = rollSupport(lo, hi);
      const seen = new Set<number>();
      for (let i = 0; i < 2_000; i++) seen.add(randomInt(random, lo, hi));
      expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, i) => first + i));
    }
  });

  test("enumerateOutcomes: two dice sum to 7 with 6/36; intAtMost branches two ways with the exact weights", () => {
    const sums = enumerateOutcomes((dice) => dice.int(1, 6) + dice.int(1, 6));
    expect(sums.outcomes).toHaveLength(36);
    const seven = sums.outcomes.filter((o) => o.value === 7).reduce((sum, o) => sum + o.probability, 0);
    expect(seven).toBeCloseTo(6 / 36, 14);
    expect(sums.approximate).toBe(false);
    const hit = enumerateOutcomes((dice) => (dice.intAtMost(1, 100, 46) ? dice.int(9, 10) : 0));
    expect(hit.outcomes.map((o) => [o.value, o.probability])).toEqual(
      expect.arrayContaining([
        [9, expect.closeTo(0.23, 14)],
        [10, expect.closeTo(0.23, 14)],
        [0, expect.closeTo(0.54, 14)],
      ]),
    );
    expect(hit.outcomes).toHaveLength(3);
    // Thresholds outside the range leave one branch.
    expect(enumerateOutcomes((dice) => dice.intAtMost(1, 100, 0)).outcomes).toEqual([{ value: false, probability: 1 }]);
    expect(enumerateOutcomes((dice) => dice.intAtMost(1, 100, 100)).outcomes).toEqual([{ value: true, probability: 1 }]);
  });

  test("a rule with more combinations than the limit is refused with a typed error", () => {
    expect(enumerateOutcomes((dice) => dice.int(1, 10) + dice.int(1, 10), 100).outcomes).toHaveLength(100);
    expect(() => enumerateOutcomes((dice) => dice.int(1, 10) + dice.int(1, 11), 100)).toThrow(EnumerationTooLargeError);
  });

  test("a continuous Rnd is cut into cells and marks the result approximate", () => {
    const run = enumerateOutcomes((dice) => Math.round(dice.unit() * 10) / 10 < 0.5);
    expect(run.approximate).toBe(true);
    const total = run.outcomes.reduce((sum, o) => sum + o.probability, 0);
    expect(total).toBeCloseTo(1, 12);
  });
});

describe("expected blows to kill", () => {
  test("E(h) = (1 + Σ P(d) E(h − d)) / (1 − P(0)): 9 or 10 against 15 HP is always 2; 1 per blow against 3 HP is 3", () => {
    expect(expectedHitsToKill(new Map([[9, 0.5], [10, 0.5]]), 15)).toBeCloseTo(2, 14);
    expect(expectedHitsToKill(new Map([[1, 1]]), 3)).toBe(3);
    // Half the blows do nothing: twice as many.
    expect(expectedHitsToKill(new Map([[0, 0.5], [1, 0.5]]), 3)).toBeCloseTo(6, 14);
    // 1 or 2 against 2 HP: E(1) = 1, E(2) = 1 + 0.5 · E(1) = 1.5.
    expect(expectedHitsToKill(new Map([[1, 0.5], [2, 0.5]]), 2)).toBeCloseTo(1.5, 14);
    expect(expectedHitsToKill(new Map([[0, 1]]), 3)).toBe(Number.POSITIVE_INFINITY);
    expect(expectedHitsToKill(new Map([[5, 1]]), 0)).toBe(0);
  });
});
