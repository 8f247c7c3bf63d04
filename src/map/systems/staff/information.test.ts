/**
 * The staff's information and server-control commands on a map (gm-and-moderation §2.2, §2.3,
 * §2.9): what the map answers itself (its players, ground, tile, NPCs, the MOTD editor, the bus
 * changes of the rules), what it hands to the staff service (a target anywhere), the G18 and G19
 * decisions, and that a player sending any of them changes nothing and is audited.
 */
import { describe, expect, test } from "bun:test";
import type { StaffStanding } from "../../../game/staff/index.ts";
import { TEST_ITEMS, world, type Received } from "../../map-harness.test-support.ts";
import type { MapEvent } from "../../map-events.ts";
import type { ClientPacketName } from "../../../protocol/index.ts";
import { MAX_MOTD_LINES, motdLinesOf, SYSTEM_MESSAGE_BOX } from "./server-control.ts";

const DIOS: StaffStanding = { rank: "dios", roleMaster: false };
const SEMIDIOS: StaffStanding = { rank: "semidios", roleMaster: false };

function audits(events: MapEvent[]): { action: string; outcome: string; detail?: string }[] {
  return events.flatMap((event) =>
    event.t === "service" && event.service === "staff" && event.message.kind === "audit"
      ? [{ action: event.message.record.action, outcome: event.message.record.outcome, ...(event.message.record.detail ? { detail: event.message.record.detail } : {}) }]
      : [],
  );
}

function asked(events: MapEvent[]): unknown[] {
  return events.flatMap((event) => (event.t === "service" && event.message.kind === "command" ? [event.message.command] : []));
}

function lines(packets: Received[], session: number): string[] {
  return packets
    .filter((p) => p.session === session)
    .map((p) => (p.name === "LocaleMsg" ? `${p.fields.messageId}@${p.fields.fontIndex}${p.fields.params ? ` ${p.fields.params}` : ""}` : p.name === "ConsoleMsg" ? `"${p.fields.text}"` : p.name));
}

function staffMap(standing: StaffStanding, options: Parameters<typeof world>[0] = {}) {
  const w = world({ safe: false, ...options });
  w.enter(1, "Pepe", 10, 10, { with: { staff: standing } });
  w.enter(2, "Testigo", 12, 10);
  w.enter(3, "Jefa", 14, 10, { with: { staff: { rank: "admin", roleMaster: false } } });
  w.drain();
  w.events.length = 0;
  return w;
}

describe("information commands", () => {
  test("a target by name goes to the staff service ('+' is a space); an empty name is refused here and audited", () => {
    const w = staffMap(DIOS);
    const named: [ClientPacketName, unknown][] = [
      ["Where", { kind: "where", target: "Juan Perez" }],
      ["RequestCharInfo", { kind: "sheet", sheet: "info", target: "Juan Perez" }],
      ["RequestCharStats", { kind: "sheet", sheet: "stats", target: "Juan Perez" }],
      ["RequestCharInventory", { kind: "sheet", sheet: "inventory", target: "Juan Perez" }],
      ["RequestCharBank", { kind: "sheet", sheet: "bank", target: "Juan Perez" }],
      ["RequestCharSkills", { kind: "sheet", sheet: "skills", target: "Juan Perez" }],
      ["NickToIP", { kind: "nick_to_ip", target: "Juan Perez" }],
    ];
    for (const [name] of named) w.server.act(1, name, { userName: "Juan+Perez" });
    w.server.act(1, "CheckSlot", { userName: " Juan+Perez ", slot: 4 });
    w.server.act(1, "IPToNick", { ip: [10, 0, 0, 7] });
    w.server.act(1, "OnlineGM", {});
    w.server.act(1, "RequestUserList", {});
    w.server.act(1, "Where", { userName: " + " });
    expect(asked(w.events)).toEqual([
      ...named.map(([, command]) => command),
      { kind: "check_slot", target: "Juan Perez", slot: 4 },
      { kind: "ip_to_nick", address: "10.0.0.7" },
      { kind: "online_staff" },
      { kind: "user_list" },
    ]);
    expect(audits(w.events)).toEqual([{ action: "Where", outcome: "refused_rule", detail: "no_target" }]);
  });

  test("/ONLINEMAP lists this map's players the asker may see: a SemiDios not the Admin, a Dios everyone (Msg1491)", () => {
    const semi = staffMap(SEMIDIOS);
    semi.server.act(1, "OnlineMap", {});
    expect(lines(semi.drain(), 1)).toEqual(["1491@3 Pepe, Testigo"]);
    const dios = staffMap(DIOS);
    dios.server.act(1, "OnlineMap", {});
    expect(lines(dios.drain(), 1)).toEqual(["1491@3 Pepe, Testigo, Jefa"]);
    expect(audits(dios.events)).toEqual([{ action: "OnlineMap", outcome: "ok" }]);
  });

  test("/NENE of this map groups its NPCs by name; another map is not available yet (its NPCs are another worker's)", () => {
    const npc = (x: number, name: string) => ({ x, y: 20, npc: 500, name, body: 1, head: 0, heading: 3 });
    const w = staffMap(DIOS, { npcs: [npc(20, "Lobo"), npc(22, "Lobo"), npc(24, "Ciervo")] });
    w.server.act(1, "CreaturesInMap", { map: w.definition.id });
    // The harness's NPCs have no template: none is hostile.
    expect(lines(w.drain(), 1)).toEqual(["736@2", "737@3", "738@2", '"2 Lobo: (20,20), (22,20)"', '"1 Ciervo: (24,20)"']);
    w.server.act(1, "CreaturesInMap", { map: w.definition.id + 1 });
    expect(lines(w.drain(), 1)).toEqual(['"Esa acción todavía no está disponible en este servidor."']);
    expect(audits(w.events)).toEqual([
      { action: "CreaturesInMap", outcome: "ok" },
      { action: "CreaturesInMap", outcome: "refused_rule", detail: "other_map" },
    ]);
  });
});

describe("server control", () => {
  test("/HABILITAR and /GRABAR go to the staff service; /MENSAJEINFORMACION too, its usage said here (Msg1186)", () => {
    const w = staffMap(DIOS);
    w.server.act(1, "ServerOpenToUsersToggle", {});
    w.server.act(1, "SaveChars", {});
    w.server.act(1, "MensajeUser", { userName: "Testigo", message: "ya está" });
    w.server.act(1, "MensajeUser", { userName: "Testigo", message: "" });
    expect(asked(w.events)).toEqual([{ kind: "gm_only_toggle" }, { kind: "save_all" }, { kind: "message_user", target: "Testigo", text: "ya está" }]);
    expect(lines(w.drain(), 1)).toEqual(["1186@3"]);
    expect(audits(w.events)).toEqual([{ action: "MensajeUser", outcome: "refused_rule", detail: "usage" }]);
  });

  test("decision G18: /SMSG is a message box with Msg1660's valid layout for everyone; an empty text sends nothing", () => {
    const w = staffMap(DIOS);
    w.server.act(1, "SystemMessage", { text: "" });
    w.server.act(1, "SystemMessage", { text: "reinicio en 5" });
    expect(w.bus.published).toEqual([{ kind: "message_box_all", messageId: SYSTEM_MESSAGE_BOX, extra: "reinicio en 5" }]);
    for (const message of w.bus.published) w.server.receive(message);
    const boxes = w.drain().filter((p) => p.name === "ShowMessageBox");
    expect(boxes.map((p) => [p.session, p.fields.messageId, p.fields.extra])).toEqual([
      [1, 1660, "reinicio en 5"],
      [2, 1660, "reinicio en 5"],
      [3, 1660, "reinicio en 5"],
    ]);
    expect(audits(w.events)).toEqual([
      { action: "SystemMessage", outcome: "ok", detail: "empty" },
      { action: "SystemMessage", outcome: "ok" },
    ]);
  });

  test("decision G19: /GLOBAL really switches the global chat off and on again, and everyone reads the new state", () => {
    const w = staffMap(DIOS);
    w.server.act(1, "GlobalOnOff", {});
    expect(w.bus.published).toEqual([
      { kind: "server_rules", globalChat: false },
      { kind: "line_all", message: { kind: "locale", id: 1734, params: "", font: 9 } },
    ]);
    for (const message of w.bus.published.splice(0)) w.server.receive(message);
    w.drain();
    w.server.act(2, "GlobalMessage", { text: "hola" });
    expect(lines(w.drain(), 2)).toEqual(["549@25"]);
    w.server.act(1, "GlobalOnOff", {});
    expect(w.bus.published[0]).toEqual({ kind: "server_rules", globalChat: true });
    for (const message of w.bus.published.splice(0)) w.server.receive(message);
    w.drain();
    w.advance(6_000); // past the global chat's interval since the refused line
    w.server.act(2, "GlobalMessage", { text: "hola" });
    expect(w.bus.published).toEqual([{ kind: "console_all", text: "[Testigo] hola", font: 25 }]);
    expect(audits(w.events).map((row) => row.detail)).toEqual(["off", "on"]);
  });

  test("/MOTDCAMBIA opens the editor with the lines; SetMOTD changes every map's MOTD (Msg984), seen at the next login and on /MOTD", () => {
    const w = staffMap(DIOS);
    w.server.act(1, "ChangeMOTD", {});
    expect(w.drain().filter((p) => p.session === 1).map((p) => [p.name, p.fields.currentMotd])).toEqual([["ShowMOTDEditionForm", "Bienvenido a la prueba"]]);
    w.server.act(1, "SetMOTD", { text: "Hola a todos\r\nNo hagan macro" });
    expect(lines(w.drain(), 1)).toEqual(["984@3"]);
    expect(w.bus.published).toEqual([{ kind: "server_rules", motd: ["Hola a todos", "No hagan macro"] }]);
    for (const message of w.bus.published) w.server.receive(message);
    w.enter(4, "Nueva", 16, 10);
    const login = w.drain().filter((p) => p.session === 4 && p.name === "ConsoleMsg").map((p) => p.fields.text);
    expect(login).toEqual(expect.arrayContaining(["Hola a todos", "No hagan macro"]));
    expect(login).not.toContain("Bienvenido a la prueba");
    w.server.act(2, "RequestMOTD", {});
    expect(lines(w.drain(), 2)).toEqual(['"Hola a todos"', '"No hagan macro"', '"Server Uptime: 0d 00:00:00"']);
  });

  test("a MOTD too big is refused and changes nothing; an empty one empties it", () => {
    expect(motdLinesOf("")).toEqual([]);
    expect(motdLinesOf("a\nb")).toEqual(["a", "b"]);
    expect(motdLinesOf(Array.from({ length: MAX_MOTD_LINES + 1 }, () => "x").join("\r\n"))).toBeNull();
    expect(motdLinesOf("x".repeat(201))).toBeNull();
    const w = staffMap(DIOS);
    w.server.act(1, "SetMOTD", { text: "x".repeat(500) });
    expect(w.bus.published).toEqual([]);
    expect(audits(w.events)).toEqual([{ action: "SetMOTD", outcome: "refused_rule", detail: "too_long" }]);
  });

  test("/TALKAS speaks over the NPC the GM clicked, to its area; with none clicked, Msg976", () => {
    const w = staffMap(SEMIDIOS, { npcs: [{ x: 11, y: 12, npc: 500, name: "Guardia", body: 1, head: 0, heading: 3 }] });
    w.server.act(1, "TalkAsNPC", { text: "alto ahí" });
    expect(lines(w.drain(), 1)).toEqual(["976@3"]);
    w.server.act(1, "LeftClick", { x: 11, y: 12, counter: 1 });
    w.drain();
    w.server.act(1, "TalkAsNPC", { text: "alto ahí" });
    const bubbles = w.drain().filter((p) => p.name === "ChatOverHead");
    expect(bubbles.map((p) => [p.session, p.fields.text])).toEqual([
      [1, "alto ahí"],
      [2, "alto ahí"],
      [3, "alto ahí"],
    ]);
    expect(audits(w.events).map((row) => [row.action, row.outcome])).toEqual([
      ["TalkAsNPC", "refused_rule"],
      ["TalkAsNPC", "ok"],
    ]);
  });

  test("/PANELGM shows the panel with the GM's looks", () => {
    const w = staffMap({ rank: "consejero", roleMaster: false });
    w.server.act(1, "GMPanel", {});
    expect(w.drain().filter((p) => p.session === 1).map((p) => p.name)).toEqual(["ShowGMPanelForm"]);
  });
});

describe("a player sending them", () => {
  test("changes nothing: no service command, no bus message, no rule changed; each audited refused_rank", () => {
    const w = world({ safe: false });
    w.enter(1, "Pepe", 10, 10);
    w.drain();
    w.events.length = 0;
    const sent: [ClientPacketName, Record<string, unknown>][] = [
      ["Where", { userName: "Pepe" }],
      ["RequestCharInfo", { userName: "Pepe" }],
      ["RequestCharGold", { userName: "Pepe" }],
      ["NickToIP", { userName: "Pepe" }],
      ["IPToNick", { ip: [1, 2, 3, 4] }],
      ["OnlineMap", {}],
      ["ServerOpenToUsersToggle", {}],
      ["SaveChars", {}],
      ["SystemMessage", { text: "x" }],
      ["GlobalOnOff", {}],
      ["SetMOTD", { text: "tomado" }],
      ["ChangeMOTD", {}],
      ["MensajeUser", { userName: "Pepe", message: "x" }],
    ];
    for (const [name, fields] of sent) w.server.act(1, name, fields);
    expect(asked(w.events)).toEqual([]);
    expect(w.bus.published).toEqual([]);
    expect(audits(w.events)).toEqual(sent.map(([action]) => ({ action, outcome: "refused_rank" })));
    expect(w.drain().filter((p) => p.name === "ShowMOTDEditionForm" || p.name === "ShowMessageBox")).toEqual([]);
    w.server.act(1, "RequestMOTD", {});
    expect(lines(w.drain(), 1)).toEqual(['"Bienvenido a la prueba"', '"Server Uptime: 0d 00:00:00"']);
  });
});
