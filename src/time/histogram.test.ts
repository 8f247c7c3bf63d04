import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { Counters, Histogram } from "./histogram.ts";
import { SeededRandom } from "../random/index.ts";

/** Nearest-rank percentile of exact data: the documented definition. */
function exactPercentile(sorted: number[], p: number): number {
  if (p <= 0) return sorted[0]!;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1]!;
}

/** The documented bound: max(resolution, value * 2^-(k+1)). */
function allowedError(histogram: Histogram, value: number): number {
  return Math.max(histogram.resolution, value * 2 ** -(histogram.precisionBits + 1)) + 1e-9;
}

const PERCENTILES = [0, 1, 10, 25, 50, 75, 90, 95, 99, 99.9, 99.99, 100];

describe("histogram percentiles against exact sorted values", () => {
  test("log-normal latencies (a long tail over six decades)", () => {
    const random = SeededRandom.create(77);
    const histogram = new Histogram();
    const values: number[] = [];
    for (let i = 0; i < 100_000; i++) {
      // Box-Muller normal -> log-normal around 5 ms.
      const z = Math.sqrt(-2 * Math.log(1 - random.next())) * Math.cos(2 * Math.PI * random.next());
      const value = Math.exp(Math.log(5) + 2 * z);
      values.push(value);
      histogram.record(value);
    }
    values.sort((a, b) => a - b);
    for (const p of PERCENTILES) {
      const exact = exactPercentile(values, p);
      expect(Math.abs(histogram.percentile(p) - exact)).toBeLessThanOrEqual(allowedError(histogram, exact));
    }
    expect(histogram.min).toBe(values[0]!);
    expect(histogram.max).toBe(values.at(-1)!);
    expect(histogram.count).toBe(100_000);
  });

  test("property: any data, any percentile, any precision stays within the bound", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1e7, noNaN: true }), { minLength: 1, maxLength: 400 }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.integer({ min: 2, max: 10 }),
        (values, p, bits) => {
          const histogram = new Histogram({ precisionBits: bits, resolution: 0.01 });
          for (const value of values) histogram.record(value);
          const sorted = [...values].sort((a, b) => a - b);
          const exact = exactPercentile(sorted, p);
          expect(Math.abs(histogram.percentile(p) - exact)).toBeLessThanOrEqual(allowedError(histogram, exact));
        },
      ),
      { numRuns: 300, seed: 4242 },
    );
  });

  test("integers at resolution 1 below 2^(k+1) are exact", () => {
    const histogram = new Histogram({ resolution: 1, precisionBits: 7 });
    for (let value = 0; value < 256; value++) histogram.record(value);
    // Representative of bucket [v, v+1) is v + 0.5, clamped to the exact max at the top.
    expect(histogram.percentile(50)).toBe(127.5);
    expect(histogram.percentile(100)).toBe(255);
  });
});

describe("histogram bookkeeping", () => {
  test("memory is fixed whatever the count", () => {
    const histogram = new Histogram();
    const before = histogram.footprintBytes;
    const random = SeededRandom.create(1);
    for (let i = 0; i < 1_000_000; i++) histogram.record(random.next() * 1e6);
    expect(histogram.footprintBytes).toBe(before);
    expect(before).toBeLessThan(64 * 1024);
  });

  test("negative samples count as zero, non-finite ones are rejected, huge ones saturate", () => {
    const histogram = new Histogram({ resolution: 1 });
    histogram.record(-3);
    histogram.record(Number.NaN);
    histogram.record(Number.POSITIVE_INFINITY);
    histogram.record(2 ** 50);
    expect(histogram.count).toBe(2);
    expect(histogram.rejected).toBe(2);
    expect(histogram.saturated).toBe(1);
    expect(histogram.min).toBe(0);
    expect(histogram.percentile(100)).toBe(2 ** 50);
    expect(histogram.percentile(50)).toBeLessThanOrEqual(histogram.resolution);
  });

  test("merge equals recording everything in one histogram; reset empties", () => {
    const a = new Histogram();
    const b = new Histogram();
    const both = new Histogram();
    const random = SeededRandom.create(3);
    for (let i = 0; i < 5_000; i++) {
      const value = random.next() * 100;
      (i % 2 === 0 ? a : b).record(value);
      both.record(value);
    }
    a.merge(b);
    expect(a.summary()).toEqual(both.summary());
    expect(() => a.merge(new Histogram({ precisionBits: 3 }))).toThrow(RangeError);
    a.reset();
    expect(a.summary()).toEqual({ count: 0, min: 0, mean: 0, p50: 0, p90: 0, p99: 0, p999: 0, max: 0 });
  });

  test("rejects nonsense configuration", () => {
    expect(() => new Histogram({ resolution: 0 })).toThrow(RangeError);
    expect(() => new Histogram({ precisionBits: 0 })).toThrow(RangeError);
    expect(() => new Histogram({ precisionBits: 2.5 })).toThrow(RangeError);
  });

  test("counters add up and snapshot sorted by name", () => {
    const counters = new Counters();
    counters.add("sends");
    counters.add("sends", 2);
    counters.add("faults");
    expect(counters.get("sends")).toBe(3);
    expect(counters.get("missing")).toBe(0);
    expect(Object.keys(counters.snapshot())).toEqual(["faults", "sends"]);
  });
});
