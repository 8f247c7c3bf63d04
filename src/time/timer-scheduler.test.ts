import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import type { Clock } from "./clock.ts";
import { ManualClock } from "./manual-clock.ts";
import { RealTimerDriver, type NativeTimer } from "./real-driver.ts";
import { TimerHeap } from "./timer-heap.ts";
import type { TimerId, TimerQueue } from "./timer-queue.ts";
import { ReentrantTimerRunError, TimerScheduler } from "./timer-scheduler.ts";
import { TimerWheel } from "./timer-wheel.ts";

describe.each(["wheel", "heap"] as const)("manual clock over a %s", (queue) => {
  test("advance runs due timers in order, each at its own tick's time", () => {
    const clock = new ManualClock({ queue });
    const seen: string[] = [];
    const note = (_planned: number, label: string) => seen.push(`${label}@${clock.now()}`);
    clock.timers.after(30, note, "c");
    clock.timers.after(10, note, "a");
    clock.timers.after(20, note, "b1");
    clock.timers.after(20, note, "b2");
    expect(clock.advance(25)).toBe(3);
    expect(seen).toEqual(["a@10", "b1@20", "b2@20"]);
    expect(clock.now()).toBe(25);
    expect(clock.advance(100)).toBe(1);
    expect(seen.at(-1)).toBe("c@30");
    expect(clock.now()).toBe(125);
  });

  test("timers set by callbacks fire within the same advance when due", () => {
    const clock = new ManualClock({ queue });
    const times: number[] = [];
    const again = (_planned: number, left: number) => {
      times.push(clock.now());
      if (left > 0) clock.timers.after(7, again, left - 1);
    };
    clock.timers.after(5, again, 3);
    expect(clock.advance(100)).toBe(4);
    expect(times).toEqual([5, 12, 19, 26]);
  });

  test("lateness is measured from the deadline: fractional deadlines round up to the tick", () => {
    const clock = new ManualClock({ queue, tickMs: 10 });
    clock.timers.after(25, () => {}, undefined);
    clock.timers.after(30, () => {}, undefined);
    clock.advance(100);
    const lateness = clock.timers.stats.lateness;
    expect(lateness.count).toBe(2);
    expect(lateness.min).toBe(0);
    expect(lateness.max).toBe(5);
    expect(clock.timers.stats.fired).toBe(2);
    expect(clock.timers.stats.inserted).toBe(2);
  });

  test("a throwing callback is counted and reported, and the rest still run", () => {
    const errors: unknown[] = [];
    const clock = new ManualClock({ queue, onError: (error) => errors.push(error) });
    const ran: number[] = [];
    clock.timers.after(1, () => {
      throw new Error("boom");
    }, undefined);
    clock.timers.after(1, () => ran.push(1), undefined);
    clock.timers.after(2, () => ran.push(2), undefined);
    expect(clock.advance(5)).toBe(3);
    expect(ran).toEqual([1, 2]);
    expect(clock.timers.stats.errors).toBe(1);
    expect((errors[0] as Error).message).toBe("boom");
  });

  test("advancing from inside a timer is a fault, and the clock never goes backwards", () => {
    const clock = new ManualClock({ queue, onError: (error) => caught.push(error) });
    const caught: unknown[] = [];
    clock.timers.after(1, () => clock.advance(1), undefined);
    clock.advance(2);
    expect(caught[0]).toBeInstanceOf(ReentrantTimerRunError);
    expect(clock.advanceTo(0)).toBe(0);
    expect(clock.now()).toBe(2);
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(() => clock.advance(Number.NaN)).toThrow(RangeError);
  });

  test("cancelled timers never fire; runUntilIdle stops at the last fire", () => {
    const clock = new ManualClock({ queue });
    const ran: string[] = [];
    const keep = clock.timers.after(40, (_planned: number, label: string) => ran.push(label), "keep");
    const drop = clock.timers.after(20, (_planned: number, label: string) => ran.push(label), "drop");
    expect(clock.timers.cancel(drop)).toBe(true);
    expect(clock.timers.cancel(drop)).toBe(false);
    expect(clock.timers.isPending(keep)).toBe(true);
    expect(clock.runUntilIdle(1_000)).toBe(1);
    expect(ran).toEqual(["keep"]);
    expect(clock.now()).toBe(40);
    expect(clock.timers.stats.cancelled).toBe(1);
  });

  test("every: open-loop recurrence under one id; a NaN or infinite wait ends it", () => {
    const clock = new ManualClock({ queue });
    const planned: number[] = [];
    const waits = [10, 10, Number.POSITIVE_INFINITY];
    const id = clock.timers.every(5, (at: number) => planned.push(at), undefined, () => waits.shift() ?? 10);
    clock.advance(100);
    expect(planned).toEqual([5, 15, 25]);
    expect(clock.timers.isPending(id)).toBe(false);
    expect(clock.timers.stats.rearmed).toBe(2);
    const other = clock.timers.every(200, () => {}, undefined, () => Number.NaN);
    clock.advance(200);
    expect(clock.timers.isPending(other)).toBe(false);
  });

  test("a throwing callback whose argument can take the blame is reported to it, not to onError", () => {
    const onError: unknown[] = [];
    const clock = new ManualClock({ queue, onError: (error) => onError.push(error) });
    const blamed: unknown[] = [];
    const sink = { timerFault: (error: unknown) => blamed.push(error) };
    clock.timers.every(
      1,
      () => {
        throw new Error("behaviour bug");
      },
      sink,
      () => 1,
    );
    clock.advance(3);
    // The recurring timer stops at its first throw.
    expect(blamed.map((error) => (error as Error).message)).toEqual(["behaviour bug"]);
    expect(onError).toEqual([]);
    expect(clock.timers.pending).toBe(0);
  });

  test("a sliced run stops at its budget and the next run finishes the same tick in order", () => {
    // A clock that moves 1 ms per read makes the slice deterministic.
    let reads = 0;
    const slow: Clock = { deterministic: true, now: () => reads++ };
    const scheduler = new TimerScheduler(slow, new TimerWheel({ tickMs: 1_000_000 }));
    const fired: number[] = [];
    for (let i = 0; i < 1000; i++) scheduler.at(1_000_000, (_planned: number, n: number) => fired.push(n), i);
    const first = scheduler.runDue(1_000_000, undefined, 2);
    expect(scheduler.incomplete).toBe(true);
    expect(first).toBe(128);
    let rest = 0;
    while (scheduler.incomplete || rest === 0) rest += scheduler.runDue(1_000_000, undefined, 1_000_000);
    expect(first + rest).toBe(1000);
    expect(fired).toEqual(Array.from({ length: 1000 }, (_, i) => i));
  });
});

/**
 * The wheel runs its due timers in its own fused loop (`fireDue`); the heap goes through
 * `popDue` and `finish`. Both must behave the same seen from the scheduler.
 */
describe.each(["wheel", "heap"] as const)("scheduler fire loop over a %s", (kind) => {
  const makeQueue = (tickMs = 1, initialCapacity = 16): TimerQueue =>
    kind === "wheel" ? new TimerWheel({ tickMs, initialCapacity }) : new TimerHeap({ tickMs, initialCapacity });
  const manual = () => {
    const state = { t: 0 };
    const clock: Clock = { deterministic: true, now: () => state.t };
    return { clock, state };
  };

  test("same-deadline timers fire in insertion order, whichever way they were filed", () => {
    const { clock, state } = manual();
    const scheduler = new TimerScheduler(clock, makeQueue());
    const seen: string[] = [];
    const note = (_planned: number, label: string) => seen.push(label);
    scheduler.at(400, note, "far-first");
    state.t = 100;
    scheduler.runDue(100);
    scheduler.at(400, note, "near-second");
    scheduler.every(400, note, "recurring-third", () => 1000);
    scheduler.at(400, note, "near-fourth");
    scheduler.runDue(400);
    expect(seen).toEqual(["far-first", "near-second", "recurring-third", "near-fourth"]);
  });

  test("a callback cancels a later timer of its own tick, and a recurring timer cancels itself", () => {
    const { clock } = manual();
    const scheduler = new TimerScheduler(clock, makeQueue());
    const seen: string[] = [];
    let victim: TimerId = -1;
    let self: TimerId = -1;
    scheduler.at(5, () => seen.push(`killer ${scheduler.cancel(victim)}`), undefined);
    victim = scheduler.at(5, () => seen.push("victim"), undefined);
    self = scheduler.every(5, (planned: number) => {
      seen.push(`self@${planned} pending ${scheduler.isPending(self)}`);
      if (planned === 15) seen.push(`cancel ${scheduler.cancel(self)}`);
    }, undefined, () => 5);
    scheduler.runDue(100);
    expect(seen).toEqual(["killer true", "self@5 pending true", "self@10 pending true", "self@15 pending true", "cancel true"]);
    expect(scheduler.isPending(self)).toBe(false);
    expect(scheduler.pending).toBe(0);
    // The cancelled fire still drew its next wait; the queue dropped it.
    expect(scheduler.stats.rearmed).toBe(3);
  });

  test("a recurring timer that cancels itself and inserts a timer in its place: only the new one runs on", () => {
    const { clock } = manual();
    const scheduler = new TimerScheduler(clock, makeQueue());
    const seen: string[] = [];
    let id: TimerId = -1;
    id = scheduler.every(5, () => {
      scheduler.cancel(id);
      // Takes the slot the cancelled timer freed.
      scheduler.at(6, () => seen.push("newcomer"), undefined);
      seen.push("old");
    }, undefined, () => 5);
    scheduler.runDue(50);
    expect(seen).toEqual(["old", "newcomer"]);
    expect(scheduler.pending).toBe(0);
  });

  test("a timer inserted by a callback for now waits for the next tick; re-arms run from the callback's planned time", () => {
    const { clock, state } = manual();
    const scheduler = new TimerScheduler(clock, makeQueue());
    const seen: string[] = [];
    scheduler.at(10, () => {
      scheduler.at(10, (planned: number) => seen.push(`same deadline planned ${planned} ran in pass ${state.t}`), undefined);
      seen.push("first");
    }, undefined);
    state.t = 10;
    expect(scheduler.runDue(10)).toBe(1);
    expect(seen).toEqual(["first"]);
    state.t = 11;
    expect(scheduler.runDue(11)).toBe(1);
    expect(seen).toEqual(["first", "same deadline planned 10 ran in pass 11"]);
  });

  test("callbacks that grow the queue past its capacity mid-tick leave the rest of the tick intact", () => {
    const { clock } = manual();
    const scheduler = new TimerScheduler(clock, makeQueue(1, 16));
    const seen: number[] = [];
    let spawned = false;
    const spawn = (_planned: number, n: number) => {
      seen.push(n);
      if (spawned) return;
      spawned = true;
      for (let i = 0; i < 100; i++) scheduler.at(50 + i, (_p: number, m: number) => seen.push(m), 1000 + i);
    };
    for (let n = 0; n < 10; n++) scheduler.every(5, spawn, n, () => 40);
    scheduler.runDue(5);
    expect(seen).toEqual(Array.from({ length: 10 }, (_, n) => n));
    scheduler.runDue(200);
    // At 45 the ten recurring timers again, then 50..149 the spawned ones (85 and 125 interleave).
    expect(seen.filter((n) => n >= 1000)).toEqual(Array.from({ length: 100 }, (_, i) => 1000 + i));
    expect(seen.filter((n) => n < 1000)).toHaveLength(10 * 5);
    expect(scheduler.stats.fired).toBe(150);
  });

  test("a throw in the callback or in the interval stops that timer and is blamed; the tick goes on", () => {
    const { clock } = manual();
    const errors: string[] = [];
    const scheduler = new TimerScheduler(clock, makeQueue(), { onError: (error) => errors.push((error as Error).message) });
    const seen: string[] = [];
    scheduler.every(5, () => {
      throw new Error("callback");
    }, undefined, () => 5);
    scheduler.every(5, () => seen.push("interval throws next"), undefined, () => {
      throw new Error("interval");
    });
    scheduler.every(5, (planned: number) => seen.push(`steady@${planned}`), undefined, () => 5);
    scheduler.runDue(12);
    expect(errors).toEqual(["callback", "interval"]);
    expect(seen).toEqual(["interval throws next", "steady@5", "steady@10"]);
    expect(scheduler.stats.errors).toBe(2);
    expect(scheduler.pending).toBe(1);
  });

  test("the batch time is re-read every 128 fires of a long tick, and lateness sees it", () => {
    let reads = 0;
    // Each read of this clock is one ms later than the last.
    const clock: Clock = { deterministic: true, now: () => 100 + reads++ };
    const scheduler = new TimerScheduler(clock, makeQueue(100));
    for (let i = 0; i < 300; i++) scheduler.at(100, () => {}, undefined);
    expect(scheduler.runDue(100)).toBe(300);
    const lateness = scheduler.stats.lateness;
    // Batch start (0 ms late), then re-read after fire 128 (1 ms) and 256 (2 ms).
    expect([lateness.count, lateness.min, lateness.max]).toEqual([300, 0, 2]);
    expect(scheduler.stats.duePerTick.max).toBe(300);
  });
});

/** Random programs through the scheduler: the wheel's fused loop and the heap's pop/finish must agree. */
test("property: the scheduler runs the same fires over the wheel and over the heap", () => {
  type Op =
    | { kind: "insert"; delay: number; every: number; action: number }
    | { kind: "cancel"; pick: number }
    | { kind: "advance"; by: number };
  const op: fc.Arbitrary<Op> = fc.oneof(
    { weight: 5, arbitrary: fc.record({
        kind: fc.constant("insert" as const),
        delay: fc.oneof(fc.integer({ min: -3, max: 300 }), fc.integer({ min: 250, max: 70_000 })),
        every: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 400 })),
        // What the callback does: 0 nothing, 1 cancel itself, 2 cancel another, 3 insert, 4 throw.
        action: fc.integer({ min: 0, max: 4 }),
      }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant("cancel" as const), pick: fc.nat() }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant("advance" as const), by: fc.integer({ min: 0, max: 3000 }) }) },
  );
  fc.assert(
    fc.property(fc.array(op, { minLength: 10, maxLength: 200 }), fc.constantFrom(1, 10), (ops, tickMs) => {
      const traces = (["wheel", "heap"] as const).map((kind) => {
        const state = { t: 0 };
        const clock: Clock = { deterministic: true, now: () => state.t };
        const log: string[] = [];
        const queue: TimerQueue = kind === "wheel" ? new TimerWheel({ tickMs, initialCapacity: 16 }) : new TimerHeap({ tickMs, initialCapacity: 16 });
        const scheduler = new TimerScheduler(clock, queue, { onError: (error) => log.push(`error ${(error as Error).message}`) });
        const ids: TimerId[] = [];
        let label = 0;
        const fire = (planned: number, arg: { label: number; action: number }, id: TimerId) => {
          log.push(`fire ${arg.label} planned ${planned} at ${state.t} pending ${scheduler.isPending(id)}`);
          if (arg.action === 1) log.push(`self-cancel ${scheduler.cancel(id)}`);
          else if (arg.action === 2 && ids.length > 0) log.push(`cancel ${scheduler.cancel(ids[(arg.label * 7) % ids.length]!)}`);
          else if (arg.action === 3) ids.push(scheduler.after(arg.label % 5, fire, { label: label++, action: 0 }));
          else if (arg.action === 4) throw new Error(`from ${arg.label}`);
        };
        for (const step of ops) {
          if (step.kind === "insert") {
            const arg = { label: label++, action: step.action };
            const period = step.every;
            ids.push(period === 0 ? scheduler.at(state.t + step.delay, fire, arg) : scheduler.every(state.t + step.delay, fire, arg, () => period));
          } else if (step.kind === "cancel") {
            log.push(`cancel ${scheduler.cancel(ids[step.pick % Math.max(1, ids.length)] ?? -1)}`);
          } else {
            state.t += step.by;
            log.push(`ran ${scheduler.runDue(state.t)}`);
          }
        }
        log.push(`pending ${scheduler.pending} fired ${scheduler.stats.fired} rearmed ${scheduler.stats.rearmed} errors ${scheduler.stats.errors}`);
        return log;
      });
      expect(traces[0]).toEqual(traces[1]!);
    }),
    { numRuns: 200, seed: 20261201 },
  );
});

/** A fake native timer: records what is armed, fires on demand. */
function fakeNative() {
  const armed: { callback: () => void; delayMs: number; cleared: boolean }[] = [];
  const native: NativeTimer = {
    set: (callback, delayMs) => {
      const entry = { callback, delayMs, cleared: false };
      armed.push(entry);
      return entry;
    },
    clear: (handle) => {
      (handle as { cleared: boolean }).cleared = true;
    },
    immediate: (callback) => {
      const entry = { callback, delayMs: -1, cleared: false };
      armed.push(entry);
      return entry;
    },
    clearImmediate: (handle) => {
      (handle as { cleared: boolean }).cleared = true;
    },
  };
  return { native, armed };
}

/** A clock the test sets by hand; it runs nothing by itself (the driver does). */
function settableClock() {
  const state = { t: 0 };
  const clock: Clock = { deterministic: true, now: () => state.t };
  return { clock, state };
}

describe("real driver (one native timer, injected)", () => {
  test("keeps exactly one native timer armed for any number of queue timers, aimed at the next tick", () => {
    const { clock, state } = settableClock();
    const scheduler = new TimerScheduler(clock, new TimerWheel({ tickMs: 10 }));
    const { native, armed } = fakeNative();
    const driver = new RealTimerDriver(scheduler, clock, { native });
    const delays = Array.from({ length: 10_000 }, (_, i) => 5 + (i % 300));
    for (const delay of delays) scheduler.after(delay, () => {}, undefined);
    driver.start();
    driver.start();
    expect(armed).toHaveLength(1);
    expect(armed[0]!.delayMs).toBe(10);
    // The wake comes 3 ms late: that is the loop lag; it runs what is due (ticks up to 10 ms) and re-arms once.
    state.t = 13;
    armed[0]!.callback();
    expect(armed).toHaveLength(2);
    expect(driver.loopLag.max).toBe(3);
    expect(driver.wakeups).toBe(1);
    expect(scheduler.stats.fired).toBe(delays.filter((delay) => Math.ceil(delay / 10) <= 1).length);
    // Next boundary is 20: 7 ms from 13.
    expect(armed[1]!.delayMs).toBe(7);
    driver.stop();
    expect(armed[1]!.cleared).toBe(true);
    expect(driver.running).toBe(false);
  });

  test("a timer callback may stop the driver; it then arms nothing more", () => {
    const { clock, state } = settableClock();
    const scheduler = new TimerScheduler(clock, new TimerWheel({ tickMs: 10 }));
    const { native, armed } = fakeNative();
    const driver = new RealTimerDriver(scheduler, clock, { native });
    scheduler.after(1, () => driver.stop(), undefined);
    driver.start();
    state.t = 10;
    armed[0]!.callback();
    expect(armed).toHaveLength(1);
    expect(driver.running).toBe(false);
  });

  test("when a wake runs out of its slice it yields (an immediate, not a timeout) and finishes later", () => {
    let now = 0;
    const clock: Clock = { deterministic: true, now: () => (now += 0.5) };
    const scheduler = new TimerScheduler(clock, new TimerWheel({ tickMs: 10 }));
    const { native, armed } = fakeNative();
    const driver = new RealTimerDriver(scheduler, clock, { native, sliceMs: 1 });
    for (let i = 0; i < 1_000; i++) scheduler.at(5, () => {}, undefined);
    driver.start();
    now = 10;
    armed[0]!.callback();
    expect(driver.yields).toBe(1);
    // -1 marks an immediate in the fake.
    expect(armed[1]!.delayMs).toBe(-1);
    while (scheduler.pending > 0) armed.at(-1)!.callback();
    expect(scheduler.stats.fired).toBe(1_000);
    expect(driver.yields).toBeGreaterThan(1);
    expect(armed.at(-1)!.delayMs).toBeGreaterThan(0);
    // Stopping while a continuation is queued cancels the continuation.
    for (let i = 0; i < 1_000; i++) scheduler.at(now + 1, () => {}, undefined);
    now += 20;
    armed.at(-1)!.callback();
    expect(armed.at(-1)!.delayMs).toBe(-1);
    driver.stop();
    expect(armed.at(-1)!.cleared).toBe(true);
  });
});
