import { describe, expect, test } from "bun:test";
import { arrivalTimes, planRun, type ArrivalSchedule } from "./arrivals.ts";

describe("arrival schedules", () => {
  test("seeded Poisson: same seed same times; gaps and window counts have Poisson statistics", () => {
    const spec: ArrivalSchedule = { kind: "poisson", actors: 20_000, ratePerS: 200 };
    const times = arrivalTimes(spec, 11);
    expect(arrivalTimes(spec, 11)).toEqual(times);
    expect(arrivalTimes(spec, 12)).not.toEqual(times);
    const gaps = times.map((t, i) => t - (i === 0 ? 0 : times[i - 1]!));
    expect(gaps.every((gap) => gap >= 0)).toBe(true);
    const meanGap = gaps.reduce((a, b) => a + b, 0) / gaps.length;
    // Mean gap 5 ms; the standard error over 20k gaps is 0.7 %.
    expect(Math.abs(meanGap - 5) / 5).toBeLessThan(0.03);
    // Exponential gaps: standard deviation equals the mean.
    const sd = Math.sqrt(gaps.reduce((sum, gap) => sum + (gap - meanGap) ** 2, 0) / gaps.length);
    expect(Math.abs(sd - meanGap) / meanGap).toBeLessThan(0.04);
    // Arrivals per 1 s window: variance / mean (index of dispersion) is 1 for Poisson.
    const windows = Math.floor(times.at(-1)! / 1000);
    const counts = new Array<number>(windows).fill(0);
    for (const t of times) if (t < windows * 1000) counts[Math.floor(t / 1000)]!++;
    const mean = counts.reduce((a, b) => a + b, 0) / windows;
    const variance = counts.reduce((sum, c) => sum + (c - mean) ** 2, 0) / windows;
    expect(Math.abs(mean - 200) / 200).toBeLessThan(0.03);
    expect(variance / mean).toBeGreaterThan(0.7);
    expect(variance / mean).toBeLessThan(1.3);
    // Memorylessness: about e^-1 of gaps exceed the mean.
    const beyondMean = gaps.filter((gap) => gap > 5).length / gaps.length;
    expect(Math.abs(beyondMean - Math.exp(-1))).toBeLessThan(0.015);
  });

  test("constant rate is evenly spaced from zero", () => {
    expect(arrivalTimes({ kind: "constant", actors: 5, ratePerS: 4 }, 1)).toEqual([0, 250, 500, 750, 1000]);
  });

  test("ramp: arrivals follow the integrated rate, then continue at the final rate", () => {
    // 0 -> 100/s over 10 s: 500 arrivals during the ramp, a quarter of them in the first half.
    const times = arrivalTimes({ kind: "ramp", actors: 700, fromPerS: 0, toPerS: 100, durationMs: 10_000 }, 1);
    const within = (from: number, to: number) => times.filter((t) => t >= from && t < to).length;
    expect(within(0, 5_000)).toBeGreaterThanOrEqual(124);
    expect(within(0, 5_000)).toBeLessThanOrEqual(126);
    expect(within(0, 10_000)).toBeGreaterThanOrEqual(500);
    expect(within(0, 10_000)).toBeLessThanOrEqual(501);
    expect(within(10_000, 12_000)).toBeGreaterThanOrEqual(199);
    expect(within(10_000, 12_000)).toBeLessThanOrEqual(201);
    for (let i = 1; i < times.length; i++) expect(times[i]!).toBeGreaterThan(times[i - 1]!);
    // A flat ramp is a constant rate.
    expect(arrivalTimes({ kind: "ramp", actors: 3, fromPerS: 10, toPerS: 10, durationMs: 1000 }, 1)).toEqual([0, 100, 200]);
  });

  test("closed population: everyone at the start, or spread within the window", () => {
    expect(arrivalTimes({ kind: "closed", actors: 3 }, 1)).toEqual([0, 0, 0]);
    const spread = arrivalTimes({ kind: "closed", actors: 1000, spreadMs: 500 }, 1);
    expect(Math.min(...spread)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...spread)).toBeLessThan(500);
    expect(Math.max(...spread)).toBeGreaterThan(450);
  });

  test("invalid schedules are refused as values", () => {
    for (const [spec, fragment] of [
      [{ kind: "poisson", actors: 10, ratePerS: 0 }, "rate must be > 0"],
      [{ kind: "constant", actors: -1, ratePerS: 1 }, "actors must be an integer"],
      [{ kind: "constant", actors: 1.5, ratePerS: 1 }, "actors must be an integer"],
      [{ kind: "ramp", actors: 1, fromPerS: 1, toPerS: 0, durationMs: 1 }, "end rate"],
      [{ kind: "ramp", actors: 1, fromPerS: 1, toPerS: 2, durationMs: 0 }, "duration"],
      [{ kind: "closed", actors: 1, spreadMs: -5 }, "spread"],
      [{ kind: "storm", actors: 1 }, "unknown arrival kind"],
    ] as [ArrivalSchedule, string][]) {
      const result = planRun({ seed: 1, arrivals: spec, behaviours: "walker" });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.message).toContain(fragment);
    }
    expect(planRun({ seed: Number.NaN, arrivals: { kind: "closed", actors: 1 }, behaviours: "walker" }).ok).toBe(false);
    expect(planRun({ seed: 1, arrivals: { kind: "closed", actors: 1 }, behaviours: [] }).ok).toBe(false);
    expect(planRun({ seed: 1, arrivals: { kind: "closed", actors: 1 }, behaviours: [{ behaviour: "walker", weight: 0 }] }).ok).toBe(false);
    expect(planRun({ seed: 1, arrivals: { kind: "closed", actors: 1 }, behaviours: [{ behaviour: "walker", weight: -1 }] }).ok).toBe(false);
  });
});

describe("run plans", () => {
  const mix = [
    { behaviour: "walker", weight: 6 },
    { behaviour: "chatter", weight: 3 },
    { behaviour: "idle", weight: 1 },
  ];

  test("same seed, same plan; another seed, another plan", () => {
    const plan = (seed: number) => planRun({ seed, arrivals: { kind: "poisson", actors: 300, ratePerS: 50 }, behaviours: mix, startAtMs: 1000 });
    const a = plan(7);
    expect(plan(7)).toEqual(a);
    expect(plan(8)).not.toEqual(a);
    if (!a.ok) throw new Error("plan failed");
    expect(a.plan.actors[0]!.startAtMs).toBeGreaterThanOrEqual(1000);
    expect(a.plan.actors.map((actor) => actor.id)).toEqual(Array.from({ length: 300 }, (_, i) => i));
  });

  test("adding actors changes neither the earlier arrivals nor anyone's behaviour choice", () => {
    const small = planRun({ seed: 3, arrivals: { kind: "poisson", actors: 100, ratePerS: 10 }, behaviours: mix });
    const large = planRun({ seed: 3, arrivals: { kind: "poisson", actors: 150, ratePerS: 10 }, behaviours: mix });
    if (!small.ok || !large.ok) throw new Error("plan failed");
    expect(large.plan.actors.slice(0, 100)).toEqual([...small.plan.actors]);
    const spreadSmall = planRun({ seed: 3, arrivals: { kind: "closed", actors: 10, spreadMs: 1000 }, behaviours: mix });
    const spreadLarge = planRun({ seed: 3, arrivals: { kind: "closed", actors: 11, spreadMs: 1000 }, behaviours: mix });
    if (!spreadSmall.ok || !spreadLarge.ok) throw new Error("plan failed");
    expect(spreadLarge.plan.actors.slice(0, 10)).toEqual([...spreadSmall.plan.actors]);
  });

  test("the behaviour mix follows its weights", () => {
    const result = planRun({ seed: 5, arrivals: { kind: "closed", actors: 20_000 }, behaviours: mix });
    if (!result.ok) throw new Error("plan failed");
    const share = (name: string) => result.plan.actors.filter((actor) => actor.behaviour === name).length / 20_000;
    expect(Math.abs(share("walker") - 0.6)).toBeLessThan(0.015);
    expect(Math.abs(share("chatter") - 0.3)).toBeLessThan(0.015);
    expect(Math.abs(share("idle") - 0.1)).toBeLessThan(0.01);
  });
});
