/**
 * A fighter, for combat load: it hunts the NPCs its client knows of. Every think (211..410 ms
 * uniform like the walker, configurable) it picks the nearest known NPC in its window
 * (Manhattan; it keeps its target while no other is nearer), steps towards it on a legal heading
 * (one that shortens the distance and does not go straight back, when there is one; else any
 * legal one but back; else back), and once beside it turns to face it (`ChangeHeading`, only
 * when it is not facing it already) and sends `Attack` (the server strikes the tile in front)
 * no more often than the melee interval, on a timer of its own so the cadence does not depend
 * on the think time. With no NPC in sight it wanders like the map walker. Dead (a ghost) it
 * does not attack: it wanders or stands still, as configured.
 *
 * What it sees of its fights comes from the server's packets (AO20 §3.7): a hit is a
 * `TextOverChar` or `CharUpdateHP` on its target after its attack (one per attack: the two come
 * together; another player's hit on the same NPC looks the same), a miss its own `CharSwing`
 * with the text flag (a swing at an empty tile has none), a kill its target's `CharacterRemove`
 * soon after a hit, being hit an `NPCHitUser`, a death its session seeing it die. A target that
 * answers `giveUpAfterAttacks` attacks in a row with neither hit nor miss (not attackable, not
 * where the view says, a server that does not fight yet) is left alone for `ignoreMs`.
 */
import { headingOfDelta } from "../../game/movement/index.ts";
import { STOCK_INTERVALS_MS } from "../../protocol/index.ts";
import type { Behaviour, BehaviourContext, PacketFields, TimerHandle } from "../behaviour.ts";
import { TIMER_REFUSED } from "../behaviour.ts";
import { REFERENCE_WALK_THINK, type ThinkTime } from "../think-time.ts";
import { CHATTER_LINES } from "./chatter.ts";
import { ATTACK_FIELDS, ATTACK_PACKET, CHANGE_HEADING_FIELDS, CHANGE_HEADING_PACKET, TALK_PACKET, talkFields, WALK_FIELDS, WALK_PACKET } from "./packets.ts";
import { approachHeading, distance, IgnoredTargets, wanderHeading } from "./steering.ts";

/** The server's melee interval (`IntervaloUserPuedeAtacar`, AO20 §1.1). */
export const MELEE_INTERVAL_MS = STOCK_INTERVALS_MS.attackMs;
/**
 * Added to the melee interval: the server measures it between arrivals, so a send delayed on the
 * way must not bring the next one inside the interval.
 */
export const FIGHTER_ATTACK_MARGIN_MS = 35;
export const FIGHTER_ATTACK_INTERVAL_MS = MELEE_INTERVAL_MS + FIGHTER_ATTACK_MARGIN_MS;
/** Attacks in a row with no hit or miss seen before the fighter leaves a target alone. */
export const FIGHTER_GIVE_UP_AFTER_ATTACKS = 8;
/** How long a target it gave up on is left alone. */
export const FIGHTER_IGNORE_MS = 30_000;
/** A target's `CharacterRemove` this soon after a hit on it counts as a kill. */
export const FIGHTER_KILL_AFTER_HIT_MS = 1_000;

/** What the fighter reads about its own bot: see `CombatView` in ao20-session.ts. */
export interface FighterView {
  /** Headings (bit h-1) of the steps that look legal now; 0 when none or nothing known. */
  legalHeadings(allowExits: boolean): number;
  /** The map (char indexes are per map). */
  readonly map: number;
  /** Own char index (0: not in the world yet). */
  readonly charIndex: number;
  /** Own position as a posKey (x * 256 + y; 0 unknown). */
  readonly position: number;
  readonly dead: boolean;
  /** Deaths seen so far (a count, so a short death between two thinks is not missed). */
  readonly deaths: number;
  /** The nearest known NPC in the bot's window, not one in `skip`; 0 when none. */
  nearestNpc(skip?: ReadonlySet<number>): number;
  /** Where a known character stands (posKey), 0 when unknown. */
  positionOf(charIndex: number): number;
  isNpc(charIndex: number): boolean;
}

/** Finds an actor's view; called once when the behaviour starts. */
export type FighterViewSource = (actorId: number) => FighterView | undefined;

/** Where a run counts what its fighters do and see (the scenario's `RunLedger`). */
export interface FightTally {
  attackSent(plannedMs: number): void;
  hitSeen(): void;
  missSeen(): void;
  killSeen(): void;
  hitTaken(): void;
  died(): void;
  targetGivenUp(): void;
}

export type FighterWhenDead = "wander" | "idle";

export interface FighterOptions {
  /** Without views the fighter knows nothing and only skips its thinks. */
  readonly views?: FighterViewSource;
  /** Wait between thinks (default uniform 211..410 ms). */
  readonly think?: ThinkTime;
  /** Least time between two attacks (default the melee interval + FIGHTER_ATTACK_MARGIN_MS). */
  readonly attackIntervalMs?: number;
  /** Wandering (no NPC in sight) may step onto exits. Chasing never does. Default false. */
  readonly allowExits?: boolean;
  /** A ghost wanders (default) or stands still; it never attacks. */
  readonly whenDead?: FighterWhenDead;
  readonly giveUpAfterAttacks?: number;
  readonly ignoreMs?: number;
  /** Talk on this think time; no talking without it. */
  readonly chatThink?: ThinkTime;
  readonly tally?: FightTally;
  /** Counts thinks that could not step: nothing legal, or nothing known. */
  readonly onSkip?: () => void;
}

const CHAT_LINES: readonly PacketFields[] = CHATTER_LINES.map(talkFields);
const TARGET_PACKETS = ["TextOverChar", "CharUpdateHP", "CharacterRemove", "NPCHitUser", "CharSwing"] as const;

export class FighterBehaviour implements Behaviour {
  readonly name = "fighter";
  /** The NPC it is after (char index on `map`), 0 when none. */
  target = 0;
  steps = 0;
  skipped = 0;
  turns = 0;
  attacks = 0;
  hits = 0;
  misses = 0;
  kills = 0;
  hitsTaken = 0;
  deaths = 0;
  givenUp = 0;
  said = 0;
  private view: FighterView | undefined;
  private context: BehaviourContext | undefined;
  private map = 0;
  /** The heading the server has for us: the last one we walked or turned to (0 unknown). */
  private facing = 0;
  private lastStep = 0;
  private nextAttackAtMs = Number.NEGATIVE_INFINITY;
  /** The last attack has had no answer (hit or miss) yet. */
  private attackOpen = false;
  /** Attacks on the target in a row that got no answer. */
  private unanswered = 0;
  private lastHitAtMs = Number.NaN;
  private seenDeaths = 0;
  /** Targets given up on, and until when. */
  private readonly ignored = new IgnoredTargets();
  private thinkTimer: TimerHandle = TIMER_REFUSED;
  private attackTimer: TimerHandle = TIMER_REFUSED;
  private chatTimer: TimerHandle = TIMER_REFUSED;
  private readonly thinkTime: ThinkTime;
  private readonly attackIntervalMs: number;
  private readonly allowExits: boolean;
  private readonly whenDead: FighterWhenDead;
  private readonly giveUpAfter: number;
  private readonly ignoreMs: number;

  constructor(private readonly options: FighterOptions = {}) {
    this.thinkTime = options.think ?? REFERENCE_WALK_THINK;
    this.attackIntervalMs = options.attackIntervalMs ?? FIGHTER_ATTACK_INTERVAL_MS;
    this.allowExits = options.allowExits ?? false;
    this.whenDead = options.whenDead ?? "wander";
    this.giveUpAfter = options.giveUpAfterAttacks ?? FIGHTER_GIVE_UP_AFTER_ATTACKS;
    this.ignoreMs = options.ignoreMs ?? FIGHTER_IGNORE_MS;
    if (!(this.attackIntervalMs >= 0)) throw new RangeError(`attackIntervalMs must be >= 0, got ${this.attackIntervalMs}`);
    if (!(Number.isInteger(this.giveUpAfter) && this.giveUpAfter >= 1)) throw new RangeError(`giveUpAfterAttacks must be a whole number >= 1, got ${this.giveUpAfter}`);
  }

  start(context: BehaviourContext): void {
    this.context = context;
    this.view = this.options.views?.(context.actor.id);
    this.seenDeaths = this.view?.deaths ?? 0;
    for (const packet of TARGET_PACKETS) {
      const subscription = context.subscribe(packet, this.received[packet]);
      if (!subscription.ok) context.log.warn({ actor: context.actor.id, packet, code: subscription.code }, "fighter: cannot subscribe, its counters will miss this packet");
    }
    this.thinkTimer = context.timers.every(this.thinkTime, this.think);
    if (this.thinkTimer === TIMER_REFUSED) context.log.warn({ actor: context.actor.id }, "fighter: no timer budget, not fighting");
    if (this.options.chatThink) this.chatTimer = context.timers.every(this.options.chatThink, this.talk);
  }

  stop(context: BehaviourContext): void {
    context.timers.cancel(this.thinkTimer);
    context.timers.cancel(this.attackTimer);
    context.timers.cancel(this.chatTimer);
    this.thinkTimer = TIMER_REFUSED;
    this.attackTimer = TIMER_REFUSED;
    this.chatTimer = TIMER_REFUSED;
  }

  // --- thinking -------------------------------------------------------------------------------

  private readonly think = (plannedMs: number, context: BehaviourContext): void => {
    const view = this.view;
    if (view === undefined) {
      this.skip();
      return;
    }
    this.noteDeaths(view);
    if (view.map !== this.map) {
      // Char indexes name other characters on another map.
      this.map = view.map;
      this.dropTarget();
      this.ignored.clear();
      this.lastStep = 0;
    }
    if (view.dead) {
      this.dropTarget();
      if (this.whenDead === "wander") this.wander(view, plannedMs, context);
      return;
    }
    const target = this.chooseTarget(view, context.clock.now());
    const here = view.position;
    const there = target === 0 ? 0 : view.positionOf(target);
    const gap = here === 0 || there === 0 ? 0 : distance(here, there);
    if (gap === 0) {
      // Nothing to fight (or it stands on our tile, where no attack reaches it).
      this.wander(view, plannedMs, context);
      return;
    }
    if (gap === 1) {
      this.strike(view, plannedMs, context);
      return;
    }
    this.approach(view, (there >> 8) - (here >> 8), (there & 0xff) - (here & 0xff), plannedMs, context);
  };

  /** Keeps the target unless it is gone or another NPC is nearer; returns it (0: none). */
  private chooseTarget(view: FighterView, nowMs: number): number {
    this.ignored.expire(nowMs);
    if (this.target !== 0 && this.ignored.lost(view, this.target)) this.dropTarget();
    const nearer = this.ignored.nearer(view, this.target);
    if (nearer !== 0) this.setTarget(nearer);
    return this.target;
  }

  private approach(view: FighterView, dx: number, dy: number, plannedMs: number, context: BehaviourContext): void {
    const legal = view.legalHeadings(false);
    if (legal === 0) {
      this.skip();
      return;
    }
    this.walk(approachHeading(legal, this.lastStep, dx, dy, context.random), plannedMs, context);
  }

  private wander(view: FighterView, plannedMs: number, context: BehaviourContext): void {
    const legal = view.legalHeadings(this.allowExits);
    if (legal === 0) {
      this.skip();
      return;
    }
    this.walk(wanderHeading(legal, context.random), plannedMs, context);
  }

  private walk(heading: number, plannedMs: number, context: BehaviourContext): void {
    if (context.send(WALK_PACKET, WALK_FIELDS[heading], plannedMs) !== "sent") return;
    this.steps++;
    this.lastStep = heading;
    // The server turns a player to the heading of every Walk, taken or refused.
    this.facing = heading;
  }

  private skip(): void {
    this.skipped++;
    this.options.onSkip?.();
  }

  // --- attacking ------------------------------------------------------------------------------

  /** Beside the target: turn if needed and attack, or wait for the interval on the attack timer. */
  private strike(view: FighterView, plannedMs: number, context: BehaviourContext): void {
    const nowMs = context.clock.now();
    if (nowMs < this.nextAttackAtMs) {
      if (this.attackTimer === TIMER_REFUSED) this.attackTimer = context.timers.at(this.nextAttackAtMs, this.attackDue);
      return;
    }
    if (this.attackOpen && ++this.unanswered >= this.giveUpAfter) {
      this.giveUp(nowMs);
      return;
    }
    const here = view.position;
    const there = view.positionOf(this.target);
    const heading = headingOfDelta((there >> 8) - (here >> 8), (there & 0xff) - (here & 0xff), 3);
    if (this.facing !== heading) {
      if (context.send(CHANGE_HEADING_PACKET, CHANGE_HEADING_FIELDS[heading], plannedMs) !== "sent") return;
      this.facing = heading;
      this.turns++;
    }
    if (context.send(ATTACK_PACKET, ATTACK_FIELDS, plannedMs) !== "sent") return;
    this.attacks++;
    this.nextAttackAtMs = nowMs + this.attackIntervalMs;
    this.attackOpen = true;
    this.options.tally?.attackSent(plannedMs);
  }

  /** The interval is over: attack if the target is still beside us and we are alive. */
  private readonly attackDue = (plannedMs: number, context: BehaviourContext): void => {
    this.attackTimer = TIMER_REFUSED;
    const view = this.view;
    if (view === undefined || view.dead || this.target === 0) return;
    const here = view.position;
    const there = view.positionOf(this.target);
    if (here === 0 || there === 0 || distance(here, there) !== 1) return;
    this.strike(view, plannedMs, context);
  };

  private giveUp(nowMs: number): void {
    const target = this.target;
    this.givenUp++;
    this.options.tally?.targetGivenUp();
    this.ignored.add(target, nowMs + this.ignoreMs);
    this.dropTarget();
  }

  private setTarget(charIndex: number): void {
    this.dropTarget();
    this.target = charIndex;
  }

  private dropTarget(): void {
    this.target = 0;
    this.attackOpen = false;
    this.unanswered = 0;
    this.lastHitAtMs = Number.NaN;
    if (this.attackTimer !== TIMER_REFUSED) {
      this.context?.timers.cancel(this.attackTimer);
      this.attackTimer = TIMER_REFUSED;
    }
  }

  private noteDeaths(view: FighterView): void {
    const deaths = view.deaths;
    if (!(deaths > this.seenDeaths)) return;
    for (let i = this.seenDeaths; i < deaths; i++) {
      this.deaths++;
      this.options.tally?.died();
    }
    this.seenDeaths = deaths;
  }

  // --- what the server says -------------------------------------------------------------------

  private onTargetDamaged(fields: PacketFields, receivedAtMs: number): void {
    if (this.target === 0 || fields.charIndex !== this.target || !this.attackOpen) return;
    this.attackOpen = false;
    this.unanswered = 0;
    this.lastHitAtMs = receivedAtMs;
    this.hits++;
    this.options.tally?.hitSeen();
  }

  private readonly received: Readonly<Record<(typeof TARGET_PACKETS)[number], (fields: PacketFields, receivedAtMs: number) => void>> = {
    TextOverChar: (fields, receivedAtMs) => this.onTargetDamaged(fields, receivedAtMs),
    CharUpdateHP: (fields, receivedAtMs) => this.onTargetDamaged(fields, receivedAtMs),
    CharacterRemove: (fields, receivedAtMs) => {
      if (this.target === 0 || fields.charIndex !== this.target) return;
      if (receivedAtMs - this.lastHitAtMs <= FIGHTER_KILL_AFTER_HIT_MS) {
        this.kills++;
        this.options.tally?.killSeen();
      }
      this.dropTarget();
    },
    NPCHitUser: () => {
      this.hitsTaken++;
      this.options.tally?.hitTaken();
    },
    CharSwing: (fields) => {
      // Our swing with the text flag: the attack reached an NPC and missed (an empty tile has none).
      const own = this.view?.charIndex ?? 0;
      if (own === 0 || fields.charIndex !== own || fields.showText !== true || !this.attackOpen) return;
      this.attackOpen = false;
      this.unanswered = 0;
      this.misses++;
      this.options.tally?.missSeen();
    },
  };

  private readonly talk = (plannedMs: number, context: BehaviourContext): void => {
    if (context.send(TALK_PACKET, context.random.pick(CHAT_LINES), plannedMs) === "sent") this.said++;
  };
}
