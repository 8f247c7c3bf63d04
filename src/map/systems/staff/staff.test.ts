/**
 * The staff gate on a map (issue 25; gm-and-moderation §11 tests 6 and 10): a player who sends
 * every game-master packet with valid bodies changes nothing, keeps its place, is answered only
 * where VB6 answers (Msg528, Msg979, Msg526) and is audited once per packet (`refused_rank`); a
 * staff member gets the commands built so far, and "not available yet" for the rest, audited.
 */
import { describe, expect, test } from "bun:test";
import { STAFF_COMMANDS, type StaffStanding } from "../../../game/staff/index.ts";
import { clientCodec, type ClientPacketName } from "../../../protocol/index.ts";
import { gmPackets, sampleFields } from "./sample-fields.test-support.ts";
import { world, type Received } from "../../map-harness.test-support.ts";
import type { MapEvent } from "../../map-events.ts";

function audits(events: MapEvent[]): { action: string; outcome: string; detail?: string }[] {
  return events.flatMap((event) =>
    event.t === "service" && event.service === "staff" && event.message.kind === "audit" ? [{ action: event.message.record.action, outcome: event.message.record.outcome, ...(event.message.record.detail ? { detail: event.message.record.detail } : {}) }] : [],
  );
}

function lines(packets: Received[], session: number): string[] {
  return packets.filter((p) => p.session === session).map((p) => (p.name === "LocaleMsg" ? `${p.fields.messageId}@${p.fields.fontIndex}` : p.name === "ConsoleMsg" ? `"${p.fields.text}"` : p.name));
}

function staffWorld(standing: StaffStanding | undefined) {
  const w = world({ safe: false });
  w.enter(1, "Pepe", 10, 10, standing ? { with: { staff: standing } } : {});
  w.enter(2, "Testigo", 12, 10);
  w.drain();
  w.events.length = 0;
  return w;
}

describe("the staff gate", () => {
  test("a player sends every game-master packet with valid bodies: nothing changes, VB6's answers only, one refused_rank audit each", () => {
    const w = staffWorld(undefined);
    const before = { position: w.server.positionOf(1), snapshot: JSON.stringify(w.server.snapshot()), ground: JSON.stringify(w.server.instance.groundObjects()), npcs: JSON.stringify(w.server.instance.npcs()) };
    const answers = new Map<string, string[]>();
    for (const name of gmPackets) {
      const fields = sampleFields(clientCodec.get(name)!.def.layout as never);
      expect({ name, outcome: w.server.act(1, name as ClientPacketName, fields as never) }).toEqual({ name, outcome: "handled" });
      answers.set(name, lines(w.drain(), 1));
    }
    expect({ position: w.server.positionOf(1), snapshot: JSON.stringify(w.server.snapshot()), ground: JSON.stringify(w.server.instance.groundObjects()), npcs: JSON.stringify(w.server.instance.npcs()) }).toEqual(before);
    expect(w.faults).toEqual([]);
    expect(audits(w.events)).toEqual(gmPackets.map((action) => ({ action, outcome: "refused_rank" })));
    // Msg528 where VB6's handler answers it, Msg979 for /CI, Msg526 for /ONLINE, silence elsewhere.
    for (const name of gmPackets) {
      const refusal = STAFF_COMMANDS[name].refusal;
      const expected = refusal === undefined ? [] : [`${refusal}@${name === "Online" ? 29 : 3}`];
      expect({ name, answer: answers.get(name) }).toEqual({ name, answer: expected });
    }
    expect(answers.get("BanChar")).toEqual(["528@3"]);
    expect(answers.get("CreateItem")).toEqual(["979@3"]);
    expect(answers.get("GMMessage")).toEqual([]);
  });

  test("a role-master player (RM bit alone) is refused /BORRARPENA, /SMSG and SetMOTD (G12), and audited", () => {
    const w = staffWorld({ rank: null, roleMaster: true });
    for (const name of ["RemovePunishment", "SystemMessage", "SetMOTD"] as const) w.server.act(1, name, sampleFields(clientCodec.get(name)!.def.layout as never) as never);
    expect(audits(w.events)).toEqual(["RemovePunishment", "SystemMessage", "SetMOTD"].map((action) => ({ action, outcome: "refused_rank" })));
  });

  test("a Consejero's /GMSG reaches the staff channel of every map; /RMSG every player; /REM is saved; each audited ok", () => {
    const w = staffWorld({ rank: "consejero", roleMaster: false });
    w.server.act(1, "GMMessage", { text: "hola equipo" });
    w.server.act(1, "ServerMessage", { text: "reinicio en 5" });
    w.server.act(1, "Comment", { text: "revisar a Testigo" });
    expect(w.bus.published).toEqual([
      { kind: "line_staff", message: { kind: "console", text: "Pepe » hola equipo", font: 16 }, minRank: "consejero" },
      { kind: "line_all", message: { kind: "locale", id: 1660, params: "reinicio en 5", font: 15 } },
    ]);
    expect(lines(w.drain(), 1)).toEqual(["1185@3"]);
    expect(audits(w.events)).toEqual([
      { action: "GMMessage", outcome: "ok" },
      { action: "ServerMessage", outcome: "ok" },
      { action: "Comment", outcome: "ok" },
    ]);
    // The bus brings them back to this map: the staff line to Pepe only, the broadcast to both.
    for (const message of w.bus.published) w.server.receive(message);
    const out = w.drain();
    expect(lines(out, 1)).toEqual(['"Pepe » hola equipo"', "1660@15"]);
    expect(lines(out, 2)).toEqual(["1660@15"]);
  });

  test("a command not built yet is answered and audited as such for staff; /ONLINE and /ECHAR go to the staff service", () => {
    const w = staffWorld({ rank: "admin", roleMaster: false });
    w.server.act(1, "NavigateToggle", {});
    expect(lines(w.drain(), 1)).toEqual(['"Esa acción todavía no está disponible en este servidor."']);
    w.server.act(1, "Online", {});
    w.server.act(1, "Kick", { userName: "Testigo" });
    const asked = w.events.flatMap((event) => (event.t === "service" && event.message.kind === "command" ? [event.message] : []));
    expect(asked).toEqual([
      { kind: "command", action: "Online", params: {}, command: { kind: "online" } },
      { kind: "command", action: "Kick", params: { userName: "Testigo" }, command: { kind: "kick", target: "Testigo" } },
    ]);
    expect(audits(w.events)).toEqual([{ action: "NavigateToggle", outcome: "refused_rule", detail: "not_available_yet" }]);
  });

  test("bans go to the staff service with the name as VB6 reads it ('+' is a space); no name, or a ban of 0 days, is refused here and audited", () => {
    const w = staffWorld({ rank: "dios", roleMaster: false });
    w.server.act(1, "BanChar", { userName: "Juan+Perez", reason: " macro " });
    w.server.act(1, "BanCuenta", { userName: "Testigo", reason: "cuentas" });
    w.server.act(1, "BanTemporal", { userName: "Testigo", reason: "spam", days: 3 });
    w.server.act(1, "UnbanChar", { userName: "Testigo" });
    w.server.act(1, "UnbanCuenta", { userName: "Testigo" });
    w.server.act(1, "BanTemporal", { userName: "Testigo", reason: "spam", days: 0 });
    w.server.act(1, "BanChar", { userName: " + ", reason: "x" });
    const asked = w.events.flatMap((event) => (event.t === "service" && event.message.kind === "command" ? [event.message.command] : []));
    expect(asked).toEqual([
      { kind: "ban", scope: "character", target: "Juan Perez", reason: "macro", days: null },
      { kind: "ban", scope: "account", target: "Testigo", reason: "cuentas", days: null },
      { kind: "ban", scope: "character", target: "Testigo", reason: "spam", days: 3 },
      { kind: "unban", scope: "character", target: "Testigo" },
      { kind: "unban", scope: "account", target: "Testigo" },
    ]);
    expect(audits(w.events)).toEqual([
      { action: "BanTemporal", outcome: "refused_rule", detail: "zero_days" },
      { action: "BanChar", outcome: "refused_rule", detail: "no_target" },
    ]);
  });

  test("a SemiDios may /BAN but not /BANCUENTA or /UNBAN (Dios and up): Msg528, audited refused_rank", () => {
    const w = staffWorld({ rank: "semidios", roleMaster: false });
    w.server.act(1, "BanChar", { userName: "Testigo", reason: "x" });
    w.server.act(1, "BanCuenta", { userName: "Testigo", reason: "x" });
    w.server.act(1, "UnbanChar", { userName: "Testigo" });
    expect(lines(w.drain(), 1)).toEqual(["528@3", "528@3"]);
    expect(audits(w.events)).toEqual([
      { action: "BanCuenta", outcome: "refused_rank" },
      { action: "UnbanChar", outcome: "refused_rank" },
    ]);
    expect(w.events.filter((event) => event.t === "service" && event.message.kind === "command")).toHaveLength(1);
  });

  test("the standing comes from the record the login read by id: CharacterCreate carries the privileges, ePrivilegios only for staff", () => {
    const w = world();
    w.enter(1, "Pepe", 10, 10, { with: { staff: { rank: "semidios", roleMaster: true } } });
    w.enter(2, "Ana", 11, 10);
    // A SemiDios logs in invisible (§1.3): a player draws nothing of it; a Dios does, with its privileges.
    w.enter(3, "Diana", 12, 10, { with: { staff: { rank: "dios", roleMaster: false } } });
    const out = w.drain();
    expect(out.some((p) => p.session === 2 && p.name === "CharacterCreate" && p.fields.name === "Pepe")).toBe(false);
    const create = out.find((p) => p.session === 3 && p.name === "CharacterCreate" && p.fields.name === "Pepe");
    expect(create?.fields.privileges).toBe(10);
    expect(out.filter((p) => p.name === "Privilegios").map((p) => [p.session, p.fields.isStaff])).toEqual([[1, true], [3, true]]);
  });
});
