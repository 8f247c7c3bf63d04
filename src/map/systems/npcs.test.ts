/**
 * NPCs on a live map (combat-and-progression §6): spawning with their npcs.dat HP, the AI loop
 * that runs only while players are there, chasing around a wall and hitting at the VB6 cadence,
 * wandering near the origin, becoming hostile when attacked, the moves fanned out once, death
 * and respawn. Driven through `MapInstance` with a manual clock; the NPC's blow is a fake that
 * records who was hit when (damage is combat's).
 */
import { describe, expect, test } from "bun:test";
import { GameTablesSchema, type GameTables } from "../../content/index.ts";
import { parseNpcsDat } from "../../content/dat/index.ts";
import { readSharedData, requireSharedData } from "../../../test/support/shared-data.ts";
import type { NpcDefinition } from "../map-definition.ts";
import { WALL, world, type WorldOptions } from "../map-harness.test-support.ts";
import { NPC_AI_LATENESS_BUCKETS_MS, NpcAiStats } from "../npc-ai-stats.ts";
import type { NpcAttackHook } from "../kernel/index.ts";

const RATA = 511;
const CIERVO = 20;
const LOBO = 30;
const ESTATUA = 40;
const GUARDIAN = 50;
const TORTUGA = 60;

function tables(): GameTables {
  return GameTablesSchema.parse({
    format: "ao20",
    objects: null,
    npcs: {
      declaredCount: 60,
      npcs: [
        // The 2024 Rata: hostile wanderer, 15 HP, 16 exp, respawns at once on a random tile.
        { id: RATA, name: "Rata", movement: 2, hostile: true, attackable: true, minHp: 15, maxHp: 15, minHit: 2, maxHit: 4, giveExp: 16, giveGold: 7 },
        { id: CIERVO, name: "Ciervo", movement: 2, hostile: false, attackable: true, minHp: 40, maxHp: 40, giveExp: 30 },
        // Back on its own tile 3 s (+ the queue's tick) after dying.
        { id: LOBO, name: "Lobo", movement: 2, hostile: true, minHp: 50, maxHp: 50, giveExp: 60, respawnIntervalMinMs: 3, respawnIntervalMaxMs: 3, respawnAtOrigin: true },
        { id: ESTATUA, name: "Estatua", movement: 1, hostile: true, minHp: 10, maxHp: 10 },
        // Never comes back (`ReSpawn=1`).
        { id: GUARDIAN, name: "Guardián", movement: 2, hostile: true, minHp: 100, maxHp: 100, respawnFlag: 1 },
        { id: TORTUGA, name: "Tortuga", movement: 3, hostile: false, minHp: 20, maxHp: 20 },
      ],
    },
    spells: null,
    balance: null,
    cities: null,
    mapInfo: null,
    specialMaps: null,
  });
}

const spawn = (npc: number, x: number, y: number): NpcDefinition => ({ npc, name: `npc${npc}`, x, y, body: 9, head: 0, heading: 3 });

interface Blow {
  at: number;
  npc: number;
  session: number;
}

function npcWorld(npcs: NpcDefinition[], options: WorldOptions = {}) {
  const blows: Blow[] = [];
  let now = (): number => 0;
  const npcAttack: NpcAttackHook = (_ctx, npc, player) => blows.push({ at: now(), npc: npc.charIndex, session: player.session });
  const w = world({ tables: tables(), npcs, safe: false, npcAttack, ...options });
  now = () => w.clock.now();
  const npc = (charIndex: number) => w.server.instance.npcs().find((entry) => entry.charIndex === charIndex);
  return { ...w, blows, npc };
}

/** Moves time in AI ticks, sampling after each. */
function sample<T>(w: { advance(ms: number): void }, ms: number, read: () => T, every = 150): T[] {
  const out: T[] = [];
  for (let t = 0; t < ms; t += every) {
    w.advance(every);
    out.push(read());
  }
  return out;
}

describe("spawning from map data", () => {
  test("NPCs appear with their npcs.dat MinHP / MaxHP and GiveEXP; a viewer's CharacterCreate shows the bar", () => {
    const w = npcWorld([spawn(RATA, 20, 20), spawn(CIERVO, 24, 20)]);
    expect(w.npc(1)).toMatchObject({ npc: RATA, x: 20, y: 20, hp: 15, maxHp: 15, expLeft: 16, hostile: true });
    expect(w.npc(2)).toMatchObject({ npc: CIERVO, hp: 40, maxHp: 40, expLeft: 30, hostile: false });
    w.enter(1, "Ana", 22, 24);
    const creates = w.drain().filter((p) => p.session === 1 && p.name === "CharacterCreate" && p.fields.isNpc === 1);
    expect(creates.map((p) => [p.fields.charIndex, p.fields.minHp, p.fields.maxHp])).toEqual([
      [1, 15, 15],
      [2, 40, 40],
    ]);
  });
});

describe("the AI loop", () => {
  test("no timer and no move on a map without players; it starts with the first and stops with the last", () => {
    const w = npcWorld([spawn(RATA, 20, 20), spawn(CIERVO, 10, 10)]);
    expect(w.server.instance.npcAiRunning).toBe(false);
    expect(w.clock.timers.pending).toBe(0);
    const fired = w.clock.timers.stats.fired;
    w.advance(60_000);
    expect(w.clock.timers.stats.fired).toBe(fired);
    expect([w.npc(1)!.x, w.npc(1)!.y, w.npc(2)!.x, w.npc(2)!.y]).toEqual([20, 20, 10, 10]);

    w.enter(1, "Ana", 30, 30);
    expect(w.server.instance.npcAiRunning).toBe(true);
    w.enter(2, "Beto", 31, 30);
    w.server.leave(1, "quit");
    expect(w.server.instance.npcAiRunning).toBe(true);
    w.server.leave(2, "quit");
    expect(w.server.instance.npcAiRunning).toBe(false);
    w.advance(10_000);
    const still = [w.npc(1)!.x, w.npc(1)!.y];
    w.advance(10_000);
    expect([w.npc(1)!.x, w.npc(1)!.y]).toEqual(still);
  });

  test("a map whose NPCs never think (static ones) runs no loop even with players", () => {
    const w = npcWorld([spawn(ESTATUA, 20, 20)]);
    w.enter(1, "Ana", 21, 20);
    expect(w.server.instance.npcAiRunning).toBe(false);
  });

  test("a hostile NPC chases around a wall, turns to the player and hits every 2250 ms", () => {
    // A wall at x = 20 from y = 12 to 28; the rata west of it, the player east of it.
    const walls: [number, number, number][] = [];
    for (let y = 12; y <= 28; y++) walls.push([20, y, WALL]);
    const w = npcWorld([spawn(RATA, 16, 20)], { walls });
    w.enter(1, "Ana", 24, 20);
    const rata = 1;
    const start = w.clock.now();
    const path = sample(w, 20_000, () => ({ x: w.npc(rata)!.x, y: w.npc(rata)!.y, t: w.clock.now() - start }));
    for (const at of path) expect(at.x === 20 && at.y >= 12 && at.y <= 28).toBe(false);
    const arrived = path.find((at) => Math.abs(at.x - 24) + Math.abs(at.y - 20) === 1);
    expect(arrived).toBeDefined();
    // Around an end of the wall: 9 up (or down), 8 across, 8 back: 25 steps, one per 450 ms
    // from the first tick at 150 ms.
    expect(arrived!.t).toBeGreaterThanOrEqual(150 + 24 * 450);
    expect(w.blows.length).toBeGreaterThanOrEqual(3);
    expect(w.blows.every((blow) => blow.npc === rata && blow.session === 1)).toBe(true);
    const gaps = w.blows.slice(1).map((blow, i) => blow.at - w.blows[i]!.at);
    expect(gaps.every((gap) => gap === 2250)).toBe(true);
    // Thinks fall on the 150 ms AI ticks counted from the player's arrival.
    expect(w.blows.every((blow) => (blow.at - start) % 150 === 0)).toBe(true);
  });

  test("its steps reach every viewer as one CharacterMove, encoded once; its turn as a CharacterChange", () => {
    const w = npcWorld([spawn(RATA, 20, 20)]);
    w.enter(1, "Ana", 26, 20);
    w.enter(2, "Beto", 26, 22);
    w.drain();
    w.advance(150); // the first AI tick: one step towards Ana
    const records = w.drainRecords().filter((record) => record.name === "CharacterMove" || record.name === "CharacterChange");
    expect(records).toEqual([{ sessions: [1, 2], name: "CharacterMove", fields: { charIndex: 1, x: 21, y: 20 } }]);

    // Next to Ana but facing away: it turns (CharacterChange to both) and hits.
    const v = npcWorld([spawn(RATA, 20, 20)]);
    v.enter(1, "Ana", 21, 20);
    v.enter(2, "Beto", 22, 22);
    v.drain();
    v.advance(150);
    const turned = v.drainRecords().filter((record) => record.name === "CharacterChange");
    expect(turned).toMatchObject([{ sessions: [1, 2], fields: { charIndex: 1, heading: 2 } }]);
    expect(v.blows).toEqual([{ at: v.clock.now(), npc: 1, session: 1 }]);
  });

  test("a passive NPC wanders, never more than one step past 4 tiles from where it was placed", () => {
    const w = npcWorld([spawn(CIERVO, 20, 20)]);
    w.enter(1, "Ana", 5, 5);
    const spots = sample(w, 90_000, () => ({ x: w.npc(1)!.x, y: w.npc(1)!.y }), 450);
    const distances = spots.map((at) => Math.abs(at.x - 20) + Math.abs(at.y - 20));
    expect(new Set(spots.map((at) => `${at.x},${at.y}`)).size).toBeGreaterThan(5);
    expect(Math.max(...distances)).toBeLessThanOrEqual(5);
    expect(w.blows).toEqual([]);
  });
});

describe("what the AI counts (the worker's NPC AI metrics)", () => {
  test("ticks, their lateness and CPU, thinks, steps, turns, attacks and path searches move; nothing without players; take() resets", () => {
    // A fake CPU clock: every read is 0.25 ms after the one before, so each tick costs 0.25 ms.
    let cpu = 0;
    const stats = new NpcAiStats(() => (cpu += 0.25));
    const walls: [number, number, number][] = [];
    for (let y = 12; y <= 28; y++) walls.push([20, y, WALL]);
    const w = npcWorld([spawn(RATA, 16, 20)], { walls, npcAiStats: stats });
    w.advance(5_000);
    expect(stats.current.ticks).toBe(0);

    w.enter(1, "Ana", 24, 20);
    w.advance(20_000);
    const counts = stats.current;
    // One tick every 150 ms while Ana is there.
    expect(counts.ticks).toBe(Math.floor(20_000 / 150));
    expect(counts.cpuMs).toBeCloseTo(counts.ticks * 0.25, 6);
    expect(counts.tickMaxMs).toBeCloseTo(0.25, 9);
    // The rata thinks every 450 ms: a third of the ticks.
    expect(counts.thinks).toBeGreaterThanOrEqual(Math.floor(counts.ticks / 3) - 1);
    expect(counts.thinks).toBeLessThanOrEqual(Math.ceil(counts.ticks / 3) + 1);
    // 25 steps around the wall, then it turns to Ana and hits every 2250 ms.
    expect(counts.steps).toBeGreaterThanOrEqual(25);
    expect(counts.attacks).toBe(w.blows.length);
    expect(counts.attacks).toBeGreaterThanOrEqual(3);
    expect(counts.steps + counts.faces + counts.attacks).toBeLessThanOrEqual(counts.thinks);
    expect(counts.pathSearches).toBeGreaterThanOrEqual(1);
    expect(counts.pathExpansions).toBeGreaterThanOrEqual(counts.pathSearches);
    // Lateness: every tick in a bucket; the manual clock runs each tick on its planned time.
    expect(counts.latenessCounts).toHaveLength(NPC_AI_LATENESS_BUCKETS_MS.length + 1);
    expect(counts.latenessCounts.reduce((a, b) => a + b, 0)).toBe(counts.ticks);
    expect(counts.latenessMaxMs).toBe(0);

    const taken = stats.take();
    expect(taken.ticks).toBe(counts.ticks);
    expect(stats.current.ticks).toBe(0);
    expect(stats.current.latenessCounts.every((count) => count === 0)).toBe(true);
    w.server.leave(1, "quit");
    w.advance(5_000);
    expect(stats.current.ticks).toBe(0);
  });

  test("a late tick lands in its lateness bucket", () => {
    const stats = new NpcAiStats(() => 0);
    stats.recordTick(0, 0);
    stats.recordTick(49.9, 3);
    stats.recordTick(50, 0);
    stats.recordTick(51, 0);
    stats.recordTick(9_999, 0);
    stats.recordTick(-3, 0); // a clock read before the plan: on time
    const at = (ms: number) => NPC_AI_LATENESS_BUCKETS_MS.indexOf(ms);
    const counts = stats.current.latenessCounts;
    expect(counts[0]).toBe(2);
    expect(counts[at(50)]).toBe(2);
    expect(counts[at(75)]).toBe(1);
    expect(counts[NPC_AI_LATENESS_BUCKETS_MS.length]).toBe(1);
    expect(stats.current.latenessMaxMs).toBe(9_999);
    expect(stats.current.ticks).toBe(6);
    expect(stats.current.tickMaxMs).toBe(3);
  });
});

describe("attacked", () => {
  test("a passive NPC hit by a player turns hostile, goes for that player only, and calms down once it loses sight", () => {
    const w = npcWorld([spawn(CIERVO, 20, 20)]);
    w.enter(1, "Ana", 23, 20);
    w.enter(2, "Beto", 20, 22); // nearer, but not the aggressor
    expect(w.server.instance.npcAttackedBy(1, 1)).toBe(true);
    expect(w.npc(1)!.hostile).toBe(true);
    w.advance(3000);
    expect(w.blows.length).toBeGreaterThan(0);
    expect(w.blows.every((blow) => blow.session === 1)).toBe(true);
    w.server.leave(1, "quit");
    w.advance(450);
    expect(w.npc(1)!.hostile).toBe(false);
  });

  test("a static NPC ignores being attacked", () => {
    const w = npcWorld([spawn(ESTATUA, 20, 20), spawn(RATA, 30, 30)]);
    w.enter(1, "Ana", 21, 20);
    w.server.instance.npcAttackedBy(1, 1);
    w.advance(3000);
    expect(w.npc(1)).toMatchObject({ x: 20, y: 20, hostile: true });
    expect(w.blows.filter((blow) => blow.npc === 1)).toEqual([]);
  });

  test("a FixedInPos NPC, once hit, turns and hits back from its tile without walking", () => {
    const w = npcWorld([spawn(TORTUGA, 20, 20)]);
    w.enter(1, "Ana", 21, 20);
    expect(w.server.instance.npcAiRunning).toBe(true);
    w.advance(3000);
    expect(w.blows).toEqual([]); // passive: nothing
    w.server.instance.npcAttackedBy(1, 1);
    w.advance(450);
    expect(w.blows).toHaveLength(1);
    expect(w.npc(1)).toMatchObject({ x: 20, y: 20, heading: 2 });
  });
});

describe("death and respawn", () => {
  test("killNpc fades it out for viewers; an OrigPos NPC comes back on its tile after its delay with full HP", () => {
    const w = npcWorld([spawn(LOBO, 20, 20)]);
    w.enter(1, "Ana", 20, 30);
    w.drain();
    expect(w.server.instance.killNpc(1, 1)).toBe(true);
    expect(w.server.instance.killNpc(1, 1)).toBe(false); // gone: a second kill finds nothing
    expect((w.inboxes().get(1) ?? []).filter((line) => line.startsWith("Character"))).toEqual(["CharacterRemove 1 fade=true warp=false"]);
    expect(w.server.instance.npcs()).toEqual([]);
    expect(w.occupant(20, 20)).toBe(0);
    w.advance(3999); // 3 s rolled, + 1 tick of the respawn queue
    expect(w.server.instance.npcs()).toEqual([]);
    w.advance(1);
    expect(w.server.instance.npcs()).toMatchObject([{ npc: LOBO, x: 20, y: 20, hp: 50, maxHp: 50, expLeft: 60 }]);
    const creates = (w.inboxes().get(1) ?? []).filter((line) => line.startsWith("CharacterCreate"));
    expect(creates).toHaveLength(1);
    expect(creates[0]).toMatch(/^CharacterCreate \d+ npc30 \(20,20\)/);
  });

  test("a Rata (no delay) comes back at once on a random tile nobody sees; ReSpawn=1 never comes back", () => {
    const w = npcWorld([spawn(RATA, 20, 20), spawn(GUARDIAN, 60, 60)], { width: 100, height: 100 });
    w.enter(1, "Ana", 20, 22);
    w.drain();
    w.server.instance.killNpc(1, 1);
    const rata = w.server.instance.npcs().find((npc) => npc.npc === RATA)!;
    expect(rata).toMatchObject({ hp: 15, maxHp: 15 });
    // Drawn in 14..87 × 12..89 and outside Ana's window (blocks of 12: she sees x, y < 48).
    expect(rata.x >= 14 && rata.x <= 87 && rata.y >= 12 && rata.y <= 89).toBe(true);
    expect(rata.x >= 48 || rata.y >= 48).toBe(true);
    expect((w.inboxes().get(1) ?? []).filter((line) => line.startsWith("CharacterCreate"))).toEqual([]);

    const guardian = w.server.instance.npcs().find((npc) => npc.npc === GUARDIAN)!;
    w.server.instance.killNpc(guardian.charIndex, 0);
    w.advance(60_000);
    expect(w.server.instance.npcs().some((npc) => npc.npc === GUARDIAN)).toBe(false);
  });

  test("an unloaded map leaves no respawn behind", () => {
    const w = npcWorld([spawn(LOBO, 20, 20)]);
    w.server.instance.killNpc(1);
    expect(w.clock.timers.pending).toBe(1);
    w.server.instance.dispose();
    expect(w.clock.timers.pending).toBe(0);
    w.advance(10_000);
    expect(w.server.instance.npcs()).toEqual([]);
  });
});

// ------------------------------------------------------------------ the real 2024 data (§10)

const NPCS_2024 = "ao20/Dat/npcs.dat";
const ready = requireSharedData(NPCS_2024);

describe.skipIf(!ready)("§10 on the 2024 data: [NPC511] Rata", () => {
  const load = (): GameTables => {
    const npcs = parseNpcsDat(readSharedData(NPCS_2024), NPCS_2024).value!;
    return { format: "ao20", objects: null, npcs, spells: null, balance: null, cities: null, mapInfo: null, specialMaps: null };
  };
  const data = ready ? load() : (undefined as never);

  test("appears with 15/15 HP and 16 exp, chases a player in sight, hits every ≈2250 ms, comes back at once", () => {
    const blows: number[] = [];
    const w = world({ tables: data, npcs: [spawn(RATA, 20, 20)], safe: false, npcAttack: (ctx) => blows.push(ctx.clock.now()) });
    expect(w.server.instance.npcs()).toMatchObject([{ npc: RATA, hp: 15, maxHp: 15, expLeft: 16, hostile: true }]);
    w.enter(1, "Ana", 25, 20);
    w.advance(10_000);
    const rata = w.server.instance.npcs()[0]!;
    expect(Math.abs(rata.x - 25) + Math.abs(rata.y - 20)).toBe(1);
    expect(blows.length).toBeGreaterThanOrEqual(3);
    expect(blows.slice(1).map((at, i) => at - blows[i]!)).toEqual(blows.slice(1).map(() => 2250));
    w.server.instance.killNpc(rata.charIndex, 1);
    expect(w.server.instance.npcs()).toMatchObject([{ npc: RATA, hp: 15, maxHp: 15 }]);
  });
});
