/**
 * Mutes, jail and warnings on a map (gm-and-moderation §3.3–§3.5, §11 items 24–31), with real
 * packet bodies and the manual clock: the sanctions as the staff service sends them to the
 * target's map, the countdowns, the release, the third warning; and what the GM's map checks
 * before asking the service (usage, bounds, another's record).
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { loadDefaultWorld, type GameTables } from "../../content/index.ts";
import type { CharacterRecord } from "../../game/character/index.ts";
import { itemCatalogFromObjects, ObjectType } from "../../game/items/index.ts";
import type { StaffStanding } from "../../game/staff/index.ts";
import { MAP_ID, UNHURT_AND_CLOTHED, world, type Received } from "../map-harness.test-support.ts";
import type { MapEvent } from "../map-events.ts";
import type { Sanction } from "../service-protocol.ts";

let defaultTables: GameTables;

beforeAll(async () => {
  const loaded = await loadDefaultWorld();
  if (!loaded.ok) throw new Error(loaded.errors.map((e) => e.message).join("; "));
  defaultTables = loaded.pack.tables!;
});

const FISH = 80;
const WOOD = 81;
const IRON_ORE = 82;
const APPLE = 1;
const CATALOG = itemCatalogFromObjects([
  { id: APPLE, name: "Manzana", objType: ObjectType.Food, hunger: 10, value: 2 },
  { id: FISH, name: "Pescado", objType: ObjectType.Food, subType: 1, hunger: 5 },
  { id: WOOD, name: "Leña", objType: ObjectType.Wood },
  { id: IRON_ORE, name: "Mineral de hierro", objType: ObjectType.Mineral },
]);

/** The prison at (30, 30) and the release at (5, 5), both on `map` (the harness map is 1). */
function tables(map: number = MAP_ID): GameTables {
  return { ...defaultTables, cities: { ...defaultTables.cities!, prison: { map, x: 30, y: 30 }, release: { map, x: 5, y: 5 } } };
}

const ALIVE: Partial<CharacterRecord> = { ...UNHURT_AND_CLOTHED, inventory: [] };
const GHOST: Partial<CharacterRecord> = { vitals: { hp: 0, maxHp: 32, mana: 5, maxMana: 6, stamina: 0, maxStamina: 40, food: 100, water: 100 } };

function setUp(options: { prisonMap?: number; record?: Partial<CharacterRecord>; staff?: StaffStanding } = {}) {
  const w = world({ tables: tables(options.prisonMap), items: CATALOG, safe: false, width: 40, height: 40 });
  w.enter(1, "Pepe", 10, 10, { with: { ...ALIVE, ...options.record } });
  w.enter(2, "Ana", 12, 10, { with: { ...ALIVE, ...(options.staff ? { staff: options.staff } : {}) } });
  w.drain();
  w.events.length = 0;
  const sanction = (session: number, value: Sanction) => w.server.instance.fromWorld({ t: "system", service: "staff", session, message: { kind: "sanction", sanction: value } });
  const penalties = () => w.server.snapshot().find((entry) => entry.session === 1)?.state.penalties;
  const lines = (packets: Received[], session: number) =>
    packets.filter((p) => p.session === session && (p.name === "LocaleMsg" || p.name === "ConsoleMsg")).map((p) => (p.name === "LocaleMsg" ? `${p.fields.messageId} [${p.fields.params}]` : `"${p.fields.text}"`));
  const asked = () => w.events.flatMap((event: MapEvent) => (event.t === "service" && event.service === "staff" ? [event.message] : []));
  return { w, sanction, penalties, lines, asked };
}

describe("a mute on the target's map", () => {
  test("Msg949; talk, yell, whisper and global chat get Msg110 with the minutes left and say nothing; after 300 online seconds Msg1018 and speech works", () => {
    const { w, sanction, penalties, lines, asked } = setUp();
    sanction(1, { kind: "mute", minutes: 5 });
    expect(lines(w.drain(), 1)).toEqual(["949 []"]);
    expect(penalties()).toMatchObject({ muteSecondsLeft: 300 });
    w.server.talk(1, "hola", false);
    w.server.talk(1, "HOLA", true);
    w.server.whisper(1, "Ana", "psst");
    w.server.act(1, "GlobalMessage", { text: "todos" });
    let out = w.drain();
    expect(lines(out, 1)).toEqual(["110 [5]", "110 [5]", "110 [5]", "110 [5]"]);
    expect(out.filter((p) => p.session === 2)).toEqual([]);
    expect(w.bus.published).toEqual([]);
    // 61 s later: four full minutes and a started one are left.
    w.advance(61_000);
    w.server.talk(1, "hola", false);
    expect(lines(w.drain(), 1)).toEqual(["110 [4]"]);
    w.advance(238_999);
    expect(penalties()).toMatchObject({ muteSecondsLeft: 1 });
    expect(lines(w.drain(), 1)).toEqual([]);
    w.advance(1);
    expect(lines(w.drain(), 1)).toEqual(["1018 []"]);
    expect(penalties()?.muteSecondsLeft ?? 0).toBe(0);
    expect(asked()).toEqual([{ kind: "penalty_served", penalty: "mute" }]);
    w.server.talk(1, "ya puedo", false);
    out = w.drain();
    expect(out.filter((p) => p.session === 2 && p.name === "ChatOverHead").map((p) => p.fields.text)).toEqual(["ya puedo"]);
    // No timer stays for an unpunished player.
    w.advance(10_000);
    expect(w.drain()).toEqual([]);
  });

  test("an unmute ends it at once (G9: VB6 left the online player muted); a new mute replaces the running one", () => {
    const { w, sanction, penalties, lines } = setUp();
    sanction(1, { kind: "mute", minutes: 300 });
    expect(penalties()).toMatchObject({ muteSecondsLeft: 18_000 });
    sanction(1, { kind: "mute", minutes: 2 });
    expect(penalties()).toMatchObject({ muteSecondsLeft: 120 });
    sanction(1, { kind: "unmute" });
    expect(lines(w.drain(), 1)).toEqual(["949 []", "949 []", "950 []"]);
    expect(penalties()?.muteSecondsLeft ?? 0).toBe(0);
    w.server.talk(1, "hola", false);
    expect(lines(w.drain(), 1)).toEqual([]);
  });

  test("what was served of the second goes with the player to another map, and its record keeps what is left", () => {
    const { w, sanction } = setUp({ prisonMap: 9 });
    sanction(1, { kind: "mute", minutes: 1 });
    w.advance(10_500);
    sanction(1, { kind: "jail", minutes: 5, issuer: "Haracin" });
    const transfer = w.events.find((event) => event.t === "transfer");
    expect(transfer).toMatchObject({ session: 1, dest: { map: 9, x: 30, y: 30 }, state: { penalties: { muteSecondsLeft: 50, jailMinutesLeft: 5, warnings: 0 } }, handOver: { penaltyClock: { muteServedMs: 500, jailServedMs: 0 } } });
  });
});

describe("jail on the target's map", () => {
  test("/CARCEL pepe@insultos@10: Msg1617 with the issuer and minutes, fish, wood and mineral stacks taken (the apple kept), taken to the prison", () => {
    const { w, sanction, penalties, lines } = setUp({
      record: {
        inventory: [
          { slot: 1, objectId: FISH, amount: 7, equipped: false },
          { slot: 2, objectId: APPLE, amount: 3, equipped: false },
          { slot: 3, objectId: WOOD, amount: 50, equipped: false },
          { slot: 4, objectId: IRON_ORE, amount: 9, equipped: false },
        ],
      },
    });
    sanction(1, { kind: "jail", minutes: 10, issuer: "Haracin" });
    const out = w.drain();
    expect(lines(out, 1)).toEqual(["1617 [Haracin¬10]"]);
    expect(out.filter((p) => p.session === 1 && p.name === "ChangeInventorySlot").map((p) => [p.fields.slot, p.fields.objIndex, p.fields.amount])).toEqual([
      [1, 0, 0],
      [3, 0, 0],
      [4, 0, 0],
    ]);
    expect(w.server.positionOf(1)).toMatchObject({ x: 30, y: 30 });
    const state = w.server.snapshot().find((entry) => entry.session === 1)!.state;
    expect(state.inventory.map((slot) => [slot.slot, slot.objectId, slot.amount])).toEqual([[2, APPLE, 3]]);
    expect(penalties()).toMatchObject({ jailMinutesLeft: 10 });
  });

  test("the countdown: ten minutes alive set the prisoner free at Libertad with Msg1103; a ghost's minutes do not count", () => {
    const { w, sanction, penalties, lines, asked } = setUp();
    sanction(1, { kind: "jail", minutes: 2, issuer: "Haracin" });
    w.drain();
    w.advance(59_000);
    expect(penalties()).toMatchObject({ jailMinutesLeft: 2 });
    w.advance(1_000);
    expect(penalties()).toMatchObject({ jailMinutesLeft: 1 });
    // Dead for five minutes: nothing counts; alive again, the last minute is served in full.
    const record = w.server.snapshot().find((entry) => entry.session === 1)!.state;
    w.server.leave(1, "test");
    w.enter(1, "Pepe", 30, 30, { kind: "transfer", with: { ...record, ...GHOST } });
    w.advance(300_000);
    expect(penalties()).toMatchObject({ jailMinutesLeft: 1 });
    const ghost = w.server.snapshot().find((entry) => entry.session === 1)!.state;
    w.server.leave(1, "test");
    w.enter(1, "Pepe", 30, 30, { kind: "transfer", with: { ...ghost, vitals: ALIVE.vitals! } });
    w.drain();
    w.events.length = 0;
    w.advance(60_000);
    expect(penalties()?.jailMinutesLeft ?? 0).toBe(0);
    expect(lines(w.drain(), 1)).toEqual(["1103 []"]);
    expect(w.server.positionOf(1)).toMatchObject({ x: 5, y: 5 });
    expect(asked()).toEqual([{ kind: "penalty_served", penalty: "jail" }]);
  });

  test("a prisoner who logs in away from the prison's map is handed over to it once the login is done", () => {
    const { w } = setUp({ prisonMap: 9 });
    w.enter(3, "Preso", 15, 15, { with: { ...ALIVE, penalties: { muteSecondsLeft: 0, jailMinutesLeft: 25, warnings: 0 } } });
    expect(w.events.filter((event) => event.t === "transfer")).toEqual([]);
    w.advance(1);
    const transfers = w.events.filter((event) => event.t === "transfer");
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({ session: 3, dest: { map: 9, x: 30, y: 30 } });
  });

  test("/HOGAR while serving a sentence: Msg1274 (a ghost on an ordinary tile)", () => {
    const { w, lines } = setUp({ record: { ...GHOST, penalties: { muteSecondsLeft: 0, jailMinutesLeft: 3, warnings: 0 } } });
    w.server.act(1, "Home", {});
    expect(lines(w.drain(), 1)).toEqual(["1274 []"]);
  });
});

describe("warnings on the target's map", () => {
  test("each warning: Msg1479 with the GM, Msg1480 with the count; the third jails 30 minutes by Servidor and asks for its row", () => {
    const { w, sanction, penalties, lines, asked } = setUp();
    for (let index = 0; index < 4; index++) sanction(1, { kind: "warned", by: "Haracin" });
    expect(lines(w.drain(), 1)).toEqual([
      "1479 [Haracin]",
      "1480 [1]",
      "1479 [Haracin]",
      "1480 [2]",
      "1479 [Haracin]",
      "1480 [3]",
      "1617 [Servidor¬30]",
      "1479 [Haracin]",
      "1480 [4]",
    ]);
    expect(penalties()).toMatchObject({ warnings: 4, jailMinutesLeft: 30 });
    expect(asked()).toEqual([{ kind: "jailed_by_server", minutes: 30, reason: "tercera advertencia" }]);
    expect(w.server.positionOf(1)).toMatchObject({ x: 30, y: 30 });
  });
});

describe("what the GM's map checks before asking the staff service", () => {
  const SEMIDIOS: StaffStanding = { rank: "semidios", roleMaster: false };
  const commands = (events: MapEvent[]) => events.flatMap((event) => (event.t === "service" && event.message.kind === "command" ? [event.message.command] : []));
  const audits = (events: MapEvent[]) =>
    events.flatMap((event) => (event.t === "service" && event.message.kind === "audit" ? [{ action: event.message.record.action, outcome: event.message.record.outcome, detail: event.message.record.detail }] : []));

  test("/CARCEL of 0 or -5 minutes or without a reason: the usage line (G10); above 8640: Msg958; a valid one asks the service", () => {
    const { w, lines } = setUp({ staff: SEMIDIOS });
    w.server.act(2, "Jail", { userName: "Pepe", reason: "x", time: 0 });
    w.server.act(2, "Jail", { userName: "Pepe", reason: "x", time: -5 });
    w.server.act(2, "Jail", { userName: "Pepe", reason: "  ", time: 10 });
    w.server.act(2, "Jail", { userName: "Pepe", reason: "x", time: 8641 });
    w.server.act(2, "Jail", { userName: "Pe+pe", reason: " insultos ", time: 10 });
    expect(lines(w.drain(), 2)).toEqual(["955 []", "955 []", "955 []", "958 [8640]"]);
    expect(commands(w.events)).toEqual([{ kind: "jail", target: "Pe pe", reason: "insultos", minutes: 10 }]);
    expect(audits(w.events)).toEqual([
      { action: "Jail", outcome: "refused_rule", detail: "usage" },
      { action: "Jail", outcome: "refused_rule", detail: "usage" },
      { action: "Jail", outcome: "refused_rule", detail: "usage" },
      { action: "Jail", outcome: "refused_rule", detail: "too_long" },
    ]);
  });

  test("/SILENCIAR, /ADVERTENCIA and /BORRARPENA go to the service; a blank warning reason is the usage line", () => {
    const { w, lines } = setUp({ staff: { rank: "dios", roleMaster: false } });
    w.server.act(2, "Silence", { userName: "Pepe", minutes: 5 });
    w.server.act(2, "Silence", { userName: "Pepe", minutes: -1 });
    w.server.act(2, "WarnUser", { userName: "Pepe", reason: " " });
    w.server.act(2, "WarnUser", { userName: "Pepe", reason: "spam" });
    w.server.act(2, "RemovePunishment", { userName: "Pepe", punishment: 2, newText: "error mío" });
    expect(lines(w.drain(), 2)).toEqual(["961 []"]);
    expect(commands(w.events)).toEqual([
      { kind: "mute", target: "Pepe", minutes: 5 },
      { kind: "mute", target: "Pepe", minutes: -1 },
      { kind: "warn", target: "Pepe", reason: "spam" },
      { kind: "edit_punishment", target: "Pepe", number: 2, text: "error mío" },
    ]);
  });

  test("/PENAS: a player reads its own record (the name exactly its own); another's is Msg528, not asked, not audited", () => {
    const { w, lines } = setUp();
    w.server.act(1, "Punishments", { userName: "Pepe" });
    w.server.act(1, "Punishments", { userName: "pepe" });
    w.server.act(1, "Punishments", { userName: "Ana" });
    expect(lines(w.drain(), 1)).toEqual(["528 []", "528 []"]);
    expect(commands(w.events)).toEqual([{ kind: "punishments", target: "Pepe" }]);
    expect(audits(w.events)).toEqual([]);
  });

  test("a player's /SILENCIAR, /CARCEL and /ADVERTENCIA change nothing and are audited refused_rank", () => {
    const { w, penalties } = setUp();
    w.server.act(1, "Silence", { userName: "Ana", minutes: 5 });
    w.server.act(1, "Jail", { userName: "Ana", reason: "x", time: 5 });
    w.server.act(1, "WarnUser", { userName: "Ana", reason: "x" });
    expect(commands(w.events)).toEqual([]);
    expect(audits(w.events).map((row) => row.outcome)).toEqual(["refused_rank", "refused_rank", "refused_rank"]);
    expect(penalties()).toBeUndefined();
  });
});
