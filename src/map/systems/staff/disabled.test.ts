/**
 * The game-master packets answered as disabled or ignored on purpose (disabled.ts): `/MOD` and
 * `/RESET` disabled as in VB6's production build, `PossUser` silent (G24), `/SHOW INT` and
 * `/DOBACKUP` with nothing to do here. Nothing changes; each is audited with its reason.
 */
import { describe, expect, test } from "bun:test";
import { world } from "../../map-harness.test-support.ts";
import type { MapEvent } from "../../map-events.ts";

function audits(events: MapEvent[]) {
  return events.flatMap((event) => (event.t === "service" && event.message.kind === "audit" ? [`${event.message.record.action} ${event.message.record.outcome} ${event.message.record.detail}`] : []));
}

describe("staff packets answered as disabled", () => {
  test("an Admin's /MOD, /RESET, PossUser, /SHOW INT and /DOBACKUP: told why (PossUser silent), nothing changed, audited", () => {
    const w = world();
    w.enter(1, "Admin", 10, 10, { with: { staff: { rank: "admin", roleMaster: false } } });
    w.enter(2, "Pepe", 12, 10);
    w.drain();
    w.events.length = 0;
    const before = JSON.stringify(w.server.snapshot());
    w.server.act(1, "EditChar", { userName: "Pepe", editOption: 1, arg1: "1000000", arg2: "" });
    w.server.act(1, "ResetChar", { nick: "Pepe" });
    w.server.act(1, "PossUser", { userName: "Pepe" });
    w.server.act(1, "ShowServerForm", {});
    w.server.act(1, "DoBackUp", {});
    w.server.act(1, "FeatureToggle", { value: 1, name: "armor_penetration_feature" });
    const told = w.drain().filter((p) => p.session === 1).map((p) => (p.name === "ConsoleMsg" ? p.fields.text : p.name));
    expect(told).toEqual([
      "Este servidor no permite editar personajes desde el juego; pídeselo al operador (argentum admin character).",
      "Este servidor no permite editar personajes desde el juego; pídeselo al operador (argentum admin character).",
      "Este servidor no tiene ventana que mostrar.",
      "Las copias de seguridad las hace el operador (argentum backup).",
      "Este servidor no tiene interruptores de funciones: se configura al arrancar.",
    ]);
    expect(JSON.stringify(w.server.snapshot())).toBe(before);
    expect(audits(w.events)).toEqual([
      "EditChar refused_rule disabled_as_in_vb6_production",
      "ResetChar refused_rule disabled_as_in_vb6_production",
      "PossUser refused_rule ignored_as_vb6_does",
      "ShowServerForm refused_rule no_server_window",
      "DoBackUp refused_rule backups_are_the_operators",
      "FeatureToggle refused_rule no_feature_toggles",
    ]);
  });
});
