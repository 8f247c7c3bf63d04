import { describe, expect, test } from "bun:test";
import { SeededRandom } from "../random/index.ts";
import { formatThinkTime, meanThinkTimeMs, parseThinkTime, REFERENCE_WALK_THINK, thinkTimeSampler, validateThinkTime, type ThinkTime } from "./think-time.ts";

function draws(spec: ThinkTime, count: number, seed = 5): number[] {
  const sample = thinkTimeSampler(spec);
  const random = SeededRandom.create(seed);
  return Array.from({ length: count }, () => sample(random));
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const stdDev = (values: number[]) => {
  const m = mean(values);
  return Math.sqrt(values.reduce((sum, value) => sum + (value - m) ** 2, 0) / values.length);
};

describe("think-time distributions", () => {
  test("constant is constant", () => {
    expect(new Set(draws({ kind: "constant", ms: 211 }, 100))).toEqual(new Set([211]));
  });

  test("uniform stays in [min, max), fills it, and averages the midpoint", () => {
    const values = draws(REFERENCE_WALK_THINK, 50_000);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(211);
    expect(Math.max(...values)).toBeLessThan(410);
    expect(Math.min(...values)).toBeLessThan(212);
    expect(Math.max(...values)).toBeGreaterThan(409);
    expect(Math.abs(mean(values) - 310.5)).toBeLessThan(1.5);
    // Uniform over width 199: standard deviation 199 / sqrt(12) = 57.4.
    expect(Math.abs(stdDev(values) - 57.45)).toBeLessThan(1);
  });

  test("exponential has its mean as standard deviation and respects the cap", () => {
    const values = draws({ kind: "exponential", meanMs: 1000 }, 50_000);
    expect(Math.abs(mean(values) - 1000) / 1000).toBeLessThan(0.03);
    expect(Math.abs(stdDev(values) - 1000) / 1000).toBeLessThan(0.04);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    const capped = draws({ kind: "exponential", meanMs: 1000, maxMs: 1500 }, 10_000);
    expect(Math.max(...capped)).toBe(1500);
  });

  test("normal has the asked mean and deviation and is clamped at its bounds", () => {
    const values = draws({ kind: "normal", meanMs: 300, stdDevMs: 50 }, 50_000);
    expect(Math.abs(mean(values) - 300)).toBeLessThan(1.5);
    expect(Math.abs(stdDev(values) - 50)).toBeLessThan(1.5);
    const clamped = draws({ kind: "normal", meanMs: 100, stdDevMs: 100, minMs: 50, maxMs: 200 }, 10_000);
    expect(Math.min(...clamped)).toBe(50);
    expect(Math.max(...clamped)).toBe(200);
    expect(Math.min(...draws({ kind: "normal", meanMs: 10, stdDevMs: 100 }, 10_000))).toBe(0);
  });

  test("the same seed gives the same waits", () => {
    expect(draws({ kind: "normal", meanMs: 300, stdDevMs: 50 }, 100, 9)).toEqual(draws({ kind: "normal", meanMs: 300, stdDevMs: 50 }, 100, 9));
    expect(draws(REFERENCE_WALK_THINK, 100, 9)).not.toEqual(draws(REFERENCE_WALK_THINK, 100, 10));
  });

  test("means for reports", () => {
    expect(meanThinkTimeMs(REFERENCE_WALK_THINK)).toBe(310.5);
    expect(meanThinkTimeMs({ kind: "exponential", meanMs: 8000 })).toBe(8000);
  });
});

describe("parsing (untrusted input)", () => {
  test("round-trips every kind", () => {
    for (const text of ["constant:250", "uniform:211:410", "exponential:1000", "exponential:1000:5000", "normal:300:50", "normal:300:50:100", "normal:300:50:100:500"]) {
      const parsed = parseThinkTime(text);
      expect(parsed.ok).toBe(true);
      if (parsed.ok) expect(formatThinkTime(parsed.value)).toBe(text);
    }
    const exp = parseThinkTime(" EXP:1000 ");
    expect(exp.ok && exp.value).toEqual({ kind: "exponential", meanMs: 1000 });
  });

  test("refuses malformed and impossible specs with a reason", () => {
    for (const [text, fragment] of [
      ["", "kind must be"],
      ["uniform:5", "expected uniform:MIN:MAX"],
      ["uniform:a:b", "must be a number"],
      ["uniform:410:211", "below min"],
      ["uniform::5", "must be a number"],
      ["constant:-1", ">= 0"],
      ["constant:Infinity", "must be a number"],
      ["exponential:0", "> 0"],
      ["normal:300:-5", ">= 0"],
      ["normal:300:5:200:100", "below min"],
      ["poisson:5", "kind must be"],
      ["constant:1:2", "expected constant:MS"],
    ] as const) {
      const parsed = parseThinkTime(text);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) {
        expect(parsed.error.code).toBe("invalid_think_time");
        expect(parsed.error.message).toContain(fragment);
      }
    }
  });

  test("a sampler is never built from an invalid spec", () => {
    expect(validateThinkTime({ kind: "uniform", minMs: 5, maxMs: 1 })).toBeDefined();
    expect(() => thinkTimeSampler({ kind: "constant", ms: Number.NaN })).toThrow(RangeError);
  });
});
