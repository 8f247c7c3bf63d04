/**
 * Staff movement, invisibility and character acts on a map (gm-and-moderation §2.4, §2.6, §3.6,
 * §3.7, §5.7; §11 items 9, 35–39), with real packet bodies and the manual clock: what the GM's map
 * decides alone (G7's sender rules, its own moves, `/INVISIBLE`, `/CI`), what it hands to the staff
 * service (`act_on_target`), and what the target's map does with an `act` and reports.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { loadDefaultWorld, type GameTables } from "../../../content/index.ts";
import type { CharacterRecord } from "../../../game/character/index.ts";
import type { StaffStanding } from "../../../game/staff/index.ts";
import { MAP_ID, TEST_ITEMS, UNHURT_AND_CLOTHED, WALL, world, type Received } from "../../map-harness.test-support.ts";
import type { MapEvent } from "../../map-events.ts";
import type { StaffAnswer, TargetAct } from "../../service-protocol.ts";

let defaultTables: GameTables;

beforeAll(async () => {
  const loaded = await loadDefaultWorld();
  if (!loaded.ok) throw new Error(loaded.errors.map((e) => e.message).join("; "));
  defaultTables = loaded.pack.tables!;
});

const ADMIN: StaffStanding = { rank: "admin", roleMaster: false };
const DIOS: StaffStanding = { rank: "dios", roleMaster: false };
const SEMIDIOS: StaffStanding = { rank: "semidios", roleMaster: false };
const CONSEJERO: StaffStanding = { rank: "consejero", roleMaster: false };
const EVENT_MAP = 300;
const ALIVE: Partial<CharacterRecord> = { ...UNHURT_AND_CLOTHED };
const GHOST: Partial<CharacterRecord> = { vitals: { hp: 0, maxHp: 32, mana: 0, maxMana: 6, stamina: 0, maxStamina: 40, food: 100, water: 100 } };

function tables(events: number[]): GameTables {
  return { ...defaultTables, objects: null, specialMaps: { interdimensional: [], ignoreCleanup: [], events, noDrop: [], lists: {} } };
}

/**
 * The GM (session 1) at (10, 10), visible (it comes from another map where it showed itself: a
 * login would make a SemiDios or higher invisible, §1.3), a player (session 2) at (12, 10) in its area.
 */
function setUp(options: { gm?: StaffStanding; safe?: boolean; events?: number[]; walls?: [number, number, number][]; target?: Partial<CharacterRecord> } = {}) {
  const w = world({ safe: options.safe ?? false, tables: tables(options.events ?? [EVENT_MAP]), width: 40, height: 40, ...(options.walls ? { walls: options.walls } : {}) });
  const gmIndex = w.enter(1, "Gema", 10, 10, { kind: "transfer", with: { ...ALIVE, staff: options.gm ?? ADMIN } });
  const playerIndex = w.enter(2, "Pepe", 12, 10, { with: { ...ALIVE, ...options.target } });
  w.drain();
  w.events.length = 0;
  const answer = (session: number, message: StaffAnswer) => w.server.instance.fromWorld({ t: "system", service: "staff", session, message });
  const act = (session: number, value: TargetAct, ticket = 7) => answer(session, { kind: "act", ticket, asker: "Gema", act: value });
  const staffAsks = () => w.events.flatMap((event: MapEvent) => (event.t === "service" && event.service === "staff" ? [event.message] : []));
  const commands = () => staffAsks().flatMap((message) => (message.kind === "command" ? [message.command] : []));
  const audits = () => staffAsks().flatMap((message) => (message.kind === "audit" ? [{ action: message.record.action, outcome: message.record.outcome, ...(message.record.detail ? { detail: message.record.detail } : {}) }] : []));
  const reports = () => staffAsks().flatMap((message) => (message.kind === "target_report" ? [{ ticket: message.ticket, report: message.report }] : []));
  const lines = (packets: Received[], session: number) =>
    packets.filter((p) => p.session === session && (p.name === "LocaleMsg" || p.name === "ConsoleMsg")).map((p) => (p.name === "LocaleMsg" ? `${p.fields.messageId} [${p.fields.params}]` : `"${p.fields.text}"`));
  const about = (packets: Received[], session: number, charIndex: number) =>
    packets.filter((p) => p.session === session && p.fields.charIndex === charIndex).map((p) => p.name);
  const transfers = () => w.events.flatMap((event: MapEvent) => (event.t === "transfer" ? [{ session: event.session, dest: event.dest }] : []));
  return { w, gmIndex, playerIndex, answer, act, commands, audits, reports, lines, about, transfers };
}

describe("admin invisibility at login (§1.3, §11 test 3)", () => {
  test("a SemiDios, Dios or Admin enters invisible: the player beside it draws nothing, an Admin does; a Consejero and a role master enter visible; /INVISIBLE then shows it", () => {
    for (const [rank, invisible] of [["semidios", true], ["dios", true], ["admin", true], ["consejero", false], [null, false]] as const) {
      const w = world({ safe: false, tables: tables([]), width: 40, height: 40 });
      w.enter(2, "Pepe", 12, 10);
      w.enter(3, "Diana", 11, 11, { kind: "transfer", with: { staff: ADMIN } });
      w.drain();
      const gmIndex = w.enter(1, "Gema", 10, 10, { with: { staff: { rank, roleMaster: rank === null } } });
      const out = w.drain();
      const drawnBy = (session: number) => out.some((p) => p.session === session && p.name === "CharacterCreate" && p.fields.charIndex === gmIndex);
      expect({ rank, player: drawnBy(2), admin: drawnBy(3), itself: drawnBy(1) }).toEqual({ rank, player: !invisible, admin: true, itself: true });
      if (!invisible) continue;
      w.server.act(1, "Invisible", {});
      expect(w.drain().filter((p) => p.session === 2 && p.fields.charIndex === gmIndex).map((p) => p.name)).toEqual(["CharacterCreate", "SetInvisible"]);
    }
  });
});

describe("/INVISIBLE (§5.7)", () => {
  test("a SemiDios vanishes for the players of its area, not for itself; walking it sends them nothing; staff of its rank or higher who come later draw it, a Consejero and a player do not", () => {
    const { w, gmIndex, audits, about } = setUp({ gm: SEMIDIOS });
    w.server.act(1, "Invisible", {});
    let out = w.drain();
    expect(about(out, 2, gmIndex)).toEqual(["CharacterRemove"]);
    expect(out.find((p) => p.session === 2 && p.name === "CharacterRemove")?.fields).toEqual({ charIndex: gmIndex, fadeOut: true, wasWarp: false });
    expect(about(out, 1, gmIndex)).toEqual(["SetInvisible"]);
    expect(audits()).toEqual([{ action: "Invisible", outcome: "ok", detail: "on" }]);

    w.advance(1_000);
    w.server.walk(1, 2);
    out = w.drain();
    expect(about(out, 2, gmIndex)).toEqual([]);

    // (They come from other maps where they are visible: a login would hide the Dios from this SemiDios, §1.3.)
    w.enter(3, "Otro", 11, 12, { kind: "transfer", with: { staff: SEMIDIOS } });
    w.enter(4, "Alto", 13, 12, { kind: "transfer", with: { staff: DIOS } });
    w.enter(5, "Consejo", 14, 12, { with: { staff: CONSEJERO } });
    w.enter(6, "Nuevo", 9, 12);
    out = w.drain();
    expect(about(out, 3, gmIndex)).toEqual(["CharacterCreate", "SetInvisible"]);
    expect(about(out, 4, gmIndex)).toEqual(["CharacterCreate", "SetInvisible"]);
    expect(about(out, 5, gmIndex)).toEqual([]);
    expect(about(out, 6, gmIndex)).toEqual([]);
    // The GM still draws every newcomer.
    expect(out.filter((p) => p.session === 1 && p.name === "CharacterCreate").map((p) => p.fields.name)).toEqual(["Otro", "Alto", "Consejo", "Nuevo"]);
  });

  test("toggled off, the players who lost it draw it again; everyone in the area hears SetInvisible false", () => {
    const { w, gmIndex, audits, about } = setUp({ gm: DIOS });
    w.server.act(1, "Invisible", {});
    w.drain();
    w.server.act(1, "Invisible", {});
    const out = w.drain();
    expect(about(out, 2, gmIndex)).toEqual(["CharacterCreate", "SetInvisible"]);
    expect(out.find((p) => p.session === 2 && p.name === "SetInvisible")?.fields.invisible).toBe(false);
    expect(audits().map((a) => a.detail)).toEqual(["on", "off"]);
  });

  test("a Consejero may not (refused_rank, silent as VB6); the invisibility goes with the GM to the next map", () => {
    const consejero = setUp({ gm: CONSEJERO, safe: true });
    consejero.w.server.act(1, "Invisible", {});
    expect(consejero.about(consejero.w.drain(), 2, consejero.gmIndex)).toEqual([]);
    expect(consejero.audits()).toEqual([{ action: "Invisible", outcome: "refused_rank" }]);

    const { w, transfers } = setUp({ gm: ADMIN });
    w.server.act(1, "Invisible", {});
    w.server.act(1, "WarpChar", { userName: "YO", map: 2, x: 20, y: 20 });
    const transfer = w.events.find((event): event is Extract<MapEvent, { t: "transfer" }> => event.t === "transfer")!;
    expect(transfers()).toEqual([{ session: 1, dest: { map: 2, x: 20, y: 20 } }]);
    expect(transfer.handOver.adminInvisible).toBe(true);

    // The next map: a player there does not draw the GM arriving.
    const next = world({ safe: false, width: 40, height: 40 });
    next.enter(2, "Ana", 20, 22);
    next.drain();
    next.server.enter({ session: 1, record: transfer.state, kind: "transfer", userSlot: 1, cameFrom: { map: MAP_ID, x: 10, y: 10 }, handOver: transfer.handOver });
    const arrived = next.drain();
    expect(arrived.filter((p) => p.session === 2 && p.name === "CharacterCreate")).toEqual([]);
  });
});

describe("/TELEP (G7)", () => {
  test("YO on this map: to the free tile nearest, never onto a wall; to another map a hand-over; audited with the place", () => {
    const { w, audits, transfers } = setUp({ gm: DIOS, walls: [[20, 20, WALL]] });
    w.server.act(1, "WarpChar", { userName: "YO", map: MAP_ID, x: 20, y: 20 });
    const landed = w.server.positionOf(1)!;
    expect([landed.x, landed.y]).not.toEqual([20, 20]);
    expect(Math.max(Math.abs(landed.x - 20), Math.abs(landed.y - 20))).toBe(1);
    w.server.act(1, "WarpChar", { userName: "gema", map: 5, x: 50, y: 50 });
    expect(transfers()).toEqual([{ session: 1, dest: { map: 5, x: 50, y: 50 } }]);
    expect(audits()).toEqual([
      { action: "WarpChar", outcome: "ok", detail: "self to 1 20 20" },
      { action: "WarpChar", outcome: "ok", detail: "self to 5 50 50" },
    ]);
  });

  test("another character: a Dios anywhere (G7 fixed), a SemiDios only to event maps (Msg948), a Consejero not at all (Msg742) and himself only on the safe map he stands on (Msg741)", () => {
    const dios = setUp({ gm: DIOS });
    dios.w.server.act(1, "WarpChar", { userName: "Pepe", map: 1, x: 30, y: 30 });
    expect(dios.commands()).toEqual([{ kind: "act_on_target", target: "Pepe", act: { kind: "warp", to: { map: 1, x: 30, y: 30 } } }]);

    const semidios = setUp({ gm: SEMIDIOS });
    semidios.w.server.act(1, "WarpChar", { userName: "Pepe", map: 1, x: 30, y: 30 });
    semidios.w.server.act(1, "WarpChar", { userName: "Pepe", map: EVENT_MAP, x: 30, y: 30 });
    expect(semidios.lines(semidios.w.drain(), 1)).toEqual(["948 []"]);
    expect(semidios.commands()).toEqual([{ kind: "act_on_target", target: "Pepe", act: { kind: "warp", to: { map: EVENT_MAP, x: 30, y: 30 } } }]);
    expect(semidios.audits()).toEqual([{ action: "WarpChar", outcome: "refused_rule", detail: "only_event_maps" }]);

    const unsafe = setUp({ gm: CONSEJERO, safe: false });
    unsafe.w.server.act(1, "WarpChar", { userName: "YO", map: MAP_ID, x: 30, y: 30 });
    expect(unsafe.lines(unsafe.w.drain(), 1)).toEqual(["741 []"]);
    expect(unsafe.w.server.positionOf(1)).toMatchObject({ x: 10, y: 10 });

    const safe = setUp({ gm: CONSEJERO, safe: true });
    safe.w.server.act(1, "WarpChar", { userName: "Pepe", map: MAP_ID, x: 30, y: 30 });
    safe.w.server.act(1, "WarpChar", { userName: "YO", map: 2, x: 30, y: 30 });
    safe.w.server.act(1, "WarpChar", { userName: "YO", map: MAP_ID, x: 30, y: 30 });
    expect(safe.lines(safe.w.drain(), 1)).toEqual(["742 []", "741 []"]);
    expect(safe.w.server.positionOf(1)).toMatchObject({ x: 30, y: 30 });
    expect(safe.commands()).toEqual([]);
    expect(safe.audits().map((a) => a.detail)).toEqual(["only_self", "only_safe_maps", "self to 1 30 30"]);
  });

  test("hostile fields: no name, map 0, x 0 change nothing and stay connected", () => {
    const { w, audits, commands } = setUp({ gm: ADMIN });
    w.server.act(1, "WarpChar", { userName: " ", map: 1, x: 5, y: 5 });
    w.server.act(1, "WarpChar", { userName: "YO", map: 0, x: 5, y: 5 });
    w.server.act(1, "WarpChar", { userName: "Pepe", map: 1, x: 0, y: 5 });
    expect(w.server.positionOf(1)).toMatchObject({ x: 10, y: 10 });
    expect(commands()).toEqual([]);
    expect(audits().map((a) => a.detail)).toEqual(["no_target", "invalid_place", "invalid_place"]);
    expect(w.faults).toEqual([]);
  });

  test("on the target's map: the act moves it (here to the nearest free tile; elsewhere a hand-over) and reports", () => {
    const { w, act, reports, transfers } = setUp();
    act(2, { kind: "warp", to: { map: MAP_ID, x: 30, y: 30 } }, 1);
    expect(w.server.positionOf(2)).toMatchObject({ x: 30, y: 30 });
    act(2, { kind: "warp", to: { map: 9, x: 40, y: 41 } }, 2);
    expect(transfers()).toEqual([{ session: 2, dest: { map: 9, x: 40, y: 41 } }]);
    expect(reports()).toEqual([
      { ticket: 1, report: { kind: "done", tile: { map: MAP_ID, x: 30, y: 30 } } },
      { ticket: 2, report: { kind: "done", tile: { map: 9, x: 40, y: 41 } } },
    ]);
  });
});

describe("/SUM, /IRA, /IRCERCA (§3.6)", () => {
  test("/SUM asks the service to bring the target below the GM; a SemiDios only from an event map (Msg967) and only the living (aliveOnly); an invisible GM's summon is anonymous and not announced (G16)", () => {
    const admin = setUp({ gm: ADMIN });
    admin.w.server.act(1, "SummonChar", { userName: "Pepe" });
    admin.w.server.act(1, "Invisible", {});
    admin.w.server.act(1, "SummonChar", { userName: "Pepe" });
    expect(admin.commands()).toEqual([
      { kind: "act_on_target", target: "Pepe", act: { kind: "summon", to: { map: MAP_ID, x: 10, y: 11 }, aliveOnly: false, anonymous: false, announced: true } },
      { kind: "act_on_target", target: "Pepe", act: { kind: "summon", to: { map: MAP_ID, x: 10, y: 11 }, aliveOnly: false, anonymous: true, announced: false } },
    ]);

    const offEvent = setUp({ gm: SEMIDIOS, events: [] });
    offEvent.w.server.act(1, "SummonChar", { userName: "Pepe" });
    expect(offEvent.lines(offEvent.w.drain(), 1)).toEqual(["967 []"]);
    expect(offEvent.commands()).toEqual([]);

    const onEvent = setUp({ gm: SEMIDIOS, events: [MAP_ID] });
    onEvent.w.server.act(1, "SummonChar", { userName: "Pepe" });
    expect(onEvent.commands()).toEqual([{ kind: "act_on_target", target: "Pepe", act: { kind: "summon", to: { map: MAP_ID, x: 10, y: 11 }, aliveOnly: true, anonymous: false, announced: true } }]);
  });

  test("the summoned target is told Msg1856 (Msg969 when anonymous) and lands next to the GM; a ghost a SemiDios summons is refused and stays", () => {
    const { w, act, reports, lines } = setUp();
    act(2, { kind: "summon", to: { map: MAP_ID, x: 10, y: 11 }, aliveOnly: false, anonymous: false, announced: true }, 3);
    expect(lines(w.drain(), 2)).toEqual(["1856 [Gema]"]);
    expect(w.server.positionOf(2)).toMatchObject({ x: 10, y: 11 });
    act(2, { kind: "summon", to: { map: MAP_ID, x: 20, y: 21 }, aliveOnly: false, anonymous: true, announced: false }, 4);
    expect(lines(w.drain(), 2)).toEqual(["969 []"]);

    const ghost = setUp({ target: GHOST });
    ghost.act(2, { kind: "summon", to: { map: MAP_ID, x: 10, y: 11 }, aliveOnly: true, anonymous: false, announced: true }, 5);
    expect(ghost.w.server.positionOf(2)).toMatchObject({ x: 12, y: 10 });
    expect(ghost.reports()).toEqual([{ ticket: 5, report: { kind: "refused", reason: "dead" } }]);
    expect(reports().map((r) => r.report.kind)).toEqual(["done", "done"]);
  });

  test("/IRA and /IRCERCA: the target's map finds the tile (below it; the first free tile of the rings 2…5), tells the target unless the GM is invisible; a Consejero or SemiDios is refused an unsafe map", () => {
    const { w, act, reports, lines } = setUp();
    act(2, { kind: "visit", nearby: false, unsafeRefused: false, anonymous: false }, 1);
    act(2, { kind: "visit", nearby: true, unsafeRefused: false, anonymous: true }, 2);
    act(2, { kind: "visit", nearby: true, unsafeRefused: true, anonymous: false }, 3);
    expect(lines(w.drain(), 2)).toEqual(["1851 [Gema]"]);
    expect(reports()).toEqual([
      { ticket: 1, report: { kind: "done", tile: { map: MAP_ID, x: 12, y: 11 } } },
      { ticket: 2, report: { kind: "done", tile: { map: MAP_ID, x: 10, y: 8 } } },
      { ticket: 3, report: { kind: "refused", reason: "unsafe_map" } },
    ]);
  });

  test("the GM's map: /IRA asks (the clicked player when no name); /IRCERCA by a Consejero asks the service, which reads the SOS queue; `go` moves the GM and says where", () => {
    const { w, answer, commands, lines, audits } = setUp({ gm: SEMIDIOS });
    w.server.act(1, "LeftClick", { x: 12, y: 10, counter: 1 });
    w.server.act(1, "GoToChar", { userName: "" });
    w.server.act(1, "GoNearby", { userName: "Pepe" });
    expect(commands()).toEqual([
      { kind: "act_on_target", target: "Pepe", act: { kind: "visit", nearby: false, unsafeRefused: false, anonymous: false } },
      { kind: "act_on_target", target: "Pepe", act: { kind: "visit", nearby: true, unsafeRefused: true, anonymous: false } },
    ]);
    w.drain();
    answer(1, { kind: "go", to: { map: MAP_ID, x: 12, y: 11 }, message: { kind: "locale", id: 1474, params: "Pepe", font: 3 } });
    expect(w.server.positionOf(1)).toMatchObject({ x: 12, y: 11 });
    expect(lines(w.drain(), 1)).toEqual(["1474 [Pepe]"]);

    // A Consejero's goes to the service too, which reads the SOS queue (staff-movement.test.ts).
    const consejero = setUp({ gm: CONSEJERO });
    consejero.w.server.act(1, "GoNearby", { userName: "Pepe" });
    expect(consejero.w.events.flatMap((event) => (event.t === "service" && event.message.kind === "command" ? [event.message.command] : []))).toEqual([
      { kind: "act_on_target", target: "Pepe", act: { kind: "visit", nearby: true, unsafeRefused: true, anonymous: false, sosOnly: true } },
    ]);
    expect(consejero.audits()).toEqual([]);
    expect(audits()).toEqual([]);
  });

  test("/TELEPLOC: to the tile last clicked, else a line and nothing", () => {
    const { w, lines, audits } = setUp({ gm: CONSEJERO });
    w.server.act(1, "WarpMeToTarget", {});
    expect(lines(w.drain(), 1)).toEqual(['"Primero haz clic en el lugar al que quieres ir."']);
    w.server.act(1, "LeftClick", { x: 15, y: 14, counter: 1 });
    w.server.act(1, "WarpMeToTarget", {});
    expect(w.server.positionOf(1)).toMatchObject({ x: 15, y: 14 });
    expect(audits()).toEqual([
      { action: "WarpMeToTarget", outcome: "refused_rule", detail: "no_clicked_tile" },
      { action: "WarpMeToTarget", outcome: "ok", detail: "to 1 15 14" },
    ]);
  });
});

describe("/CI, /DAR, /REVIVIR, /EJECUTAR, /ESTUPIDO (§2.6, §3.7)", () => {
  const slotsOf = (w: ReturnType<typeof setUp>["w"], session: number) => w.server.snapshot().find((entry) => entry.session === session)!.state.inventory;

  test("/CI by an Admin: 1…10,000 units (G28: 0 and -5 refused, 10,001 Msg1499), an unknown object silent, into the inventory (Msg1500)", () => {
    const { w, lines, audits } = setUp({ gm: ADMIN });
    for (const amount of [0, -5, 10_001]) w.server.act(1, "CreateItem", { objIndex: TEST_ITEMS.redPotion, amount });
    w.server.act(1, "CreateItem", { objIndex: 999, amount: 1 });
    w.server.act(1, "CreateItem", { objIndex: TEST_ITEMS.redPotion, amount: 100 });
    const out = w.drain();
    expect(lines(out, 1)).toEqual(['"La cantidad debe ser de 1 o más unidades."', '"La cantidad debe ser de 1 o más unidades."', "1499 [10000]", "1500 [Poción roja¬100]"]);
    expect(slotsOf(w, 1)).toContainEqual(expect.objectContaining({ objectId: TEST_ITEMS.redPotion, amount: 100 }));
    expect(out.filter((p) => p.session === 1 && p.name === "ChangeInventorySlot").map((p) => [p.fields.objIndex, p.fields.amount])).toEqual([[TEST_ITEMS.redPotion, 100]]);
    expect(audits()).toEqual([
      { action: "CreateItem", outcome: "refused_rule", detail: "not_positive" },
      { action: "CreateItem", outcome: "refused_rule", detail: "not_positive" },
      { action: "CreateItem", outcome: "refused_rule", detail: "too_many" },
      { action: "CreateItem", outcome: "refused_rule", detail: "unknown_object" },
      { action: "CreateItem", outcome: "ok", detail: "38 x100" },
    ]);
  });

  test("/CI by a Dios or a SemiDios: Msg979 and nothing (Admin only)", () => {
    for (const gm of [DIOS, SEMIDIOS]) {
      const { w, lines, audits } = setUp({ gm });
      w.server.act(1, "CreateItem", { objIndex: TEST_ITEMS.redPotion, amount: 5 });
      expect(lines(w.drain(), 1)).toEqual(["979 []"]);
      expect(audits()).toEqual([{ action: "CreateItem", outcome: "refused_rank" }]);
      expect(slotsOf(w, 1).some((slot) => slot.objectId === TEST_ITEMS.redPotion)).toBe(false);
    }
  });

  test("/DAR asks the service with the object's name (capped at 10,000; 0 refused, G28); the target's map puts it in the inventory or reports it full", () => {
    const { w, act, commands, reports, audits } = setUp({ gm: ADMIN });
    w.server.act(1, "GiveItem", { userName: "Pepe", objIndex: TEST_ITEMS.apple, amount: 20_000, reason: " premio " });
    w.server.act(1, "GiveItem", { userName: "Pepe", objIndex: TEST_ITEMS.apple, amount: 0, reason: "x" });
    w.server.act(1, "GiveItem", { userName: "Pepe", objIndex: 999, amount: 1, reason: "x" });
    expect(commands()).toEqual([{ kind: "act_on_target", target: "Pepe", act: { kind: "give", objectId: TEST_ITEMS.apple, amount: 10_000, reason: "premio", objectName: "Manzana" } }]);
    expect(audits().map((a) => a.detail)).toEqual(["not_positive", "unknown_object"]);
    act(2, { kind: "give", objectId: TEST_ITEMS.apple, amount: 5, reason: "premio", objectName: "Manzana" }, 9);
    expect(slotsOf(w, 2)).toContainEqual(expect.objectContaining({ objectId: TEST_ITEMS.apple, amount: 5 }));
    expect(reports()).toEqual([{ ticket: 9, report: { kind: "done" } }]);
  });

  test("/EJECUTAR kills the target on its map (a ghost is reported already dead); /REVIVIR revives a ghost in full (Msg1853) or heals the living (Msg1854); a SemiDios only on a safe event map", () => {
    const { w, act, reports, lines } = setUp();
    act(2, { kind: "execute" }, 1);
    expect(w.server.snapshot().find((entry) => entry.session === 2)!.state.vitals.hp).toBe(0);
    act(2, { kind: "execute" }, 2);
    act(2, { kind: "revive", safeEventOnly: true }, 3);
    act(2, { kind: "revive", safeEventOnly: false }, 4);
    expect(w.server.snapshot().find((entry) => entry.session === 2)!.state.vitals).toMatchObject({ hp: 32, mana: 6, stamina: 40 });
    act(2, { kind: "revive", safeEventOnly: false }, 5);
    expect(lines(w.drain(), 2)).toEqual(expect.arrayContaining(["1853 [Gema]", "1854 [Gema]"]));
    expect(reports()).toEqual([
      { ticket: 1, report: { kind: "done" } },
      { ticket: 2, report: { kind: "refused", reason: "already_dead" } },
      { ticket: 3, report: { kind: "refused", reason: "not_safe_event_map" } },
      { ticket: 4, report: { kind: "done", revived: true } },
      { ticket: 5, report: { kind: "done", revived: false } },
    ]);
  });

  test("/ESTUPIDO and /NOESTUPIDO: Dumb and DumbNoMore to the target; /REVIVIR YO names the GM", () => {
    const { w, act, commands } = setUp({ gm: DIOS });
    act(2, { kind: "dumb", on: true }, 1);
    act(2, { kind: "dumb", on: false }, 2);
    expect(w.drain().filter((p) => p.session === 2 && (p.name === "Dumb" || p.name === "DumbNoMore")).map((p) => p.name)).toEqual(["Dumb", "DumbNoMore"]);
    w.server.act(1, "ReviveChar", { userName: "yo" });
    w.server.act(1, "MakeDumb", { userName: "Pepe" });
    expect(commands()).toEqual([
      { kind: "act_on_target", target: "Gema", act: { kind: "revive", safeEventOnly: false } },
      { kind: "act_on_target", target: "Pepe", act: { kind: "dumb", on: true } },
    ]);
  });
});
