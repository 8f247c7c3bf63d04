/**
 * `/HOGAR` on a map, with real packet bodies and the manual clock (VB6 `HandleHome`, `goHome`,
 * `HomeArrival`): a ghost pays the fare, waits the Balance `HomeTimer` seconds with the rune
 * particle and the bar drawn for the area, and is handed over to its home city's map; a step or
 * coming back to life at the priest cancels the trip; the living, the poor, those already home
 * and those on a newbie map or a jail tile are refused.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { DEFAULT_NPCS, loadDefaultWorld, type GameTables } from "../../content/index.ts";
import type { CharacterRecord } from "../../game/character/index.ts";
import { UNHURT_AND_CLOTHED, world, type Received } from "../map-harness.test-support.ts";

let defaultTables: GameTables;

beforeAll(async () => {
  const loaded = await loadDefaultWorld();
  if (!loaded.ok) throw new Error(loaded.errors.map((e) => e.message).join("; "));
  defaultTables = loaded.pack.tables!;
});

/** Home city 1 at (46, 46) of map `homeMap` (the harness map is 1), and the Balance `HomeTimer`. */
function tables(homeMap: number, homeTimer?: number): GameTables {
  const cities = defaultTables.cities!;
  const balance = defaultTables.balance!;
  return {
    ...defaultTables,
    cities: { ...cities, cities: cities.cities.map((city) => (city.id === 1 ? { ...city, map: homeMap, x: 46, y: 46 } : city)) },
    balance: homeTimer === undefined ? balance : { ...balance, globals: { ...balance.globals, homeTimer } },
  };
}

const GHOST: Partial<CharacterRecord> = {
  gold: 100,
  vitals: { hp: 0, maxHp: 32, mana: 5, maxMana: 6, stamina: 0, maxStamina: 40, food: 100, water: 100 },
};
const PRIEST = { npc: DEFAULT_NPCS.healer, name: "Hermana Irene", x: 20, y: 23, body: 10, head: 0, heading: 3 };

function setUp(options: { homeMap?: number; homeTimer?: number; zone?: string; triggers?: [number, number, number][]; record?: Partial<CharacterRecord> } = {}) {
  const w = world({
    tables: tables(options.homeMap ?? 2, options.homeTimer),
    safe: false,
    npcs: [PRIEST],
    ...(options.zone !== undefined ? { zone: options.zone } : {}),
    ...(options.triggers ? { triggers: options.triggers } : {}),
  });
  const ana = w.enter(1, "Ana", 20, 20, { with: { ...GHOST, ...options.record } });
  w.enter(2, "Beto", 21, 20, { with: UNHURT_AND_CLOTHED });
  w.drain();
  const home = () => w.server.act(1, "Home", {});
  const state = () => w.server.snapshot().find((entry) => entry.session === 1)?.state;
  const transfers = () => w.events.filter((event) => event.t === "transfer");
  const line = (p: Received) => (p.name === "LocaleMsg" ? `LocaleMsg ${p.fields.messageId} [${p.fields.params}] font ${p.fields.fontIndex}` : p.name);
  return { w, ana, home, state, transfers, line };
}

describe("/HOGAR: the trip home of a ghost", () => {
  test("the fare is paid, the area sees the rune and the bar, and after HomeTimer seconds the ghost is handed to its city's map", () => {
    const { w, ana, home, state, transfers, line } = setUp();
    home();
    const out = w.drain();
    const mine = out.filter((p) => p.session === 1);
    // Level 1: 1 × 15 + CLng(1 ^ 1.5) = 16 gold; the default world's HomeTimer is 30 s.
    expect(mine.map(line)).toEqual(["UpdateGold", "ParticleFX", "BarFx", "LocaleMsg 1994 [30] font 35"]);
    expect(mine[0]!.fields.gold).toBe(84);
    expect(mine[1]!.fields).toEqual({ charIndex: ana, particle: 167, time: 3000, remove: false, grh: 0, x: 20, y: 20 });
    expect(mine[2]!.fields).toEqual({ charIndex: ana, barTime: 30, barAction: 6 });
    expect(out.filter((p) => p.session === 2).map((p) => p.name)).toEqual(["ParticleFX", "BarFx"]);
    expect(state()!.gold).toBe(84);

    w.advance(30_000 - 1);
    expect(transfers()).toEqual([]);
    expect(w.drain()).toEqual([]);
    w.advance(1);
    const [transfer] = transfers();
    if (transfer?.t !== "transfer") throw new Error("not handed over");
    expect(transfer.dest).toEqual({ map: 2, x: 46, y: 46 });
    expect(transfer.cameFrom).toEqual({ map: 1, x: 20, y: 20 });
    expect(transfer.state).toMatchObject({ gold: 84, vitals: { hp: 0 }, position: { map: 2, x: 46, y: 46 } });
    const after = w.drain();
    expect(after.filter((p) => p.session === 1).map(line)).toEqual(["RemoveDialogs", "LocaleMsg 1996 [] font 2"]);
    expect(after.filter((p) => p.session === 2).map((p) => `${p.name} ${p.fields.charIndex}`)).toEqual([`CharacterRemove ${ana}`]);
    expect(w.server.hasSession(1)).toBe(false);
  });

  test("the wait is the world's Balance HomeTimer", () => {
    const { w, home, transfers, line } = setUp({ homeTimer: 12 });
    home();
    expect(w.drain().filter((p) => p.session === 1 && p.name === "LocaleMsg").map(line)).toEqual(["LocaleMsg 1994 [12] font 35"]);
    w.advance(11_999);
    expect(transfers()).toEqual([]);
    w.advance(1);
    expect(transfers()).toHaveLength(1);
  });

  test("a step cancels it: the particle and the bar go for the area, the fare stays paid, nobody is moved", () => {
    const { w, ana, home, state, transfers, line } = setUp();
    home();
    w.advance(5_000);
    w.drain();
    w.server.walk(1, 1);
    const out = w.drain();
    expect(out.filter((p) => p.session === 1).map(line).slice(0, 3)).toEqual(["ParticleFX", "BarFx", "LocaleMsg 1122 [] font 3"]);
    const seen = out.filter((p) => p.session === 2);
    expect(seen[0]).toMatchObject({ name: "ParticleFX", fields: { charIndex: ana, particle: 167, time: 0, remove: true } });
    expect(seen[1]).toMatchObject({ name: "BarFx", fields: { charIndex: ana, barTime: 0, barAction: 99 } });
    expect(seen.some((p) => p.name === "CharacterMove")).toBe(true);
    w.advance(60_000);
    expect(transfers()).toEqual([]);
    expect(state()).toMatchObject({ gold: 84, position: { map: 1, x: 20, y: 19 } });
  });

  test("a refused step (into a wall, a player) does not cancel it", () => {
    const { w, home, transfers } = setUp();
    home();
    w.server.walk(1, 2); // Beto stands east
    w.advance(30_000);
    expect(transfers()).toHaveLength(1);
  });

  test("coming back to life at the priest cancels it", () => {
    const { w, home, state, transfers, line } = setUp();
    home();
    w.drain();
    w.server.act(1, "LeftClick", { x: PRIEST.x, y: PRIEST.y, counter: 1 });
    const mine = w.drain().filter((p) => p.session === 1).map(line);
    expect(mine.indexOf("LocaleMsg 1122 [] font 3")).toBeGreaterThan(mine.indexOf("LocaleMsg 585 [] font 3"));
    w.advance(60_000);
    expect(transfers()).toEqual([]);
    expect(state()!.vitals.hp).toBe(32);
  });

  test("leaving the map (logout) forgets it", () => {
    const { w, home, transfers } = setUp();
    const before = w.clock.timers.pending;
    home();
    expect(w.clock.timers.pending).toBe(before + 1);
    w.server.leave(1, "quit");
    w.advance(60_000);
    expect(transfers()).toEqual([]);
  });
});

describe("/HOGAR refused (HandleHome's checks)", () => {
  const refusal = (options: Parameters<typeof setUp>[0], times = 1) => {
    const { w, home, state, transfers, line } = setUp(options);
    for (let i = 0; i < times; i++) home();
    const mine = w.drain().filter((p) => p.session === 1);
    w.advance(60_000);
    return { mine: mine.map(line), gold: state()?.gold, transfers: transfers().length };
  };

  test("the living: only the dead may use it (1272)", () => {
    const alive = { vitals: { hp: 30, maxHp: 32, mana: 5, maxMana: 6, stamina: 40, maxStamina: 40, food: 100, water: 100 } };
    expect(refusal({ record: alive })).toEqual({ mine: ["LocaleMsg 1272 [] font 3"], gold: 100, transfers: 0 });
  });

  test("not enough gold for the fare: 2164 with the fare", () => {
    expect(refusal({ record: { gold: 15 } })).toEqual({ mine: ["LocaleMsg 2164 [16] font 3"], gold: 15, transfers: 0 });
    // Level 30: 30 ^ 2 = 900.
    expect(refusal({ record: { gold: 899, level: 30 } })).toEqual({ mine: ["LocaleMsg 2164 [900] font 3"], gold: 899, transfers: 0 });
  });

  test("already on the home city's map (1276)", () => {
    expect(refusal({ homeMap: 1 })).toEqual({ mine: ["LocaleMsg 1276 [] font 3"], gold: 100, transfers: 0 });
  });

  test("not from a newbie map or a jail tile (1273)", () => {
    expect(refusal({ zone: "NEWBIE" })).toEqual({ mine: ["LocaleMsg 1273 [] font 3"], gold: 100, transfers: 0 });
    expect(refusal({ triggers: [[20, 20, 19]] })).toEqual({ mine: ["LocaleMsg 1273 [] font 3"], gold: 100, transfers: 0 });
  });

  test("a second request while travelling: 1277, no second fare, the trip goes on", () => {
    const { mine, gold, transfers } = refusal({}, 2);
    expect(mine.at(-1)).toBe("LocaleMsg 1277 [] font 3");
    expect(mine.filter((entry) => entry === "UpdateGold")).toHaveLength(1);
    expect(gold).toBeUndefined(); // handed over to the home map
    expect(transfers).toBe(1);
  });
});
