/**
 * The report queue on a map (gm-and-moderation §2.1, §3.8, §11 items 32–34): `/GM` and
 * `/DENUNCIAR` go to the staff service as commands (a player's not audited), a player's last
 * chat lines are this map's (the last 15, what chat let through, forgotten when it leaves), `/ROL`
 * reaches the role masters, and the SOS panel's list arrives as `ShowSOSForm`.
 */
import { describe, expect, test } from "bun:test";
import type { StaffStanding } from "../../../game/staff/index.ts";
import type { StaffAnswer } from "../../kernel/index.ts";
import { world, type Received } from "../../map-harness.test-support.ts";
import type { MapEvent } from "../../map-events.ts";

function asked(events: MapEvent[]) {
  return events.flatMap((event) => (event.t === "service" && event.service === "staff" ? [event.message] : []));
}

function lines(packets: Received[], session: number): string[] {
  return packets.filter((p) => p.session === session).map((p) => (p.name === "LocaleMsg" ? `${p.fields.messageId}@${p.fields.fontIndex}:${p.fields.params}` : p.name));
}

function reportWorld(standing?: StaffStanding) {
  const w = world({ safe: false });
  w.enter(1, "Pepe", 10, 10);
  w.enter(2, "Testigo", 12, 10, standing ? { with: { staff: standing } } : {});
  w.drain();
  w.events.length = 0;
  const answer = (session: number, message: StaffAnswer) => w.server.instance.fromWorld({ t: "system", service: "staff", session, message });
  return { w, answer };
}

describe("reports on a map", () => {
  test("a player's /GM and /DENUNCIAR go to the staff service, not audited; the name as VB6 reads it, '@motivo' kept apart; no name does nothing", () => {
    const { w } = reportWorld();
    w.server.act(2, "QuestionGM", { question: "me trabé", questionType: "Consulta regular", counter: 1 });
    w.server.act(2, "Denounce", { name: "Pepe" });
    w.server.act(2, "Denounce", { name: "Juan+Perez@me insulta" });
    w.server.act(2, "Denounce", { name: " + " });
    expect(asked(w.events)).toEqual([
      { kind: "command", action: "QuestionGM", params: { question: "me trabé", questionType: "Consulta regular" }, command: { kind: "question_gm", text: "me trabé", category: "Consulta regular" } },
      { kind: "command", action: "Denounce", params: { name: "Pepe" }, command: { kind: "denounce", target: "Pepe", reason: "" } },
      { kind: "command", action: "Denounce", params: { name: "Juan+Perez@me insulta" }, command: { kind: "denounce", target: "Juan Perez", reason: "me insulta" } },
    ]);
    expect(w.faults).toEqual([]);
  });

  test("a denounced player's map sends its last 15 lines, oldest first: talk, yell, whispers and global, not what a mute refused", () => {
    const { w, answer } = reportWorld();
    for (let n = 1; n <= 17; n++) w.server.talk(1, `dicho ${n}`, n % 2 === 0);
    w.server.whisper(1, "Testigo", "psst");
    w.server.act(1, "GlobalMessage", { text: "a todos" });
    w.server.talk(1, "   ", false);
    w.events.length = 0;
    answer(1, { kind: "chat_excerpt_wanted", token: 7 });
    const expected = [...Array.from({ length: 13 }, (_, i) => `dicho ${i + 5}`), "psst", "a todos"];
    expect(asked(w.events)).toEqual([{ kind: "chat_excerpt", token: 7, lines: expected }]);

    // A muted player's refused lines are not kept (VB6 pushes only what was said).
    w.server.instance.fromWorld({ t: "system", service: "staff", session: 1, message: { kind: "sanction", sanction: { kind: "mute", minutes: 5 } } });
    w.server.talk(1, "no se oye", false);
    w.events.length = 0;
    answer(1, { kind: "chat_excerpt_wanted", token: 8 });
    expect(asked(w.events)).toEqual([{ kind: "chat_excerpt", token: 8, lines: expected }]);
  });

  test("the lines stay with the map they were said on: the player leaves and comes back with none", () => {
    const { w, answer } = reportWorld();
    w.server.talk(1, "antes", false);
    w.server.leave(1, "test");
    w.enter(1, "Pepe", 10, 10);
    w.events.length = 0;
    answer(1, { kind: "chat_excerpt_wanted", token: 1 });
    expect(asked(w.events)).toEqual([{ kind: "chat_excerpt", token: 1, lines: [] }]);
  });

  test("/ROL: Msg527 to the sender and Msg1825 to the role masters of every map (the RM bit, any rank); an empty text nothing", () => {
    const { w } = reportWorld({ rank: null, roleMaster: true });
    w.server.act(1, "RoleMasterRequest", { text: "¿puedo casarme?" });
    w.server.act(1, "RoleMasterRequest", { text: "" });
    expect(w.bus.published).toEqual([{ kind: "line_rolemasters", message: { kind: "locale", id: 1825, params: "Pepe¬¿puedo casarme?", font: 10 } }]);
    for (const message of w.bus.published) w.server.receive(message);
    const out = w.drain();
    expect(lines(out, 1)).toEqual(["527@3:"]);
    expect(lines(out, 2)).toEqual(["1825@10:Pepe¬¿puedo casarme?"]);
    expect(asked(w.events)).toEqual([]);
  });

  test("the SOS panel: list, removal and /BORRAR SOS go to the staff service; the list comes back as one ShowSOSForm, entries joined with NUL", () => {
    const { w, answer } = reportWorld({ rank: "dios", roleMaster: false });
    w.server.act(2, "SOSShowList", {});
    w.server.act(2, "SOSRemove", { userName: "PepeØholaØConsulta regular" });
    w.server.act(2, "CleanSOS", {});
    expect(asked(w.events).map((message) => (message.kind === "command" ? message.command : message))).toEqual([
      { kind: "sos_list" },
      { kind: "sos_remove", key: "PepeØholaØConsulta regular" },
      { kind: "sos_clean" },
    ]);
    answer(2, { kind: "sos_list", entries: ["PepeØholaØConsulta regularØ2026-12-02 18:00:00", "AnaØchauØOtroØ2026-12-02 18:01:00"] });
    const form = w.drain().filter((p) => p.session === 2 && p.name === "ShowSOSForm");
    expect(form.map((p) => p.fields.requests)).toEqual(["PepeØholaØConsulta regularØ2026-12-02 18:00:00\u0000AnaØchauØOtroØ2026-12-02 18:01:00"]);
  });

  test("a player below the panel's rank is refused, audited refused_rank; a Consejero may list but not /BORRAR SOS (Dios and up)", () => {
    const player = reportWorld();
    player.w.server.act(2, "SOSShowList", {});
    expect(asked(player.w.events)).toEqual([{ kind: "audit", record: { action: "SOSShowList", outcome: "refused_rank", params: {} } }]);
    const consejero = reportWorld({ rank: "consejero", roleMaster: false });
    consejero.w.server.act(2, "SOSShowList", {});
    consejero.w.server.act(2, "CleanSOS", {});
    expect(asked(consejero.w.events)).toEqual([
      { kind: "command", action: "SOSShowList", params: {}, command: { kind: "sos_list" } },
      { kind: "audit", record: { action: "CleanSOS", outcome: "refused_rank", params: {} } },
    ]);
  });
});
