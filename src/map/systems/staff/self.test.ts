/**
 * A game master's own settings on a map (self.ts), with real packets and the manual clock:
 * `/GENIO`, `SetSpeed` (G25, SPEED-RANGE), `/SEGUIR` (FOLLOW), `/SETDESC` (SETDESC-SHOWN),
 * `/SHOWNAME`, the GM mark (MARK-RANK, MARK-NOBODY), `/TRABAJANDO` and `/OCULTANDO` (WORKING,
 * HIDING): effects, rank refusals, audit rows and hostile input.
 */
import { describe, expect, test } from "bun:test";
import { GameTablesSchema } from "../../../content/index.ts";
import { applyEffect } from "../../../game/spells/index.ts";
import type { StaffStanding } from "../../../game/staff/index.ts";
import { SKILL_COUNT, WorkSkill } from "../../../protocol/index.ts";
import { setStatus, type MapContext, type NpcEntity, type PlayerEntity } from "../../kernel/index.ts";
import { PACKET_HANDLERS } from "../../handlers.ts";
import type { MapEvent } from "../../map-events.ts";
import { world, type Received, type WorldOptions } from "../../map-harness.test-support.ts";

const ADMIN: StaffStanding = { rank: "admin", roleMaster: false };
const DIOS: StaffStanding = { rank: "dios", roleMaster: false };
const SEMIDIOS: StaffStanding = { rank: "semidios", roleMaster: false };
const CONSEJERO: StaffStanding = { rank: "consejero", roleMaster: false };
const ROLEMASTER: StaffStanding = { rank: null, roleMaster: true };

const GUARD = 600;
const EAST = 2;
const SOUTH = 3;
const NORTH = 1;

/** An NPC of movement 1 (`Estatico`): it never thinks on its own. */
const tables = GameTablesSchema.parse({
  format: "ao20",
  objects: null,
  npcs: { declaredCount: GUARD, npcs: [{ id: GUARD, name: "Estatua", movement: 1, hostile: false, attackable: true, minHp: 15, maxHp: 15, minHit: 1, maxHit: 1, giveExp: 0 }] },
  spells: null,
  balance: null,
  cities: null,
  mapInfo: null,
  specialMaps: null,
});

/**
 * The GM (session 1) at (10, 10), a player "Pepe" (session 2) at (12, 10); the map's context within
 * reach. A SemiDios or higher enters admin-invisible (§1.3): it shows itself first unless `invisible`.
 */
function setUp(options: { gm?: StaffStanding; world?: WorldOptions; invisible?: boolean } = {}) {
  let captured: MapContext | null = null;
  const w = world({ width: 60, height: 60, safe: false, ...options.world, handlers: { ...PACKET_HANDLERS, Promedio: (ctx) => void (captured = ctx) } });
  const gm = options.gm ?? ADMIN;
  const gmIndex = w.enter(1, "Gema", 10, 10, { with: { staff: gm } });
  if (options.invisible !== true && (gm.rank === "semidios" || gm.rank === "dios" || gm.rank === "admin")) w.server.act(1, "Invisible", {});
  const pepeIndex = w.enter(2, "Pepe", 12, 10);
  w.drain();
  w.events.length = 0;
  const ctx = (): MapContext => {
    if (captured === null) w.server.act(1, "Promedio", {});
    return captured!;
  };
  const player = (session: number): PlayerEntity => ctx().store.player(session)!;
  const npcAt = (x: number, y: number): NpcEntity | undefined => ctx().store.npc(w.occupant(x, y));
  const audits = () =>
    w.events.flatMap((event: MapEvent) =>
      event.t === "service" && event.service === "staff" && event.message.kind === "audit"
        ? [{ action: event.message.record.action, outcome: event.message.record.outcome, ...(event.message.record.detail !== undefined ? { detail: event.message.record.detail } : {}) }]
        : [],
    );
  const lines = (packets: Received[], session: number) =>
    packets.filter((p) => p.session === session && (p.name === "LocaleMsg" || p.name === "ConsoleMsg")).map((p) => (p.name === "LocaleMsg" ? `${p.fields.messageId} [${p.fields.params}]` : `"${p.fields.text}"`));
  const named = (packets: Received[], session: number, name: string) => packets.filter((p) => p.session === session && p.name === name).map((p) => p.fields);
  return { w, gmIndex, pepeIndex, ctx, player, npcAt, audits, lines, named };
}

describe("/GENIO", () => {
  test("every own skill to 100: the record keeps them, the client gets SendSkills and Msg555 in the command font; audited ok", () => {
    const { w, player, audits, lines, named } = setUp({ gm: CONSEJERO });
    w.server.act(1, "Genio", {});
    const out = w.drain();
    expect(named(out, 1, "SendSkills")).toEqual([{ skills: new Array(SKILL_COUNT).fill(100) }]);
    expect(lines(out, 1)).toEqual(["555 []"]);
    expect(out.find((p) => p.name === "LocaleMsg")?.fields.fontIndex).toBe(29);
    expect(player(1).record.skills).toEqual(new Array(SKILL_COUNT).fill(100));
    expect(out.filter((p) => p.session === 2)).toEqual([]);
    expect(audits()).toEqual([{ action: "Genio", outcome: "ok" }]);
    // GENIO-PERSISTS: the record the map hands back carries them.
    const saved = w.server.snapshot().find((entry) => entry.session === 1);
    expect(saved?.state.skills).toEqual(new Array(SKILL_COUNT).fill(100));
  });

  test("a player: nothing changes, nothing is said (VB6), refused_rank", () => {
    const { w, player, audits } = setUp();
    const before = [...player(2).record.skills];
    w.server.act(2, "Genio", {});
    expect(w.drain()).toEqual([]);
    expect(player(2).record.skills).toEqual(before);
    expect(audits()).toEqual([{ action: "Genio", outcome: "refused_rank" }]);
  });
});

describe("SetSpeed (G25, SPEED-RANGE)", () => {
  test("the GM gets VelocidadToggle, its viewers SpeedToChar, a newcomer draws it at that speed; the user slot numbered like the speed gets nothing", () => {
    const { w, gmIndex, audits, named, lines } = setUp({ gm: SEMIDIOS });
    w.enter(5, "Cinco", 14, 10);
    w.drain();
    w.server.act(1, "SetSpeed", { speed: 5 });
    const out = w.drain();
    expect(named(out, 1, "VelocidadToggle")).toEqual([{ speed: 5 }]);
    expect(named(out, 1, "SpeedToChar")).toEqual([]);
    expect(named(out, 2, "SpeedToChar")).toEqual([{ charIndex: gmIndex, speed: 5 }]);
    expect(named(out, 5, "VelocidadToggle")).toEqual([]);
    expect(lines(out, 1)).toEqual(['"Tu velocidad ahora es 5."']);
    expect(audits()).toEqual([{ action: "SetSpeed", outcome: "ok", detail: "speed 5" }]);
    w.enter(3, "Nuevo", 11, 12);
    const created = w.drain().filter((p) => p.session === 3 && p.name === "CharacterCreate" && p.fields.charIndex === gmIndex);
    expect(created.map((p) => p.fields.speeding)).toEqual([5]);
  });

  test("an admin-invisible GM: the players around hear nothing of its speed, itself gets VelocidadToggle", () => {
    const { w, named } = setUp({ gm: SEMIDIOS, invisible: true });
    w.server.act(1, "SetSpeed", { speed: 2 });
    const out = w.drain();
    expect(named(out, 1, "VelocidadToggle")).toEqual([{ speed: 2 }]);
    expect(out.filter((p) => p.session === 2)).toEqual([]);
  });

  test("the server's walk pace follows the speed: at 15 a GM's quick steps all land, a player's the same steps do not", () => {
    const { w } = setUp({ gm: ADMIN });
    w.enter(3, "Corredor", 30, 30);
    w.server.act(1, "SetSpeed", { speed: 15 });
    for (let step = 0; step < 10; step++) {
      w.advance(20);
      w.server.walk(1, SOUTH);
      w.server.walk(3, SOUTH);
    }
    expect(w.server.positionOf(1)).toMatchObject({ x: 10, y: 20 });
    expect(w.server.positionOf(3)!.y).toBeLessThan(40);
  });

  test("hostile speeds (NaN, infinite, negative, zero, above 15, a huge float) change nothing and are refused with a line", () => {
    const { w, audits, named, lines } = setUp({ gm: ADMIN });
    for (const speed of [Number.NaN, Number.POSITIVE_INFINITY, -1, 0, 16, 1e30]) w.server.act(1, "SetSpeed", { speed });
    const out = w.drain();
    expect(named(out, 1, "VelocidadToggle")).toEqual([]);
    expect(out.filter((p) => p.session === 2)).toEqual([]);
    expect(lines(out, 1)).toEqual(new Array(6).fill('"La velocidad debe ser un número de 0.1 a 15."'));
    expect(audits()).toEqual(new Array(6).fill({ action: "SetSpeed", outcome: "refused_rule", detail: "bad_speed" }));
  });

  test("a Consejero is refused silently (refused_rank); the speed goes with the GM to the next map and back to 1 clears it", () => {
    const consejero = setUp({ gm: CONSEJERO });
    consejero.w.server.act(1, "SetSpeed", { speed: 2 });
    expect(consejero.w.drain()).toEqual([]);
    expect(consejero.audits()).toEqual([{ action: "SetSpeed", outcome: "refused_rank" }]);

    const { w } = setUp({ gm: SEMIDIOS });
    w.server.act(1, "SetSpeed", { speed: 2 });
    w.server.act(1, "WarpChar", { userName: "YO", map: 2, x: 20, y: 20 });
    const transfer = w.events.find((event): event is Extract<MapEvent, { t: "transfer" }> => event.t === "transfer")!;
    expect(transfer.handOver.staffSelf).toEqual({ speed: 2 });
    const again = setUp({ gm: SEMIDIOS });
    again.w.server.act(1, "SetSpeed", { speed: 2 });
    again.w.server.act(1, "SetSpeed", { speed: 1 });
    expect(again.player(1).speed).toBeUndefined();
    expect(again.player(2).speed).toBeUndefined();
  });
});

describe("/SEGUIR (FOLLOW)", () => {
  function followWorld(gm: StaffStanding = SEMIDIOS) {
    const set = setUp({ gm, world: { tables, npcs: [{ npc: GUARD, name: "Estatua", x: 20, y: 16, body: 9, head: 0, heading: 3 }] } });
    const npc = set.npcAt(20, 16)!;
    return { ...set, npc };
  }

  test("the clicked NPC (a static one, paralysed) is freed and walks up to the GM, then after it; a second /SEGUIR ends it and it keeps still again", () => {
    const { w, ctx, npc, audits, lines } = followWorld();
    setStatus(ctx(), npc, applyEffect(npc.statusEffects, { kind: "paralyzed", durationMs: 600_000 }, w.clock.now()).effects, []);
    w.server.act(1, "LeftClick", { x: 20, y: 16, counter: 1 });
    w.drain();
    w.server.act(1, "NPCFollow", {});
    expect(lines(w.drain(), 1)).toEqual(['"Estatua te sigue."']);
    expect(npc.statusEffects.paralyzed).toBeUndefined();
    w.advance(20_000);
    expect(Math.abs(npc.x - 10) + Math.abs(npc.y - 10)).toBeLessThanOrEqual(1);
    for (let step = 0; step < 5; step++) {
      w.advance(400);
      w.server.walk(1, NORTH);
    }
    expect(w.server.positionOf(1)).toMatchObject({ x: 10, y: 5 });
    w.advance(20_000);
    expect(Math.abs(npc.x - 10) + Math.abs(npc.y - 5)).toBeLessThanOrEqual(1);

    w.server.act(1, "NPCFollow", {});
    expect(lines(w.drain(), 1)).toEqual(['"Estatua deja de seguirte."']);
    expect([npc.movement, npc.ai.movement, npc.leader]).toEqual([1, 1, null]);
    const { x, y } = npc;
    for (let step = 0; step < 5; step++) {
      w.advance(400);
      w.server.walk(1, EAST);
    }
    expect(w.server.positionOf(1)).toMatchObject({ x: 15, y: 5 });
    w.advance(20_000);
    expect([npc.x, npc.y]).toEqual([x, y]);
    expect(audits()).toEqual([
      { action: "NPCFollow", outcome: "ok", detail: "follows" },
      { action: "NPCFollow", outcome: "ok", detail: "stopped" },
    ]);
  });

  test("the GM leaving the map ends the follow; no NPC clicked is Msg960; a Consejero gets Msg528", () => {
    const { w, npc, audits, lines } = followWorld();
    w.server.act(1, "NPCFollow", {});
    expect(lines(w.drain(), 1)).toEqual(["960 []"]);
    w.server.act(1, "LeftClick", { x: 20, y: 16, counter: 1 });
    w.server.act(1, "NPCFollow", {});
    w.server.leave(1, "quit");
    expect([npc.leader, npc.movement, npc.ai.movement]).toEqual([null, 1, 1]);
    expect(audits()).toEqual([
      { action: "NPCFollow", outcome: "refused_rule", detail: "no_target_npc" },
      { action: "NPCFollow", outcome: "ok", detail: "follows" },
    ]);

    const consejero = followWorld(CONSEJERO);
    consejero.w.server.act(1, "LeftClick", { x: 20, y: 16, counter: 1 });
    consejero.w.drain();
    consejero.w.server.act(1, "NPCFollow", {});
    expect(consejero.lines(consejero.w.drain(), 1)).toEqual(["528 []"]);
    expect(consejero.npc.leader).toBeUndefined();
    expect(consejero.audits()).toEqual([{ action: "NPCFollow", outcome: "refused_rank" }]);
  });
});

describe("/SETDESC (SETDESC-SHOWN)", () => {
  test("a Dios describes the clicked player; whoever clicks it then reads the description in bold; an empty text clears it", () => {
    const { w, lines, audits, player } = setUp({ gm: DIOS });
    w.enter(3, "Testigo", 12, 13);
    w.server.act(1, "LeftClick", { x: 12, y: 10, counter: 1 });
    w.drain();
    w.server.act(1, "SetCharDescription", { description: "  Un viejo pescador de Nix  " });
    expect(lines(w.drain(), 1)).toEqual(['"Descripción de rol de Pepe cambiada."']);
    expect(player(2).roleplayDescription).toBe("Un viejo pescador de Nix");
    w.server.act(3, "LeftClick", { x: 12, y: 10, counter: 1 });
    const seen = w.drain().filter((p) => p.session === 3 && p.name === "ConsoleMsg");
    expect(seen.map((p) => [p.fields.text, p.fields.fontIndex])).toEqual([["Un viejo pescador de Nix", 4]]);

    w.server.act(1, "SetCharDescription", { description: "" });
    expect(lines(w.drain(), 1)).toEqual(['"Pepe ya no tiene descripción de rol."']);
    w.server.act(3, "LeftClick", { x: 12, y: 10, counter: 1 });
    expect(w.drain().filter((p) => p.session === 3 && p.name === "ConsoleMsg")).toEqual([]);
    expect(audits()).toEqual([
      { action: "SetCharDescription", outcome: "ok", detail: "set" },
      { action: "SetCharDescription", outcome: "ok", detail: "cleared" },
    ]);
  });

  test("a RoleMaster may, nobody clicked is Msg975; a SemiDios is refused silently; the description goes with the player to the next map", () => {
    const rm = setUp({ gm: ROLEMASTER });
    rm.w.server.act(1, "SetCharDescription", { description: "x" });
    expect(rm.lines(rm.w.drain(), 1)).toEqual(["975 []"]);
    rm.w.server.act(1, "LeftClick", { x: 12, y: 10, counter: 1 });
    rm.w.server.act(1, "SetCharDescription", { description: "Herrera" });
    expect(rm.player(2).roleplayDescription).toBe("Herrera");
    expect(rm.audits()).toEqual([
      { action: "SetCharDescription", outcome: "refused_rule", detail: "no_target" },
      { action: "SetCharDescription", outcome: "ok", detail: "set" },
    ]);
    rm.ctx().sendTo(rm.player(2), { map: 2, x: 20, y: 20 });
    const transfer = rm.w.events.find((event): event is Extract<MapEvent, { t: "transfer" }> => event.t === "transfer" && event.session === 2)!;
    expect(transfer.handOver.staffSelf).toEqual({ roleplayDescription: "Herrera" });

    const semidios = setUp({ gm: SEMIDIOS });
    semidios.w.server.act(1, "LeftClick", { x: 12, y: 10, counter: 1 });
    semidios.w.drain();
    semidios.w.server.act(1, "SetCharDescription", { description: "x" });
    expect(semidios.w.drain()).toEqual([]);
    expect(semidios.player(2).roleplayDescription).toBeUndefined();
    expect(semidios.audits()).toEqual([{ action: "SetCharDescription", outcome: "refused_rank" }]);
  });
});

describe("/SHOWNAME", () => {
  test("hidden: the area (the GM too) gets an empty name tag and a newcomer draws no name; shown again: the name", () => {
    const { w, gmIndex, named, lines, audits } = setUp({ gm: DIOS });
    w.server.act(1, "ShowName", {});
    let out = w.drain();
    expect(named(out, 1, "UpdateTagAndStatus").map((f) => [f.charIndex, f.tag])).toEqual([[gmIndex, ""]]);
    expect(named(out, 2, "UpdateTagAndStatus").map((f) => [f.charIndex, f.tag])).toEqual([[gmIndex, ""]]);
    expect(lines(out, 1)).toEqual(['"Tu nombre ya no se ve."']);
    w.enter(3, "Nuevo", 11, 12);
    out = w.drain();
    expect(out.filter((p) => p.session === 3 && p.name === "CharacterCreate" && p.fields.charIndex === gmIndex).map((p) => p.fields.name)).toEqual([""]);
    w.server.act(1, "ShowName", {});
    out = w.drain();
    expect(named(out, 3, "UpdateTagAndStatus").map((f) => f.tag)).toEqual(["Gema"]);
    expect(audits()).toEqual([
      { action: "ShowName", outcome: "ok", detail: "hidden" },
      { action: "ShowName", outcome: "ok", detail: "shown" },
    ]);
  });

  test("an admin-invisible GM: only itself gets its tag; the players around, who do not draw it, nothing", () => {
    const { w, gmIndex, named } = setUp({ gm: DIOS, invisible: true });
    w.server.act(1, "ShowName", {});
    const out = w.drain();
    expect(named(out, 1, "UpdateTagAndStatus").map((f) => [f.charIndex, f.tag])).toEqual([[gmIndex, ""]]);
    expect(out.filter((p) => p.session === 2)).toEqual([]);
  });

  test("a SemiDios and a player are refused silently (refused_rank); a RoleMaster may", () => {
    for (const gm of [SEMIDIOS, { rank: null, roleMaster: false } as StaffStanding]) {
      const { w, audits } = setUp({ gm });
      w.server.act(1, "ShowName", {});
      expect(w.drain()).toEqual([]);
      expect(audits()).toEqual([{ action: "ShowName", outcome: "refused_rank" }]);
    }
    const rm = setUp({ gm: ROLEMASTER });
    rm.w.server.act(1, "ShowName", {});
    expect(rm.audits()).toEqual([{ action: "ShowName", outcome: "ok", detail: "hidden" }]);
  });
});

describe("the GM mark (MARK-RANK, MARK-NOBODY)", () => {
  test("the panel's button asks for the cursor (WorkRequestTarget 92); the click names the character (Msg1133), a click on nobody is Msg975", () => {
    const { w, named, lines, audits } = setUp({ gm: CONSEJERO });
    w.server.act(1, "MarcaDeGMPack", {});
    const out = w.drain();
    expect(named(out, 1, "WorkRequestTarget")).toEqual([{ skill: WorkSkill.GmMark, isArea: false, radius: 0 }]);
    w.server.act(1, "WorkLeftClick", { x: 12, y: 10, skill: WorkSkill.GmMark, counter: 1 });
    expect(lines(w.drain(), 1)).toEqual(["1133 [Pepe]"]);
    w.server.act(1, "WorkLeftClick", { x: 15, y: 15, skill: WorkSkill.GmMark, counter: 1 });
    expect(lines(w.drain(), 1)).toContain("975 []");
    expect(audits()).toEqual([{ action: "MarcaDeGMPack", outcome: "ok" }]);
  });

  test("a player's packet is refused_rank and its forged click says nothing", () => {
    const { w, audits } = setUp();
    w.server.act(2, "MarcaDeGMPack", {});
    w.server.act(2, "WorkLeftClick", { x: 10, y: 10, skill: WorkSkill.GmMark, counter: 1 });
    expect(w.drain().filter((p) => p.session === 2 && (p.name === "LocaleMsg" || p.name === "ConsoleMsg" || p.name === "WorkRequestTarget"))).toEqual([]);
    expect(audits()).toEqual([{ action: "MarcaDeGMPack", outcome: "refused_rank" }]);
  });
});

describe("/TRABAJANDO and /OCULTANDO (WORKING, HIDING)", () => {
  test("nobody works or hides on this server yet: VB6's empty lists (Msg953, Msg954)", () => {
    const { w, lines, audits } = setUp({ gm: DIOS });
    w.server.act(1, "Working", {});
    w.server.act(1, "Hiding", {});
    expect(lines(w.drain(), 1)).toEqual(["953 []", "954 []"]);
    expect(audits()).toEqual([
      { action: "Working", outcome: "ok", detail: "working 0" },
      { action: "Hiding", outcome: "ok", detail: "hiding 0" },
    ]);
  });

  test("/TRABAJANDO below Dios is Msg952, /OCULTANDO below SemiDios Msg528; a RoleMaster Admin is refused both", () => {
    const semidios = setUp({ gm: SEMIDIOS });
    semidios.w.server.act(1, "Working", {});
    semidios.w.server.act(1, "Hiding", {});
    expect(semidios.lines(semidios.w.drain(), 1)).toEqual(["952 []", "954 []"]);
    const consejero = setUp({ gm: CONSEJERO });
    consejero.w.server.act(1, "Hiding", {});
    expect(consejero.lines(consejero.w.drain(), 1)).toEqual(["528 []"]);
    const rmAdmin = setUp({ gm: { rank: "admin", roleMaster: true } });
    rmAdmin.w.server.act(1, "Working", {});
    rmAdmin.w.server.act(1, "Hiding", {});
    expect(rmAdmin.audits()).toEqual([
      { action: "Working", outcome: "refused_rank" },
      { action: "Hiding", outcome: "refused_rank" },
    ]);
  });
});
