import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { TimerHeap } from "./timer-heap.ts";
import { firedTimerRecord, TIMER_SLOT_SPACE, type TimerQueue } from "./timer-queue.ts";
import { TimerWheel } from "./timer-wheel.ts";

type Make = (tickMs: number, startMs?: number) => TimerQueue;
const implementations: [string, Make][] = [
  ["wheel", (tickMs, startMs) => new TimerWheel({ tickMs, startMs, initialCapacity: 16 })],
  ["heap", (tickMs, startMs) => new TimerHeap({ tickMs, startMs, initialCapacity: 16 })],
];

interface Fire {
  label: string;
  tick: number;
  deadline: number;
}

/** Advances to `limitTick`, returning what fired, tick by tick. */
function drain(queue: TimerQueue, limitTick: number, log: Fire[] = []): Fire[] {
  const out = firedTimerRecord();
  let tick: number;
  while ((tick = queue.nextDueTick(limitTick)) !== -1) {
    while (queue.popDue(out)) {
      log.push({ label: out.arg as string, tick, deadline: out.deadlineMs });
      out.callback(out.deadlineMs, out.arg, out.id);
      queue.finish(out, Number.NaN);
    }
  }
  return log;
}

const none = () => {};

describe.each(implementations)("timer queue conformance: %s", (_name, make) => {
  test("fires by deadline, equal deadlines in insertion order", () => {
    const queue = make(1);
    queue.insert(30, none, "c30");
    queue.insert(10, none, "a10");
    queue.insert(20, none, "b20-first");
    queue.insert(20, none, "b20-second");
    queue.insert(20, none, "b20-third");
    const fired = drain(queue, 100);
    expect(fired.map((f) => f.label)).toEqual(["a10", "b20-first", "b20-second", "b20-third", "c30"]);
    expect(fired.map((f) => f.tick)).toEqual([10, 20, 20, 20, 30]);
    expect(queue.size).toBe(0);
  });

  test("a deadline rounds up to its tick and never fires early", () => {
    const queue = make(10);
    queue.insert(101, none, "x");
    expect(drain(queue, 10)).toEqual([]);
    expect(queue.size).toBe(1);
    expect(drain(queue, 11)).toEqual([{ label: "x", tick: 11, deadline: 101 }]);
  });

  test("a timer due now or in the past fires in the next tick, not in the pass that inserted it", () => {
    const queue = make(1, 50);
    const out = firedTimerRecord();
    queue.insert(50, none, "now");
    queue.insert(-1000, none, "past");
    expect(queue.nextDueTick(50)).toBe(-1);
    expect(queue.nextDueTick(51)).toBe(51);
    expect(queue.popDue(out)).toBe(true);
    expect(out.arg).toBe("now");
    // Inserted while tick 51 runs, due at 51: it must wait for 52.
    queue.insert(51, none, "during");
    expect(queue.popDue(out)).toBe(true);
    expect(out.arg).toBe("past");
    expect(queue.popDue(out)).toBe(false);
    expect(drain(queue, 60)).toEqual([{ label: "during", tick: 52, deadline: 51 }]);
  });

  test("cancel: pending yes, twice no, fired no, and a stale id never cancels a slot's new timer", () => {
    const queue = make(1);
    const a = queue.insert(5, none, "a");
    const b = queue.insert(6, none, "b");
    expect(queue.isPending(a)).toBe(true);
    expect(queue.deadlineOf(a)).toBe(5);
    expect(queue.cancel(a)).toBe(true);
    expect(queue.isPending(a)).toBe(false);
    expect(queue.deadlineOf(a)).toBeUndefined();
    expect(queue.cancel(a)).toBe(false);
    // The freed slot is reused by the next insert with a new generation.
    const c = queue.insert(7, none, "c");
    expect(c % TIMER_SLOT_SPACE).toBe(a % TIMER_SLOT_SPACE);
    expect(c).not.toBe(a);
    expect(queue.cancel(a)).toBe(false);
    expect(queue.isPending(c)).toBe(true);
    expect(drain(queue, 10).map((f) => f.label)).toEqual(["b", "c"]);
    expect(queue.cancel(b)).toBe(false);
    expect(queue.cancel(c)).toBe(false);
    for (const junk of [-1, 1.5, Number.NaN, 2 ** 60, TIMER_SLOT_SPACE - 1]) expect(queue.cancel(junk)).toBe(false);
  });

  test("a callback can cancel a timer due later in the same tick", () => {
    const queue = make(1);
    let victim = -1;
    const fired: string[] = [];
    queue.insert(3, () => queue.cancel(victim), "killer");
    victim = queue.insert(3, none, "victim");
    queue.insert(3, none, "survivor");
    const out = firedTimerRecord();
    while (queue.nextDueTick(10) !== -1) {
      while (queue.popDue(out)) {
        fired.push(out.arg as string);
        out.callback(out.deadlineMs, out.arg, out.id);
        queue.finish(out, Number.NaN);
      }
    }
    expect(fired).toEqual(["killer", "survivor"]);
  });

  test("far timers (every wheel level and beyond the horizon) fire exactly on their tick", () => {
    const queue = make(1);
    const deadlines = [255, 256, 257, 65_535, 65_536, 65_537, 300_000, 16_777_216, 16_777_300, 5_000_000_000];
    for (const deadline of deadlines) queue.insert(deadline, none, `t${deadline}`);
    const fired = drain(queue, 6_000_000_000);
    expect(fired.map((f) => f.tick)).toEqual(deadlines);
    expect(fired.map((f) => f.deadline)).toEqual(deadlines);
  });

  test("equal ticks keep insertion order even when one timer cascaded from a higher level", () => {
    const queue = make(1);
    queue.insert(300, none, "old-far");
    drain(queue, 100);
    queue.insert(300, none, "new-near");
    queue.insert(300, none, "newer-near");
    expect(drain(queue, 400).map((f) => f.label)).toEqual(["old-far", "new-near", "newer-near"]);
  });

  test("a repeatedly handed-out tick is the same until drained", () => {
    const queue = make(1);
    queue.insert(5, none, "a");
    queue.insert(5, none, "b");
    const out = firedTimerRecord();
    expect(queue.nextDueTick(100)).toBe(5);
    expect(queue.popDue(out)).toBe(true);
    expect(queue.nextDueTick(100)).toBe(5);
    expect(queue.popDue(out)).toBe(true);
    expect(out.arg).toBe("b");
    expect(queue.nextDueTick(100)).toBe(-1);
    expect(queue.currentTick).toBe(100);
  });

  test("grows past its initial capacity and keeps every timer", () => {
    const queue = make(1);
    const count = 5_000;
    for (let i = 0; i < count; i++) queue.insert(1 + (i % 700), none, `t${i}`);
    expect(queue.size).toBe(count);
    const fired = drain(queue, 1_000);
    expect(fired).toHaveLength(count);
    for (let i = 1; i < fired.length; i++) expect(fired[i]!.tick).toBeGreaterThanOrEqual(fired[i - 1]!.tick);
  });

  test("a recurring timer keeps its id, runs on its planned grid, and can cancel itself from its callback", () => {
    const queue = make(1);
    const out = firedTimerRecord();
    const planned: number[] = [];
    let pendingInside: boolean[] = [];
    const id = queue.insert(10, none, "tick", () => 10);
    const run = (limit: number) => {
      while (queue.nextDueTick(limit) !== -1) {
        while (queue.popDue(out)) {
          expect(out.id).toBe(id);
          planned.push(out.deadlineMs);
          pendingInside.push(queue.isPending(out.id));
          if (out.deadlineMs === 40) expect(queue.cancel(out.id)).toBe(true);
          queue.finish(out, out.deadlineMs + out.interval!(out.arg));
        }
      }
    };
    run(35);
    expect(planned).toEqual([10, 20, 30]);
    expect(queue.isPending(id)).toBe(true);
    expect(queue.deadlineOf(id)).toBe(40);
    run(100);
    expect(planned).toEqual([10, 20, 30, 40]);
    expect(pendingInside.every(Boolean)).toBe(true);
    expect(queue.isPending(id)).toBe(false);
    expect(queue.cancel(id)).toBe(false);
    expect(queue.size).toBe(0);
    pendingInside = [];
  });

  test("a one-shot is over once popped: not pending in its callback, cancel says no, finish releases", () => {
    const queue = make(1);
    const out = firedTimerRecord();
    const id = queue.insert(5, none, "once");
    expect(queue.nextDueTick(10)).toBe(5);
    expect(queue.popDue(out)).toBe(true);
    expect(queue.isPending(id)).toBe(false);
    expect(queue.cancel(id)).toBe(false);
    // A recurring deadline passed for a one-shot is ignored.
    queue.finish(out, 50);
    expect(queue.size).toBe(0);
    expect(queue.nextDueTick(100)).toBe(-1);
  });

  test("finish leaves alone a slot that was cancelled and reused during the callback", () => {
    const queue = make(1);
    const out = firedTimerRecord();
    const id = queue.insert(5, none, "recurring", () => 5);
    expect(queue.nextDueTick(5)).toBe(5);
    expect(queue.popDue(out)).toBe(true);
    expect(queue.cancel(id)).toBe(true);
    const reuse = queue.insert(7, none, "newcomer");
    expect(reuse % TIMER_SLOT_SPACE).toBe(id % TIMER_SLOT_SPACE);
    queue.finish(out, 10);
    expect(queue.isPending(reuse)).toBe(true);
    expect(queue.deadlineOf(reuse)).toBe(7);
    expect(drain(queue, 20).map((f) => f.label)).toEqual(["newcomer"]);
  });

  test("rejects a NaN or +Infinity deadline and a bad tick", () => {
    const queue = make(1);
    expect(() => queue.insert(Number.NaN, none, "x")).toThrow(RangeError);
    expect(() => queue.insert(Number.POSITIVE_INFINITY, none, "x")).toThrow(RangeError);
    expect(() => make(0)).toThrow(RangeError);
    expect(queue.size).toBe(0);
  });
});

test("the wheel jumps over empty stretches: a week of a sparse manual timeline stays cheap", () => {
  const wheel = new TimerWheel({ tickMs: 1 });
  const week = 7 * 24 * 3600 * 1000;
  wheel.insert(week - 3, none, "late");
  const fired = drain(wheel, week);
  expect(fired).toEqual([{ label: "late", tick: week - 3, deadline: week - 3 }]);
  expect(wheel.currentTick).toBe(week);
});

test("the wheel warms each warmable argument before its fire, and skips entries of cancelled timers", () => {
  const wheel = new TimerWheel({ tickMs: 1, initialCapacity: 16 });
  const events: string[] = [];
  class Arg {
    constructor(readonly name: string) {}
    timerWarm(): number {
      events.push(`warm ${this.name}`);
      return 1;
    }
    timerWarmNext(): number {
      events.push(`next ${this.name}`);
      return 1;
    }
  }
  const fire = (_planned: number, arg: Arg) => events.push(`fire ${arg.name}`);
  // 100 timers in one tick (more than two warm batches), every third one cancelled, and a
  // cancelled record reused in the same tick under a new sequence.
  const ids: number[] = [];
  for (let i = 0; i < 100; i++) ids.push(wheel.insert(10, fire, new Arg(`t${i}`)));
  for (let i = 0; i < 100; i += 3) expect(wheel.cancel(ids[i]!)).toBe(true);
  wheel.insert(10, fire, new Arg("late"));
  expect(wheel.size).toBe(100 - 34 + 1);
  drain(wheel, 10);
  const fired = events.filter((e) => e.startsWith("fire ")).map((e) => e.slice(5));
  const expected = [...Array.from({ length: 100 }, (_, i) => i).filter((i) => i % 3 !== 0).map((i) => `t${i}`), "late"];
  expect(fired).toEqual(expected);
  for (const name of expected) {
    const fireAt = events.indexOf(`fire ${name}`);
    expect(events.indexOf(`warm ${name}`)).toBeLessThan(fireAt);
    expect(events.indexOf(`next ${name}`)).toBeLessThan(fireAt);
    expect(events.indexOf(`warm ${name}`)).toBeLessThan(events.indexOf(`next ${name}`));
  }
  expect(wheel.size).toBe(0);
  expect(drain(wheel, 1000)).toEqual([]);
});

/** Random programs of inserts, cancels and advances: wheel and heap must fire identically. */
test("property: the wheel fires exactly what the heap fires, in the same order", () => {
  type Op = { kind: "insert"; delay: number; far: boolean; every: number } | { kind: "cancel"; pick: number } | { kind: "advance"; by: number };
  const op: fc.Arbitrary<Op> = fc.oneof(
    { weight: 5, arbitrary: fc.record({
        kind: fc.constant("insert" as const),
        delay: fc.oneof(fc.integer({ min: -5, max: 700 }), fc.integer({ min: 0, max: 14 }).map((d) => d * 50)),
        far: fc.boolean(),
        // 0: one-shot; otherwise a recurring period in ticks.
        every: fc.oneof(fc.constant(0), fc.integer({ min: 25, max: 300 })),
      }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant("cancel" as const), pick: fc.nat() }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant("advance" as const), by: fc.integer({ min: 0, max: 400 }) }) },
  );
  fc.assert(
    // A coarse tick makes cascaded and direct timers share ticks often.
    fc.property(fc.array(op, { minLength: 20, maxLength: 300, size: "max" }), fc.integer({ min: 0, max: 70_000 }), fc.constantFrom(1, 16), (ops, start, tickMs) => {
      const traces = [new TimerWheel({ tickMs, startMs: start, initialCapacity: 16 }), new TimerHeap({ tickMs, startMs: start, initialCapacity: 16 })].map(
        (queue) => {
          const log: string[] = [];
          const ids: number[] = [];
          let now = start;
          let label = 0;
          // Callbacks re-arm some timers from inside the pass, as recurring timers do.
          const rearm = (planned: number, arg: unknown) => {
            if ((arg as number) % 3 === 0) ids.push(queue.insert(planned + 37, rearm, (arg as number) + 1));
          };
          for (const step of ops) {
            if (step.kind === "insert") {
              const deadline = now + step.delay * (step.far ? 97 * tickMs : tickMs);
              const period = step.every * tickMs;
              ids.push(step.every === 0 ? queue.insert(deadline, rearm, label++) : queue.insert(deadline, rearm, label++, () => period));
            }
            else if (step.kind === "cancel") log.push(`cancel ${queue.cancel(ids[step.pick % Math.max(1, ids.length)] ?? -1)}`);
            else {
              now += step.by * tickMs;
              const out = firedTimerRecord();
              let tick: number;
              while ((tick = queue.nextDueTick(Math.floor(now / tickMs))) !== -1) {
                while (queue.popDue(out)) {
                  log.push(`${tick}:${out.arg as number}`);
                  out.callback(out.deadlineMs, out.arg, out.id);
                  queue.finish(out, out.interval ? out.deadlineMs + out.interval(out.arg) : Number.NaN);
                }
              }
            }
          }
          log.push(`size ${queue.size}`);
          return log;
        },
      );
      expect(traces[0]).toEqual(traces[1]!);
    }),
    { numRuns: 300, seed: 20240611 },
  );
});
