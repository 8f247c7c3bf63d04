import { describe, expect, test } from "bun:test";
import { randomInt } from "./random-int.ts";
import { SeededRandom } from "./random.ts";

const SEED = 20_240_611;

describe("randomInt", () => {
  test("stays within [min, max] and reaches both ends", () => {
    const random = SeededRandom.create(SEED, 1);
    for (const [min, max] of [
      [1, 6],
      [0, 1],
      [-5, 5],
      [1, 100],
      [-1_000_000, 1_000_000],
    ] as const) {
      let low = Number.POSITIVE_INFINITY;
      let high = Number.NEGATIVE_INFINITY;
      for (let i = 0; i < 20_000; i++) {
        const value = randomInt(random, min, max);
        expect(Number.isInteger(value)).toBe(true);
        if (value < low) low = value;
        if (value > high) high = value;
      }
      expect(low).toBeGreaterThanOrEqual(min);
      expect(high).toBeLessThanOrEqual(max);
      // Small ranges are hit end to end in 20k draws; the million-wide one only nearly.
      if (max - min <= 100) expect([low, high]).toEqual([min, max]);
    }
  });

  test("is uniform over a small range (chi-square)", () => {
    const random = SeededRandom.create(SEED, 2);
    const min = 3;
    const max = 12;
    const counts = new Array<number>(max - min + 1).fill(0);
    const draws = 100_000;
    for (let i = 0; i < draws; i++) counts[randomInt(random, min, max) - min]!++;
    const expected = draws / counts.length;
    const chiSquare = counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
    // 9 degrees of freedom: the 99.9th percentile is 27.9.
    expect(chiSquare).toBeLessThan(27.9);
  });

  test("a single value costs one draw; each call draws exactly once", () => {
    const random = SeededRandom.create(SEED, 3);
    const twin = SeededRandom.create(SEED, 3);
    for (let i = 0; i < 100; i++) expect(randomInt(random, 7, 7)).toBe(7);
    for (let i = 0; i < 100; i++) twin.nextU32();
    expect(random.nextU32()).toBe(twin.nextU32());
  });

  test("follows the VB6 formula, reversed bounds included", () => {
    const random = SeededRandom.create(SEED, 4);
    const twin = SeededRandom.create(SEED, 4);
    for (let i = 0; i < 1_000; i++) {
      const u = twin.next();
      expect(randomInt(random, 10, 20)).toBe(10 + Math.trunc(u * 11));
    }
    // Fix(Rnd * 0) and Fix(Rnd * -1) are 0: min. Farther apart, the original drew from (max + 1, min].
    for (let i = 0; i < 1_000; i++) {
      expect(randomInt(random, 5, 4)).toBe(5);
      expect(randomInt(random, 5, 3)).toBe(5);
      const value = randomInt(random, 5, 0);
      expect(value >= 2 && value <= 5).toBe(true);
    }
  });

  test("rejects bounds that are not safe integers", () => {
    const random = SeededRandom.create(SEED, 5);
    expect(() => randomInt(random, 1.5, 3)).toThrow(RangeError);
    expect(() => randomInt(random, 1, Number.NaN)).toThrow(RangeError);
    expect(() => randomInt(random, 0, Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
