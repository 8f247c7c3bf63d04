/**
 * The caster on the manual clock against a fake session and server in one: a walled room whose
 * "server" takes the caster's steps, answers `CastSpell` with `WorkRequestTarget` a few ms later,
 * resolves each `WorkLeftClick` the way the map server does (`LookatTile` picks the char just
 * below the clicked tile first, the spell interval between clicks, mana, the damage or healing
 * and its packets) and runs a meditation that fills the mana.
 */
import { describe, expect, test } from "bun:test";
import { stepX, stepY, type Heading } from "../../game/movement/index.ts";
import type { PacketFields } from "../behaviour.ts";
import { posKey } from "../map-view.ts";
import { createRecordingContext } from "../recording-context.ts";
import {
  CAST_INTERVAL_MS,
  CASTER_CAST_INTERVAL_MS,
  CASTER_GIVE_UP_AFTER_CASTS,
  CASTER_IGNORE_MS,
  CASTER_RANGE,
  CASTER_TARGET_WAIT_MS,
  CasterBehaviour,
  clickTileFor,
  type CasterOptions,
  type CasterView,
  type CastTally,
} from "./caster.ts";
import { FakeRoom, named, OWN_CHAR, SCENARIO_LIMITS, WOLF } from "./combat-fakes.test-support.ts";
import { CAST_SPELL_PACKET, MEDITATE_PACKET, MODIFY_SKILLS_PACKET, WALK_PACKET, WORK_LEFT_CLICK_PACKET } from "./packets.ts";
import { spellCatalog, type SpellRole } from "./spell-roles.ts";

const SIDE = 30;
/** Spell numbers of the fake world, and what they do. */
const DART = 1;
const CURE_POISON = 11;
const MEND = 12;
const HOLD = 25;
const SPELLS = spellCatalog([
  { id: DART, role: "damage", mana: 10 },
  { id: MEND, role: "heal", mana: 10 },
  { id: HOLD, role: "paralyze", mana: 20 },
]);
const ANSWER_MS = 3;
const MEDITATION_TICK_MS = 400;
const MEDITATION_MANA = 8;

interface Click {
  readonly atMs: number;
  readonly spell: number;
  /** What `LookatTile` picked: an NPC's char index, OWN_CHAR, or 0 for nothing. */
  readonly picked: number;
}

/** The fake session and server in one. */
class FakeWorld extends FakeRoom implements CasterView {
  hp = 20;
  maxHp = 20;
  mana = 100;
  maxMana = 100;
  meditating = false;
  freeSkillPoints = 10;
  bookVersion = 1;
  book: number[] = [0, DART, CURE_POISON, MEND];
  readonly npcHp = new Map<number, number>();
  /** Skill points the server took (ModifySkills). */
  readonly skillDeltas: number[][] = [];
  readonly clicks: Click[] = [];
  /** Walks the server saw while the bot meditated (each ends the meditation). */
  walksWhileMeditating = 0;
  /** What the server answers the next cast with instead of resolving it (a refusal id), once. */
  refuseNext = 0;
  /** The server never asks for a target (a self-cast spell, or no magic at all). */
  silent = false;
  private selected = 0;
  private meditationTimer = -1;
  deliver: (packet: string, fields: PacketFields) => void = () => {};

  constructor(
    x: number,
    y: number,
    readonly clock: { now(): number; timers: { after<A>(ms: number, fire: (planned: number, arg: A) => void, arg: A): number; cancel(id: number): boolean } },
  ) {
    super(x, y, SIDE);
  }

  spellInSlot(slot: number): number {
    return this.book[slot] ?? 0;
  }

  /** A packet from the server, a few ms after what caused it. */
  later(packet: string, fields: PacketFields): void {
    this.clock.timers.after(ANSWER_MS, () => this.deliver(packet, fields), undefined);
  }

  /** `LookatTile`: the char just below the clicked tile first, then the one on it. */
  pick(x: number, y: number): number {
    const at = (px: number, py: number) => {
      if (px === this.x && py === this.y) return OWN_CHAR;
      for (const [charIndex, where] of this.npcs) if (where === posKey(px, py)) return charIndex;
      return 0;
    };
    return at(x, y + 1) || at(x, y);
  }

  setMana(mana: number): void {
    this.mana = mana;
    this.later("UpdateMana", { minMana: mana });
  }

  /** What the server does with a send. */
  receive(packet: string, fields: PacketFields): void {
    if (packet === WALK_PACKET) {
      if (this.meditating) {
        this.walksWhileMeditating++;
        this.stopMeditating();
      }
      const heading = fields.heading as Heading;
      const x = this.x + stepX(heading);
      const y = this.y + stepY(heading);
      if (!this.free(x, y)) return;
      this.x = x;
      this.y = y;
    } else if (packet === MODIFY_SKILLS_PACKET) {
      this.skillDeltas.push([...(fields.skillDeltas as number[])]);
    } else if (packet === CAST_SPELL_PACKET) {
      this.selected = fields.slot as number;
      if (!this.silent && this.spellInSlot(this.selected) > 0) this.later("WorkRequestTarget", { skill: 1, isArea: false, radius: 0 });
    } else if (packet === WORK_LEFT_CLICK_PACKET) {
      this.click(fields.x as number, fields.y as number);
    } else if (packet === MEDITATE_PACKET) {
      if (this.meditating) this.stopMeditating();
      else if (this.mana < this.maxMana) {
        this.meditating = true;
        this.meditationTimer = this.clock.timers.after(MEDITATION_TICK_MS, () => this.meditationTick(), undefined);
      }
    }
  }

  private click(x: number, y: number): void {
    if (this.meditating) this.stopMeditating();
    const spell = this.spellInSlot(this.selected);
    this.selected = 0;
    if (spell === 0) return;
    const picked = this.pick(x, y);
    this.clicks.push({ atMs: this.clock.now(), spell, picked });
    const refusal = this.refuseNext;
    this.refuseNext = 0;
    if (refusal !== 0) return this.later("LocaleMsg", { messageId: refusal, params: "", fontIndex: 1 });
    const cost = SPELLS.manaOf(spell);
    if (this.mana < cost) return this.later("LocaleMsg", { messageId: 222, params: "", fontIndex: 1 });
    const role = SPELLS.roleOf(spell);
    if (role === "damage" && picked === OWN_CHAR) return this.later("LocaleMsg", { messageId: 380, params: "", fontIndex: 1 });
    if (picked === 0) return this.later("LocaleMsg", { messageId: 792, params: "", fontIndex: 1 });
    this.setMana(this.mana - cost);
    if (role === "heal" && picked === OWN_CHAR) {
      this.hp = Math.min(this.maxHp, this.hp + 6);
      this.later("TextOverChar", { text: "6", charIndex: OWN_CHAR, color: 0x00ff00 });
    } else if (role === "damage") {
      const left = (this.npcHp.get(picked) ?? 100) - 5;
      this.npcHp.set(picked, left);
      this.later("LocaleMsg", { messageId: 382, params: "5", fontIndex: 1 });
      this.later("TextOverChar", { text: "5", charIndex: picked, color: 0xff0000 });
      this.later("CharUpdateHP", { charIndex: picked, minHp: Math.max(0, left), maxHp: 100, shield: 0 });
      if (left <= 0) {
        this.npcs.delete(picked);
        this.later("CharacterRemove", { charIndex: picked, fadeOut: true, wasWarp: false });
      }
    }
  }

  private meditationTick(): void {
    if (!this.meditating) return;
    this.setMana(Math.min(this.maxMana, this.mana + MEDITATION_MANA));
    if (this.mana >= this.maxMana) this.stopMeditating();
    else this.meditationTimer = this.clock.timers.after(MEDITATION_TICK_MS, () => this.meditationTick(), undefined);
  }

  private stopMeditating(): void {
    this.meditating = false;
    this.clock.timers.cancel(this.meditationTimer);
  }
}

function tallyRecorder(): { tally: CastTally; counts: Record<string, number>; roles: SpellRole[] } {
  const counts: Record<string, number> = { requested: 0, sent: 0, hits: 0, kills: 0, mana: 0, meditations: 0, refused: 0, unanswered: 0, hitsTaken: 0, deaths: 0, givenUp: 0 };
  const roles: SpellRole[] = [];
  return {
    counts,
    roles,
    tally: {
      castRequested: () => void counts.requested!++,
      castSent: (_planned, role) => {
        counts.sent!++;
        roles.push(role);
      },
      spellHitSeen: () => void counts.hits!++,
      castKillSeen: () => void counts.kills!++,
      manaSpent: (amount) => void (counts.mana! += amount),
      meditationStarted: () => void counts.meditations!++,
      castRefused: () => void counts.refused!++,
      castUnanswered: () => void counts.unanswered!++,
      hitTaken: () => void counts.hitsTaken!++,
      died: () => void counts.deaths!++,
      targetGivenUp: () => void counts.givenUp!++,
    },
  };
}

function setup(x: number, y: number, options: Omit<CasterOptions, "views"> = {}, seed = 3, prepare?: (world: FakeWorld) => void) {
  let world: FakeWorld | undefined;
  const recording = createRecordingContext({
    seed,
    limits: SCENARIO_LIMITS,
    answer: (packet, fields) => {
      world!.receive(packet, fields);
      return "sent";
    },
  });
  world = new FakeWorld(x, y, recording.clock);
  world.deliver = (packet, fields) => recording.context.deliver(packet, fields, recording.clock.now());
  prepare?.(world);
  const { tally, counts, roles } = tallyRecorder();
  const caster = new CasterBehaviour({ views: (id) => (id === recording.context.actor.id ? world : undefined), spells: SPELLS, tally, ...options });
  caster.start(recording.context);
  return { ...recording, world, caster, counts, roles };
}

const chebyshev = (a: number, b: number) => Math.max(Math.abs((a >> 8) - (b >> 8)), Math.abs((a & 0xff) - (b & 0xff)));

describe("caster", () => {
  test("walks into range, stops, and casts its damage spell at the NPC: CastSpell, the server asks, the click above the NPC; one click per interval; hits, mana and kills counted", () => {
    const { world, caster, clock, sends, faults, counts, context } = setup(5, 5);
    world.npcs.set(WOLF, posKey(18, 16));
    world.npcHp.set(WOLF, 40);
    expect(context.budget.subscriptions).toBe(7);
    clock.advance(15_000);
    expect(faults).toEqual([]);
    // The free skill points went onto Magia (skill 1), once.
    expect(world.skillDeltas).toEqual([[10, ...new Array<number>(23).fill(0)]]);
    expect(named(sends, MODIFY_SKILLS_PACKET)).toHaveLength(1);
    // It stopped within range and cast from there: no step from the first cast to the kill.
    const firstCast = sends.findIndex((send) => send.packet === CAST_SPELL_PACKET);
    const lastClick = sends.findLastIndex((send) => send.packet === WORK_LEFT_CLICK_PACKET);
    expect(firstCast).toBeGreaterThan(0);
    expect(named(sends.slice(firstCast, lastClick), WALK_PACKET)).toEqual([]);
    expect(chebyshev(world.position, posKey(18, 16))).toBeLessThanOrEqual(CASTER_RANGE);
    // Every cast used the damage slot and every click picked the wolf (never the caster).
    expect(named(sends, CAST_SPELL_PACKET).every((send) => send.fields.slot === 1)).toBe(true);
    expect(world.clicks.length).toBe(8);
    expect(world.clicks.every((click) => click.picked === WOLF && click.spell === DART)).toBe(true);
    // The server's interval between clicks always held, and the cadence is not much slower.
    for (let i = 1; i < world.clicks.length; i++) {
      const gap = world.clicks[i]!.atMs - world.clicks[i - 1]!.atMs;
      expect(gap).toBeGreaterThanOrEqual(CAST_INTERVAL_MS);
      expect(gap).toBeLessThanOrEqual(CASTER_CAST_INTERVAL_MS + 2 * ANSWER_MS + 2);
    }
    // 40 HP, 5 a dart: eight darts, the last one kills (its removal right after the hit).
    expect([caster.casts, caster.castRequests, caster.hits, caster.kills, caster.manaSpent]).toEqual([8, 8, 8, 1, 80]);
    expect([counts.sent, counts.requested, counts.hits, counts.kills, counts.mana, counts.refused, counts.unanswered]).toEqual([8, 8, 8, 1, 80, 0, 0]);
    expect([caster.target, world.npcs.size]).toEqual([0, 0]);
    // Nothing left: it wanders and casts no more.
    const after = sends.length;
    clock.advance(3_000);
    expect(named(sends.slice(after), CAST_SPELL_PACKET)).toEqual([]);
    expect(named(sends.slice(after), WALK_PACKET).length).toBeGreaterThan(4);
  });

  test("the click picks the NPC even with the caster standing right below it", () => {
    expect(clickTileFor(posKey(10, 10))).toBe(posKey(10, 9));
    expect(clickTileFor(posKey(10, 1))).toBe(posKey(10, 1));
    const { world, clock, faults } = setup(10, 11, { castRange: 1 });
    world.npcs.set(WOLF, posKey(10, 10));
    // Boxed in below the wolf: it casts from where it stands.
    for (const [bx, by] of [[9, 11], [11, 11], [10, 12]] as const) world.blocked.add(posKey(bx, by));
    clock.advance(4_000);
    expect(faults).toEqual([]);
    expect(world.clicks.length).toBeGreaterThan(1);
    expect(world.clicks.every((click) => click.picked === WOLF)).toBe(true);
  });

  test("out of mana it meditates: stands still, asks once, waits for the server to end it, then casts again", () => {
    const { world, caster, clock, sends, counts } = setup(10, 10, {}, 5, (w) => {
      w.mana = 25;
    });
    world.npcs.set(WOLF, posKey(13, 10));
    world.npcHp.set(WOLF, 1_000);
    clock.advance(4_000);
    // Two darts, then 5 mana left: it sits down.
    expect(world.clicks.length).toBe(2);
    expect(caster.meditateRequests).toBe(1);
    expect(world.meditating).toBe(true);
    expect([caster.meditations, counts.meditations]).toEqual([1, 1]);
    const meditate = sends.find((send) => send.packet === MEDITATE_PACKET)!;
    // 95 mana at 8 every 400 ms: 4.8 s of meditation, then the server ends it.
    clock.advance(8_000);
    expect(world.meditating).toBe(false);
    const endedAt = meditate.atMs + 12 * MEDITATION_TICK_MS;
    expect(sends.filter((send) => send.atMs > meditate.atMs && send.atMs <= endedAt)).toEqual([]);
    expect(world.walksWhileMeditating).toBe(0);
    expect(world.clicks.length).toBeGreaterThan(2);
    // Mana spent counts what casting took, not what meditation gave back.
    expect(caster.manaSpent).toBe(10 * world.clicks.length);
    expect(counts.mana).toBe(caster.manaSpent);
  });

  test("the server's 'not enough mana' sends it to meditate even when it thought it could pay", () => {
    const { world, caster, clock, counts } = setup(10, 10, { spells: spellCatalog([{ id: DART, role: "damage", mana: Number.NaN }]) }, 5, (w) => {
      w.mana = 5;
    });
    world.npcs.set(WOLF, posKey(12, 10));
    clock.advance(2_000);
    expect(world.clicks.length).toBe(1);
    expect([caster.refused, counts.refused]).toEqual([1, 1]);
    expect(world.meditating).toBe(true);
    expect(caster.meditateRequests).toBe(1);
  });

  test("hurt, it heals itself (the click above its own tile); never with no healing spell in the book", () => {
    const { world, caster, clock, roles } = setup(10, 10, {}, 3, (w) => {
      w.hp = 6;
    });
    world.npcs.set(WOLF, posKey(12, 10));
    world.npcHp.set(WOLF, 1_000);
    clock.advance(6_000);
    expect(world.clicks[0]).toMatchObject({ spell: MEND, picked: OWN_CHAR });
    expect(caster.heals).toBeGreaterThanOrEqual(1);
    expect(roles[0]).toBe("heal");
    // Healed above the line: back to the wolf.
    expect(world.hp).toBeGreaterThanOrEqual(10);
    expect(world.clicks.at(-1)).toMatchObject({ spell: DART, picked: WOLF });
    // A book without healing: it fights on hurt.
    const other = setup(10, 10, {}, 3, (w) => {
      w.hp = 3;
      w.book = [0, DART];
    });
    other.world.npcs.set(WOLF, posKey(12, 10));
    other.clock.advance(3_000);
    expect(other.caster.heals).toBe(0);
    expect(other.world.clicks.every((click) => click.spell === DART)).toBe(true);
  });

  test("a holding spell in the book is cast instead of the damage spell by chance", () => {
    const book = [0, DART, HOLD];
    const always = setup(10, 10, { paralyzeChance: 1 }, 3, (w) => {
      w.book = book;
    });
    always.world.npcs.set(WOLF, posKey(12, 10));
    always.clock.advance(5_000);
    expect(always.world.clicks.length).toBeGreaterThan(1);
    expect(always.world.clicks.every((click) => click.spell === HOLD && click.picked === WOLF)).toBe(true);
    expect(always.caster.paralyses).toBe(always.world.clicks.length);
    expect(always.roles.every((role) => role === "paralyze")).toBe(true);
    const never = setup(10, 10, { paralyzeChance: 0 }, 3, (w) => {
      w.book = book;
    });
    never.world.npcs.set(WOLF, posKey(12, 10));
    never.clock.advance(5_000);
    expect(never.world.clicks.every((click) => click.spell === DART)).toBe(true);
    const some = setup(10, 10, { paralyzeChance: 0.5 }, 4, (w) => {
      w.book = book;
      w.mana = 10_000;
      w.maxMana = 10_000;
    });
    some.world.npcs.set(WOLF, posKey(12, 10));
    some.world.npcHp.set(WOLF, 100_000);
    some.clock.advance(60_000);
    const holds = some.world.clicks.filter((click) => click.spell === HOLD).length;
    expect(holds).toBeGreaterThan(some.world.clicks.length * 0.25);
    expect(holds).toBeLessThan(some.world.clicks.length * 0.75);
  });

  test("refusals: too little skill pauses that spell, a bad target is left alone, a selection never answered is dropped", () => {
    const skill = setup(10, 10);
    skill.world.npcs.set(WOLF, posKey(12, 10));
    skill.world.refuseNext = 1636;
    skill.clock.advance(3_000);
    expect(skill.world.clicks.length).toBe(1);
    expect(skill.caster.refused).toBe(1);
    skill.clock.advance(CASTER_IGNORE_MS - 4_000);
    expect(skill.world.clicks.length).toBe(1);
    skill.clock.advance(3_000);
    expect(skill.world.clicks.length).toBeGreaterThan(1);

    const target = setup(10, 10);
    target.world.npcs.set(WOLF, posKey(12, 10));
    target.world.refuseNext = 511;
    target.clock.advance(3_000);
    expect([target.world.clicks.length, target.caster.givenUp, target.counts.givenUp, target.caster.target]).toEqual([1, 1, 1, 0]);

    const silent = setup(10, 10, {}, 3, (w) => {
      w.silent = true;
    });
    silent.world.npcs.set(WOLF, posKey(12, 10));
    silent.clock.advance(CASTER_TARGET_WAIT_MS + 1_000);
    // Dropped after the wait, then selected again.
    expect([named(silent.sends, CAST_SPELL_PACKET).length, silent.caster.unanswered, silent.counts.unanswered, silent.world.clicks.length]).toEqual([2, 1, 1, 0]);
  });

  test("a target that never shows damage is left alone after as many clicks", () => {
    const { world, caster, clock } = setup(10, 10);
    // A tree of a target: the clicks land, nothing answers.
    world.npcs.set(WOLF, posKey(12, 10));
    const realClick = world.receive.bind(world);
    world.receive = (packet, fields) => {
      if (packet === WORK_LEFT_CLICK_PACKET) {
        world.clicks.push({ atMs: clock.now(), spell: DART, picked: WOLF });
        return;
      }
      realClick(packet, fields);
    };
    clock.advance(CASTER_CAST_INTERVAL_MS * (CASTER_GIVE_UP_AFTER_CASTS + 3));
    expect(world.clicks.length).toBe(CASTER_GIVE_UP_AFTER_CASTS);
    expect(caster.givenUp).toBe(1);
  });

  test("a ghost never casts nor meditates: it wanders or stands still; its deaths count once", () => {
    for (const whenDead of ["idle", "wander"] as const) {
      const { world, caster, clock, sends, counts, faults } = setup(10, 10, { whenDead });
      world.npcs.set(WOLF, posKey(12, 10));
      world.npcHp.set(WOLF, 1_000);
      clock.advance(3_000);
      expect(world.clicks.length).toBeGreaterThan(0);
      world.dead = true;
      world.deaths = 1;
      clock.advance(500);
      const at = sends.length;
      clock.advance(10_000);
      const after = sends.slice(at);
      expect(after.filter((send) => send.packet !== WALK_PACKET)).toEqual([]);
      if (whenDead === "idle") expect(after).toEqual([]);
      else expect(after.length).toBeGreaterThan(20);
      expect([caster.deaths, counts.deaths]).toEqual([1, 1]);
      world.dead = false;
      clock.advance(10_000);
      expect(named(sends.slice(at), CAST_SPELL_PACKET).length).toBeGreaterThan(0);
      expect(faults).toEqual([]);
    }
  });

  test("hostile or odd input never throws; a map change drops the target and the pending cast", () => {
    const { world, caster, clock, sends, faults, context } = setup(10, 10);
    world.npcs.set(WOLF, posKey(12, 10));
    clock.advance(2_000);
    const deliver = (packet: string, fields: PacketFields) => context.deliver(packet, fields, clock.now());
    for (const value of [0, -1, 32_767, Number.NaN, "7", undefined, null, {}]) {
      for (const packet of ["TextOverChar", "CharUpdateHP", "CharacterRemove", "NPCHitUser", "WorkRequestTarget", "UpdateMana", "LocaleMsg"]) {
        deliver(packet, { charIndex: value, skill: value, minMana: value, messageId: value } as PacketFields);
        deliver(packet, {});
      }
    }
    // A target request nobody asked for clicks nothing.
    const clicks = world.clicks.length;
    deliver("WorkRequestTarget", { skill: 1, isArea: false, radius: 0 });
    expect(world.clicks.length).toBe(clicks);
    world.map = 2;
    world.npcs.clear();
    clock.advance(3_000);
    expect(caster.target).toBe(0);
    expect(faults).toEqual([]);
    expect(named(sends, WALK_PACKET).length).toBeGreaterThan(0);
    expect(() => new CasterBehaviour({ castRange: 0 })).toThrow(RangeError);
    expect(() => new CasterBehaviour({ castRange: 14 })).toThrow(RangeError);
    expect(() => new CasterBehaviour({ healBelow: 2 })).toThrow(RangeError);
    expect(() => new CasterBehaviour({ paralyzeChance: -1 })).toThrow(RangeError);
    expect(() => new CasterBehaviour({ giveUpAfterCasts: 0 })).toThrow(RangeError);
    // No view at all: every think is a skip.
    const blind = createRecordingContext({ seed: 1 });
    let skips = 0;
    new CasterBehaviour({ views: () => undefined, onSkip: () => void skips++ }).start(blind.context);
    blind.clock.advance(5_000);
    expect([blind.sends, blind.faults]).toEqual([[], []]);
    expect(skips).toBeGreaterThan(10);
  });

  test("stop ends its timers; the same seed casts the same way; it stays within three timers", () => {
    const run = (seed: number) => {
      const { caster, clock, sends, context, world } = setup(3, 3, { paralyzeChance: 0.3 }, seed, (w) => {
        w.book = [0, DART, HOLD, MEND];
      });
      world.npcs.set(WOLF, posKey(14, 12));
      world.npcHp.set(WOLF, 10_000);
      world.blocked.add(posKey(8, 6));
      let worst = 0;
      for (let i = 0; i < 100; i++) {
        clock.advance(100);
        worst = Math.max(worst, context.timers.active);
      }
      expect(worst).toBeLessThanOrEqual(3);
      caster.stop(context);
      const stopped = sends.length;
      clock.advance(10_000);
      expect(sends.length).toBe(stopped);
      expect(context.timers.active).toBe(0);
      return sends.map((send) => `${send.atMs}:${send.packet}:${(send.fields.heading as number | undefined) ?? (send.fields.slot as number | undefined) ?? ""}`);
    };
    expect(run(4)).toEqual(run(4));
    expect(run(4)).not.toEqual(run(5));
  });
});
