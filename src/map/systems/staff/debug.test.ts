/**
 * `/REQDEBUG` on a map (debug.ts): the debug window's lines by type, G13 (Admin only), a type VB6
 * does not answer.
 */
import { describe, expect, test } from "bun:test";
import type { StaffStanding } from "../../../game/staff/index.ts";
import { packetBody, world } from "../../map-harness.test-support.ts";
import type { MapEvent } from "../../map-events.ts";

const ADMIN: StaffStanding = { rank: "admin", roleMaster: false };

function setUp(gm: StaffStanding = ADMIN) {
  const w = world();
  w.enter(1, "Gema", 10, 10, { with: { staff: gm } });
  const pepeIndex = w.enter(2, "Pepe", 12, 10);
  w.drain();
  w.events.length = 0;
  const audits = () =>
    w.events.flatMap((event: MapEvent) =>
      event.t === "service" && event.service === "staff" && event.message.kind === "audit"
        ? [{ action: event.message.record.action, outcome: event.message.record.outcome, ...(event.message.record.detail !== undefined ? { detail: event.message.record.detail } : {}) }]
        : [],
    );
  const windows = () => w.drain().filter((p) => p.name === "DebugDataResponse").map((p) => [p.session, p.fields.lines]);
  return { w, pepeIndex, audits, windows };
}

describe("/REQDEBUG (G13)", () => {
  test("type 2: players online and on this map; type 0: no log lines kept, said so; audited by type", () => {
    const { w, audits, windows } = setUp();
    w.server.act(1, "RequestDebug", { debugType: 2 });
    w.server.act(1, "RequestDebug", { debugType: 0 });
    expect(windows()).toEqual([
      [1, ["remote DEBUG: jugadores conectados: 3, en este mapa: 2"]],
      [1, ["remote errors:", "no disponible: este servidor no guarda líneas del log en memoria (las lee el operador)."]],
    ]);
    expect(audits()).toEqual([
      { action: "RequestDebug", outcome: "ok", detail: "type 2" },
      { action: "RequestDebug", outcome: "ok", detail: "type 0" },
    ]);
  });

  test("type 1: a character of this map (session, char index, place); one elsewhere is not found here", () => {
    const { w, pepeIndex, windows } = setUp();
    w.server.act(1, "RequestDebug", { debugType: 1, argument: "pepe" });
    w.server.act(1, "RequestDebug", { debugType: 1, argument: "Lejano" });
    expect(windows()).toEqual([
      [1, ["remote DEBUG:  user name: Pepe", `session: 2 charIndex: ${pepeIndex} map: 1 x: 12 y: 10 saliendo: no`]],
      [1, ["DEBUG: failed to find user: Lejano (en este mapa)"]],
    ]);
  });

  test("a Dios (VB6 answered every staff rank) is refused silently; a type VB6 does not answer is refused; a truncated body is not a command", () => {
    const dios = setUp({ rank: "dios", roleMaster: false });
    dios.w.server.act(1, "RequestDebug", { debugType: 0 });
    expect(dios.windows()).toEqual([]);
    expect(dios.audits()).toEqual([{ action: "RequestDebug", outcome: "refused_rank" }]);

    const { w, audits, windows } = setUp();
    w.server.act(1, "RequestDebug", { debugType: 7 });
    const truncated = packetBody("RequestDebug", { debugType: 1, argument: "Pepe" }).slice(0, 4);
    w.server.instance.handle(1, truncated);
    expect(windows()).toEqual([]);
    expect(audits()).toEqual([{ action: "RequestDebug", outcome: "refused_rule", detail: "bad_type 7" }]);
  });
});
