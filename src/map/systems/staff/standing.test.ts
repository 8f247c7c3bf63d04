/**
 * A rank applied at once on the character's map (standing.ts, the staff service's `standing`
 * answer): the other clients redraw it with the new privileges, its own gets `Privilegios` and a
 * line, the gate judges by the new rank; a revoked SemiDios's admin invisibility ends.
 */
import { describe, expect, test } from "bun:test";
import { privilegesOf } from "../../../game/staff/index.ts";
import { world } from "../../map-harness.test-support.ts";

const DIOS = { rank: "dios", roleMaster: false } as const;
const PLAYER = { rank: null, roleMaster: false } as const;

describe("a rank changed while the character plays", () => {
  test("granted: viewers redraw it in its new colours, it gets Privilegios(true) and a line, and its staff commands pass", () => {
    const w = world();
    w.enter(1, "Pepe", 10, 10);
    w.enter(2, "Testigo", 12, 10);
    w.drain();
    w.server.act(1, "GMMessage", { text: "antes" });
    expect(w.bus.published).toEqual([]);
    w.server.instance.fromWorld({ t: "system", service: "staff", session: 1, message: { kind: "standing", standing: DIOS }, delta: 1 });
    const out = w.drain();
    const toViewer = out.filter((p) => p.session === 2).map((p) => (p.name === "CharacterCreate" ? `${p.name} ${p.fields.name} ${p.fields.privileges}` : p.name));
    expect(toViewer).toEqual(["CharacterRemove", `CharacterCreate Pepe ${privilegesOf(DIOS)}`]);
    const toSelf = out.filter((p) => p.session === 1).map((p) => (p.name === "Privilegios" ? `Privilegios ${p.fields.isStaff}` : p.name === "ConsoleMsg" ? p.fields.text : p.name));
    expect(toSelf).toEqual(["Privilegios true", "Tu rango en el equipo ahora es dios."]);
    w.server.act(1, "GMMessage", { text: "después" });
    expect(w.bus.published).toHaveLength(1);
  });

  test("revoked: an invisible SemiDios becomes visible and a player; the same standing twice changes nothing", () => {
    const w = world();
    w.enter(1, "Gm", 10, 10, { with: { staff: { rank: "semidios", roleMaster: false } } });
    w.enter(2, "Testigo", 12, 10);
    w.server.act(1, "Invisible", {});
    w.drain();
    w.server.instance.fromWorld({ t: "system", service: "staff", session: 1, message: { kind: "standing", standing: PLAYER }, delta: 1 });
    const out = w.drain();
    expect(out.filter((p) => p.session === 2 && p.name === "CharacterCreate").map((p) => p.fields.privileges)).toContain(privilegesOf(PLAYER));
    expect(out.filter((p) => p.session === 1 && p.name === "Privilegios").map((p) => p.fields.isStaff)).toEqual([false]);
    w.server.instance.fromWorld({ t: "system", service: "staff", session: 1, message: { kind: "standing", standing: PLAYER }, delta: 2 });
    expect(w.drain()).toEqual([]);
  });
});
