import { describe, expect, test } from "bun:test";
import { SeededRandom, type Random } from "../../random/index.ts";
import {
  AO20_VITALS_INTERVALS as I,
  handOverNeeds,
  newNeedsClocks,
  stepNeeds,
  takeOverNeeds,
  type NeedsClocks,
  type NeedsEvent,
  type NeedsHandOver,
  type NeedsState,
} from "./index.ts";
import { drawFor, scriptedRandom } from "../../random/scripted-random.test-support.ts";

const T0 = 5_000;

function state(changes: Partial<Omit<NeedsState, "vitals">> & { vitals?: Partial<NeedsState["vitals"]> } = {}): NeedsState {
  const { vitals, ...rest } = changes;
  return {
    vitals: { hp: 32, maxHp: 32, stamina: 60, maxStamina: 60, food: 100, water: 100, ...vitals },
    survival: 0,
    worker: false,
    naked: false,
    ...rest,
  };
}

/** Looks at the player every `stepMs` from T0, and last at `until`, carrying vitals and clocks; returns every event. */
function live(start: NeedsState, until: number, stepMs: number, random: Random = scriptedRandom()) {
  let clocks: NeedsClocks = newNeedsClocks(T0);
  let current = start;
  const events: NeedsEvent[] = [];
  for (let look = T0 + stepMs; look < until + stepMs; look += stepMs) {
    const now = Math.min(look, until);
    const step = stepNeeds(current, clocks, now, I, random);
    clocks = step.clocks;
    current = { ...current, vitals: { ...current.vitals, ...step.vitals } };
    events.push(...step.events);
  }
  return { events, vitals: current.vitals, clocks };
}

describe("thirst and hunger", () => {
  test("water −10 at exactly 161 s, food −10 at 181 s; not a millisecond earlier; no draws", () => {
    const before = stepNeeds(state(), newNeedsClocks(T0), T0 + 160_999, I, scriptedRandom());
    expect(before.events).toEqual([]);
    const at = stepNeeds(state(), newNeedsClocks(T0), T0 + 181_000, I, scriptedRandom());
    expect(at.events).toEqual([
      { kind: "thirst", at: T0 + 161_000, water: 90 },
      { kind: "hunger", at: T0 + 181_000, food: 90 },
    ]);
    expect(at.vitals).toEqual({ hp: 32, stamina: 60, food: 90, water: 90 });
    expect(at.clocks).toEqual({ thirstMs: 20_000, hungerMs: 0, hpMs: 0, staminaMs: 0, settledAt: T0 + 181_000, fight: null });
  });

  test("one look a second gives the same steps as one look at the end", () => {
    const everySecond = live(state(), T0 + 400_000, 1000);
    const once = live(state(), T0 + 400_000, 400_000);
    expect(everySecond.events).toEqual(once.events);
    expect(everySecond.events.map((e) => `${e.kind}@${e.at - T0}`)).toEqual(["thirst@161000", "hunger@181000", "thirst@322000", "hunger@362000"]);
  });

  test("at 0 the counter stands still; staff never get hungry or thirsty", () => {
    const dry = stepNeeds(state({ vitals: { water: 0, food: 0 } }), newNeedsClocks(T0), T0 + 500_000, I, scriptedRandom(0.5, 0.5, 0.5, 0.5, 0.5, 0.5));
    expect(dry.events.some((e) => e.kind === "thirst" || e.kind === "hunger")).toBe(false);
    expect(dry.clocks.thirstMs).toBe(0);
    expect(stepNeeds(state({ exemptFromNeeds: true }), newNeedsClocks(T0), T0 + 500_000, I, scriptedRandom()).events).toEqual([]);
  });
});

describe("HP regeneration", () => {
  test("fed, clothed and out of combat: one step every 8.04 s of missing HP, 5–10 % of MaxHP", () => {
    // MaxHP 32: RandomNumber(2, 3).
    const random = scriptedRandom(drawFor(3, 2, 3), drawFor(2, 2, 3));
    const { events, vitals } = live(state({ vitals: { hp: 20 } }), T0 + 17_000, 1000, random);
    expect(events).toEqual([
      { kind: "healed", at: T0 + 8040, amount: 3, hp: 23 },
      { kind: "healed", at: T0 + 16_080, amount: 2, hp: 25 },
    ]);
    expect(vitals.hp).toBe(25);
    expect(random.left).toBe(0);
  });

  test("never above MaxHP; at full HP the counter stands still", () => {
    const random = scriptedRandom(drawFor(3, 2, 3));
    const step = stepNeeds(state({ vitals: { hp: 31 } }), newNeedsClocks(T0), T0 + 30_000, I, random);
    expect(step.events).toEqual([{ kind: "healed", at: T0 + 8040, amount: 3, hp: 32 }]);
    expect(step.clocks.hpMs).toBe(0);
  });

  test("not while hungry or thirsty, in combat, naked or dead", () => {
    for (const blocked of [
      state({ vitals: { hp: 10, food: 0 } }),
      state({ vitals: { hp: 10, water: 0 } }),
      state({ vitals: { hp: 10 }, combatUntil: T0 + I.inCombatMs }),
      state({ vitals: { hp: 10 }, naked: true }),
    ]) {
      const step = stepNeeds({ ...blocked, exemptFromNeeds: true }, newNeedsClocks(T0), T0 + I.inCombatMs, I, SeededRandom.create(7));
      expect(step.events.filter((e) => e.kind === "healed")).toEqual([]);
      expect(step.clocks.hpMs).toBe(0);
    }
    const dead = stepNeeds(state({ vitals: { hp: 0, stamina: 0 } }), { ...newNeedsClocks(T0), thirstMs: 100, hpMs: 7 }, T0 + 500_000, I, scriptedRandom());
    expect(dead.events).toEqual([]);
    expect(dead.clocks).toEqual({ thirstMs: 100, hungerMs: 0, hpMs: 7, staminaMs: 0, settledAt: T0 + 500_000, fight: null });
  });

  test("a fight pauses the counter, it does not restart it; both edges to the ms, looked at in any rhythm", () => {
    // Hit at 5 s: in combat until 15 s. 5 s of peace before, 3.04 s after: the step comes at 18.04 s.
    const hurt = state({ vitals: { hp: 10 }, combatUntil: T0 + 15_000 });
    for (const stepMs of [1000, 700, 18_040]) {
      const random = scriptedRandom(drawFor(2, 2, 3));
      const { events } = live(hurt, T0 + 18_040, stepMs, random);
      expect(events).toEqual([{ kind: "healed", at: T0 + 18_040, amount: 2, hp: 12 }]);
    }
  });

  test("a fight kept alive hit after hit is one window, whatever the rhythm of the looks", () => {
    // A hit every 1165 ms from 2 s to 30 s, looks every second. A careless window (each hit's own
    // 10 s only) would count the bits between a look and the next hit as peace and heal mid-fight.
    const hits: number[] = [];
    for (let at = T0 + 2000; at <= T0 + 30_000; at += 1165) hits.push(at);
    const lastUntil = hits.at(-1)! + I.inCombatMs;
    let clocks: NeedsClocks = newNeedsClocks(T0);
    let hp = 10;
    const events: NeedsEvent[] = [];
    const random = scriptedRandom(drawFor(2, 2, 3));
    for (let now = T0 + 1000; now <= lastUntil + 7000; now += 1000) {
      const until = hits.filter((at) => at <= now).at(-1);
      const step = stepNeeds(state({ vitals: { hp }, ...(until !== undefined ? { combatUntil: until + I.inCombatMs } : {}) }), clocks, now, I, random);
      clocks = step.clocks;
      hp = step.vitals.hp;
      events.push(...step.events);
    }
    // 2 s of peace before the first hit, so 6.04 s after the fight.
    expect(events).toEqual([{ kind: "healed", at: lastUntil + 6040, amount: 2, hp: 12 }]);
    expect(clocks.fight).toEqual({ from: hits[0]!, until: lastUntil });
  });

  test("hunger reaching 0 when the HP step is due stops it; eating again lets it act at once", () => {
    // Food 10 drops to 0 at 181 s; the HP counter is set to be due at that same instant.
    const clocks = { ...newNeedsClocks(T0), hpMs: I.hpRegenMs - 181_000 };
    const starving = stepNeeds(state({ vitals: { hp: 10, food: 10 }, exemptFromNeeds: false }), { ...clocks, thirstMs: -1e9 }, T0 + 181_000, I, scriptedRandom(0.5));
    expect(starving.events.map((e) => e.kind)).toEqual(["hunger"]);
    expect(starving.vitals.food).toBe(0);
    expect(starving.clocks.hpMs).toBe(I.hpRegenMs);
    const fed = stepNeeds(state({ vitals: { hp: 10, food: 40 } }), starving.clocks, T0 + 181_500, I, scriptedRandom(drawFor(3, 2, 3)));
    expect(fed.events[0]).toEqual({ kind: "healed", at: T0 + 181_000, amount: 3, hp: 13 });
  });
});

describe("stamina", () => {
  test("recovers every 440 ms while below MaxSta", () => {
    // MaxSta 60, Supervivencia 0: RandomNumber(1, 2).
    const random = scriptedRandom(drawFor(2, 1, 2), drawFor(1, 1, 2), drawFor(2, 1, 2));
    const { events, vitals } = live(state({ vitals: { stamina: 55 } }), T0 + 2000, 1000, random);
    expect(events).toEqual([
      { kind: "stamina_recovered", at: T0 + 440, amount: 2, stamina: 57 },
      { kind: "stamina_recovered", at: T0 + 880, amount: 1, stamina: 58 },
      { kind: "stamina_recovered", at: T0 + 1320, amount: 2, stamina: 60 },
    ]);
    expect(vitals.stamina).toBe(60);
  });

  test("naked or starving: it drains every 1.64 s (0.84 s in the rain outdoors), down to 0", () => {
    const drain = stepNeeds(state({ naked: true }), newNeedsClocks(T0), T0 + 3300, I, scriptedRandom(drawFor(22, 1, 22), drawFor(5, 1, 22)));
    expect(drain.events).toEqual([
      { kind: "stamina_lost", at: T0 + 1640, amount: 22, stamina: 38 },
      { kind: "stamina_lost", at: T0 + 3280, amount: 5, stamina: 33 },
    ]);
    const rain = stepNeeds(state({ vitals: { food: 0 }, rainingOutdoors: true, exemptFromNeeds: true }), newNeedsClocks(T0), T0 + 900, I, scriptedRandom(0));
    expect(rain.events).toEqual([{ kind: "stamina_lost", at: T0 + 840, amount: 1, stamina: 59 }]);
    const empty = stepNeeds(state({ naked: true, vitals: { stamina: 0 } }), newNeedsClocks(T0), T0 + 100_000, I, scriptedRandom());
    expect(empty.events).toEqual([]);
  });

  test("in the rain outdoors a fed player does not recover", () => {
    expect(stepNeeds(state({ vitals: { stamina: 10 }, rainingOutdoors: true }), newNeedsClocks(T0), T0 + 10_000, I, scriptedRandom()).events).toEqual([]);
  });
});

describe("the same life, looked at in any rhythm", () => {
  test("looks every 1 s, every 7.5 s or once: identical steps and draws (seeded)", () => {
    const hungry = state({ vitals: { hp: 5, stamina: 0, food: 30, water: 40 } });
    const runs = [1000, 7500, 600_000].map((stepMs) => live(hungry, T0 + 600_000, stepMs, SeededRandom.create(42)));
    expect(runs[1]!.events).toEqual(runs[0]!.events);
    expect(runs[2]!.events).toEqual(runs[0]!.events);
    // It healed, recovered stamina, got thirsty and hungry; starving, it stopped healing and drained.
    const kinds = new Set(runs[0]!.events.map((e) => e.kind));
    expect([...kinds].sort()).toEqual(["healed", "hunger", "stamina_lost", "stamina_recovered", "thirst"]);
    expect(runs[0]!.vitals).toMatchObject({ food: 0, water: 10 });
  });
});

describe("a map change (the clocks handed over between two monotonic clocks)", () => {
  test("the counters, the unsettled time and the fight go on where they were on the other clock", () => {
    // Settled at T0 + 150 s, left half a second later, in a fight that ends 4 s after leaving.
    const leftAt = T0 + 150_500;
    const clocks: NeedsClocks = { thirstMs: 150_000, hungerMs: 150_000, hpMs: 3_000, staminaMs: 100, settledAt: T0 + 150_000, fight: { from: leftAt - 6_000, until: leftAt + 4_000 } };
    const handOver = handOverNeeds(clocks, leftAt);
    expect(handOver).toEqual({ thirstMs: 150_000, hungerMs: 150_000, hpMs: 3_000, staminaMs: 100, unsettledMs: 500, fight: { fromMs: -6_000, untilMs: 4_000 } });
    const arrivedAt = 42;
    const taken = takeOverNeeds(structuredClone(handOver), arrivedAt);
    expect(taken).toEqual({ ...clocks, settledAt: arrivedAt - 500, fight: { from: arrivedAt - 6_000, until: arrivedAt + 4_000 } });
    // Thirst still falls 161 s after the counters started: 10.5 s after arriving.
    expect(stepNeeds(state(), taken, arrivedAt + 10_499, I, scriptedRandom()).events).toEqual([]);
    expect(stepNeeds(state(), taken, arrivedAt + 10_500, I, scriptedRandom()).events).toEqual([{ kind: "thirst", at: arrivedAt + 10_500, water: 90 }]);
  });

  test("what is not a sane duration starts the clocks afresh", () => {
    const good = handOverNeeds(newNeedsClocks(T0), T0 + 10);
    for (const bad of [{ thirstMs: -1 }, { hpMs: Number.NaN }, { unsettledMs: Number.POSITIVE_INFINITY }] as Partial<NeedsHandOver>[]) {
      expect(takeOverNeeds({ ...good, ...bad }, 7)).toEqual(newNeedsClocks(7));
    }
  });
});
