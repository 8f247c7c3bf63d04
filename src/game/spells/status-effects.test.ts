/**
 * §5.5 durations and ticking as timestamps on a hand clock, what the player and the viewers are
 * told, and the effects over time (poison bites, burns) with scripted draws.
 */
import { describe, expect, test } from "bun:test";
import {
  applyEffect,
  canMove,
  expireEffects,
  firstPoisonBiteMs,
  immunityMs,
  incinerationSchedule,
  nextStatusEventMs,
  npcTicksCounterMs,
  NO_STATUS_EFFECTS,
  poisonBite,
  POISON_BITE_PERIOD_MS,
  potionTimerMs,
  removeEffects,
  secondsCounterMs,
  tickIncineration,
  tickPoison,
  hasEffect,
  handOverEffects,
  takeOverEffects,
  type StatusHandOver,
} from "./index.ts";
import { scripted } from "./test-fixtures.ts";

const WARRIOR = { kind: "user", classId: 3 } as const;
const HUNTER = { kind: "user", classId: 8 } as const;
const THIEF = { kind: "user", classId: 11 } as const;
const MAGE = { kind: "user", classId: 1 } as const;

describe("durations (§1 counter idiom, §5.5)", () => {
  test("a one-second counter of N lasts N + 1 seconds; an AI counter N + 1 AI ticks; the potion timer exactly N (0 never ends); immunity N", () => {
    expect([secondsCounterMs(15), secondsCounterMs(0), npcTicksCounterMs(585), npcTicksCounterMs(585, 100)]).toEqual([16_000, 1_000, 87_900, 58_600]);
    expect([potionTimerMs(54), potionTimerMs(0), immunityMs(3)]).toEqual([54_000, null, 3_000]);
  });

  test("poison: bites every 91 game ticks (3640 ms); `Counters.Veneno = Duration` brings the first one forward", () => {
    expect([POISON_BITE_PERIOD_MS, firstPoisonBiteMs(0), firstPoisonBiteMs(20), firstPoisonBiteMs(90), firstPoisonBiteMs(200)]).toEqual([3_640, 3_640, 2_840, 40, 40]);
  });

  test("incineration from 0: burns at ticks 1, 19, 37, 55, 73, over after 76; from 1 (a combined spell): four burns, over after 75", () => {
    expect(incinerationSchedule(0)).toEqual({ burnsAfterMs: [40, 760, 1_480, 2_200, 2_920], endsAfterMs: 3_040 });
    expect(incinerationSchedule(1)).toEqual({ burnsAfterMs: [720, 1_440, 2_160, 2_880], endsAfterMs: 3_000 });
  });
});

describe("applying, removing, expiring", () => {
  test("paralysis of a user: ParalizeOK + PosUpdate once; it blocks moving until it ends; at its end ParalizeOK and, for a Warrior, immunity 3 counted down in the same second: 2 s", () => {
    const on = applyEffect(NO_STATUS_EFFECTS, { kind: "paralyzed", durationMs: 11_000 }, 1_000, WARRIOR);
    expect(on.notices).toEqual([{ to: "self", packet: "ParalizeOK" }, { to: "self", packet: "PosUpdate" }]);
    expect(applyEffect(on.effects, { kind: "paralyzed", durationMs: 11_000 }, 2_000, WARRIOR).notices).toEqual([]);
    expect([canMove(on.effects, 11_999), canMove(on.effects, 12_000)]).toEqual([false, true]);
    expect(nextStatusEventMs(on.effects)).toBe(12_000);
    expect(expireEffects(on.effects, 11_999, WARRIOR).expired).toEqual([]);
    const off = expireEffects(on.effects, 12_000, WARRIOR);
    expect(off).toEqual({ effects: { paralysisImmunity: { kind: "paralysisImmunity", untilMs: 14_000 } }, notices: [{ to: "self", packet: "ParalizeOK" }], expired: ["paralyzed"] });
    expect(hasEffect(off.effects, "paralysisImmunity", 13_999)).toBe(true);
    expect(expireEffects(off.effects, 14_000, WARRIOR)).toMatchObject({ effects: {}, notices: [], expired: ["paralysisImmunity"] });
  });

  test("immunity after a hold: Warriors, Thieves and Pirates only (2 s when it runs out, 4 s when removed); Hunters and Mages none", () => {
    const held = applyEffect(NO_STATUS_EFFECTS, { kind: "immobilized", durationMs: 5_000 }, 0, THIEF).effects;
    expect(removeEffects(held, ["immobilized"], 1_000, THIEF).effects).toEqual({ paralysisImmunity: { kind: "paralysisImmunity", untilMs: 5_000 } });
    expect(removeEffects(held, ["immobilized"], 1_000, THIEF).notices).toEqual([{ to: "self", packet: "InmovilizadoOK" }, { to: "self", packet: "PosUpdate" }]);
    expect(expireEffects(held, 5_000, HUNTER).effects).toEqual({});
    expect(expireEffects(held, 5_000, MAGE).effects).toEqual({});
  });

  test("invisibility: Contadores + SetInvisible on; at its end 307, SetInvisible(false), Contadores", () => {
    const on = applyEffect(NO_STATUS_EFFECTS, { kind: "invisible", durationMs: 17_000 }, 0, MAGE);
    expect(on.notices).toEqual([{ to: "self", packet: "Contadores" }, { to: "area", packet: "SetInvisible", invisible: true }]);
    expect(expireEffects(on.effects, 17_000, MAGE).notices).toEqual([
      { to: "self", packet: "LocaleMsg", messageId: 307 },
      { to: "area", packet: "SetInvisible", invisible: false },
      { to: "self", packet: "Contadores" },
    ]);
  });

  test("blindness, dumbness, curse (518 at its end), speed, attribute boost (FYA back to the base)", () => {
    let effects = NO_STATUS_EFFECTS;
    const notices: unknown[] = [];
    for (const application of [
      { kind: "blind", durationMs: 1_000 },
      { kind: "dumb", durationMs: 2_000 },
      { kind: "cursed", durationMs: 3_000 },
      { kind: "speed", durationMs: 4_000, multiplier: 0.5 },
      { kind: "attributeBoost", durationMs: 5_000, strength: 25, agility: 19 },
    ] as const) {
      const change = applyEffect(effects, application, 0, MAGE);
      effects = change.effects;
      notices.push(...change.notices);
    }
    expect(notices).toEqual([
      { to: "self", packet: "Blind" },
      { to: "self", packet: "Dumb" },
      { to: "self", packet: "SpeedChanged" },
      { to: "self", packet: "FYA", strength: 25, agility: 19 },
    ]);
    const base = { strength: 19, agility: 19 };
    expect(expireEffects(effects, 5_000, MAGE, base)).toMatchObject({
      effects: {},
      expired: ["attributeBoost", "blind", "dumb", "cursed", "speed"],
      notices: [
        { to: "self", packet: "FYA", strength: 19, agility: 19 },
        { to: "self", packet: "BlindNoMore" },
        { to: "self", packet: "DumbNoMore" },
        { to: "self", packet: "LocaleMsg", messageId: 518 },
        { to: "self", packet: "SpeedChanged" },
      ],
    });
  });

  test("NPC states tell nobody; poison without a bite time never schedules", () => {
    const npc = applyEffect(NO_STATUS_EFFECTS, { kind: "paralyzed", durationMs: 87_900 }, 0);
    expect(npc.notices).toEqual([]);
    const poisoned = applyEffect(npc.effects, { kind: "poisoned", level: 3, firstBiteMs: null }, 0).effects;
    expect(nextStatusEventMs(poisoned)).toBe(87_900);
    expect(expireEffects(poisoned, 87_900).effects).toEqual({ poisoned: { kind: "poisoned", untilMs: null, level: 3, nextBiteAtMs: null } });
  });
});

describe("effects over time", () => {
  test("a poison bite takes 1 + RandomNumber(3, 5) × MaxHP \\ 100: 4 % of 100 → 5; 3 % of 57 → 1 + 1 = 2", () => {
    expect(poisonBite(scripted([3, 5, 4]), 100)).toEqual({ percent: 4, damage: 5, messages: [47, 390], particle: 32, particleTime: 30 });
    expect(poisonBite(scripted([3, 5, 3]), 57).damage).toBe(2);
  });

  test("tickPoison: nothing before the bite; two periods late, two bites; the next one a period after", () => {
    const effects = applyEffect(NO_STATUS_EFFECTS, { kind: "poisoned", level: 1, firstBiteMs: firstPoisonBiteMs(0) }, 0, MAGE).effects;
    expect(tickPoison(scripted(), effects, 3_639, 100)).toEqual({ effects, bites: [] });
    const late = tickPoison(scripted([3, 5, 3], [3, 5, 5]), effects, 7_280, 100);
    expect(late.bites.map((bite) => bite.damage)).toEqual([4, 6]);
    expect(late.effects.poisoned?.nextBiteAtMs).toBe(10_920);
    expect(nextStatusEventMs(late.effects)).toBe(10_920);
  });

  test("tickIncineration: RandomNumber(20, 30) per due burn, FX 73, lines 392 and 391; expiry ends it", () => {
    const effects = applyEffect(NO_STATUS_EFFECTS, { kind: "incinerated", start: 0 }, 1_000, MAGE).effects;
    const first = tickIncineration(scripted([20, 30, 27]), effects, 1_040);
    expect(first.burns).toEqual([{ damage: 27, fx: 73, messages: [392, 391] }]);
    expect(first.effects.incinerated?.burnsAtMs).toEqual([1_760, 2_480, 3_200, 3_920]);
    const rest = tickIncineration(scripted([20, 30, 20], [20, 30, 21], [20, 30, 22], [20, 30, 30]), first.effects, 4_040);
    expect(rest.burns.map((burn) => burn.damage)).toEqual([20, 21, 22, 30]);
    expect(expireEffects(rest.effects, 4_040, MAGE).expired).toEqual(["incinerated"]);
  });
});

describe("crossing to another map (a transfer)", () => {
  test("every time travels as an offset from the hand-over and lands on the next map's clock", () => {
    let effects = applyEffect(NO_STATUS_EFFECTS, { kind: "paralyzed", durationMs: 5_000 }, 1_000, MAGE).effects;
    effects = applyEffect(effects, { kind: "poisoned", level: 1, firstBiteMs: 3_640 }, 1_000, MAGE).effects;
    effects = applyEffect(effects, { kind: "incinerated", start: 0 }, 1_000, MAGE).effects;
    effects = applyEffect(effects, { kind: "attributeBoost", durationMs: null, strength: 20, agility: 19 }, 1_000, MAGE).effects;
    // Left at 3 000 on one map; arrives at 50 000 on another.
    const handOver = handOverEffects(effects, 3_000);
    expect(handOver.relative.paralyzed).toEqual({ kind: "paralyzed", untilMs: 3_000 });
    const arrived = takeOverEffects(structuredClone(handOver), 50_000);
    expect(arrived.paralyzed).toEqual({ kind: "paralyzed", untilMs: 53_000 });
    expect(arrived.poisoned).toEqual({ kind: "poisoned", untilMs: null, level: 1, nextBiteAtMs: 51_640 });
    expect(arrived.incinerated!.untilMs - 50_000).toBe(effects.incinerated!.untilMs - 3_000);
    expect(arrived.incinerated!.burnsAtMs).toEqual(effects.incinerated!.burnsAtMs.map((ms) => ms + 47_000));
    expect(arrived.attributeBoost).toEqual({ kind: "attributeBoost", untilMs: null, strength: 20, agility: 19 });
    expect(nextStatusEventMs(arrived)).toBe(nextStatusEventMs(effects)! + 47_000);
  });

  test("nothing, or nothing sane, arrives as no state; bad entries are dropped one by one", () => {
    expect(takeOverEffects(undefined, 10)).toBe(NO_STATUS_EFFECTS);
    expect(takeOverEffects(handOverEffects(NO_STATUS_EFFECTS, 5), 10)).toBe(NO_STATUS_EFFECTS);
    const bad = {
      relative: {
        paralyzed: { kind: "paralyzed", untilMs: Number.NaN },
        blind: { kind: "blind", untilMs: 2_000 },
        flying: { kind: "flying", untilMs: 1 },
        dumb: { kind: "blind", untilMs: 1 },
      },
    } as unknown as StatusHandOver;
    expect(takeOverEffects(bad, 100)).toEqual({ blind: { kind: "blind", untilMs: 2_100 } });
  });
});
