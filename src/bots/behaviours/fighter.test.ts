/**
 * The fighter on the manual clock against a fake session: a small walled room whose "server"
 * takes the fighter's steps when they are legal, tracks its heading like the map server does
 * (every Walk turns, ChangeHeading turns) and checks that each Attack is aimed at an NPC.
 */
import { describe, expect, test } from "bun:test";
import { stepX, stepY, type Heading } from "../../game/movement/index.ts";
import type { PacketFields } from "../behaviour.ts";
import { posKey } from "../map-view.ts";
import { createRecordingContext } from "../recording-context.ts";
import { FIGHTER_ATTACK_INTERVAL_MS, FIGHTER_GIVE_UP_AFTER_ATTACKS, FIGHTER_IGNORE_MS, FighterBehaviour, type FighterOptions, type FighterView, type FightTally } from "./fighter.ts";
import { FakeRoom, named, OWN_CHAR, SCENARIO_LIMITS, WOLF } from "./combat-fakes.test-support.ts";
import { ATTACK_PACKET, CHANGE_HEADING_PACKET, WALK_PACKET } from "./packets.ts";

const SIDE = 20;

/** The fake session and server in one: terrain, own position and heading, NPCs. */
class FakeWorld extends FakeRoom implements FighterView {
  /** The heading the server has for the bot (0: never told). */
  heading = 0;
  /** Every tile the bot stood on, in order. */
  readonly path: number[] = [];
  /** For each Attack: the NPC on the tile in front, 0 when none. */
  readonly struck: number[] = [];

  constructor(x: number, y: number) {
    super(x, y, SIDE);
    this.path.push(posKey(x, y));
  }

  /** What the server does with a send. */
  receive(packet: string, fields: PacketFields): void {
    const heading = fields.heading as Heading;
    if (packet === WALK_PACKET) {
      this.heading = heading;
      const x = this.x + stepX(heading);
      const y = this.y + stepY(heading);
      if (!this.free(x, y)) return;
      this.x = x;
      this.y = y;
      this.path.push(posKey(x, y));
    } else if (packet === CHANGE_HEADING_PACKET) {
      this.heading = heading;
    } else if (packet === ATTACK_PACKET) {
      const front = this.heading === 0 ? -1 : posKey(this.x + stepX(this.heading as Heading), this.y + stepY(this.heading as Heading));
      let hit = 0;
      for (const [charIndex, at] of this.npcs) if (at === front) hit = charIndex;
      this.struck.push(hit);
    }
  }
}

function tallyRecorder(): { tally: FightTally; counts: Record<string, number> } {
  const counts: Record<string, number> = { attacks: 0, hits: 0, misses: 0, kills: 0, hitsTaken: 0, deaths: 0, givenUp: 0 };
  return {
    counts,
    tally: {
      attackSent: () => void counts.attacks!++,
      hitSeen: () => void counts.hits!++,
      missSeen: () => void counts.misses!++,
      killSeen: () => void counts.kills!++,
      hitTaken: () => void counts.hitsTaken!++,
      died: () => void counts.deaths!++,
      targetGivenUp: () => void counts.givenUp!++,
    },
  };
}

function setup(world: FakeWorld, options: Omit<FighterOptions, "views"> = {}, seed = 3) {
  const recording = createRecordingContext({
    seed,
    limits: SCENARIO_LIMITS,
    answer: (packet, fields) => {
      world.receive(packet, fields);
      return "sent";
    },
  });
  const { tally, counts } = tallyRecorder();
  const fighter = new FighterBehaviour({ views: (id) => (id === recording.context.actor.id ? world : undefined), tally, ...options });
  fighter.start(recording.context);
  const deliver = (packet: string, fields: PacketFields) => recording.context.deliver(packet, fields, recording.clock.now());
  return { ...recording, fighter, counts, deliver };
}

const adjacent = (a: number, b: number) => Math.abs((a >> 8) - (b >> 8)) + Math.abs((a & 0xff) - (b & 0xff)) === 1;

describe("fighter", () => {
  test("walks to an NPC around a blocked tile, faces it, attacks at most once per interval; hits count once per attack", () => {
    const world = new FakeWorld(10, 10);
    world.npcs.set(WOLF, posKey(10, 14));
    // Straight south is blocked two tiles ahead: the greedy step must go round it.
    world.blocked.add(posKey(10, 12));
    const { fighter, clock, sends, faults, counts, deliver, context } = setup(world);
    expect(context.budget.subscriptions).toBe(5);
    clock.advance(8_000);
    expect(faults).toEqual([]);
    const attacks = named(sends, ATTACK_PACKET);
    expect(attacks.length).toBeGreaterThan(2);
    // Never onto the blocked tile, and there with few steps (the shortest way round is 6).
    expect(world.path).not.toContain(posKey(10, 12));
    expect(adjacent(world.position, world.npcs.get(WOLF)!)).toBe(true);
    const firstAttack = sends.indexOf(attacks[0]!);
    expect(named(sends.slice(0, firstAttack), WALK_PACKET).length).toBeLessThanOrEqual(10);
    expect(named(sends.slice(firstAttack), WALK_PACKET)).toEqual([]);
    // Every attack was aimed at the wolf; a turn only when the last step did not face it already.
    expect(world.struck.every((charIndex) => charIndex === WOLF)).toBe(true);
    expect(named(sends, CHANGE_HEADING_PACKET).length).toBeLessThanOrEqual(1);
    expect(fighter.turns).toBe(named(sends, CHANGE_HEADING_PACKET).length);
    // The melee interval (plus its margin) between attacks, and not much more: the attack timer
    // keeps the cadence, not the 211..410 ms think.
    for (let i = 1; i < attacks.length; i++) {
      const gap = attacks[i]!.atMs - attacks[i - 1]!.atMs;
      expect(gap).toBeGreaterThanOrEqual(FIGHTER_ATTACK_INTERVAL_MS);
      expect(gap).toBeLessThanOrEqual(FIGHTER_ATTACK_INTERVAL_MS + 10);
    }
    expect([fighter.attacks, counts.attacks]).toEqual([attacks.length, attacks.length]);
    expect(attacks.every((send) => send.plannedAtMs === send.plannedAtMs)).toBe(true);

    // The server answers the last attack with damage over the wolf: one hit, however many packets.
    deliver("TextOverChar", { text: "12", charIndex: WOLF, color: 255 });
    deliver("CharUpdateHP", { charIndex: WOLF, minHp: 8, maxHp: 20, shield: 0 });
    deliver("TextOverChar", { text: "3", charIndex: WOLF, color: 255 });
    // Damage over someone else is not ours.
    deliver("TextOverChar", { text: "9", charIndex: OWN_CHAR, color: 255 });
    expect([fighter.hits, counts.hits]).toEqual([1, 1]);
    deliver("NPCHitUser", { bodyPart: 6, damage: 4 });
    expect([fighter.hitsTaken, counts.hitsTaken]).toEqual([1, 1]);
  });

  test("a wall across the way: it goes round instead of pacing back and forth in front of it", () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const world = new FakeWorld(10, 10);
      world.npcs.set(WOLF, posKey(10, 15));
      // Greedy alone steps aside, then straight back towards the wolf, forever.
      for (let x = 7; x <= 13; x++) world.blocked.add(posKey(x, 12));
      const { clock, sends } = setup(world, {}, seed);
      clock.advance(30_000);
      expect([seed, named(sends, ATTACK_PACKET).length > 0]).toEqual([seed, true]);
      expect(world.struck.every((charIndex) => charIndex === WOLF)).toBe(true);
    }
  });

  test("stops attacking when its NPC is removed (a kill right after a hit), then turns to the next one", () => {
    const world = new FakeWorld(5, 5);
    world.npcs.set(WOLF, posKey(5, 7));
    const { fighter, clock, sends, faults, counts, deliver } = setup(world);
    clock.advance(3_000);
    expect(fighter.target).toBe(WOLF);
    const before = named(sends, ATTACK_PACKET).length;
    expect(before).toBeGreaterThan(0);
    deliver("CharUpdateHP", { charIndex: WOLF, minHp: 0, maxHp: 20, shield: 0 });
    world.npcs.delete(WOLF);
    deliver("CharacterRemove", { charIndex: WOLF, fadeOut: true, wasWarp: false });
    expect([fighter.kills, counts.kills, fighter.target]).toEqual([1, 1, 0]);
    const attacksAtRemoval = named(sends, ATTACK_PACKET).length;
    clock.advance(5_000);
    // Nothing left to fight: no attack, it wanders.
    expect(named(sends, ATTACK_PACKET).length).toBe(attacksAtRemoval);
    expect(fighter.steps).toBeGreaterThan(5);
    // A new NPC appears: it goes for it. A removal long after the last hit is no kill of ours.
    const spider = 51;
    world.npcs.set(spider, posKey(world.x === 8 && world.y === 8 ? 9 : 8, 8));
    clock.advance(8_000);
    expect(fighter.target).toBe(spider);
    expect(named(sends, ATTACK_PACKET).length).toBeGreaterThan(attacksAtRemoval);
    world.npcs.delete(spider);
    deliver("CharacterRemove", { charIndex: spider, fadeOut: false, wasWarp: false });
    expect([fighter.kills, fighter.target]).toEqual([1, 0]);
    expect(faults).toEqual([]);
  });

  test("a ghost never attacks: it stands still or wanders, and its death is counted once", () => {
    for (const whenDead of ["idle", "wander"] as const) {
      const world = new FakeWorld(5, 5);
      world.npcs.set(WOLF, posKey(5, 6));
      const { fighter, clock, sends, counts, faults } = setup(world, { whenDead });
      clock.advance(3_000);
      expect(named(sends, ATTACK_PACKET).length).toBeGreaterThan(0);
      world.dead = true;
      world.deaths = 1;
      clock.advance(500);
      const sentAtDeath = sends.length;
      clock.advance(10_000);
      const after = sends.slice(sentAtDeath);
      expect(after.filter((send) => send.packet !== WALK_PACKET)).toEqual([]);
      if (whenDead === "idle") expect(after).toEqual([]);
      else expect(after.length).toBeGreaterThan(20);
      expect([fighter.deaths, counts.deaths, fighter.target]).toEqual([1, 1, 0]);
      // Brought back to life (say by a priest): it fights again.
      world.dead = false;
      clock.advance(15_000);
      expect(named(sends.slice(sentAtDeath), ATTACK_PACKET).length).toBeGreaterThan(0);
      expect(faults).toEqual([]);
    }
  });

  test("a target that never answers is given up on for a while; misses are answers", () => {
    const world = new FakeWorld(5, 5);
    world.npcs.set(WOLF, posKey(6, 5));
    const { fighter, clock, sends, counts, deliver } = setup(world);
    // Every attack gets a miss: it keeps at it.
    for (let i = 0; i < 2 * FIGHTER_GIVE_UP_AFTER_ATTACKS; i++) {
      clock.advance(FIGHTER_ATTACK_INTERVAL_MS);
      deliver("CharSwing", { charIndex: OWN_CHAR, showFx: true, showText: true, notifyText: true });
    }
    expect(fighter.misses).toBeGreaterThanOrEqual(2 * FIGHTER_GIVE_UP_AFTER_ATTACKS - 1);
    expect(counts.misses).toBe(fighter.misses);
    expect(fighter.givenUp).toBe(0);
    // Swings at nothing (no text) and silence are no answers.
    const attacks = () => named(sends, ATTACK_PACKET).length;
    const start = attacks();
    for (let i = 0; i < FIGHTER_GIVE_UP_AFTER_ATTACKS + 2; i++) {
      clock.advance(FIGHTER_ATTACK_INTERVAL_MS);
      deliver("CharSwing", { charIndex: OWN_CHAR, showFx: true, showText: false, notifyText: true });
    }
    expect([fighter.givenUp, counts.givenUp]).toEqual([1, 1]);
    expect(attacks() - start).toBe(FIGHTER_GIVE_UP_AFTER_ATTACKS);
    const left = attacks();
    clock.advance(FIGHTER_IGNORE_MS - 2 * FIGHTER_ATTACK_INTERVAL_MS);
    expect(attacks()).toBe(left);
    // After a while it tries again.
    clock.advance(FIGHTER_ATTACK_INTERVAL_MS * 10);
    expect(attacks()).toBeGreaterThan(left);
  });

  test("hostile or odd input never throws: NPC removed mid-approach, unknown char ids, its own char removed", () => {
    const world = new FakeWorld(2, 2);
    world.npcs.set(WOLF, posKey(15, 15));
    const { fighter, clock, sends, faults, deliver } = setup(world, {}, 9);
    clock.advance(1_000);
    expect(fighter.target).toBe(WOLF);
    // Gone while we walk up to it.
    world.npcs.delete(WOLF);
    deliver("CharacterRemove", { charIndex: WOLF, fadeOut: false, wasWarp: false });
    expect([fighter.target, fighter.kills]).toEqual([0, 0]);
    // Odd packets: unknown or impossible char indexes, missing and mistyped fields.
    for (const charIndex of [0, -1, 32_767, 99_999, Number.NaN, "7", undefined, null]) {
      for (const packet of ["TextOverChar", "CharUpdateHP", "CharacterRemove", "CharSwing", "NPCHitUser"]) deliver(packet, { charIndex } as PacketFields);
      deliver("CharSwing", {});
    }
    // The view still names the removed wolf for a moment (another observer's stale report).
    world.npcs.set(WOLF, 0);
    clock.advance(2_000);
    world.npcs.delete(WOLF);
    // Its own char removed: the view no longer knows where it stands.
    deliver("CharacterRemove", { charIndex: OWN_CHAR, fadeOut: false, wasWarp: false });
    world.charIndex = 0;
    world.npcs.set(WOLF, posKey(3, 2));
    const sent = sends.length;
    clock.advance(3_000);
    expect(sends.length).toBe(sent);
    expect(fighter.skipped).toBeGreaterThan(0);
    // A map change drops the target and what it gave up on.
    world.charIndex = OWN_CHAR;
    world.map = 2;
    clock.advance(8_000);
    expect(named(sends.slice(sent), ATTACK_PACKET).length).toBeGreaterThan(0);
    expect(faults).toEqual([]);
    // No view at all: every think is a skip.
    const blind = createRecordingContext({ seed: 1 });
    let skips = 0;
    new FighterBehaviour({ views: () => undefined, onSkip: () => void skips++ }).start(blind.context);
    blind.clock.advance(5_000);
    expect([blind.sends, blind.faults]).toEqual([[], []]);
    expect(skips).toBeGreaterThan(10);
    expect(() => new FighterBehaviour({ giveUpAfterAttacks: 0 })).toThrow(RangeError);
    expect(() => new FighterBehaviour({ attackIntervalMs: Number.NaN })).toThrow(RangeError);
  });

  test("stop ends its timers; the same seed fights the same way", () => {
    const run = (seed: number) => {
      const world = new FakeWorld(3, 3);
      world.npcs.set(WOLF, posKey(12, 9));
      world.blocked.add(posKey(8, 6));
      const { fighter, clock, sends, context } = setup(world, {}, seed);
      clock.advance(10_000);
      fighter.stop(context);
      const stopped = sends.length;
      clock.advance(10_000);
      expect(sends.length).toBe(stopped);
      expect(context.timers.active).toBe(0);
      return sends.map((send) => `${send.atMs}:${send.packet}:${(send.fields.heading as number | undefined) ?? ""}`);
    };
    expect(run(4)).toEqual(run(4));
    expect(run(4)).not.toEqual(run(5));
  });
});
