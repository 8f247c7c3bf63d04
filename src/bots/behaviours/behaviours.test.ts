import { describe, expect, test } from "bun:test";
import { createRecordingContext, type RecordedSend } from "../recording-context.ts";
import { CHATTER_LINES, ChatterBehaviour } from "./chatter.ts";
import { IdleBehaviour } from "./idle.ts";
import { BUILTIN_BEHAVIOURS } from "./index.ts";
import { MIXED_BURST_MAX_STEPS, MixedPlayerBehaviour } from "./mixed-player.ts";
import { TALK_PACKET, WALK_PACKET } from "./packets.ts";
import { TimerLoadBehaviour } from "./timer-load.ts";
import { WalkerBehaviour, WALKER_FIXED_INTERVAL_MS } from "./walker.ts";

const MINUTE_MS = 60_000;

function gaps(sends: readonly RecordedSend[]): number[] {
  return sends.slice(1).map((send, i) => send.plannedAtMs - sends[i]!.plannedAtMs);
}

describe("walker", () => {
  test("steps every 211 to 410 ms (uniform), on headings 1..4, each send carrying its planned time", () => {
    const { context, clock, sends } = createRecordingContext({ seed: 17 });
    new WalkerBehaviour().start(context);
    clock.advance(10 * MINUTE_MS);
    expect(sends.every((send) => send.packet === WALK_PACKET)).toBe(true);
    const intervals = gaps(sends);
    expect(Math.min(...intervals)).toBeGreaterThanOrEqual(211);
    expect(Math.max(...intervals)).toBeLessThan(410);
    const mean = intervals.reduce((a, b) => a + b, 0) / intervals.length;
    expect(Math.abs(mean - 310.5)).toBeLessThan(5);
    // About 600 s / 310.5 ms steps.
    expect(sends.length).toBeGreaterThan(1880);
    expect(sends.length).toBeLessThan(1990);
    const headings = sends.map((send) => send.fields.heading as number);
    for (const heading of [1, 2, 3, 4]) {
      const share = headings.filter((h) => h === heading).length / headings.length;
      expect(Math.abs(share - 0.25)).toBeLessThan(0.04);
    }
    expect(new Set(headings)).toEqual(new Set([1, 2, 3, 4]));
    // On the manual clock a step is sent exactly at its planned time.
    expect(sends.every((send) => send.atMs === Math.ceil(send.plannedAtMs))).toBe(true);
  });

  test("a fixed interval steps exactly every 211 ms; stop ends the walk", () => {
    const { context, clock, sends } = createRecordingContext();
    const walker = new WalkerBehaviour({ intervalMs: WALKER_FIXED_INTERVAL_MS });
    walker.start(context);
    clock.advance(2_110);
    expect(sends.map((send) => send.atMs)).toEqual([211, 422, 633, 844, 1055, 1266, 1477, 1688, 1899, 2110]);
    walker.stop(context);
    clock.advance(MINUTE_MS);
    expect(sends).toHaveLength(10);
  });

  test("the same seed walks the same way; another seed does not", () => {
    const walk = (seed: number) => {
      const { context, clock, sends } = createRecordingContext({ seed });
      new WalkerBehaviour().start(context);
      clock.advance(20_000);
      return sends.map((send) => `${send.atMs}:${send.fields.heading as number}`);
    };
    expect(walk(3)).toEqual(walk(3));
    expect(walk(3)).not.toEqual(walk(4));
  });
});

describe("chatter, idle, timer load", () => {
  test("chatter says one of its lines now and then", () => {
    const { context, clock, sends } = createRecordingContext({ seed: 8 });
    new ChatterBehaviour().start(context);
    clock.advance(30 * MINUTE_MS);
    expect(sends.every((send) => send.packet === TALK_PACKET && CHATTER_LINES.includes(send.fields.text as string))).toBe(true);
    // 8 s mean over 30 minutes: about 225 lines.
    expect(sends.length).toBeGreaterThan(180);
    expect(sends.length).toBeLessThan(270);
    expect(Math.max(...gaps(sends))).toBeLessThanOrEqual(60_000);
    expect(() => new ChatterBehaviour({ lines: [] })).toThrow(RangeError);
  });

  test("idle sends nothing and holds no timers", () => {
    const { context, clock, sends } = createRecordingContext();
    new IdleBehaviour().start(context);
    clock.advance(10 * MINUTE_MS);
    expect(sends).toEqual([]);
    expect(context.timers.active).toBe(0);
  });

  test("the benchmark actor runs its timers and one step per fire", () => {
    const { context, clock, sends } = createRecordingContext({ limits: { maxTimers: 4, maxSendsPerS: 100, maxSubscriptions: 1 } });
    const load = new TimerLoadBehaviour({ timers: 4, think: { kind: "constant", ms: 100 } });
    load.start(context);
    expect(context.timers.active).toBe(4);
    clock.advance(1_000);
    expect(sends).toHaveLength(40);
    const quiet = createRecordingContext({ limits: { maxTimers: 2, maxSendsPerS: 100, maxSubscriptions: 1 } });
    const overBudget = new TimerLoadBehaviour({ timers: 4, send: false });
    overBudget.start(quiet.context);
    expect(overBudget.refused).toBe(2);
    quiet.clock.advance(1_000);
    expect(quiet.sends).toEqual([]);
    expect(quiet.clock.timers.stats.fired).toBeGreaterThan(0);
  });
});

describe("mixed player", () => {
  test("walks in bursts at walking pace, pauses between, sometimes talks or goes away", () => {
    const { context, clock, sends } = createRecordingContext({ seed: 21 });
    const player = new MixedPlayerBehaviour();
    player.start(context);
    clock.advance(60 * MINUTE_MS);
    const walks = sends.filter((send) => send.packet === WALK_PACKET);
    const talks = sends.filter((send) => send.packet === TALK_PACKET);
    expect(walks.length).toBe(player.steps);
    expect(talks.length).toBe(player.said);
    expect(talks.length).toBeGreaterThan(0);
    expect(player.aways).toBeGreaterThan(0);
    const walkGaps = gaps(walks);
    // Inside a burst steps come 211..410 ms apart; between bursts there is a pause of at least 500 ms.
    expect(Math.min(...walkGaps)).toBeGreaterThanOrEqual(211);
    const inBurst = walkGaps.filter((gap) => gap < 410).length;
    const pauses = walkGaps.filter((gap) => gap >= 500).length;
    expect(inBurst + pauses).toBe(walkGaps.length);
    // Bursts average (3 + 24) / 2 steps.
    expect(inBurst / Math.max(1, pauses)).toBeGreaterThan(8);
    expect(inBurst / Math.max(1, pauses)).toBeLessThan(MIXED_BURST_MAX_STEPS);
    expect(new Set(walks.map((send) => send.fields.heading))).toEqual(new Set([1, 2, 3, 4]));
    player.stop(context);
    const before = sends.length;
    clock.advance(10 * MINUTE_MS);
    expect(sends.length).toBe(before);
  });

  test("every shipped behaviour is registered under its name", () => {
    expect(Object.keys(BUILTIN_BEHAVIOURS).sort()).toEqual(["caster", "chatter", "fighter", "idle", "mixed", "walker", "walker-fixed"]);
    for (const [name, make] of Object.entries(BUILTIN_BEHAVIOURS)) expect(name.startsWith(make().name)).toBe(true);
  });
});
