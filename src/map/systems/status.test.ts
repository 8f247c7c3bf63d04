/**
 * Altered states and meditation on a map (combat-and-progression §5.5, §9), driven with real
 * packet bodies and a manual clock. The casting system is someone else's: a test handler
 * (`Promedio`) hands the map's context out, and the states are put on with the pure
 * `applyEffect` and the system's `setStatus`, as a spell does.
 */
import { describe, expect, test } from "bun:test";
import { GameTablesSchema, type GameTables } from "../../content/index.ts";
import { parseBalanceDat } from "../../content/dat/index.ts";
import { EMPTY_EQUIPMENT, type CharacterRecord, type CharacterVitals } from "../../game/character/index.ts";
import { SKILL } from "../../game/progression/index.ts";
import {
  applyEffect,
  firstPoisonBiteMs,
  npcTicksCounterMs,
  POISON_BITE_PERIOD_MS,
  secondsCounterMs,
  type StatusApplication,
} from "../../game/spells/index.ts";
import { AO20_VITALS_INTERVALS } from "../../game/vitals/index.ts";
import type { NpcEntity, PlayerEntity } from "../entity-store.ts";
import { PACKET_HANDLERS } from "../handlers.ts";
import type { MapContext } from "../map-context.ts";
import type { NpcDefinition } from "../map-definition.ts";
import { START_MS, summary, TEST_ITEMS, world, type Received, type WorldOptions } from "../map-harness.test-support.ts";
import { drawFor, scriptedRandom } from "../../random/scripted-random.test-support.ts";
import type { NpcAttackHook } from "../kernel/index.ts";
import { setStatus, stopMeditating } from "../kernel/index.ts";
import { HELD_WALK_MESSAGE_REPEAT_MS } from "./status.ts";

const EAST = 2;
const NORTH = 1;
const WARRIOR = 3;
const RATA = 511;

/**
 * Our own Balance.dat: the current AO20 meditation numbers (7 % of 50 + Meditar × 0.5), the
 * skill difficulty of the progression tests (a level-1 roll is 1..150, below 10 rises).
 */
const BALANCE_DAT = [
  "[MODVIDA]",
  "Mago=10",
  "[EXTRA]",
  "PorcentajeRecuperoMana=7",
  "RecoveryMana=50",
  "MultiplierManaxSkills=0.5",
  "DificultadSubirSkill=10",
  "[EXP]",
  "1=100",
  "",
].join("\r\n");

function tables(): GameTables {
  const balance = parseBalanceDat(new TextEncoder().encode(BALANCE_DAT), "Balance.dat");
  if (balance.value === null) throw new Error(JSON.stringify(balance.errors));
  return GameTablesSchema.parse({
    format: "ao20",
    objects: null,
    npcs: {
      declaredCount: RATA,
      npcs: [{ id: RATA, name: "Rata", movement: 2, hostile: true, attackable: true, minHp: 15, maxHp: 15, minHit: 2, maxHit: 4, giveExp: 16 }],
    },
    spells: null,
    balance: balance.value,
    cities: null,
    mapInfo: null,
    specialMaps: null,
  });
}

const FULL: CharacterVitals = { hp: 32, maxHp: 32, mana: 200, maxMana: 200, stamina: 40, maxStamina: 40, food: 100, water: 100 };

/** Wearing armour and fed (the vitals sweep draws nothing), with these vitals and changes. */
function clothed(vitals: Partial<CharacterVitals> = {}, more: Partial<CharacterRecord> = {}): Partial<CharacterRecord> {
  return {
    inventory: [{ slot: 1, objectId: TEST_ITEMS.armor, amount: 1, equipped: true }],
    equipment: { ...EMPTY_EQUIPMENT, armor: TEST_ITEMS.armor },
    vitals: { ...FULL, ...vitals },
    ...more,
  };
}

/** Meditar at the level-1 cap (3): a meditation tick rolls nothing. */
function skillsWithMeditate(points: number): number[] {
  const skills = new Array<number>(24).fill(0);
  skills[SKILL.Meditate - 1] = points;
  return skills;
}

/** A map whose context a test can reach (`Promedio` hands it out), plus a recorded NPC blow. */
function statusWorld(options: WorldOptions = {}) {
  let captured: MapContext | null = null;
  const blows: { at: number; npc: number }[] = [];
  let now = (): number => 0;
  const npcAttack: NpcAttackHook = (_ctx, npc) => blows.push({ at: now(), npc: npc.charIndex });
  const w = world({
    tables: tables(),
    npcAttack,
    ...options,
    handlers: { ...PACKET_HANDLERS, Promedio: (ctx) => void (captured = ctx) },
  });
  now = () => w.clock.now();
  const ctx = (): MapContext => {
    if (captured === null) w.server.act(1, "Promedio", {});
    return captured!;
  };
  const player = (session: number): PlayerEntity => ctx().store.player(session)!;
  const npc = (charIndex: number): NpcEntity => ctx().store.npc(charIndex)!;
  /** A state put on as a spell does: the pure rule, then `setStatus`. */
  const afflict = (target: PlayerEntity | NpcEntity, application: StatusApplication): void => {
    const subject = target.kind === "player" ? { kind: "user" as const, classId: target.record.class } : { kind: "npc" as const };
    const change = applyEffect(target.statusEffects, application, w.clock.now(), subject);
    setStatus(ctx(), target, change.effects, change.notices);
  };
  const lines = (session: number): string[] => w.drain().filter((p) => p.session === session).map(line);
  return { ...w, ctx, player, npc, afflict, lines, blows };
}

/** `summary` plus the fields these tests look at. */
function line(p: Received): string {
  switch (p.name) {
    case "SetInvisible":
      return `SetInvisible ${p.fields.charIndex} ${p.fields.invisible}`;
    case "MeditateToggle":
      return `MeditateToggle ${p.fields.charIndex} fx=${p.fields.fx}`;
    case "UpdateMana":
      return `UpdateMana ${p.fields.minMana}`;
    case "Contadores":
      return `Contadores ${p.fields.invisibility} ${p.fields.effectDuration}`;
    case "ParticleFX":
      return `ParticleFX ${p.fields.charIndex} ${p.fields.particle}`;
    case "CharacterCreate":
      return `${summary(p)} fx=${p.fields.fx}`;
    default:
      return summary(p);
  }
}

const spawn = (npc: number, x: number, y: number): NpcDefinition => ({ npc, name: "Rata", x, y, body: 9, head: 0, heading: 3 });

describe("paralysis and immobilisation", () => {
  test("a paralysed player cannot walk or turn until the exact ms its paralysis ends; told once per 3 s", () => {
    const w = statusWorld();
    w.enter(1, "Ana", 20, 20, { with: clothed() });
    w.enter(2, "Beto", 22, 20, { with: clothed() });
    w.drain();
    const ana = w.player(1);
    const holdMs = secondsCounterMs(4); // a counter of 4: 5 s
    w.afflict(ana, { kind: "paralyzed", durationMs: holdMs });
    expect(w.lines(1)).toEqual(["ParalizeOK", "PosUpdate (20,20)"]);

    w.server.walk(1, NORTH);
    expect(w.lines(1)).toEqual(["LocaleMsg[3] 1123 ", "LocaleMsg[3] 54 ", "PosUpdate (20,20)"]);
    w.server.walk(1, NORTH);
    w.server.changeHeading(1, NORTH);
    expect(w.drain().map((p) => `${p.session} ${line(p)}`)).toEqual(["1 PosUpdate (20,20)"]);
    expect(w.server.positionOf(1)).toMatchObject({ x: 20, y: 20, heading: 3 });

    w.advance(HELD_WALK_MESSAGE_REPEAT_MS);
    w.server.walk(1, NORTH);
    expect(w.lines(1)).toEqual(["LocaleMsg[3] 1123 ", "LocaleMsg[3] 54 ", "PosUpdate (20,20)"]);

    w.advance(holdMs - HELD_WALK_MESSAGE_REPEAT_MS - 1);
    expect(w.drain()).toEqual([]);
    w.server.walk(1, NORTH);
    expect(w.lines(1)).toEqual(["PosUpdate (20,20)"]);

    w.advance(1); // START + 5000: the paralysis is over, the client's flag toggles back
    expect(w.lines(1)).toEqual(["ParalizeOK"]);
    expect(ana.statusEffects).toEqual({});
    expect(ana.statusTimer).toBeNull();
    w.server.walk(1, NORTH);
    expect(w.server.positionOf(1)).toMatchObject({ x: 20, y: 19 });
  });

  test("an immobilised player turns but does not step; a Warrior keeps 2 s of immunity after it", () => {
    const w = statusWorld();
    w.enter(1, "Ana", 20, 20, { with: clothed({}, { class: WARRIOR }) });
    w.drain();
    const ana = w.player(1);
    w.afflict(ana, { kind: "immobilized", durationMs: secondsCounterMs(1) });
    expect(w.lines(1)).toEqual(["InmovilizadoOK", "PosUpdate (20,20)"]);
    w.server.changeHeading(1, EAST);
    expect(w.server.positionOf(1)).toMatchObject({ heading: EAST });
    w.server.walk(1, EAST);
    expect(w.server.positionOf(1)).toMatchObject({ x: 20, y: 20 });
    w.drain();
    w.advance(secondsCounterMs(1));
    expect(w.lines(1)).toEqual(["InmovilizadoOK"]);
    expect(ana.statusEffects.paralysisImmunity?.untilMs).toBe(w.clock.now() + 2000);
    w.advance(2000);
    expect(ana.statusEffects).toEqual({});
    expect(w.drain()).toEqual([]);
  });

  test("a paralysed NPC neither steps nor strikes until its paralysis ends, then goes on", () => {
    const w = statusWorld({ npcs: [spawn(RATA, 20, 20)], safe: false });
    w.enter(1, "Ana", 25, 20, { with: clothed() });
    const rata = w.npc(1);
    const holdMs = npcTicksCounterMs(40); // 41 AI ticks: 6150 ms
    w.afflict(rata, { kind: "paralyzed", durationMs: holdMs });
    for (let t = 0; t < holdMs; t += 150) {
      w.advance(150);
      expect({ x: rata.x, y: rata.y }).toEqual({ x: 20, y: 20 });
    }
    expect(w.blows).toEqual([]);
    expect(rata.statusEffects).toEqual({});
    // Free again: it walks up to Ana (4 steps, one per 450 ms) and hits her.
    w.advance(4000);
    expect(rata.x).toBe(24);
    expect(w.blows.length).toBeGreaterThan(0);
  });

  test("an immobilised NPC next to a player still turns and strikes, but never steps", () => {
    const w = statusWorld({ npcs: [spawn(RATA, 20, 20)], safe: false });
    w.enter(1, "Ana", 21, 20, { with: clothed() });
    const rata = w.npc(1);
    w.afflict(rata, { kind: "immobilized", durationMs: npcTicksCounterMs(100) });
    w.advance(150);
    expect(w.blows).toEqual([{ at: START_MS + 150, npc: 1 }]);
    // Ana walks away: the rata stays on its tile.
    w.server.walk(1, EAST);
    w.server.walk(1, EAST);
    w.advance(5000);
    expect({ x: rata.x, y: rata.y }).toEqual({ x: 20, y: 20 });
  });
});

describe("poison", () => {
  test("bites every 3640 ms from its first bite, 1 + 3..5 % of MaxHP each, and the last one kills; death clears every state", () => {
    // Bites of 5 % and 3 % of 100 HP: 6, then 4.
    const random = scriptedRandom(drawFor(5, 3, 5), drawFor(3, 3, 5));
    const w = statusWorld({ random, safe: false });
    w.enter(1, "Ana", 20, 20, { with: clothed({ hp: 10, maxHp: 100, mana: 10 }, { skills: skillsWithMeditate(3) }) });
    w.enter(2, "Beto", 22, 20, { with: clothed() });
    w.drain();
    const ana = w.player(1);
    w.afflict(ana, { kind: "paralyzed", durationMs: secondsCounterMs(60) });
    w.server.act(1, "Meditate", {});
    w.afflict(ana, { kind: "poisoned", level: 1, firstBiteMs: firstPoisonBiteMs(0) });
    expect(firstPoisonBiteMs(0)).toBe(3640);
    w.drain();

    w.advance(3639);
    expect(w.drain().filter((p) => p.name !== "UpdateMana")).toEqual([]);
    w.advance(1);
    expect(w.lines(1).filter((l) => !l.startsWith("UpdateMana"))).toEqual([
      "LocaleMsg[7] 47 ",
      "ParticleFX 1 32",
      "LocaleMsg[1] 390 6",
      "UpdateHP 4",
    ]);

    w.advance(POISON_BITE_PERIOD_MS - 1);
    w.drain();
    w.advance(1);
    const out = w.drain();
    const mine = out.filter((p) => p.session === 1).map(line);
    expect(mine.slice(0, 4)).toEqual(["LocaleMsg[7] 47 ", "ParticleFX 1 32", "LocaleMsg[1] 390 4", "UpdateHP 0"]);
    // The death clears the states VB6 names (paralysis, the meditation) and the poison itself.
    expect(mine).toContain("ParalizeOK");
    expect(out.filter((p) => p.session === 2).map(line)).toContain("MeditateToggle 1 fx=0");
    expect(ana.statusEffects).toEqual({});
    expect(ana.statusTimer).toBeNull();
    expect(ana.meditation).toBeNull();
    expect(ana.record.vitals.hp).toBe(0);

    // Nothing bites a ghost: no draw is asked for (the scripted random would throw).
    w.advance(4 * POISON_BITE_PERIOD_MS);
    expect(random.left).toBe(0);
    expect(w.drain().filter((p) => p.session === 1 && p.name === "UpdateHP")).toEqual([]);
  });
});

describe("invisibility", () => {
  test("viewers stop drawing the char, newcomers too, until it ends: SetInvisible both ways, Msg307 and the counters", () => {
    const w = statusWorld();
    w.enter(1, "Ana", 20, 20, { with: clothed() });
    w.enter(2, "Beto", 22, 20, { with: clothed() });
    w.drain();
    const ana = w.player(1);
    w.afflict(ana, { kind: "invisible", durationMs: secondsCounterMs(15) });
    expect(w.drainRecords()).toEqual([
      { sessions: [1], name: "Contadores", fields: { invisibility: 15, effectDuration: 0 } },
      { sessions: [1, 2], name: "SetInvisible", fields: { charIndex: 1, invisible: true, x: 20, y: 20 } },
    ]);

    // Someone who arrives meanwhile gets Ana's create, then the hiding.
    w.enter(3, "Carla", 20, 23, { with: clothed() });
    const carla = w.drain().filter((p) => p.session === 3).map(line);
    const created = carla.indexOf("CharacterCreate 1 Ana (20,20) h3 fx=0");
    expect(created).toBeGreaterThanOrEqual(0);
    expect(carla[created + 1]).toBe("SetInvisible 1 true");

    w.advance(secondsCounterMs(15) - 1);
    expect(w.drain()).toEqual([]);
    w.advance(1);
    expect(w.drainRecords()).toEqual([
      { sessions: [1], name: "LocaleMsg", fields: { messageId: 307, params: "", fontIndex: 3 } },
      { sessions: [1, 2, 3], name: "SetInvisible", fields: { charIndex: 1, invisible: false, x: 20, y: 20 } },
      { sessions: [1], name: "Contadores", fields: { invisibility: 0, effectDuration: 0 } },
    ]);
  });
});

describe("blindness and stupidity", () => {
  test("Blind / BlindNoMore and Dumb / DumbNoMore at their exact times; one timer re-armed for the next end", () => {
    const w = statusWorld();
    w.enter(1, "Ana", 20, 20, { with: clothed() });
    w.drain();
    const ana = w.player(1);
    w.afflict(ana, { kind: "blind", durationMs: 2000 });
    w.afflict(ana, { kind: "dumb", durationMs: 5000 });
    expect(w.lines(1)).toEqual(["Blind", "Dumb"]);
    expect(ana.statusTimer?.at).toBe(START_MS + 2000);
    w.advance(2000);
    expect(w.lines(1)).toEqual(["BlindNoMore"]);
    expect(ana.statusTimer?.at).toBe(START_MS + 5000);
    w.advance(2999);
    expect(w.drain()).toEqual([]);
    w.advance(1);
    expect(w.lines(1)).toEqual(["DumbNoMore"]);
    expect(ana.statusTimer).toBeNull();
  });
});

describe("meditation", () => {
  test("the FX for the area, 7 mana on the first tick after 840 ms, then every 400 ms; Meditar may rise; walking ends it", () => {
    // Meditar 0 at level 1: each tick rolls 1..150 (below 10 rises): a rise, then none.
    const random = scriptedRandom(drawFor(5, 1, 150), drawFor(100, 1, 150));
    const w = statusWorld({ random });
    w.enter(1, "Ana", 20, 20, { with: clothed({ mana: 100 }) });
    w.enter(2, "Beto", 22, 20, { with: clothed() });
    w.drain();
    w.server.act(1, "Meditate", {});
    expect(w.drainRecords()).toEqual([{ sessions: [1, 2], name: "MeditateToggle", fields: { charIndex: 1, fx: 153, x: 20, y: 20 } }]);

    // A newcomer draws Ana with the meditation's FX.
    w.enter(3, "Carla", 20, 23, { with: clothed() });
    expect(w.drain().filter((p) => p.session === 3).map(line)).toContain("CharacterCreate 1 Ana (20,20) h3 fx=153");

    const firstTickMs = AO20_VITALS_INTERVALS.meditationFirstTickMs;
    expect(firstTickMs).toBe(840);
    w.advance(firstTickMs - 1);
    expect(w.drain()).toEqual([]);
    w.advance(1);
    // 200 × 7 % × (50 + 0 × 0.5) % = 7; the roll of 5 raises Meditar (locale 1626, +5 exp).
    const first = w.lines(1);
    expect(first[0]).toBe("UpdateMana 107");
    expect(first).toContain("LocaleMsg[3] 1626 Meditar¬1");
    expect(w.player(1).record.skills[SKILL.Meditate - 1]).toBe(1);

    w.advance(AO20_VITALS_INTERVALS.meditationTickMs);
    // Meditar 1: 7 % of 50.5 % of 200 = 7.07 → 7.
    expect(w.lines(1)).toEqual(["UpdateMana 114"]);
    expect(random.left).toBe(0);

    w.advance(100);
    w.server.walk(1, NORTH);
    const records = w.drainRecords();
    expect(records[0]).toEqual({ sessions: [1, 2, 3], name: "MeditateToggle", fields: { charIndex: 1, fx: 0, x: 0, y: 0 } });
    expect(w.server.positionOf(1)).toMatchObject({ x: 20, y: 19 });
    w.advance(5000);
    expect(w.drain().filter((p) => p.name === "UpdateMana")).toEqual([]);
    expect(w.player(1).record.vitals.mana).toBe(114);
  });

  test("full mana ends it by itself: the mana, then the FX off; a second Meditate at full mana does nothing", () => {
    const w = statusWorld({ random: scriptedRandom() });
    w.enter(1, "Ana", 20, 20, { with: clothed({ mana: 195 }, { skills: skillsWithMeditate(3) }) });
    w.drain();
    w.server.act(1, "Meditate", {});
    w.drain();
    w.advance(840);
    expect(w.lines(1)).toEqual(["UpdateMana 200", "MeditateToggle 1 fx=0"]);
    expect(w.player(1).meditation).toBeNull();
    w.server.act(1, "Meditate", {});
    w.advance(2000);
    expect(w.drain()).toEqual([]);
  });

  test("the toggle, attacking, and stopMeditating from other systems end it for the area", () => {
    const w = statusWorld();
    w.enter(1, "Ana", 20, 20, { with: clothed({ mana: 10 }, { skills: skillsWithMeditate(3) }) });
    w.enter(2, "Beto", 22, 20, { with: clothed() });
    w.drain();
    w.server.act(1, "Meditate", {});
    w.server.act(1, "Meditate", {}); // the toggle: off again
    expect(w.drain().filter((p) => p.session === 2).map(line)).toEqual(["MeditateToggle 1 fx=153", "MeditateToggle 1 fx=0"]);
    w.server.act(1, "Meditate", {});
    w.drain();
    stopMeditating(w.ctx(), w.player(1));
    expect(w.drain().filter((p) => p.session === 2).map(line)).toEqual(["MeditateToggle 1 fx=0"]);
    stopMeditating(w.ctx(), w.player(1)); // not meditating: nothing
    expect(w.drain()).toEqual([]);
    // `HandleAttack`: the meditation ends before the blow.
    w.server.act(1, "Meditate", {});
    w.drain();
    w.server.act(1, "Attack", { counter: 1 });
    expect(w.drain().filter((p) => p.session === 2).map(line)[0]).toBe("MeditateToggle 1 fx=0");
    expect(w.player(1).meditation).toBeNull();
    w.advance(3000);
    expect(w.drain().filter((p) => p.name === "UpdateMana" || p.name === "MeditateToggle")).toEqual([]);
    expect(w.player(1).record.vitals.mana).toBe(10);
  });
});

describe("hostile meditation requests change nothing", () => {
  test("a ghost hears Msg77; full mana and a Warrior are ignored in silence; no draw, no timer", () => {
    const w = statusWorld({ random: scriptedRandom() });
    w.enter(1, "Ana", 20, 20, { with: clothed({ hp: 0, mana: 10 }) });
    w.enter(2, "Beto", 24, 20, { with: clothed() });
    w.enter(3, "Carla", 26, 20, { with: clothed({ mana: 50 }, { class: WARRIOR }) });
    w.drain();
    const pending = w.clock.timers.pending;
    w.server.act(1, "Meditate", {});
    w.server.act(2, "Meditate", {});
    w.server.act(3, "Meditate", {});
    expect(w.drain().map((p) => `${p.session} ${line(p)}`)).toEqual(["1 LocaleMsg[3] 77 "]);
    expect(w.clock.timers.pending).toBe(pending);
    for (const session of [1, 2, 3]) expect(w.player(session).meditation).toBeNull();
  });
});

describe("leaving the map", () => {
  test("a transfer carries the states: nothing is told, no timer stays; meditation ends", () => {
    const w = statusWorld({ exits: [{ x: 20, y: 19, destMap: 2, destX: 50, destY: 50 }] });
    w.enter(1, "Ana", 20, 20, { with: clothed({ mana: 10 }, { skills: skillsWithMeditate(3) }) });
    w.drain();
    const ana = w.player(1);
    w.afflict(ana, { kind: "blind", durationMs: 60_000 });
    w.server.act(1, "Meditate", {});
    w.drain();
    const pending = w.clock.timers.pending;
    w.server.walk(1, NORTH);
    const told = w.lines(1);
    expect(told.filter((line) => line === "BlindNoMore" || line === "ParalizeOK")).toEqual([]);
    const transfer = w.events.at(-1);
    if (transfer?.t !== "transfer") throw new Error("no transfer");
    expect(transfer.handOver.status.relative).toEqual({ blind: { kind: "blind", untilMs: 60_000 } });
    // The blindness's and the meditation's timers are gone (and the vitals sweep: the map is empty).
    expect(pending).toBe(3);
    expect(w.clock.timers.pending).toBe(0);
    expect(ana.statusTimer).toBeNull();
    expect(ana.meditation).toBeNull();
  });

  test("a paralysis goes on after a map change for exactly the time it had left, on the next map's clock", () => {
    const from = statusWorld();
    from.enter(1, "Ana", 20, 20, { with: clothed() });
    const ana = from.player(1);
    from.afflict(ana, { kind: "paralyzed", durationMs: secondsCounterMs(9) }); // 10 s
    from.advance(3_000);
    from.drain();
    // Sent elsewhere while held (a warp, a summons): not by walking, which the paralysis forbids.
    from.ctx().sendTo(ana, { map: 2, x: 30, y: 30 });
    expect(from.lines(1)).not.toContain("ParalizeOK");
    const transfer = from.events.at(-1);
    if (transfer?.t !== "transfer") throw new Error("no transfer");
    expect(transfer.handOver.status.relative.paralyzed).toEqual({ kind: "paralyzed", untilMs: 7_000 });
    expect(from.clock.timers.pending).toBe(0);

    // The next map's clock reads something else entirely.
    const to = statusWorld();
    to.advance(123_456);
    to.server.enter({ session: 1, record: transfer.state, kind: "transfer", userSlot: 1, cameFrom: transfer.cameFrom, handOver: structuredClone(transfer.handOver) });
    const arrival = to.lines(1);
    expect(arrival).toContain("ChangeMap 1");
    expect(arrival.filter((line) => line === "ParalizeOK" || line.startsWith("LocaleMsg"))).toEqual([]);
    to.server.walk(1, NORTH);
    expect(to.lines(1)).toEqual(["LocaleMsg[3] 1123 ", "LocaleMsg[3] 54 ", "PosUpdate (30,30)"]);
    to.advance(7_000 - 1);
    to.server.walk(1, NORTH);
    expect(to.lines(1)).toEqual(["LocaleMsg[3] 1123 ", "LocaleMsg[3] 54 ", "PosUpdate (30,30)"]);
    to.advance(1);
    expect(to.lines(1)).toEqual(["ParalizeOK"]);
    to.server.walk(1, NORTH);
    expect(to.server.positionOf(1)).toMatchObject({ x: 30, y: 29 });
  });
});
