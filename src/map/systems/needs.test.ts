/**
 * Hunger, thirst and regeneration on a map, driven by the manual clock: one sweep a second
 * settles everyone's clocks and sends what changed (combat-and-progression §9).
 */
import { describe, expect, test } from "bun:test";
import { EMPTY_EQUIPMENT, type CharacterRecord, type CharacterVitals } from "../../game/character/index.ts";
import { IN_COMBAT_MS } from "../../game/vitals/index.ts";
import { PACKET_HANDLERS } from "../handlers.ts";
import { START_MS, summary, TEST_ITEMS, world, type Received } from "../map-harness.test-support.ts";
import { drawFor, scriptedRandom, type ScriptedRandom } from "../../random/scripted-random.test-support.ts";
import { HEAL_TEXT_COLOUR, VITALS_SWEEP_INTERVAL_MS } from "./needs.ts";

const FULL: CharacterVitals = { hp: 32, maxHp: 32, mana: 6, maxMana: 6, stamina: 40, maxStamina: 40, food: 100, water: 100 };

/** Wearing armour (not naked), with these vitals. */
function clothed(vitals: Partial<CharacterVitals> = {}): Partial<CharacterRecord> {
  return {
    inventory: [{ slot: 1, objectId: TEST_ITEMS.armor, amount: 1, equipped: true }],
    equipment: { ...EMPTY_EQUIPMENT, armor: TEST_ITEMS.armor },
    vitals: { ...FULL, ...vitals },
  };
}

function setUp(record: Partial<CharacterRecord>, random: ScriptedRandom = scriptedRandom()) {
  // `Online` stands in for combat here: it marks the player as fighting for IN_COMBAT_MS.
  const w = world({
    random,
    handlers: { ...PACKET_HANDLERS, Online: (ctx, player) => void (player.inCombatUntil = ctx.clock.now() + IN_COMBAT_MS) },
  });
  w.enter(1, "Ana", 20, 20, { with: record });
  w.enter(2, "Beto", 21, 20, { with: clothed() });
  w.drain();
  const mine = (): Received[] => w.drain().filter((p) => p.session === 1);
  const vitals = () => w.server.snapshot().find((entry) => entry.session === 1)!.state.vitals;
  return { w, mine, vitals };
}

describe("thirst and hunger", () => {
  test("water −10 after 161 s and food −10 after 181 s, each told with the exact packet", () => {
    const { w, mine, vitals } = setUp(clothed());
    w.advance(161_000 - 1);
    expect(mine()).toEqual([]);
    w.advance(1);
    expect(mine()).toEqual([{ session: 1, name: "UpdateHungerAndThirst", fields: { maxWater: 100, water: 90, maxFood: 100, food: 100 } }]);
    w.advance(20_000 - 1);
    expect(mine()).toEqual([]);
    w.advance(1);
    expect(mine()).toEqual([{ session: 1, name: "UpdateHungerAndThirst", fields: { maxWater: 100, water: 90, maxFood: 100, food: 90 } }]);
    expect(vitals()).toMatchObject({ food: 90, water: 90 });
  });

  test("a ghost gets neither hungry nor thirsty, and regenerates nothing", () => {
    const { w, mine, vitals } = setUp(clothed({ hp: 0, stamina: 0 }));
    w.advance(400_000);
    expect(mine()).toEqual([]);
    expect(vitals()).toMatchObject({ hp: 0, stamina: 0, food: 100, water: 100 });
  });
});

describe("HP regeneration", () => {
  test("fed, clothed, out of combat: 8.04 s after arriving, UpdateHP, locale 519 and the amount in green", () => {
    // MaxHP 32: RandomNumber(2, 3) → 3.
    const random = scriptedRandom(drawFor(3, 2, 3));
    const { w, mine, vitals } = setUp(clothed({ hp: 20 }), random);
    w.advance(8000);
    expect(mine()).toEqual([]);
    // The step happened at 8.04 s; the next sweep (9 s) tells it.
    w.advance(VITALS_SWEEP_INTERVAL_MS);
    const out = mine();
    expect(out.map(summary)).toEqual(["UpdateHP 23", "LocaleMsg[3] 519 ", "TextOverChar"]);
    expect(out[2]!.fields).toEqual({ text: "3", charIndex: 1, color: HEAL_TEXT_COLOUR });
    expect(vitals().hp).toBe(23);
    expect(random.left).toBe(0);
  });

  test("starving: no HP comes back, and the stamina drains instead", () => {
    const random = scriptedRandom(...new Array<number>(40).fill(0));
    const { w, mine, vitals } = setUp(clothed({ hp: 20, food: 0 }), random);
    w.advance(60_000);
    const names = mine().map((p) => p.name);
    expect(names).not.toContain("UpdateHP");
    expect(names).not.toContain("LocaleMsg");
    expect(names).toContain("UpdateSta");
    expect(vitals().hp).toBe(20);
    expect(vitals().stamina).toBeLessThan(40);
  });

  test("naked: no HP comes back", () => {
    const random = scriptedRandom(...new Array<number>(40).fill(0));
    const { w, mine } = setUp({ vitals: { ...FULL, hp: 20 } }, random);
    w.advance(20_000);
    expect(mine().map((p) => p.name)).not.toContain("UpdateHP");
  });

  test("a fight pauses the HP clock for its 10 s; 8.04 s of peace in all make one step", () => {
    const random = scriptedRandom(drawFor(2, 2, 3));
    const { w, mine, vitals } = setUp(clothed({ hp: 20 }), random);
    // Arrived at 1 s; hit at 4.5 s (3.5 s of peace): in combat until 14.5 s; 4.54 s more → 19.04 s.
    w.advance(3500);
    w.server.act(1, "Online", {});
    w.advance(14_500);
    expect(w.clock.now()).toBe(START_MS + 18_000);
    expect(mine()).toEqual([]);
    w.advance(1000);
    expect(mine().map(summary)).toEqual(["UpdateHP 22", "LocaleMsg[3] 519 ", "TextOverChar"]);
    expect(vitals().hp).toBe(22);
  });

  test("hit after hit for 30 s: no HP comes back during the fight", () => {
    const random = scriptedRandom(drawFor(2, 2, 3));
    const { w, mine } = setUp(clothed({ hp: 20 }), random);
    for (let i = 0; i < 26; i++) {
      w.server.act(1, "Online", {});
      w.advance(1165);
    }
    expect(mine()).toEqual([]);
    // The last hit at 30.125 s: 10 s of combat, then 8.04 s of peace → 48.165 s, told at 49 s.
    w.advance(48_165 - 30_290 - 1000);
    expect(mine()).toEqual([]);
    w.advance(1000);
    expect(mine().map((p) => p.name)).toEqual(["UpdateHP", "LocaleMsg", "TextOverChar"]);
  });
});

describe("the sweep", () => {
  test("one timer for the map: started by the first player, kept for the second, stopped with the last", () => {
    const w = world();
    const running = () => w.server.instance.vitalsSweepRunning;
    const base = w.clock.timers.pending;
    expect(running()).toBe(false);
    w.enter(1, "Ana", 20, 20);
    expect(running()).toBe(true);
    const withOne = w.clock.timers.pending;
    expect(withOne).toBeGreaterThan(base);
    w.enter(2, "Beto", 22, 20);
    // No timer per player: the second arrival adds none of ours.
    expect(w.clock.timers.pending).toBe(withOne);
    w.server.leave(1, "test");
    expect(running()).toBe(true);
    w.server.leave(2, "test");
    expect(running()).toBe(false);
    expect(w.clock.timers.pending).toBe(base);
    // And again for the next one, which still gets thirsty on time.
    w.enter(3, "Ceci", 20, 20, { with: clothed() });
    expect(running()).toBe(true);
    w.drain();
    w.advance(161_000);
    expect(w.drain().map(summary)).toEqual(["HungerAndThirst food=100 water=90"]);
  });

  test("a second player's steps are told at the map's next sweep, at most a second late", () => {
    const w = world();
    w.enter(1, "Ana", 20, 20, { with: clothed() });
    w.advance(400);
    w.enter(2, "Beto", 22, 20, { with: clothed() });
    w.drain();
    // Beto's thirst step falls at 161.4 s after the start; the sweeps run on whole seconds.
    w.advance(161_000);
    expect(w.drain().filter((p) => p.session === 2)).toEqual([]);
    w.advance(1000);
    expect(w.drain().filter((p) => p.session === 2).map(summary)).toEqual(["HungerAndThirst food=100 water=90"]);
  });
});

describe("a map change", () => {
  test("the clocks go on on the next map: a player who changes maps at 150.5 s gets thirsty at 161 s", () => {
    const from = world({ exits: [{ x: 21, y: 20, destMap: 2, destX: 10, destY: 10 }] });
    from.enter(1, "Ana", 20, 20, { with: clothed() });
    from.advance(150_500);
    from.server.walk(1, 2);
    const transfer = from.events.find((event) => event.t === "transfer");
    if (transfer?.t !== "transfer") throw new Error("no transfer");
    expect(transfer.handOver.needs).toMatchObject({ thirstMs: 150_000, unsettledMs: 500 });

    // The next map runs on another monotonic clock.
    const to = world();
    to.advance(7_777);
    to.server.enter({ session: 1, record: transfer.state, kind: "transfer", userSlot: 1, cameFrom: transfer.cameFrom, handOver: structuredClone(transfer.handOver) });
    to.drain();
    // The step falls 10.5 s after arriving; the map's sweep (whole seconds after the arrival) tells it.
    to.advance(10_000);
    expect(to.drain()).toEqual([]);
    to.advance(VITALS_SWEEP_INTERVAL_MS);
    expect(to.drain().map(summary)).toEqual(["HungerAndThirst food=100 water=90"]);
  });

  test("without a hand-over (a login, a recovery after a worker crash) the clocks start afresh", () => {
    const w = world();
    w.enter(1, "Ana", 20, 20, { kind: "recover", with: clothed() });
    w.drain();
    w.advance(161_000 - 1);
    expect(w.drain()).toEqual([]);
    w.advance(1);
    expect(w.drain().map(summary)).toEqual(["HungerAndThirst food=100 water=90"]);
  });
});
