import { describe, expect, test } from "bun:test";
import { ManualClock } from "../time/index.ts";
import { planRun, type ArrivalSchedule, type WeightedBehaviour } from "./arrivals.ts";
import type { Behaviour, BehaviourFactory } from "./behaviour.ts";
import { BUILTIN_BEHAVIOURS } from "./behaviours/index.ts";
import { BotRuntime, type TraceEvent } from "./bot-runtime.ts";
import { LoopbackSessionPort, type SessionEvents } from "./session-port.ts";

interface RunOptions {
  seed: number;
  arrivals?: ArrivalSchedule;
  behaviours?: string | WeightedBehaviour[];
  registry?: Record<string, BehaviourFactory>;
  runMs?: number;
}

/** A whole run on the manual clock and a loopback session; returns the trace as text lines. */
function run(options: RunOptions) {
  const clock = new ManualClock();
  const plan = planRun({
    seed: options.seed,
    arrivals: options.arrivals ?? { kind: "poisson", actors: 40, ratePerS: 20 },
    behaviours: options.behaviours ?? [
      { behaviour: "walker", weight: 3 },
      { behaviour: "chatter", weight: 1 },
      { behaviour: "mixed", weight: 1 },
      { behaviour: "idle", weight: 1 },
    ],
  });
  if (!plan.ok) throw new Error(plan.error.message);
  const events: TraceEvent[] = [];
  const session = new LoopbackSessionPort({ scheduler: clock.timers, connectDelayMs: 30, authDelayMs: 50 });
  const runtime = new BotRuntime({
    plan: plan.plan,
    scheduler: clock.timers,
    session,
    behaviours: options.registry ?? BUILTIN_BEHAVIOURS,
    trace: (event) => events.push(event),
  });
  runtime.start();
  clock.advance(options.runMs ?? 20_000);
  runtime.drain("run over");
  clock.advance(1_000);
  const lines = events.map((event) =>
    event.kind === "send" ? `${event.atMs} #${event.actor} send ${event.packet} ${JSON.stringify(event.fields)} ${event.outcome}` : `${event.atMs} #${event.actor} ${event.kind} ${event.from}>${event.to} (${event.reason})`,
  );
  return { runtime, lines, events, session, clock };
}

describe("bot runtime on the manual clock", () => {
  test("same seed, same trace: arrivals, lifecycle, every send and its timing", () => {
    const first = run({ seed: 99 });
    const second = run({ seed: 99 });
    expect(second.lines).toEqual(first.lines);
    expect(first.lines.length).toBeGreaterThan(500);
    expect(run({ seed: 100 }).lines).not.toEqual(first.lines);
    expect(first.events.filter((event) => event.kind === "send").length).toBe(first.session.sends);
  });

  test("every actor walks the lifecycle in order with clock times, and ends Closed after the drain", () => {
    const { runtime } = run({ seed: 5 });
    expect(runtime.stateCounts().Closed).toBe(40);
    for (const actor of runtime.actors) {
      const path = actor.lifecycle.history.map((step) => step.to);
      expect(path).toEqual(["Scheduled", "Creating", "Connecting", "Authenticating", "Active", "Draining", "Closed"]);
      const times = actor.lifecycle.history.map((step) => step.atMs);
      for (let i = 1; i < times.length; i++) expect(times[i]!).toBeGreaterThanOrEqual(times[i - 1]!);
      // Arrival on plan (rounded up to the 1 ms tick), connect 30 ms later, login 50 ms after that.
      expect(times[1]).toBe(Math.max(1, Math.ceil(actor.plannedStartMs)));
      expect(times[3]! - times[2]!).toBe(30);
      expect(times[4]! - times[3]!).toBe(50);
    }
    expect(runtime.metrics.sent).toBeGreaterThan(0);
    expect(runtime.metrics.faults).toBe(0);
  });

  test("actors whose arrival is after the drain never start and close as such", () => {
    const { runtime, session } = run({ seed: 1, arrivals: { kind: "constant", actors: 10, ratePerS: 1 }, runMs: 4_500 });
    const counts = runtime.stateCounts();
    expect(counts.Closed).toBe(10);
    expect(session.opened).toBe(5);
    const neverStarted = runtime.actors.filter((actor) => actor.lifecycle.history.at(-1)!.reason.startsWith("never started"));
    expect(neverStarted.map((actor) => actor.id)).toEqual([5, 6, 7, 8, 9]);
  });

  test("an unknown behaviour or a throwing one fails just that actor and stops its timers", () => {
    let starts = 0;
    const bomb = (): Behaviour => ({
      name: "bomb",
      start(context) {
        starts++;
        context.timers.every({ kind: "constant", ms: 100 }, (planned) => {
          if (planned >= 300) throw new Error("kaboom");
          context.send("Walk", { heading: 1 }, planned);
        });
      },
    });
    const { runtime, clock } = run({
      seed: 2,
      arrivals: { kind: "closed", actors: 3 },
      behaviours: [
        { behaviour: "bomb", weight: 1 },
        { behaviour: "walker", weight: 1 },
        { behaviour: "missing", weight: 1 },
      ],
      registry: { ...BUILTIN_BEHAVIOURS, bomb },
      runMs: 5_000,
    });
    const byBehaviour = (name: string) => runtime.actors.filter((actor) => actor.behaviour === name);
    for (const actor of byBehaviour("missing")) {
      expect(actor.state).toBe("Failed");
      expect(actor.lifecycle.history.at(-1)!.reason).toContain("unknown behaviour");
    }
    for (const actor of byBehaviour("bomb")) {
      expect(actor.state).toBe("Failed");
      expect(actor.lifecycle.history.at(-1)!.reason).toBe("behaviour fault: kaboom");
      expect(actor.context!.timers.active).toBe(0);
    }
    for (const actor of byBehaviour("walker")) expect(actor.state).toBe("Closed");
    expect(runtime.metrics.faults).toBe(byBehaviour("bomb").length);
    expect(starts).toBe(byBehaviour("bomb").length);
    expect(clock.timers.pending).toBe(0);
  });

  test("a session reporting from inside open still starts the behaviour; sends wait while reconnecting; the session can fail an actor", () => {
    const clock = new ManualClock();
    const plan = planRun({ seed: 1, arrivals: { kind: "closed", actors: 1 }, behaviours: "ticker" });
    if (!plan.ok) throw new Error(plan.error.message);
    const outcomes: string[] = [];
    let events: SessionEvents | undefined;
    const runtime = new BotRuntime({
      plan: plan.plan,
      scheduler: clock.timers,
      behaviours: {
        ticker: () => ({
          name: "ticker",
          start(context) {
            outcomes.push(`start ${context.send("Walk", { heading: 1 })}`);
            context.timers.every({ kind: "constant", ms: 10 }, () => outcomes.push(context.send("Walk", { heading: 2 })));
          },
        }),
      },
      session: {
        open(_actor, sessionEvents) {
          events = sessionEvents;
          // Synchronous: connected and logged in before open even returns.
          sessionEvents.connected();
          sessionEvents.authenticated();
          return { send: () => "sent", close: () => {} };
        },
      },
    });
    runtime.start();
    clock.advance(10);
    const actor = runtime.actors[0]!;
    expect(actor.state).toBe("Active");
    expect(outcomes).toEqual(["start sent"]);
    clock.advance(10);
    events!.reconnecting("socket reset");
    expect(actor.state).toBe("Connecting");
    clock.advance(10);
    events!.connected();
    events!.authenticated();
    clock.advance(10);
    expect(outcomes).toEqual(["start sent", "sent", "not_active", "sent"]);
    events!.failed("login refused");
    expect(actor.state).toBe("Failed");
    expect(actor.lifecycle.history.at(-1)!.reason).toBe("login refused");
    expect(actor.context!.send("Walk")).toBe("closed");
    expect(clock.timers.pending).toBe(0);
  });
});
