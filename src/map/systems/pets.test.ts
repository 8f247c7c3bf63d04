/**
 * Taming and pets on a map (combat-and-progression §6.8, §3.5, §7.1), driven with real packet
 * bodies on the default world's tables plus a few creatures of our own: `Work(24)` and
 * `WorkLeftClick(x, y, 24)` with exact draws (success, failure, every refusal in VB6's order,
 * the limit of three), the pet following and fighting what its master fights (NPC-on-NPC blows),
 * its kill paying its master, and pets following their master to another map with their HP and
 * states, dying with it, going at logout.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { DEFAULT_NPCS, GameTablesSchema, loadDefaultWorld, type GameTables } from "../../content/index.ts";
import { EMPTY_EQUIPMENT, type CharacterRecord } from "../../game/character/index.ts";
import { itemCatalog, type ItemCatalog } from "../../game/items/index.ts";
import { SKILL } from "../../game/progression/index.ts";
import { applyEffect, npcTicksCounterMs } from "../../game/spells/index.ts";
import { playerDies, setStatus, spawnNpc } from "../kernel/index.ts";
import type { NpcEntity, PlayerEntity } from "../entity-store.ts";
import { PACKET_HANDLERS } from "../handlers.ts";
import type { MapContext } from "../map-context.ts";
import type { NpcDefinition } from "../map-definition.ts";
import type { MapEvent } from "../map-events.ts";
import { world, type Received, type WorldOptions, ScriptedMapRandom } from "../map-harness.test-support.ts";
import { drawFor } from "../../random/scripted-random.test-support.ts";
import { summonCreatures } from "./pets.ts";

/** Creatures of our own next to the default world's: a strong tamable beast, a tough target, a weak one. */
const NPC = { tiger: 90, rat: 91, dummy: 92 } as const;
const DRUID = 6;
const WARRIOR = 3;
const TAMING = 24;
const NORTH = 1;
const EAST = 2;
const WEST = 4;

let tables: GameTables;
let items: ItemCatalog;

beforeAll(async () => {
  const loaded = await loadDefaultWorld();
  if (!loaded.ok) throw new Error(loaded.errors.map((e) => e.message).join("; "));
  const base = loaded.pack.tables!;
  const hare = base.npcs!.npcs.find((npc) => npc.id === DEFAULT_NPCS.brownHare)!;
  tables = GameTablesSchema.parse({
    ...base,
    npcs: {
      declaredCount: NPC.dummy,
      npcs: [
        // The default world's hare comes back on its own tile here (`OrigPos`), so a test knows where and draws no tile.
        ...base.npcs!.npcs.map((npc) => (npc.id === DEFAULT_NPCS.brownHare ? { ...npc, respawnAtOrigin: true } : npc)),
        {
          id: NPC.tiger,
          name: "Tigre",
          movement: 2,
          hostile: false,
          attackable: true,
          minHp: 500,
          maxHp: 500,
          minHit: 30,
          maxHit: 30,
          attackPower: 200,
          evasionPower: 0,
          tameDifficulty: 3,
          respawnAtOrigin: true,
        },
        { id: NPC.rat, name: "Rata", movement: 2, hostile: false, attackable: true, minHp: 20, maxHp: 20, minHit: 1, maxHit: 1, evasionPower: 0, giveExp: 20, giveGold: 7, respawnAtOrigin: true },
        { id: NPC.dummy, name: "Muñeco", movement: 1, attackable: true, minHp: 10, maxHp: 10, respawnAtOrigin: true },
      ],
    },
  });
  items = itemCatalog(tables.objects!);
});


function skills(points: Readonly<Record<number, number>>): number[] {
  const list = new Array<number>(24).fill(0);
  for (const [skill, value] of Object.entries(points)) list[Number(skill) - 1] = value;
  return list;
}

/** A level-1 Druid with CHA 18 and `domar` points in Domar (a new Druid's free point), hardy, fed and clothed. */
function druid(domar: number, more: Partial<CharacterRecord> = {}): Partial<CharacterRecord> {
  return {
    class: DRUID,
    attributes: [18, 18, 18, 18, 18],
    skills: skills({ [SKILL.Taming]: domar }),
    vitals: { hp: 500, maxHp: 500, mana: 50, maxMana: 50, stamina: 100, maxStamina: 100, food: 100, water: 100 },
    equipment: { ...EMPTY_EQUIPMENT },
    ...more,
  };
}

const spawn = (npc: number, x: number, y: number): NpcDefinition => ({ npc, name: "", x, y, body: 10, head: 0, heading: 3 });

/** A map on these tables whose context a test can reach (`Promedio` hands it out), with a scriptable `random`. */
function petWorld(npcs: NpcDefinition[], seed = 3, options: WorldOptions = {}) {
  let captured: MapContext | null = null;
  const random = new ScriptedMapRandom(seed);
  const w = world({ tables, items, npcs, random, safe: false, ...options, handlers: { ...PACKET_HANDLERS, Promedio: (ctx) => void (captured = ctx) } });
  const ctx = (): MapContext => {
    if (captured === null) w.server.act(1, "Promedio", {});
    return captured!;
  };
  const player = (session: number): PlayerEntity => ctx().store.player(session)!;
  const npcAt = (x: number, y: number): NpcEntity | undefined => ctx().store.npc(w.occupant(x, y));
  const npcsOf = (number: number): NpcEntity[] => ctx().store.npcs().filter((npc) => npc.npcNumber === number);
  const tame = (session: number, x: number, y: number) => w.server.act(session, "WorkLeftClick", { x, y, skill: TAMING, counter: 1 });
  return { ...w, random, ctx, player, npcAt, npcsOf, tame };
}

const named = (packets: Received[], session: number, name: string) => packets.filter((p) => p.session === session && p.name === name);
const locales = (packets: Received[], session: number) => named(packets, session, "LocaleMsg").map((p) => p.fields.messageId);

/** Every skill at the level-1 cap (3): nothing rises, so nothing is drawn for it and no experience comes of it. */
const CAPPED = new Array<number>(24).fill(3);

describe("asking for the cursor (`Work`, VB6 `HandleWork`)", () => {
  test("Domar, Magia and Robar answer WorkRequestTarget(skill); a ghost hears 77", () => {
    const w = petWorld([]);
    w.enter(1, "Druida", 20, 20, { with: druid(1) });
    w.enter(2, "Fantasma", 25, 25, { with: druid(1, { vitals: { hp: 0, maxHp: 30, mana: 0, maxMana: 0, stamina: 0, maxStamina: 40, food: 100, water: 100 } }) });
    w.drain();
    w.random.strict = true;
    for (const skill of [TAMING, 1, 2]) w.server.act(1, "Work", { skill, counter: 1 });
    w.server.act(2, "Work", { skill: TAMING, counter: 1 });
    const out = w.drain();
    expect(named(out, 1, "WorkRequestTarget").map((p) => p.fields)).toEqual([
      { skill: TAMING, isArea: false, radius: 0 },
      { skill: 1, isArea: false, radius: 0 },
      { skill: 2, isArea: false, radius: 0 },
    ]);
    expect(out.filter((p) => p.session === 2).map((p) => [p.name, p.fields.messageId])).toEqual([["LocaleMsg", 77]]);
  });
});

describe("taming (`WorkLeftClick(x, y, 24)`, VB6 `DoDomar`)", () => {
  test("RandomNumber(1, 5) = 1 with Domable 3 ≤ 18 × 1 / 6: the hare serves the Druid, a fresh one comes back by its tile, Domar rises", () => {
    const w = petWorld([spawn(DEFAULT_NPCS.brownHare, 20, 23)]);
    w.enter(1, "Druida", 20, 20, { with: druid(1) });
    w.enter(2, "Testigo", 24, 20, { with: druid(0, { class: WARRIOR }) });
    const hare = w.npcAt(20, 23)!;
    w.drain();
    // The roll; the fresh hare's respawn delay (`RandomNumber(0, 0)`); Domar's rise (1..600, below 10).
    w.random.script(drawFor(1, 1, 5), drawFor(0, 0, 0), drawFor(9, 1, 600));
    w.random.strict = true;
    w.tame(1, 20, 23);
    expect(w.random.left).toBe(0);
    w.random.strict = false;
    const out = w.drain();
    // 657; Domar rose: 1626 and the skill's experience (140).
    expect(locales(out, 1)).toEqual([657, 1626, 140]);
    const druidEntity = w.player(1);
    expect(druidEntity.pets).toEqual([hare]);
    expect(hare.master).toBe(druidEntity);
    expect([hare.movement, hare.hostile, hare.ai.respawns]).toEqual([8, false, false]);
    expect(druidEntity.record.skills[SKILL.Taming - 1]).toBe(2);
    // The fresh hare, next to its tile (the pet still stands on it), a wild creature for everyone.
    const fresh = w.npcsOf(DEFAULT_NPCS.brownHare).find((npc) => npc !== hare)!;
    expect(fresh.master).toBeNull();
    expect(Math.max(Math.abs(fresh.x - 20), Math.abs(fresh.y - 23))).toBe(1);
    expect(named(out, 1, "CharacterCreate").map((p) => [p.fields.charIndex, p.fields.isNpc])).toEqual([[fresh.charIndex, 1]]);
    expect(named(out, 2, "CharacterCreate").map((p) => [p.fields.charIndex, p.fields.isNpc])).toEqual([[fresh.charIndex, 1]]);
    // It follows its master: five steps north, and it is by its side.
    for (let step = 0; step < 5; step++) {
      w.server.walk(1, NORTH);
      w.advance(400);
    }
    w.advance(4_000);
    expect(Math.abs(hare.x - 20) + Math.abs(hare.y - 15)).toBeLessThanOrEqual(1);
    // Someone arriving draws it as a creature.
    w.drain();
    w.enter(3, "Otro", 22, 14);
    expect(named(w.drain(), 3, "CharacterCreate").find((p) => p.fields.charIndex === hare.charIndex)?.fields.isNpc).toBe(1);
  });

  test("a failed roll: 659, told once in 3 s; Domar may rise each time; at the level's cap no skill draw; a Warrior's points fall short", () => {
    const w = petWorld([spawn(DEFAULT_NPCS.brownHare, 20, 22)]);
    w.enter(1, "Druida", 20, 20, { with: druid(1) });
    w.drain();
    w.random.strict = true;
    // Roll 2 and Domar's roll 10 (no rise), three times: told at 0 ms, not at 1 s, again at 3.5 s.
    w.random.script(drawFor(2, 1, 5), drawFor(10, 1, 600));
    w.tame(1, 20, 22);
    w.advance(1_000);
    w.random.script(drawFor(2, 1, 5), drawFor(10, 1, 600));
    w.tame(1, 20, 22);
    expect(locales(w.drain(), 1)).toEqual([659]);
    w.advance(2_500);
    w.random.script(drawFor(2, 1, 5), drawFor(10, 1, 600));
    w.tame(1, 20, 22);
    expect(locales(w.drain(), 1)).toEqual([659]);
    expect(w.random.left).toBe(0);
    expect(w.player(1).pets).toEqual([]);

    // Domar 3 is a level-1 character's cap: the roll only.
    const v = petWorld([spawn(DEFAULT_NPCS.brownHare, 20, 22)]);
    v.enter(1, "Druida", 20, 20, { with: druid(3) });
    v.random.strict = true;
    v.random.script(drawFor(5, 1, 5));
    v.tame(1, 20, 22);
    expect(v.random.left).toBe(0);
    expect(locales(v.drain(), 1)).toEqual([659]);

    // A Warrior with Domar 16: 18 × 16 / 118 = 2.44 → 2 < 3, so even a 1 fails.
    const u = petWorld([spawn(DEFAULT_NPCS.brownHare, 20, 22)]);
    u.enter(1, "Guerrero", 20, 20, { with: druid(16, { class: WARRIOR }) });
    u.random.strict = true;
    u.random.script(drawFor(1, 1, 5));
    u.tame(1, 20, 22);
    expect(u.random.left).toBe(0);
    expect(locales(u.drain(), 1)).toEqual([659]);
    expect(u.player(1).pets).toEqual([]);
  });

  test("refusals in VB6's order draw nothing: no creature 719, not tamable 718, too far 8, fought by a player in the last 15 s 717", () => {
    const w = petWorld([spawn(DEFAULT_NPCS.brownHare, 20, 22), spawn(NPC.rat, 22, 22), spawn(DEFAULT_NPCS.brownHare, 26, 20)]);
    w.enter(1, "Druida", 20, 20, { with: druid(3) });
    w.enter(2, "Cazador", 23, 20, { with: druid(3) });
    const hare = w.npcAt(20, 22)!;
    w.drain();
    w.random.strict = true;
    w.tame(1, 21, 20); // an empty tile: the look finds nothing (1114), then 719
    w.tame(1, 22, 22); // the rat: Domable 0
    w.tame(1, 26, 20); // the far hare: the click is 6 tiles away
    expect(locales(w.drain(), 1)).toEqual([1114, 719, 718, 8]);
    // The other player hits the near hare: for 15 s it is theirs to fight.
    w.server.instance.npcAttackedBy(hare.charIndex, 2);
    w.tame(1, 20, 22);
    expect(locales(w.drain(), 1)).toEqual([717]);
    // 15 s later it is free to tame (held by a paralysis meanwhile, so that it stays on its tile).
    const ctx = w.ctx();
    const held = applyEffect(hare.statusEffects, { kind: "paralyzed", durationMs: 60_000 }, ctx.clock.now());
    setStatus(ctx, hare, held.effects, []);
    w.random.strict = false;
    w.advance(15_001);
    w.drain();
    w.random.strict = true;
    w.random.script(drawFor(2, 1, 5));
    w.tame(1, 20, 22);
    expect(w.random.left).toBe(0);
    expect(locales(w.drain(), 1)).toEqual([659]);
  });

  test("three pets at most (660); one of its own (655); someone else's (656)", () => {
    const hares = [spawn(DEFAULT_NPCS.brownHare, 18, 22), spawn(DEFAULT_NPCS.brownHare, 20, 22), spawn(DEFAULT_NPCS.brownHare, 22, 22), spawn(DEFAULT_NPCS.brownHare, 20, 17)];
    const w = petWorld(hares);
    w.enter(1, "Druida", 20, 20, { with: druid(3) });
    w.enter(2, "Otra", 16, 24, { with: druid(3) });
    const [first, second, third] = [w.npcAt(18, 22)!, w.npcAt(20, 22)!, w.npcAt(22, 22)!];
    w.drain();
    w.random.strict = true;
    // Three successes: the roll and the copy's respawn delay each (Domar at the cap: no skill draw).
    for (const [x, y] of [[18, 22], [20, 22], [22, 22]] as const) {
      w.random.script(drawFor(1, 1, 5), drawFor(0, 0, 0));
      w.tame(1, x, y);
    }
    expect(locales(w.drain(), 1)).toEqual([657, 657, 657]);
    expect(w.player(1).pets).toEqual([first, second, third]);
    expect(w.random.left).toBe(0);
    // No draw for any of these.
    w.tame(1, 20, 17); // a fourth
    w.tame(1, first.x, first.y); // one of its own
    expect(locales(w.drain(), 1)).toEqual([660, 655]);
    w.tame(2, first.x, first.y); // another Druid on someone else's pet
    expect(locales(w.drain(), 2)).toEqual([656]);
  });
});

describe("pets fight (`AllMascotasAtacanNPC`, `NpcAtacaNpc`)", () => {
  /** A Druid (every skill at the cap) whose tamed tiger stands two tiles south of it. */
  function withTiger(npcs: NpcDefinition[], seed: number) {
    const w = petWorld([spawn(NPC.tiger, 20, 22), ...npcs], seed);
    w.enter(1, "Druida", 20, 20, { with: druid(3, { skills: CAPPED }) });
    const tiger = w.npcAt(20, 22)!;
    w.drain();
    w.random.script(drawFor(1, 1, 5), drawFor(0, 0, 0));
    w.tame(1, 20, 22);
    expect(w.random.left).toBe(0);
    expect(tiger.master).toBe(w.player(1));
    w.drain();
    return { w, tiger };
  }

  test("the tiger goes for the rat its master strikes, hits it (CharAtaca), and the kill pays the master exactly the rat's experience and gold", () => {
    const { w, tiger } = withTiger([spawn(NPC.rat, 21, 20)], 11);
    const rat = w.npcAt(21, 20)!;
    const druidEntity = w.player(1);
    const expBefore = druidEntity.record.exp;
    w.server.changeHeading(1, EAST);
    w.server.act(1, "Attack", { counter: 1 });
    expect(tiger.targetNpc).toBe(rat);
    expect(tiger.movement).toBe(9);
    const all: Received[] = [];
    for (let tick = 0; tick < 100 && rat.alive; tick++) {
      w.advance(150);
      all.push(...w.drain());
    }
    expect(rat.alive).toBe(false);
    const blows = named(all, 1, "CharAtaca").filter((p) => p.fields.charIndex === tiger.charIndex);
    expect(blows.length).toBeGreaterThan(0);
    expect(blows.every((p) => p.fields.attackerIndex === rat.charIndex)).toBe(true);
    expect(blows.at(-1)!.fields.damage).toBe(30);
    // The master killed it through its pet: 184, the rat's 20 experience in all (its own blow's share and the tiger's), 7 gold on the floor.
    expect(locales(all, 1)).toContain(184);
    expect(druidEntity.record.exp - expBefore).toBe(20);
    expect(named(all, 1, "ObjectCreate").map((p) => [p.fields.objIndex, p.fields.amount])).toEqual([[12, 7]]);
    // Its prey gone, the tiger follows its master again.
    w.advance(1_000);
    expect([tiger.movement, tiger.targetNpc]).toEqual([8, null]);
  });

  test("an NPC that bites the master is attacked by its pets, and turns on the pet that hits it", () => {
    const { w, tiger } = withTiger([], 5);
    const ctx = w.ctx();
    const rat = spawnNpc(ctx, spawn(NPC.rat, 21, 20), 21, 20)!;
    // What the AI's blow on a player runs (`NpcAtacaUser` → `AllMascotasAtacanNPC`).
    ctx.npcAi.attack(ctx, rat, w.player(1));
    expect(tiger.targetNpc).toBe(rat);
    for (let tick = 0; tick < 40 && rat.targetNpc === null; tick++) w.advance(150);
    expect(rat.targetNpc).toBe(tiger);
  });

  test("one blow, exactly: hit chance 90 (200 vs 0), 30 − DEF 0; the impact sound, the number, the bar, the kill; a miss swings", () => {
    const w = petWorld([spawn(NPC.tiger, 20, 22), spawn(NPC.dummy, 21, 22)]);
    w.enter(1, "Druida", 20, 20, { with: druid(3, { skills: CAPPED }) });
    const tiger = w.npcAt(20, 22)!;
    const dummy = w.npcAt(21, 22)!;
    w.random.strict = true;
    w.random.script(drawFor(1, 1, 5), drawFor(0, 0, 0));
    w.tame(1, 20, 22);
    w.drain();
    const ctx = w.ctx();
    // The hit roll, the damage roll, and the fresh dummy's respawn delay.
    w.random.script(drawFor(90, 1, 100), drawFor(30, 30, 30), drawFor(0, 0, 0));
    ctx.npcAi.attackNpc(ctx, tiger, dummy);
    expect(w.random.left).toBe(0);
    const hit = w.drain().filter((p) => p.session === 1);
    expect(hit.map((p) => p.name)).toEqual(["PlayWave", "TextOverChar", "CharUpdateHP", "CharacterRemove", "CharacterCreate", "PlayWave", "LocaleMsg", "CharAtaca"]);
    expect(hit[0]!.fields.wave).toBe(12);
    expect(hit.find((p) => p.name === "CharAtaca")!.fields).toEqual({ charIndex: tiger.charIndex, attackerIndex: dummy.charIndex, damage: 30 });
    expect(dummy.alive).toBe(false);
    // The fresh dummy; the tiger misses it (91 > 90): the swing, then CharAtaca −1; the dummy now fights the tiger.
    const next = w.npcsOf(NPC.dummy)[0]!;
    w.random.script(drawFor(91, 1, 100));
    ctx.npcAi.attackNpc(ctx, tiger, next);
    expect(w.random.left).toBe(0);
    const miss = w.drain().filter((p) => p.session === 1);
    expect(miss.map((p) => p.name)).toEqual(["CharSwing", "CharAtaca"]);
    expect(miss[1]!.fields.damage).toBe(-1);
    expect(next.targetNpc).toBe(tiger);
  });
});

describe("pets when players fight (`UsuarioAtacadoPorUsuario`, `AllMascotasAtacanUser`)", () => {
  /** The Druid with a tamed tiger at (20, 20), and an attacker just east of it; triggers where given. */
  function fight(triggers: [number, number, number][]) {
    const w = petWorld([spawn(NPC.tiger, 20, 22)], 11, { triggers });
    w.enter(1, "Druida", 20, 20, { with: druid(3, { skills: CAPPED }) });
    const tiger = w.npcAt(20, 22)!;
    w.random.script(drawFor(1, 1, 5), drawFor(0, 0, 0));
    w.tame(1, 20, 22);
    expect(tiger.master).toBe(w.player(1));
    w.enter(2, "Atacante", 21, 20, { with: druid(0, { class: WARRIOR, skills: CAPPED }) });
    w.drain();
    w.server.act(2, "SafeToggle", {});
    w.server.changeHeading(2, WEST);
    w.server.act(2, "Attack", { counter: 1 });
    return { w, tiger };
  }

  test("off the arena the Druid's tiger goes for the player who attacked its master", () => {
    const { w, tiger } = fight([]);
    expect(tiger.target).toBe(w.player(2));
  });

  test("decision: in a safe fight (both on an arena tile) the pets stay out, as VB6 leaves `UsuarioAtacadoPorUsuario` before them", () => {
    const { tiger } = fight([
      [20, 20, 6],
      [21, 20, 6],
    ]);
    expect(tiger.target).toBeNull();
  });
});

describe("pets and their master's comings and goings", () => {
  test("a map change takes the tamed pet along with its HP and paralysis, next to its master and drawn as its own; a summon is lost (584)", () => {
    const from = petWorld([spawn(NPC.tiger, 20, 22)], 9, { exits: [{ x: 20, y: 19, destMap: 2, destX: 30, destY: 30 }] });
    from.enter(1, "Druida", 20, 20, { with: druid(3) });
    from.enter(2, "Testigo", 22, 20, { with: druid(0) });
    const tiger = from.npcAt(20, 22)!;
    from.random.script(drawFor(1, 1, 5), drawFor(0, 0, 0));
    from.tame(1, 20, 22);
    const ctx = from.ctx();
    const druidEntity = from.player(1);
    tiger.minHp = 321;
    const held = applyEffect(tiger.statusEffects, { kind: "paralyzed", durationMs: npcTicksCounterMs(39) }, ctx.clock.now());
    setStatus(ctx, tiger, held.effects, held.notices);
    expect(summonCreatures(ctx, druidEntity, DEFAULT_NPCS.brownHare, { dismiss: [], spawn: 1 }, 60_000, 24, 24)).toBe(1);
    from.advance(1_000);
    from.drain();
    const npcsBefore = ctx.store.npcCount;
    from.server.walk(1, NORTH);
    const transfer = from.events.findLast((event): event is Extract<MapEvent, { t: "transfer" }> => event.t === "transfer")!;
    const left = npcTicksCounterMs(39) - 1_000;
    expect(transfer.handOver.pets).toEqual([{ npc: NPC.tiger, hp: 321, status: { relative: { paralyzed: { kind: "paralyzed", untilMs: left } } } }]);
    expect(transfer.handOver.summonsLost).toBe(true);
    // Both left the old map and neither comes back there; the witness saw them go.
    expect(ctx.store.npcCount).toBe(npcsBefore - 2);
    expect(named(from.drain(), 2, "CharacterRemove").map((p) => p.fields.charIndex)).toContain(tiger.charIndex);
    from.advance(60_000);
    expect(from.npcsOf(NPC.tiger).length).toBe(1); // the copy that came back when it was tamed

    const to = petWorld([], 4);
    to.advance(77_777);
    to.enter(2, "Vecino", 33, 30, { with: druid(0) });
    to.drain();
    to.server.enter({ session: 1, record: transfer.state, kind: "transfer", userSlot: 1, cameFrom: transfer.cameFrom, handOver: structuredClone(transfer.handOver) });
    const arrival = to.drain();
    const mine = named(arrival, 1, "CharacterCreate").find((p) => p.fields.npcNumber === NPC.tiger)!;
    expect(mine.fields.isNpc).toBe(2);
    expect([mine.fields.minHp, mine.fields.maxHp]).toEqual([321, 500]);
    const master = to.server.positionOf(1)!;
    expect(Math.max(Math.abs((mine.fields.x as number) - master.x), Math.abs((mine.fields.y as number) - master.y))).toBe(1);
    expect(named(arrival, 2, "CharacterCreate").find((p) => p.fields.npcNumber === NPC.tiger)?.fields.isNpc).toBe(1);
    expect(locales(arrival, 1)).toEqual([584]);
    const pet = to.player(1).pets[0]!;
    expect(pet.master).toBe(to.player(1));
    // Still held for the time it had left, then free.
    to.advance(left - 1);
    expect(pet.statusEffects.paralyzed).toBeDefined();
    to.advance(1);
    expect(pet.statusEffects.paralyzed).toBeUndefined();
  });

  test("its master's death kills every pet (none comes back); a logout lets them go", () => {
    const w = petWorld([spawn(NPC.tiger, 20, 22), spawn(NPC.tiger, 30, 22)], 2);
    w.enter(1, "Druida", 20, 20, { with: druid(3) });
    w.enter(2, "Otro", 30, 20, { with: druid(3) });
    const first = w.npcAt(20, 22)!;
    const second = w.npcAt(30, 22)!;
    w.random.script(drawFor(1, 1, 5), drawFor(0, 0, 0), drawFor(1, 1, 5), drawFor(0, 0, 0));
    w.tame(1, 20, 22);
    w.tame(2, 30, 22);
    expect(w.random.left).toBe(0);
    const tigers = () => w.npcsOf(NPC.tiger).length;
    expect(tigers()).toBe(4);
    const dying = w.player(1);
    dying.record.vitals = { ...dying.record.vitals, hp: 0 };
    playerDies(w.ctx(), dying);
    expect([first.alive, dying.pets.length, tigers()]).toEqual([false, 0, 3]);
    w.server.leave(2, "quit");
    expect([second.alive, tigers()]).toEqual([false, 2]);
    w.advance(120_000);
    expect(tigers()).toBe(2);
  });
});
