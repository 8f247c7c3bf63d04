/**
 * `/CONSULTA` on a map (consultation.ts, gm-and-moderation §5.9): both sides told, the name tag
 * "[CONSULTA]", VB6's log lines in the audit rows, G23's two fixes, CONSULTA-MAP, and the refusals.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { GameTablesSchema, loadDefaultWorld, type GameTables } from "../../../content/index.ts";
import { itemCatalog, type ItemCatalog } from "../../../game/items/index.ts";
import { applyEffect } from "../../../game/spells/index.ts";
import type { StaffStanding } from "../../../game/staff/index.ts";
import { setStatus, type MapContext, type NpcAttackHook, type PlayerEntity } from "../../kernel/index.ts";
import { PACKET_HANDLERS } from "../../handlers.ts";
import type { MapEvent } from "../../map-events.ts";
import { world, type Received } from "../../map-harness.test-support.ts";

const DIOS: StaffStanding = { rank: "dios", roleMaster: false };
const SEMIDIOS: StaffStanding = { rank: "semidios", roleMaster: false };
const CONSEJERO: StaffStanding = { rank: "consejero", roleMaster: false };

let defaultTables: GameTables;
let defaultItems: ItemCatalog;

beforeAll(async () => {
  const loaded = await loadDefaultWorld();
  if (!loaded.ok) throw new Error(loaded.errors.map((e) => e.message).join("; "));
  defaultTables = loaded.pack.tables!;
  defaultItems = itemCatalog(defaultTables.objects!);
});

/** The GM (session 1) at (10, 10), "Pepe" (session 2) at `pepeAt`; the default world's tables when `fights`. */
function setUp(options: { gm?: StaffStanding; safe?: boolean; pepeAt?: [number, number]; fights?: boolean } = {}) {
  let captured: MapContext | null = null;
  const tables = options.fights === true ? { tables: defaultTables, items: defaultItems } : {};
  const w = world({ width: 80, height: 80, safe: options.safe ?? true, ...tables, handlers: { ...PACKET_HANDLERS, Promedio: (ctx) => void (captured = ctx) } });
  const gmIndex = w.enter(1, "Gema", 10, 10, { with: { staff: options.gm ?? CONSEJERO } });
  const [px, py] = options.pepeAt ?? [12, 10];
  const pepeIndex = w.enter(2, "Pepe", px, py);
  w.drain();
  w.events.length = 0;
  const ctx = (): MapContext => {
    if (captured === null) w.server.act(1, "Promedio", {});
    return captured!;
  };
  const player = (session: number): PlayerEntity => ctx().store.player(session)!;
  const audits = () =>
    w.events.flatMap((event: MapEvent) =>
      event.t === "service" && event.service === "staff" && event.message.kind === "audit"
        ? [{ action: event.message.record.action, outcome: event.message.record.outcome, ...(event.message.record.detail !== undefined ? { detail: event.message.record.detail } : {}) }]
        : [],
    );
  const lines = (packets: Received[], session: number) =>
    packets.filter((p) => p.session === session && (p.name === "LocaleMsg" || p.name === "ConsoleMsg")).map((p) => (p.name === "LocaleMsg" ? `${p.fields.messageId} [${p.fields.params}]` : `"${p.fields.text}"`));
  const tags = (packets: Received[], session: number) => packets.filter((p) => p.session === session && p.name === "UpdateTagAndStatus").map((p) => `${p.fields.charIndex} ${p.fields.tag}`);
  return { w, gmIndex, pepeIndex, ctx, player, audits, lines, tags };
}

describe("/CONSULTA (§5.9)", () => {
  test("on: both told (Msg1270, Msg1271), the area draws 'Pepe [CONSULTA]'; off: Msg1268, Msg1269, the plain name; VB6's log lines in the audit", () => {
    const { w, pepeIndex, player, audits, lines, tags } = setUp();
    w.server.act(1, "Consulta", { nick: "pepe" });
    let out = w.drain();
    expect(lines(out, 1)).toEqual(["1270 [Pepe]"]);
    expect(lines(out, 2)).toEqual(["1271 []"]);
    expect(tags(out, 1)).toEqual([`${pepeIndex} Pepe [CONSULTA]`]);
    expect(tags(out, 2)).toEqual([`${pepeIndex} Pepe [CONSULTA]`]);
    expect(player(2).inConsultation).toBe(true);
    w.enter(3, "Nuevo", 12, 13);
    expect(w.drain().filter((p) => p.session === 3 && p.name === "CharacterCreate" && p.fields.charIndex === pepeIndex).map((p) => p.fields.name)).toEqual(["Pepe [CONSULTA]"]);

    w.server.act(1, "Consulta", { nick: "Pepe" });
    out = w.drain();
    expect(lines(out, 1)).toEqual(["1268 [Pepe]"]);
    expect(lines(out, 2)).toEqual(["1269 []"]);
    expect(tags(out, 3)).toEqual([`${pepeIndex} Pepe`]);
    expect(player(2).inConsultation).toBeUndefined();
    expect(audits()).toEqual([
      { action: "Consulta", outcome: "ok", detail: "Inicio consulta con Pepe" },
      { action: "Consulta", outcome: "ok", detail: "Termino consulta con Pepe" },
    ]);
  });

  test("G23: with no nick the clicked player is the one (VB6 refused a valid click); no click is Msg1266", () => {
    const { w, audits, lines } = setUp();
    w.server.act(1, "Consulta", { nick: "" });
    expect(lines(w.drain(), 1)).toEqual(["1266 []"]);
    w.server.act(1, "LeftClick", { x: 12, y: 10, counter: 1 });
    w.drain();
    w.server.act(1, "Consulta", { nick: "" });
    expect(lines(w.drain(), 1)).toEqual(["1270 [Pepe]"]);
    expect(audits()).toEqual([
      { action: "Consulta", outcome: "refused_rule", detail: "no_target" },
      { action: "Consulta", outcome: "ok", detail: "Inicio consulta con Pepe" },
    ]);
  });

  test("G23: the unsafe-map refusal (Msg2165) is the Consejero's only; a SemiDios starts one there", () => {
    const consejero = setUp({ safe: false });
    consejero.w.server.act(1, "Consulta", { nick: "Pepe" });
    expect(consejero.lines(consejero.w.drain(), 1)).toEqual(["2165 [Pepe]"]);
    expect(consejero.player(2).inConsultation).toBeUndefined();
    expect(consejero.audits()).toEqual([{ action: "Consulta", outcome: "refused_rule", detail: "unsafe_map" }]);

    // A SemiDios enters admin-invisible (§1.3): the consultation shows it.
    const semidios = setUp({ safe: false, gm: SEMIDIOS });
    semidios.w.server.act(1, "Consulta", { nick: "Pepe" });
    expect(semidios.lines(semidios.w.drain(), 1)).toEqual(["1270 [Pepe]", '"Ahora eres visible."']);
  });

  test("the GM comes next to a player out of view and turns visible; the player loses its invisibility", () => {
    // A Dios enters admin-invisible (§1.3).
    const { w, ctx, player, lines } = setUp({ gm: DIOS, pepeAt: [60, 60] });
    expect(player(1).adminInvisible).toBe(true);
    setStatus(ctx(), player(2), applyEffect(player(2).statusEffects, { kind: "invisible", durationMs: 60_000 }, w.clock.now()).effects, []);
    w.drain();
    w.server.act(1, "Consulta", { nick: "Pepe" });
    const out = w.drain();
    const gm = w.server.positionOf(1)!;
    expect(Math.max(Math.abs(gm.x - 60), Math.abs(gm.y - 60))).toBeLessThanOrEqual(1);
    expect(player(1).adminInvisible).toBe(false);
    expect(player(2).statusEffects.invisible).toBeUndefined();
    expect(lines(out, 1)).toEqual(["1270 [Pepe]", '"Ahora eres visible."']);
    expect(out.some((p) => p.session === 2 && p.name === "SetInvisible" && p.fields.invisible === false)).toBe(true);
  });

  test("refusals: oneself (nothing said), another staff member (Msg1267), a nick not on this map (CONSULTA-MAP), a player (refused_rank, silent); a hostile nick", () => {
    const { w, audits, lines } = setUp();
    w.enter(3, "Otro", 14, 10, { with: { staff: SEMIDIOS } });
    w.drain();
    w.server.act(1, "Consulta", { nick: "Gema" });
    w.server.act(1, "Consulta", { nick: "Otro" });
    w.server.act(1, "Consulta", { nick: "Lejano" });
    w.server.act(1, "Consulta", { nick: "\u0000\u202e+;DROP" });
    w.server.act(2, "Consulta", { nick: "Gema" });
    const out = w.drain();
    expect(lines(out, 1)).toEqual(["1267 []", '"Lejano no está en este mapa: ve con /IRA primero."', '"\u0000\u202e ;DROP no está en este mapa: ve con /IRA primero."']);
    expect(lines(out, 2)).toEqual([]);
    expect(audits()).toEqual([
      { action: "Consulta", outcome: "refused_rule", detail: "self" },
      { action: "Consulta", outcome: "refused_rule", detail: "staff_target" },
      { action: "Consulta", outcome: "refused_rule", detail: "not_on_this_map" },
      { action: "Consulta", outcome: "refused_rule", detail: "not_on_this_map" },
      { action: "Consulta", outcome: "refused_rank" },
    ]);
  });

  test("in a consultation neither side fights (Msg1048 to whoever attacks the player, Msg1047 to the player), and NPCs leave the player alone", () => {
    const { w, lines, player } = setUp({ gm: SEMIDIOS, safe: false, fights: true });
    w.enter(3, "Malo", 12, 11, { heading: 1 });
    w.server.act(1, "Consulta", { nick: "Pepe" });
    w.drain();
    w.advance(2_000);
    w.server.act(3, "Attack", { counter: 1 });
    expect(lines(w.drain(), 3)).toEqual(["1048 []"]);
    w.server.act(2, "ChangeHeading", { heading: 3, counter: 1 });
    w.server.act(2, "Attack", { counter: 2 });
    const refused = w.drain().filter((p) => p.session === 2 && p.name === "LocaleMsg");
    expect(refused.map((p) => [p.fields.messageId, p.fields.fontIndex])).toEqual([[1047, 3]]);
    expect(player(3).record.vitals.hp).toBe(30);
  });

  test("a hostile NPC leaves a player in a consultation alone (VB6 `EsObjetivoValido`), and goes for it once it ends", () => {
    const RATA = 511;
    const tables = GameTablesSchema.parse({
      format: "ao20",
      objects: null,
      npcs: { declaredCount: RATA, npcs: [{ id: RATA, name: "Rata", movement: 2, hostile: true, attackable: true, minHp: 15, maxHp: 15, minHit: 2, maxHit: 4, giveExp: 16 }] },
      spells: null,
      balance: null,
      cities: null,
      mapInfo: null,
      specialMaps: null,
    });
    const blows: number[] = [];
    const npcAttack: NpcAttackHook = (_ctx, _npc, victim) => blows.push(victim.session);
    const w = world({ tables, npcs: [{ npc: RATA, name: "Rata", x: 20, y: 20, body: 9, head: 0, heading: 3 }], safe: false, npcAttack });
    w.enter(1, "Gema", 30, 30, { with: { staff: SEMIDIOS } });
    w.enter(2, "Pepe", 21, 20);
    w.server.act(1, "Consulta", { nick: "Pepe" });
    w.advance(10_000);
    expect(blows).toEqual([]);
    w.server.act(1, "Consulta", { nick: "Pepe" });
    w.advance(10_000);
    expect(blows.length).toBeGreaterThanOrEqual(1);
    expect(new Set(blows)).toEqual(new Set([2]));
  });

  test("the consultation goes with the player to the next map", () => {
    const { w, ctx, player } = setUp();
    w.server.act(1, "Consulta", { nick: "Pepe" });
    ctx().sendTo(player(2), { map: 2, x: 20, y: 20 });
    const transfer = w.events.find((event): event is Extract<MapEvent, { t: "transfer" }> => event.t === "transfer" && event.session === 2)!;
    expect(transfer.handOver.staffSelf).toEqual({ inConsultation: true });
    const next = world();
    next.enter(3, "Ana", 20, 22);
    next.drain();
    next.server.enter({ session: 2, record: transfer.state, kind: "transfer", userSlot: 2, cameFrom: undefined, handOver: transfer.handOver });
    expect(next.drain().filter((p) => p.session === 3 && p.name === "CharacterCreate").map((p) => p.fields.name)).toEqual(["Pepe [CONSULTA]"]);
  });
});
