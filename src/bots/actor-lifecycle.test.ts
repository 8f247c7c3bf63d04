import { describe, expect, test } from "bun:test";
import { ManualClock } from "../time/index.ts";
import { ACTOR_STATES, ActorLifecycle, canTransition, type ActorState } from "./actor-lifecycle.ts";

const HAPPY_PATH: ActorState[] = ["Scheduled", "Creating", "Connecting", "Authenticating", "Active", "Draining", "Closed"];

/** Every legal edge, written out independently of the implementation's table. */
const LEGAL = new Set([
  "Planned>Scheduled",
  "Scheduled>Creating",
  "Scheduled>Closed",
  "Creating>Connecting",
  "Creating>Draining",
  "Connecting>Authenticating",
  "Connecting>Draining",
  "Authenticating>Active",
  "Authenticating>Connecting",
  "Authenticating>Draining",
  "Active>Draining",
  "Active>Connecting",
  "Draining>Closed",
  ...["Planned", "Scheduled", "Creating", "Connecting", "Authenticating", "Active", "Draining"].map((from) => `${from}>Failed`),
]);

describe("actor lifecycle", () => {
  test("the happy path records each step with the clock's time and the reason", () => {
    const clock = new ManualClock();
    const life = new ActorLifecycle(clock);
    expect(life.state).toBe("Planned");
    expect(life.sinceMs).toBeUndefined();
    HAPPY_PATH.forEach((state, step) => {
      clock.advance(10);
      expect(life.transition(state, `step ${step}`)).toEqual({ ok: true });
    });
    expect(life.state).toBe("Closed");
    expect(life.isFinal).toBe(true);
    expect(life.history.map((t) => [t.from, t.to, t.atMs, t.reason])).toEqual(
      HAPPY_PATH.map((to, step) => [step === 0 ? "Planned" : HAPPY_PATH[step - 1]!, to, 10 * (step + 1), `step ${step}`]),
    );
    expect(life.sinceMs).toBe(70);
  });

  test("an illegal transition is refused as a value and changes nothing", () => {
    const clock = new ManualClock();
    const life = new ActorLifecycle(clock);
    const result = life.transition("Active", "skipping the login");
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toMatchObject({ code: "illegal_transition", from: "Planned", to: "Active", reason: "skipping the login" });
      expect(result.error.message).toContain("Planned to Active");
    }
    expect(life.state).toBe("Planned");
    expect(life.history).toHaveLength(0);
  });

  test("the full transition matrix matches the documented edges", () => {
    for (const from of ACTOR_STATES) {
      for (const to of ACTOR_STATES) {
        expect([`${from}>${to}`, canTransition(from, to)]).toEqual([`${from}>${to}`, LEGAL.has(`${from}>${to}`)]);
        const life = new ActorLifecycle(new ManualClock(), from);
        expect(life.transition(to, "matrix").ok).toBe(LEGAL.has(`${from}>${to}`));
      }
    }
  });

  test("Failed is reachable from every live state and final states stay final", () => {
    for (const from of ACTOR_STATES) {
      const life = new ActorLifecycle(new ManualClock(), from);
      const live = from !== "Closed" && from !== "Failed";
      expect(life.fail("server hung up")).toBe(live);
      expect(life.state).toBe(live ? "Failed" : from);
      if (live) expect(life.history.at(-1)).toMatchObject({ from, to: "Failed", reason: "server hung up" });
      expect(life.fail("again")).toBe(false);
    }
  });
});
