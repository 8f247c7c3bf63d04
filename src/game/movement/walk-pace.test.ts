import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { STOCK_INTERVALS_MS } from "../../protocol/index.ts";
import {
  BLOCKED_ALL,
  checkWalk,
  checkWalkPace,
  HEADING_EAST,
  HEADING_WEST,
  WALK_BURST_STEPS,
  WALK_INTERVAL_MS,
  WALK_TOLERANCE,
  type WalkableGrid,
  type WalkOutcome,
  type WalkPacing,
} from "./index.ts";

describe("walk pacing (GCRA)", () => {
  // Derived from the constants: a step is due every 210 × (1 − 0.15) = 178.5 ms, and a step may
  // come up to 3 × 178.5 = 535.5 ms before its due time.
  const EMISSION_MS = 178.5;
  const LIMIT_MS = 535.5;

  test("the constants the numbers below are derived from", () => {
    expect(WALK_INTERVAL_MS).toBe(210);
    expect(WALK_INTERVAL_MS).toBe(STOCK_INTERVALS_MS.walkMs);
    expect(WALK_TOLERANCE).toBe(0.15);
    expect(WALK_BURST_STEPS).toBe(3);
    expect(WALK_INTERVAL_MS * (1 - WALK_TOLERANCE)).toBe(EMISSION_MS);
    expect(EMISSION_MS * WALK_BURST_STEPS).toBe(LIMIT_MS);
  });

  /** "A" for an accepted step, "R" for a refused one. */
  const pattern = (pacing: WalkPacing, times: readonly number[]) => times.map((t) => (checkWalkPace(pacing, t) ? "A" : "R")).join("");

  test("steps every 210 ms are always accepted", () => {
    const pacing: WalkPacing = { nextStepAt: 0 };
    const times = Array.from({ length: 2000 }, (_, i) => 5_000 + i * WALK_INTERVAL_MS);
    expect(pattern(pacing, times)).toBe("A".repeat(2000));
    // Each accepted step on time books the next one 178.5 ms after it.
    expect(pacing.nextStepAt).toBe(5_000 + 1999 * 210 + EMISSION_MS);
  });

  test("steps every 179 ms (just slower than the emission interval) are always accepted", () => {
    const pacing: WalkPacing = { nextStepAt: 0 };
    const times = Array.from({ length: 3000 }, (_, i) => 1_000 + i * 179);
    expect(pattern(pacing, times)).toBe("A".repeat(3000));
  });

  test("a burst at one instant: the due step plus WALK_BURST_STEPS early ones pass, the next is refused", () => {
    // Credit check by hand at t = 1000: booked times 1000 → 1178.5 → 1357 → 1535.5 → 1714;
    // the 4th step is 535.5 ms early (= the limit, accepted), the 5th 714 ms early (refused).
    const pacing: WalkPacing = { nextStepAt: 0 };
    expect(pattern(pacing, [1000, 1000, 1000, 1000, 1000, 1000])).toBe("AAAARR");
    expect(pacing.nextStepAt).toBe(1000 + 4 * EMISSION_MS);
  });

  test("a refused step does not use up credit", () => {
    const pacing: WalkPacing = { nextStepAt: 0 };
    pattern(pacing, [1000, 1000, 1000, 1000]);
    const booked = pacing.nextStepAt;
    expect(pattern(pacing, [1000, 1000, 1000])).toBe("RRR");
    expect(pacing.nextStepAt).toBe(booked);
  });

  test("after a pause credit comes back one step per 178.5 ms", () => {
    const pacing: WalkPacing = { nextStepAt: 0 };
    expect(pattern(pacing, [1000, 1000, 1000, 1000])).toBe("AAAA"); // booked up to 1714
    expect(pattern(pacing, [1000 + EMISSION_MS - 1])).toBe("R"); // 536.5 ms early
    expect(pattern(pacing, [1000 + EMISSION_MS, 1000 + EMISSION_MS])).toBe("AR");
    expect(pattern(pacing, [1000 + 3 * EMISSION_MS, 1000 + 3 * EMISSION_MS, 1000 + 3 * EMISSION_MS])).toBe("AAR");
  });

  test("however long the pause, credit never grows beyond the burst", () => {
    const pacing: WalkPacing = { nextStepAt: 0 };
    expect(pattern(pacing, [1000, 1000, 1000, 1000, 1000])).toBe("AAAAR");
    for (const pause of [10_000, 3_600_000]) {
      const t = 1000 + pause;
      expect(pattern(pacing, [t, t, t, t, t])).toBe("AAAAR");
      expect(pacing.nextStepAt).toBe(t + 4 * EMISSION_MS);
    }
  });

  test("steps every 100 ms: exact accept/refuse pattern", () => {
    // Worked by hand: the debt grows 78.5 ms per accepted step and shrinks 100 ms per refused
    // one; a step is refused when it would arrive more than 535.5 ms early.
    const pacing: WalkPacing = { nextStepAt: 0 };
    const times = Array.from({ length: 20 }, (_, i) => 1000 + i * 100);
    expect(pattern(pacing, times)).toBe("AAAAAAARAARARARARAAR");
  });

  test("steps every 178 ms (0.5 ms too fast): the first refusal is step 1072", () => {
    // Step k arrives 0.5·k ms early; refused once 0.5·k > 535.5, i.e. at k = 1072. The refused
    // step leaves the booking alone, so the next one (178 ms later) is only 358 ms early.
    const pacing: WalkPacing = { nextStepAt: 0 };
    const times = Array.from({ length: 1075 }, (_, i) => 1000 + i * 178);
    expect(pattern(pacing, times)).toBe(`${"A".repeat(1072)}RAA`);
  });

  test("property: accepted steps never beat the rate, and a step one interval after the last accepted one passes", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 1, maxLength: 200 }), (start, gaps) => {
        const pacing: WalkPacing = { nextStepAt: 0 };
        let now = start;
        const accepted: number[] = [];
        for (const gap of gaps) {
          now += gap;
          const lastAccepted = accepted.at(-1);
          const ok = checkWalkPace(pacing, now);
          if (lastAccepted !== undefined && now - lastAccepted >= EMISSION_MS) expect(ok).toBe(true);
          if (ok) accepted.push(now);
        }
        // Any n accepted steps span at least (n − 1) emission intervals minus the burst slack.
        for (let i = 0; i < accepted.length; i++) {
          for (let j = i + 1; j < accepted.length; j++) {
            expect((j - i) * EMISSION_MS - (accepted[j]! - accepted[i]!)).toBeLessThanOrEqual(LIMIT_MS);
          }
        }
      }),
      { seed: 210, numRuns: 300 },
    );
  });
});

describe("checkWalk: the step rule, then the pace", () => {
  // Three tiles in a row; the west one is a wall.
  const corridor: WalkableGrid = { width: 3, height: 1, collision: Uint8Array.of(BLOCKED_ALL, 0, 0), triggers: new Uint8Array(3) };

  test("a legal step on time is ok and books the next one", () => {
    const pacing: WalkPacing = { nextStepAt: 0 };
    expect(checkWalk(corridor, 2, 1, HEADING_EAST, pacing, 1000)).toBe("ok");
    expect(pacing.nextStepAt).toBe(1000 + WALK_INTERVAL_MS * (1 - WALK_TOLERANCE));
  });

  test("a refused step costs no walking credit: the pace is booked only for steps the map allows", () => {
    const pacing: WalkPacing = { nextStepAt: 0 };
    for (let i = 0; i < 10; i++) expect(checkWalk(corridor, 2, 1, HEADING_WEST, pacing, 1000)).toBe("blocked");
    expect(pacing.nextStepAt).toBe(0);
    expect(checkWalk(corridor, 2, 1, HEADING_EAST, pacing, 1000, () => true)).toBe("occupied");
    expect(checkWalk(corridor, 3, 1, HEADING_EAST, pacing, 1000)).toBe("out_of_bounds");
    expect(pacing.nextStepAt).toBe(0);
  });

  test("too_fast once the burst is spent", () => {
    const pacing: WalkPacing = { nextStepAt: 0 };
    const outcomes = Array.from({ length: WALK_BURST_STEPS + 2 }, () => checkWalk(corridor, 2, 1, HEADING_EAST, pacing, 1000));
    expect(outcomes).toEqual([...Array<WalkOutcome>(WALK_BURST_STEPS + 1).fill("ok"), "too_fast"]);
  });
});

describe("a movement speed multiplier (a GM's SetSpeed)", () => {
  test("at speed 4 steps a quarter of the interval apart keep to the pace; at 1 they do not; a hostile speed counts as 1", () => {
    const steps = (speed: number) => {
      const pacing: WalkPacing = { nextStepAt: 0 };
      let accepted = 0;
      for (let i = 0; i < 40; i++) if (checkWalkPace(pacing, 1000 + i * (WALK_INTERVAL_MS / 4), speed)) accepted++;
      return accepted;
    };
    expect(steps(4)).toBe(40);
    expect(steps(1)).toBeLessThan(20);
    expect(steps(Number.NaN)).toBe(steps(1));
    expect(steps(-3)).toBe(steps(1));
  });
});
