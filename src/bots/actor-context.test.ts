import { describe, expect, test } from "bun:test";
import { TIMER_REFUSED, type BehaviourContext } from "./behaviour.ts";
import { createRecordingContext } from "./recording-context.ts";

describe("behaviour context", () => {
  test("timers: after, at and every fire with their planned time and the context; cancel is exact", () => {
    const { context, clock } = createRecordingContext();
    const log: string[] = [];
    context.timers.after(10, (planned, ctx) => log.push(`after ${planned} ${ctx === context}`));
    context.timers.at(15, (planned) => log.push(`at ${planned}`));
    const every = context.timers.every({ kind: "constant", ms: 7 }, (planned) => log.push(`every ${planned}`), 3);
    expect(context.timers.active).toBe(3);
    clock.advance(20);
    // At 10 both are due: the one-shot was queued first (at 0), the recurring one re-armed at 3.
    expect(log).toEqual(["every 3", "after 10 true", "every 10", "at 15", "every 17"]);
    expect(context.timers.active).toBe(1);
    expect(context.timers.cancel(every)).toBe(true);
    expect(context.timers.cancel(every)).toBe(false);
    expect(context.timers.active).toBe(0);
    clock.advance(100);
    expect(log).toHaveLength(5);
  });

  test("a recurring timer keeps its open-loop schedule: waits count from the planned time", () => {
    const { context, clock } = createRecordingContext();
    const planned: number[] = [];
    context.timers.every({ kind: "constant", ms: 100 }, (at) => planned.push(at), 100);
    // Advancing in one jump of 1 s: every fire is still planned on the 100 ms grid.
    clock.advance(1_000);
    expect(planned).toEqual([100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]);
  });

  test("a stale handle never cancels the timer that reuses its slot", () => {
    const { context, clock } = createRecordingContext();
    const fired: string[] = [];
    const first = context.timers.after(5, () => fired.push("first"));
    clock.advance(5);
    const second = context.timers.after(5, () => fired.push("second"));
    expect(second).not.toBe(first);
    expect(context.timers.cancel(first)).toBe(false);
    for (const junk of [-1, 1.5, Number.NaN, 10_000]) expect(context.timers.cancel(junk)).toBe(false);
    clock.advance(5);
    expect(fired).toEqual(["first", "second"]);
  });

  test("the timer budget refuses beyond the limit and frees as timers finish", () => {
    const { context, clock, metrics } = createRecordingContext({ limits: { maxTimers: 2, maxSendsPerS: 10, maxSubscriptions: 1 } });
    expect(context.timers.after(1, () => {})).not.toBe(TIMER_REFUSED);
    expect(context.timers.every({ kind: "constant", ms: 5 }, () => {})).not.toBe(TIMER_REFUSED);
    expect(context.timers.after(1, () => {})).toBe(TIMER_REFUSED);
    expect(context.budget.timersRefused).toBe(1);
    expect(metrics.timersRefused).toBe(1);
    clock.advance(1);
    expect(context.timers.after(1, () => {})).not.toBe(TIMER_REFUSED);
    expect(context.budget.timersInUse).toBe(2);
  });

  test("sends: only while Active, within the rate budget, latency from the planned time", () => {
    const { context, clock, sends, metrics, setState } = createRecordingContext({ limits: { maxTimers: 4, maxSendsPerS: 10, maxSubscriptions: 4 } });
    clock.advance(1_000);
    expect(context.send("Walk", { heading: 1 }, 990)).toBe("sent");
    expect(metrics.actionStartDelay.max).toBe(10);
    setState("Connecting");
    expect(context.send("Walk", { heading: 2 })).toBe("not_active");
    setState("Active");
    // 9 tokens left of a 10/s bucket.
    const outcomes = Array.from({ length: 12 }, () => context.send("Walk", { heading: 3 }));
    expect(outcomes.filter((o) => o === "sent")).toHaveLength(9);
    expect(outcomes.filter((o) => o === "budget_exceeded")).toHaveLength(3);
    expect(context.budget.sendsRefused).toBe(3);
    clock.advance(300);
    expect(context.send("Walk", { heading: 4 })).toBe("sent");
    expect(sends).toHaveLength(11);
    expect(sends[0]).toEqual({ atMs: 1000, packet: "Walk", fields: { heading: 1 }, plannedAtMs: 990 });
    expect(Number.isNaN(sends[1]!.plannedAtMs)).toBe(true);
    expect(metrics.sent).toBe(11);
  });

  test("the session's own answer comes back to the behaviour", () => {
    const { context } = createRecordingContext({ answer: (packet) => (packet === "Nope" ? "rejected" : "sent") });
    expect(context.send("Nope")).toBe("rejected");
    expect(context.send("Walk", { heading: 1 })).toBe("sent");
  });

  test("subscriptions deliver packets, can be dropped, and are budgeted", () => {
    const { context } = createRecordingContext({ limits: { maxTimers: 1, maxSendsPerS: 1, maxSubscriptions: 2 } });
    const got: unknown[] = [];
    const a = context.subscribe("ChatOverHead", (fields, at) => got.push([fields, at]));
    const b = context.subscribe("ChatOverHead", () => got.push("second"));
    expect(context.subscribe("CharacterMove", () => {})).toEqual({ ok: false, code: "budget_exceeded" });
    expect(context.deliver("ChatOverHead", { chat: "hola" }, 5)).toBe(2);
    if (b.ok) b.unsubscribe();
    if (b.ok) b.unsubscribe();
    expect(context.budget.subscriptions).toBe(1);
    expect(context.deliver("ChatOverHead", { chat: "chau" }, 6)).toBe(1);
    expect(context.deliver("Unwatched", {}, 7)).toBe(0);
    expect(got).toEqual([[{ chat: "hola" }, 5], "second", [{ chat: "chau" }, 6]]);
    expect(a.ok).toBe(true);
  });

  test("a throwing timer or handler is a fault for the owner; close drops everything", () => {
    const { context, clock, faults } = createRecordingContext();
    context.timers.after(1, () => {
      throw new Error("behaviour bug");
    });
    context.subscribe("X", () => {
      throw new Error("handler bug");
    });
    clock.advance(1);
    context.deliver("X", {}, 1);
    expect(faults.map((error) => (error as Error).message)).toEqual(["behaviour bug", "handler bug"]);
    const fired: number[] = [];
    context.timers.every({ kind: "constant", ms: 5 }, (at) => fired.push(at));
    context.close();
    expect(context.timers.active).toBe(0);
    expect(clock.timers.pending).toBe(0);
    clock.advance(50);
    expect(fired).toEqual([]);
    expect(context.send("Walk")).toBe("closed");
    expect(context.timers.after(1, () => {})).toBe(TIMER_REFUSED);
    expect(context.subscribe("X", () => {})).toEqual({ ok: false, code: "closed" });
  });

  test("warming for the timer wheel reads only: the random stream, the send budget and the sink stay as they were", () => {
    const warmed = createRecordingContext({ seed: 7, limits: { maxTimers: 4, maxSendsPerS: 2, maxSubscriptions: 1 } });
    const untouched = createRecordingContext({ seed: 7, limits: { maxTimers: 4, maxSendsPerS: 2, maxSubscriptions: 1 } });
    let sinkWarms = 0;
    warmed.context.attach({ send: () => "sent", warm: () => ++sinkWarms });
    untouched.context.attach({ send: () => "sent" });
    for (let i = 0; i < 5; i++) {
      expect(Number.isFinite(warmed.context.timerWarm())).toBe(true);
      expect(warmed.context.timerWarmNext()).toBe(i + 1);
    }
    expect(sinkWarms).toBe(5);
    // A sink without `warm` is fine too.
    expect(untouched.context.timerWarmNext()).toBe(0);
    const draws = (context: BehaviourContext) => [context.random.next(), context.random.int(1, 100), context.random.next()];
    expect(draws(warmed.context)).toEqual(draws(untouched.context));
    const sends = (context: BehaviourContext) => [context.send("Walk"), context.send("Walk"), context.send("Walk")];
    expect(sends(warmed.context)).toEqual(["sent", "sent", "budget_exceeded"]);
    expect(sends(untouched.context)).toEqual(["sent", "sent", "budget_exceeded"]);
  });

  test("the context exposes only the documented surface", () => {
    const { context } = createRecordingContext();
    const surface: BehaviourContext = context;
    expect(surface.random.int(1, 1)).toBe(1);
    expect(surface.clock.deterministic).toBe(true);
    expect(surface.actor).toMatchObject({ id: 0, name: "bot0", state: "Active" });
  });
});
