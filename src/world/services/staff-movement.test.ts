/**
 * The staff service's acts on a character wherever it plays (staff-movement.ts) over a fake world:
 * the target found by name, the rank rule of each act (G7 for moves, G11 for punitive acts), the
 * act sent to the target's map, its report turned into the asker's lines, the announcements and
 * exactly one audit row per command with its real outcome.
 */
import { describe, expect, test } from "bun:test";
import { testCharacter } from "../../game/character/character-record.test-support.ts";
import type { StaffStanding } from "../../game/staff/index.ts";
import { silentLogger } from "../../log/index.ts";
import type { StaffServiceCommand, TargetAct, TargetReport } from "../../map/index.ts";
import { FakeServiceWorld } from "../fake-service-world.test-support.ts";
import type { AuditRow } from "./audit-log.ts";
import { MAX_PENDING_TARGET_ACTS } from "./staff-movement.ts";
import { StaffService } from "./staff.ts";

const ADMIN: StaffStanding = { rank: "admin", roleMaster: false };
const DIOS: StaffStanding = { rank: "dios", roleMaster: false };
const SEMIDIOS: StaffStanding = { rank: "semidios", roleMaster: false };
const CONSEJERO: StaffStanding = { rank: "consejero", roleMaster: false };

function setup(pendingReporters?: string[]) {
  const world = new FakeServiceWorld();
  const rows: AuditRow[] = [];
  const reports = pendingReporters && ({ pending: async () => pendingReporters.map((reporterName, index) => ({ id: index + 1, reporterName, text: "ayuda", category: "Consulta regular", chatExcerpt: [], createdAt: new Date(0) })) } as never);
  const staff = new StaffService({
    ...(reports ? { reports } : {}),
    world,
    audit: { append: async (batch) => void rows.push(...batch) },
    moderation: {} as never,
    node: "node-a:boot1",
    logger: silentLogger(),
    setTimer: () => undefined,
    sessions: {
      actorOf: (session) => {
        const state = world.player(session)?.state;
        return state && { accountId: 100 + state.id, characterId: state.id, name: state.name, address: "10.0.0.1" };
      },
      disconnect: () => undefined,
      sessionsOfAccount: () => [],
    sessionsInWorld: () => [],
    },
  });
  const place = (session: number, name: string, standing?: StaffStanding) => world.place(session, testCharacter(session, { name, ...(standing ? { staff: standing } : {}) }));
  const command = (session: number, action: string, act: TargetAct, target = "Pepe") =>
    staff.fromMap({ service: "staff", session, map: 1, message: { kind: "command", action, params: { userName: target }, command: { kind: "act_on_target", target, act } satisfies StaffServiceCommand }, state: undefined });
  const report = (session: number, ticket: number, value: TargetReport) => staff.fromMap({ service: "staff", session, map: 1, message: { kind: "target_report", ticket, report: value }, state: undefined });
  const settle = async () => {
    await staff.flush();
    return rows.map((row) => ({ actor: row.actor.name, action: row.action, target: row.target?.name ?? null, outcome: row.outcome, detail: row.detail }));
  };
  /** What went to each session's map, as kinds with the lines' ids. */
  const told = () =>
    world.told.splice(0).map(({ session, message }) => {
      const m = message as { kind: string; message?: { id?: number; text?: string }; ticket?: number; to?: unknown };
      return `${session} ${m.kind}${m.message ? ` ${m.message.id ?? m.message.text}` : ""}${m.ticket !== undefined ? ` #${m.ticket}` : ""}`;
    });
  return { world, staff, place, command, report, settle, told };
}

const SUMMON: TargetAct = { kind: "summon", to: { map: 1, x: 10, y: 11 }, aliveOnly: false, anonymous: false, announced: true };

describe("a Consejero's /IRCERCA (VB6 Ayuda.Existe)", () => {
  const NEARBY: TargetAct = { kind: "visit", nearby: true, unsafeRefused: true, anonymous: false, sosOnly: true };

  test("goes near a player whose request waits in the SOS queue (any case); anyone else is Msg539, audited no_sos; without a queue never", async () => {
    const withQueue = setup(["PEPE"]);
    withQueue.place(1, "Cora", CONSEJERO);
    withQueue.place(2, "Pepe");
    withQueue.place(3, "Juan");
    withQueue.command(1, "GoNearby", NEARBY, "pepe");
    withQueue.command(1, "GoNearby", NEARBY, "Juan");
    await withQueue.settle();
    expect(withQueue.told()).toEqual(["2 act #1", "1 tell 539"]);
    expect(await withQueue.settle()).toEqual([{ actor: "Cora", action: "GoNearby", target: "Juan", outcome: "refused_rule", detail: "no_sos" }]);
    withQueue.report(2, 1, { kind: "done", tile: { map: 1, x: 12, y: 12 } });
    expect(withQueue.told()).toEqual(["1 go 1472"]);
    expect((await withQueue.settle()).map((row) => `${row.target} ${row.outcome}`)).toEqual(["Juan refused_rule", "Pepe ok"]);

    const without = setup();
    without.place(1, "Cora", CONSEJERO);
    without.place(2, "Pepe");
    without.command(1, "GoNearby", NEARBY);
    await without.settle();
    expect(without.told()).toEqual(["1 tell 539"]);
  });
});

describe("acts on a target wherever it plays", () => {
  test("/SUM by a Dios of a player on another map: the act goes to the target's map; its report tells the GM (Msg1493), announces Msg1833 to everyone, and audits once", async () => {
    const { place, command, report, settle, told, staff } = setup();
    place(1, "Gema", DIOS);
    place(2, "Pepe");
    command(1, "SummonChar", SUMMON);
    expect(told()).toEqual(["2 act #1"]);
    expect(await settle()).toEqual([]);
    report(2, 1, { kind: "done", tile: { map: 1, x: 10, y: 11 } });
    expect(told()).toEqual(["1 tell 1493", "1 announce_all 1833"]);
    expect(await settle()).toEqual([{ actor: "Gema", action: "SummonChar", target: "Pepe", outcome: "ok", detail: "to 1 10 11" }]);
    expect(staff["targetActs"].pendingCount).toBe(0);
  });

  test("G16: an invisible GM's summon is not announced; a report from another session than the target's, or a second one, is ignored", async () => {
    const { place, command, report, settle, told } = setup();
    place(1, "Gema", ADMIN);
    place(2, "Pepe");
    command(1, "SummonChar", { ...SUMMON, anonymous: true, announced: false });
    told();
    report(1, 1, { kind: "refused", reason: "dead" });
    report(2, 1, { kind: "done" });
    report(2, 1, { kind: "done" });
    expect(told()).toEqual(["1 tell 1493"]);
    expect((await settle()).map((row) => row.outcome)).toEqual(["ok"]);
  });

  test("G7 (rank): a higher target is asked instead (Msg1492 to the GM, Msg1855 to it; /IRA: Msg1473, Msg1850), nobody moves, refused_rank; equal ranks may", async () => {
    const { place, command, settle, told } = setup();
    place(1, "Semi", SEMIDIOS);
    place(2, "Pepe", DIOS);
    place(3, "Otro", SEMIDIOS);
    command(1, "SummonChar", SUMMON);
    command(1, "GoToChar", { kind: "visit", nearby: false, unsafeRefused: false, anonymous: false });
    command(1, "GoNearby", { kind: "visit", nearby: true, unsafeRefused: true, anonymous: false });
    command(1, "WarpChar", { kind: "warp", to: { map: 300, x: 5, y: 5 } });
    command(1, "SummonChar", SUMMON, "Otro");
    expect(told()).toEqual(["1 tell 1492", "2 tell 1855", "1 tell 1473", "2 tell 1850", "1 tell 538", '1 tell No puedes mover a alguien de un rango mayor al tuyo.', "3 act #1"]);
    expect((await settle()).map((row) => `${row.action} ${row.outcome}`)).toEqual(["SummonChar refused_rank", "GoToChar refused_rank", "GoNearby refused_rank", "WarpChar refused_rank"]);
  });

  test("a Consejero acting on a Dios is refused and audited (punitive: /ESTUPIDO needs a strictly higher rank, G11); oneself too", async () => {
    const { place, command, settle, told } = setup();
    place(1, "Conse", CONSEJERO);
    place(2, "Pepe", DIOS);
    command(1, "MakeDumb", { kind: "dumb", on: true });
    command(1, "MakeDumb", { kind: "dumb", on: true }, "Conse");
    expect(told()).toEqual(["1 tell 528", "1 tell 528"]);
    expect(await settle()).toEqual([
      { actor: "Conse", action: "MakeDumb", target: "Pepe", outcome: "refused_rank", detail: null },
      { actor: "Conse", action: "MakeDumb", target: "Conse", outcome: "refused_rank", detail: null },
    ]);
  });

  test("/IRA: the target's map's tile becomes the GM's `go` (Msg1474); a refusal is told in VB6's words (Msg537 for no room near, Msg1319 unsafe) and audited with its reason", async () => {
    const { place, command, report, settle, told, world } = setup();
    place(1, "Gema", ADMIN);
    place(2, "Pepe");
    command(1, "GoToChar", { kind: "visit", nearby: false, unsafeRefused: false, anonymous: false });
    command(1, "GoNearby", { kind: "visit", nearby: true, unsafeRefused: false, anonymous: false });
    command(1, "GoNearby", { kind: "visit", nearby: true, unsafeRefused: true, anonymous: false });
    told();
    report(2, 1, { kind: "done", tile: { map: 7, x: 20, y: 21 } });
    const go = world.told.at(-1)!.message;
    expect(go).toEqual({ kind: "go", to: { map: 7, x: 20, y: 21 }, message: { kind: "locale", id: 1474, params: "Pepe", font: 3 } });
    report(2, 2, { kind: "refused", reason: "no_room" });
    report(2, 3, { kind: "refused", reason: "unsafe_map" });
    expect(told()).toEqual(["1 go 1474", "1 tell 537", "1 tell 1319"]);
    expect((await settle()).map((row) => `${row.action} ${row.outcome} ${row.detail}`)).toEqual(["GoToChar ok to 7 20 21", "GoNearby refused_rule no_room", "GoNearby refused_rule unsafe_map"]);
  });

  test("nobody online by that name: VB6's line per command (Msg743, Msg562, Msg535, Msg559, Msg1516 with the name), refused_rule not_online", async () => {
    const { place, command, settle, told } = setup();
    place(1, "Gema", ADMIN);
    command(1, "WarpChar", { kind: "warp", to: { map: 1, x: 5, y: 5 } }, "Nadie");
    command(1, "SummonChar", SUMMON, "Nadie");
    command(1, "GoNearby", { kind: "visit", nearby: true, unsafeRefused: false, anonymous: false }, "Nadie");
    command(1, "Execute", { kind: "execute" }, "Nadie");
    command(1, "GiveItem", { kind: "give", objectId: 38, amount: 5, reason: "premio", objectName: "Poción roja" }, "Nadie");
    expect(told()).toEqual(["1 tell 743", "1 tell 562", "1 tell 535", "1 tell 559", "1 tell 1516"]);
    expect((await settle()).every((row) => row.outcome === "refused_rule" && row.detail === "not_online")).toBe(true);
  });

  test("/DAR: announced to everyone (Msg1743, G16 reproduced) with the object and reason; a full inventory is Msg550; /EJECUTAR is told to the staff (Msg1832)", async () => {
    const { place, command, report, settle, told, world } = setup();
    place(1, "Gema", ADMIN);
    place(2, "Pepe");
    command(1, "GiveItem", { kind: "give", objectId: 38, amount: 5, reason: "premio", objectName: "Poción roja" });
    command(1, "GiveItem", { kind: "give", objectId: 38, amount: 5, reason: "premio", objectName: "Poción roja" });
    command(1, "Execute", { kind: "execute" });
    told();
    report(2, 1, { kind: "done" });
    expect(world.told.at(-1)!.message).toEqual({ kind: "announce_all", message: { kind: "locale", id: 1743, params: "Gema¬Pepe¬5¬Poción roja¬premio", font: 3 } });
    report(2, 2, { kind: "refused", reason: "inventory_full" });
    report(2, 3, { kind: "done" });
    expect(told()).toEqual(["1 announce_all 1743", "1 tell 550", "1 announce 1832"]);
    expect((await settle()).map((row) => `${row.action} ${row.target} ${row.outcome} ${row.detail}`)).toEqual(["GiveItem Pepe ok 38 x5", "GiveItem Pepe refused_rule inventory_full", "Execute Pepe ok null"]);
  });

  test("acts never reported stay bounded: past MAX_PENDING_TARGET_ACTS the oldest is audited as an error", async () => {
    const { place, command, settle, staff } = setup();
    place(1, "Gema", ADMIN);
    place(2, "Pepe");
    for (let i = 0; i <= MAX_PENDING_TARGET_ACTS; i++) command(1, "ReviveChar", { kind: "revive", safeEventOnly: false });
    expect(staff["targetActs"].pendingCount).toBe(MAX_PENDING_TARGET_ACTS);
    expect(await settle()).toEqual([{ actor: "Gema", action: "ReviveChar", target: "Pepe", outcome: "error", detail: "target_unreachable" }]);
  });
});
