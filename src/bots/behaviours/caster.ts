/**
 * A caster, for magic load: a mage that hunts the NPCs its client knows of with spells, from a
 * distance. Every think (211..410 ms uniform like the walker, configurable) it picks the nearest
 * known NPC in its window (as the fighter does: Manhattan, it keeps its target while no other is
 * nearer) and walks towards it until it stands within `castRange` tiles (Chebyshev, default 5;
 * the server takes a click up to 15 × 13 tiles away and a target up to 13 rows away). There it
 * stands and casts, the way the stock client does (AO20 §5.2):
 *
 *   `CastSpell(slot)` → the server answers `WorkRequestTarget(1, isArea, radius)` →
 *   `WorkLeftClick(x, y, 1)` on the NPC (the tile above its feet: `clickTileFor`) →
 *   `UpdateMana`, and on the NPC the damage (`TextOverChar` / `CharUpdateHP`, LocaleMsg 382).
 *
 * A click at most every `castIntervalMs` (the server's 1230 ms spell interval, counted between
 * clicks, plus a 35 ms margin), on a timer of its own so the cadence does not ride on the think.
 * Which slot holds which spell it reads from its book (`ChangeSpellSlot` of the login burst,
 * kept by the session) and a `SpellCatalog` (spell-roles.ts: the server's `/api/world` names).
 * Besides the damage spell:
 *
 * - **Meditation**: when it cannot pay for its damage spell (the catalogue's mana, or the
 *   server's "not enough mana", Msg222) it stops, sends `Meditate` and waits; the server ends
 *   the meditation at full mana (or a blow breaks it), and it goes back to casting.
 * - **Healing**: below `healBelow` of its HP, with a healing spell in the book, it casts it on
 *   itself (the click on its own tile).
 * - **Paralysis**: with a holding spell in the book, a cast is that one instead of the damage
 *   spell with probability `paralyzeChance`.
 * - **Skill points**: a new character has free skill points and no Magia; AO20's Dardo Mágico
 *   wants 5. With `spendSkillPoints` (default) it puts them all on Magia (`ModifySkills`) once.
 *
 * What it counts (its own fields and the run's ledger through `tally`): `CastSpell` sent
 * (`castRequests`), casts completed with a click (`casts`, and of them `heals`, `paralyses`), a
 * hit (`hits`) the first `TextOverChar` / `CharUpdateHP` on its target after a damage click, a
 * kill the target's `CharacterRemove` within 1 s of a hit, the mana spent (every fall of
 * `UpdateMana`), meditations seen starting (`meditations`), refusals (`refused`: the
 * `PuedeLanzar` locale lines after a cast) and selections the server never asked a target for
 * (`unanswered`). A target that answers `giveUpAfterCasts` damage clicks in a row with nothing is
 * left alone for `ignoreMs`; a role the server refuses for lack of skill (Msg1636) waits as long.
 * It holds seven subscriptions and up to three timers (think, cast, chat).
 */
import { SPELL_SLOT_COUNT } from "../../game/character/index.ts";
import { SPELL_MESSAGE } from "../../game/spells/index.ts";
import { STOCK_INTERVALS_MS, WorkSkill } from "../../protocol/index.ts";
import type { Behaviour, BehaviourContext, PacketFields, TimerHandle } from "../behaviour.ts";
import { TIMER_REFUSED } from "../behaviour.ts";
import { REFERENCE_WALK_THINK, type ThinkTime } from "../think-time.ts";
import { CHATTER_LINES } from "./chatter.ts";
import type { FighterView, FighterWhenDead } from "./fighter.ts";
import {
  CAST_SPELL_FIELDS,
  CAST_SPELL_PACKET,
  MEDITATE_FIELDS,
  MEDITATE_PACKET,
  modifySkillsFields,
  MODIFY_SKILLS_PACKET,
  TALK_PACKET,
  talkFields,
  WALK_FIELDS,
  WALK_PACKET,
  WORK_LEFT_CLICK_PACKET,
} from "./packets.ts";
import { DEFAULT_SPELL_CATALOG, type SpellCatalog, type SpellRole } from "./spell-roles.ts";
import { approachHeading, chebyshev, distance, IgnoredTargets, wanderHeading } from "./steering.ts";

/** The server's spell interval (`IntervaloLanzaHechizo`, AO20 §1.1), between two clicks. */
export const CAST_INTERVAL_MS = STOCK_INTERVALS_MS.castSpellMs;
/** Added to the interval: the server measures it between arrivals. */
export const CASTER_CAST_MARGIN_MS = 35;
export const CASTER_CAST_INTERVAL_MS = CAST_INTERVAL_MS + CASTER_CAST_MARGIN_MS;
/** Casts from at most this many tiles away (Chebyshev). */
export const CASTER_RANGE = 5;
/** A `CastSpell` the server has not answered with `WorkRequestTarget` after this long is dropped. */
export const CASTER_TARGET_WAIT_MS = 2_000;
/** A `Meditate` not seen taking effect after this long is sent again. */
export const CASTER_MEDITATE_WAIT_MS = 3_000;
/** Heals itself below this share of its HP. */
export const CASTER_HEAL_BELOW = 0.5;
/** Share of casts that use the paralysis spell, when the book has one. */
export const CASTER_PARALYZE_CHANCE = 0.2;
export const CASTER_GIVE_UP_AFTER_CASTS = 8;
export const CASTER_IGNORE_MS = 30_000;
/** A target's `CharacterRemove` this soon after a hit on it counts as a kill. */
export const CASTER_KILL_AFTER_HIT_MS = 1_000;
/** A refusal line this soon after a click is taken as the answer to it. */
const REFUSAL_AFTER_CLICK_MS = 2_000;

/** Locale 511: the target may not be attacked (a citizen's own pet); named only by the map's spell system so far. */
const NOT_ATTACKABLE_TARGET = 511;
/** Locale 572: nobody's pet may be attacked on a safe map; named only by the map's spell system so far. */
const SAFE_AREA_TARGET = 572;

/**
 * Locale lines of `PuedeLanzar` and the target checks (VB6 `modHechizos.bas`): the server's
 * `SPELL_MESSAGE` (`game/spells`); the cast was refused and nothing was paid.
 */
export const CAST_REFUSAL_MESSAGES = {
  notEnoughMana: SPELL_MESSAGE.notEnoughMana,
  magicSkillTooLow: SPELL_MESSAGE.magicSkillTooLow,
  tired: SPELL_MESSAGE.tired,
  /** The target: dead, too far, NPCs only / users only / invalid, no effect, immune, not attackable, safe zone. */
  target: [
    SPELL_MESSAGE.targetDead,
    SPELL_MESSAGE.tooFar,
    SPELL_MESSAGE.usersOnly,
    SPELL_MESSAGE.npcsOnly,
    SPELL_MESSAGE.invalidTarget,
    SPELL_MESSAGE.noEffect,
    SPELL_MESSAGE.npcImmuneToThis,
    NOT_ATTACKABLE_TARGET,
    SAFE_AREA_TARGET,
  ],
  /** The caster: dead, stunned, no magic here, mounted, cooldown, needs an object / HP / a staff / an instrument, level. */
  other: [
    SPELL_MESSAGE.dead,
    SPELL_MESSAGE.stunned,
    SPELL_MESSAGE.noMagicZone,
    SPELL_MESSAGE.mounted,
    SPELL_MESSAGE.cooldown,
    SPELL_MESSAGE.needsObject,
    SPELL_MESSAGE.notEnoughHp,
    SPELL_MESSAGE.needsStaff,
    SPELL_MESSAGE.staffTooWeak,
    SPELL_MESSAGE.needsInstrument,
    SPELL_MESSAGE.levelTooHigh,
  ],
} as const;
const TARGET_REFUSALS: ReadonlySet<number> = new Set(CAST_REFUSAL_MESSAGES.target);
const OTHER_REFUSALS: ReadonlySet<number> = new Set(CAST_REFUSAL_MESSAGES.other);

/** What the caster reads about its own bot: the fighter's view, its mana, book and meditation (ao20-session.ts). */
export interface CasterView extends FighterView {
  /** Own HP and its maximum as last told; NaN before the server said. */
  readonly hp: number;
  readonly maxHp: number;
  readonly mana: number;
  readonly maxMana: number;
  /** The server shows our char meditating (`MeditateToggle` with an FX). */
  readonly meditating: boolean;
  /** Free skill points as the server last told (`LevelUp`); 0 unknown. */
  readonly freeSkillPoints: number;
  /** Grows with every change of the book, so the caster re-reads it only then. */
  readonly bookVersion: number;
  /** The spell in book slot `slot` (1..40), 0 when empty or unknown. */
  spellInSlot(slot: number): number;
}

export type CasterViewSource = (actorId: number) => CasterView | undefined;

/** Where a run counts what its casters do and see (the scenario's `RunLedger`). */
export interface CastTally {
  /** A `CastSpell` went out. */
  castRequested(plannedMs: number): void;
  /** A cast was completed with its click. */
  castSent(plannedMs: number, role: SpellRole): void;
  spellHitSeen(): void;
  castKillSeen(): void;
  manaSpent(amount: number): void;
  meditationStarted(): void;
  castRefused(): void;
  castUnanswered(): void;
  hitTaken(): void;
  died(): void;
  targetGivenUp(): void;
}

export interface CasterOptions {
  /** Without views the caster knows nothing and only skips its thinks. */
  readonly views?: CasterViewSource;
  /** What its spells are for and cost (default: the default world's spells by number). */
  readonly spells?: SpellCatalog;
  readonly think?: ThinkTime;
  /** Least time between two clicks (default the spell interval + CASTER_CAST_MARGIN_MS). */
  readonly castIntervalMs?: number;
  /** Casts from at most this many tiles (Chebyshev, default 5). */
  readonly castRange?: number;
  readonly targetWaitMs?: number;
  readonly meditateWaitMs?: number;
  /** Heals itself below this share of its HP (0: never). */
  readonly healBelow?: number;
  readonly paralyzeChance?: number;
  /** Put the free skill points on Magia once (default true). */
  readonly spendSkillPoints?: boolean;
  readonly allowExits?: boolean;
  readonly whenDead?: FighterWhenDead;
  readonly giveUpAfterCasts?: number;
  readonly ignoreMs?: number;
  readonly chatThink?: ThinkTime;
  readonly tally?: CastTally;
  readonly onSkip?: () => void;
}

const CHAT_LINES: readonly PacketFields[] = CHATTER_LINES.map(talkFields);
const CASTER_PACKETS = ["TextOverChar", "CharUpdateHP", "CharacterRemove", "NPCHitUser", "WorkRequestTarget", "UpdateMana", "LocaleMsg"] as const;
/** A pending cast on ourselves (heal) rather than an NPC. */
const SELF = -1;

/**
 * Where to click to pick the character standing on `at` (posKey). The server's `LookatTile`
 * takes the character just BELOW the clicked tile first, then the one on it (a click on a tall
 * sprite's head): clicking the NPC's own tile picks whoever stands under it, the caster itself
 * when it casts from there. One tile above always picks the one on `at`, as a player clicking
 * the sprite's head does; on the map's top row (no tile above) the tile itself.
 */
export function clickTileFor(at: number): number {
  return (at & 0xff) > 1 ? at - 1 : at;
}

export class CasterBehaviour implements Behaviour {
  readonly name = "caster";
  /** The NPC it is after (char index on `map`), 0 when none. */
  target = 0;
  steps = 0;
  skipped = 0;
  castRequests = 0;
  casts = 0;
  heals = 0;
  paralyses = 0;
  hits = 0;
  kills = 0;
  manaSpent = 0;
  meditations = 0;
  meditateRequests = 0;
  refused = 0;
  unanswered = 0;
  hitsTaken = 0;
  deaths = 0;
  givenUp = 0;
  said = 0;
  skillPointsSpent = 0;
  private view: CasterView | undefined;
  private context: BehaviourContext | undefined;
  private map = 0;
  private lastStep = 0;
  private nextCastAtMs = Number.NEGATIVE_INFINITY;
  /** The role of the `CastSpell` waiting for `WorkRequestTarget`, undefined when none. */
  private pending: SpellRole | undefined;
  private pendingSinceMs = 0;
  /** Whom the pending cast is for: an NPC's char index, or SELF. */
  private pendingOn = 0;
  private lastClickAtMs = Number.NEGATIVE_INFINITY;
  private lastClickRole: SpellRole | undefined;
  /** The last damage click has had no answer yet. */
  private castOpen = false;
  private unansweredInRow = 0;
  private lastHitAtMs = Number.NaN;
  private seenDeaths = 0;
  private lastMana = Number.NaN;
  /** The server said there is not mana enough: meditate before the next cast. */
  private manaShort = false;
  /** In the meditation phase: asked for it, waiting for it to start and end. */
  private meditatingPhase = false;
  private meditateSentAtMs = Number.NEGATIVE_INFINITY;
  private sawMeditating = false;
  private skillsDone = false;
  private bookVersion = -1;
  private readonly slotOf: Record<SpellRole, number> = { damage: 0, heal: 0, paralyze: 0 };
  /** A role the server refused for lack of skill, until when. */
  private readonly blockedUntil: Record<SpellRole, number> = { damage: Number.NEGATIVE_INFINITY, heal: Number.NEGATIVE_INFINITY, paralyze: Number.NEGATIVE_INFINITY };
  private readonly ignored = new IgnoredTargets();
  private thinkTimer: TimerHandle = TIMER_REFUSED;
  private castTimer: TimerHandle = TIMER_REFUSED;
  private chatTimer: TimerHandle = TIMER_REFUSED;
  private readonly spells: SpellCatalog;
  private readonly thinkTime: ThinkTime;
  private readonly castIntervalMs: number;
  private readonly castRange: number;
  private readonly targetWaitMs: number;
  private readonly meditateWaitMs: number;
  private readonly healBelow: number;
  private readonly paralyzeChance: number;
  private readonly allowExits: boolean;
  private readonly whenDead: FighterWhenDead;
  private readonly giveUpAfter: number;
  private readonly ignoreMs: number;

  constructor(private readonly options: CasterOptions = {}) {
    this.spells = options.spells ?? DEFAULT_SPELL_CATALOG;
    this.thinkTime = options.think ?? REFERENCE_WALK_THINK;
    this.castIntervalMs = options.castIntervalMs ?? CASTER_CAST_INTERVAL_MS;
    this.castRange = options.castRange ?? CASTER_RANGE;
    this.targetWaitMs = options.targetWaitMs ?? CASTER_TARGET_WAIT_MS;
    this.meditateWaitMs = options.meditateWaitMs ?? CASTER_MEDITATE_WAIT_MS;
    this.healBelow = options.healBelow ?? CASTER_HEAL_BELOW;
    this.paralyzeChance = options.paralyzeChance ?? CASTER_PARALYZE_CHANCE;
    this.allowExits = options.allowExits ?? false;
    this.whenDead = options.whenDead ?? "wander";
    this.giveUpAfter = options.giveUpAfterCasts ?? CASTER_GIVE_UP_AFTER_CASTS;
    this.ignoreMs = options.ignoreMs ?? CASTER_IGNORE_MS;
    if (!(this.castIntervalMs >= 0)) throw new RangeError(`castIntervalMs must be >= 0, got ${this.castIntervalMs}`);
    if (!(Number.isInteger(this.castRange) && this.castRange >= 1 && this.castRange <= 13)) throw new RangeError(`castRange must be a whole number 1..13, got ${this.castRange}`);
    if (!(this.targetWaitMs > 0) || !(this.meditateWaitMs > 0)) throw new RangeError("targetWaitMs and meditateWaitMs must be > 0");
    if (!(this.healBelow >= 0 && this.healBelow <= 1)) throw new RangeError(`healBelow must be within 0..1, got ${this.healBelow}`);
    if (!(this.paralyzeChance >= 0 && this.paralyzeChance <= 1)) throw new RangeError(`paralyzeChance must be within 0..1, got ${this.paralyzeChance}`);
    if (!(Number.isInteger(this.giveUpAfter) && this.giveUpAfter >= 1)) throw new RangeError(`giveUpAfterCasts must be a whole number >= 1, got ${this.giveUpAfter}`);
  }

  start(context: BehaviourContext): void {
    this.context = context;
    this.view = this.options.views?.(context.actor.id);
    this.seenDeaths = this.view?.deaths ?? 0;
    this.lastMana = this.view?.mana ?? Number.NaN;
    for (const packet of CASTER_PACKETS) {
      const subscription = context.subscribe(packet, this.received[packet]);
      if (!subscription.ok) context.log.warn({ actor: context.actor.id, packet, code: subscription.code }, "caster: cannot subscribe, it will miss this packet");
    }
    this.thinkTimer = context.timers.every(this.thinkTime, this.think);
    if (this.thinkTimer === TIMER_REFUSED) context.log.warn({ actor: context.actor.id }, "caster: no timer budget, not casting");
    if (this.options.chatThink) this.chatTimer = context.timers.every(this.options.chatThink, this.talk);
  }

  stop(context: BehaviourContext): void {
    context.timers.cancel(this.thinkTimer);
    context.timers.cancel(this.castTimer);
    context.timers.cancel(this.chatTimer);
    this.thinkTimer = TIMER_REFUSED;
    this.castTimer = TIMER_REFUSED;
    this.chatTimer = TIMER_REFUSED;
  }

  /** The book slot it casts `role` from (0: none in the book). */
  slotFor(role: SpellRole): number {
    return this.slotOf[role];
  }

  // --- thinking -------------------------------------------------------------------------------

  private readonly think = (plannedMs: number, context: BehaviourContext): void => {
    const view = this.view;
    if (view === undefined) {
      this.skip();
      return;
    }
    const nowMs = context.clock.now();
    this.noteDeaths(view);
    if (view.map !== this.map) {
      // Char indexes name other characters on another map; leaving a map ends a meditation.
      this.map = view.map;
      this.dropTarget();
      this.pending = undefined;
      this.meditatingPhase = false;
      this.sawMeditating = false;
      this.ignored.clear();
      this.lastStep = 0;
    }
    if (view.charIndex === 0) {
      this.skip();
      return;
    }
    // A level-up or the login stats may move mana without an UpdateMana: not spent.
    if (view.mana === view.mana) this.lastMana = view.mana;
    if (!this.skillsDone) this.spendSkillPoints(view, plannedMs, context);
    if (view.bookVersion !== this.bookVersion) this.readBook(view);
    if (view.dead) {
      this.dropTarget();
      this.pending = undefined;
      this.meditatingPhase = false;
      this.sawMeditating = false;
      if (this.whenDead === "wander") this.wander(view, plannedMs, context);
      return;
    }
    if (this.pending !== undefined) {
      if (nowMs - this.pendingSinceMs < this.targetWaitMs) return;
      // The server never asked for the target (a self-cast spell, a lost packet, no magic): drop it.
      this.pending = undefined;
      this.unanswered++;
      this.options.tally?.castUnanswered();
    }
    if (this.meditatingPhase) {
      this.meditate(view, nowMs, plannedMs, context);
      return;
    }
    if (this.wantsHeal(view, nowMs)) {
      if (nowMs >= this.nextCastAtMs) this.requestCast("heal", SELF, plannedMs, context);
      else this.armCastTimer(context);
      return;
    }
    const target = this.chooseTarget(view, nowMs);
    const here = view.position;
    const there = target === 0 ? 0 : view.positionOf(target);
    const gap = here === 0 || there === 0 ? 0 : distance(here, there);
    if (gap === 0 || !this.canEverCast(view)) {
      // Nothing to cast at (or nothing to cast): wander.
      this.wander(view, plannedMs, context);
      return;
    }
    if (chebyshev(here, there) <= this.castRange) {
      this.castAtTarget(view, nowMs, plannedMs, context);
      return;
    }
    this.approach(view, (there >> 8) - (here >> 8), (there & 0xff) - (here & 0xff), plannedMs, context);
  };

  /** Once: the free skill points onto Magia (a new character has no Magia; AO20's first spell wants 5). */
  private spendSkillPoints(view: CasterView, plannedMs: number, context: BehaviourContext): void {
    if (this.options.spendSkillPoints === false) {
      this.skillsDone = true;
      return;
    }
    const points = view.freeSkillPoints;
    if (!(points > 0)) return;
    if (context.send(MODIFY_SKILLS_PACKET, modifySkillsFields(WorkSkill.Magic, Math.min(points, 100)), plannedMs) !== "sent") return;
    this.skillsDone = true;
    this.skillPointsSpent = points;
  }

  private readBook(view: CasterView): void {
    this.bookVersion = view.bookVersion;
    this.slotOf.damage = 0;
    this.slotOf.heal = 0;
    this.slotOf.paralyze = 0;
    for (let slot = 1; slot <= SPELL_SLOT_COUNT; slot++) {
      const spell = view.spellInSlot(slot);
      if (spell <= 0) continue;
      const role = this.spells.roleOf(spell);
      if (role !== undefined && this.slotOf[role] === 0) this.slotOf[role] = slot;
    }
  }

  /** A damage spell in the book that its mana can ever pay for. */
  private canEverCast(view: CasterView): boolean {
    if (this.slotOf.damage === 0) return false;
    const cost = this.spells.manaOf(view.spellInSlot(this.slotOf.damage));
    return !(cost > view.maxMana);
  }

  /** Can it pay for `role`'s spell now (unknown costs or mana: yes, the server will say)? */
  private affords(view: CasterView, role: SpellRole): boolean {
    const cost = this.spells.manaOf(view.spellInSlot(this.slotOf[role]));
    const mana = view.mana;
    return !(cost === cost && mana === mana) || mana >= cost;
  }

  private usable(view: CasterView, role: SpellRole, nowMs: number): boolean {
    return this.slotOf[role] !== 0 && nowMs >= this.blockedUntil[role] && this.affords(view, role);
  }

  private wantsHeal(view: CasterView, nowMs: number): boolean {
    if (!(this.healBelow > 0) || !(view.hp === view.hp && view.maxHp > 0)) return false;
    return view.hp < view.maxHp * this.healBelow && this.usable(view, "heal", nowMs);
  }

  /** In range of the target: cast now, wait for the interval, or meditate first. */
  private castAtTarget(view: CasterView, nowMs: number, plannedMs: number, context: BehaviourContext): void {
    if (this.manaShort || (this.slotOf.damage !== 0 && !this.affords(view, "damage"))) {
      this.startMeditating(view, nowMs, plannedMs, context);
      return;
    }
    if (nowMs < this.nextCastAtMs) {
      this.armCastTimer(context);
      return;
    }
    let role: SpellRole = "damage";
    if (this.slotOf.paralyze !== 0 && this.paralyzeChance > 0 && context.random.next() < this.paralyzeChance && this.usable(view, "paralyze", nowMs)) role = "paralyze";
    else if (nowMs < this.blockedUntil.damage) return;
    // As many damage clicks in a row with no answer as allowed: leave this target alone.
    if (role === "damage" && this.castOpen && this.unansweredInRow + 1 >= this.giveUpAfter) {
      this.giveUp(nowMs);
      return;
    }
    this.requestCast(role, this.target, plannedMs, context);
  }

  private requestCast(role: SpellRole, on: number, plannedMs: number, context: BehaviourContext): void {
    if (context.send(CAST_SPELL_PACKET, CAST_SPELL_FIELDS[this.slotOf[role]], plannedMs) !== "sent") return;
    this.castRequests++;
    this.pending = role;
    this.pendingOn = on;
    this.pendingSinceMs = context.clock.now();
    this.options.tally?.castRequested(plannedMs);
  }

  private armCastTimer(context: BehaviourContext): void {
    if (this.castTimer === TIMER_REFUSED && Number.isFinite(this.nextCastAtMs)) this.castTimer = context.timers.at(this.nextCastAtMs, this.castDue);
  }

  /** The interval is over: cast if the target is still in range (or heal), alive and not busy. */
  private readonly castDue = (plannedMs: number, context: BehaviourContext): void => {
    this.castTimer = TIMER_REFUSED;
    const view = this.view;
    if (view === undefined || view.dead || view.charIndex === 0 || this.pending !== undefined || this.meditatingPhase) return;
    const nowMs = context.clock.now();
    if (this.wantsHeal(view, nowMs)) {
      this.requestCast("heal", SELF, plannedMs, context);
      return;
    }
    if (this.target === 0) return;
    const here = view.position;
    const there = view.positionOf(this.target);
    if (here === 0 || there === 0 || here === there || chebyshev(here, there) > this.castRange) return;
    this.castAtTarget(view, nowMs, plannedMs, context);
  };

  // --- meditation -----------------------------------------------------------------------------

  private startMeditating(view: CasterView, nowMs: number, plannedMs: number, context: BehaviourContext): void {
    this.meditatingPhase = true;
    this.sawMeditating = false;
    this.meditateSentAtMs = Number.NEGATIVE_INFINITY;
    this.meditate(view, nowMs, plannedMs, context);
  }

  /**
   * The meditation phase: ask for it (again after `meditateWaitMs` when nothing shows), stand
   * still while it runs, and leave the phase once it has ended (the server ends it at full mana;
   * a blow may end it sooner, and the next cast decides whether to sit down again).
   */
  private meditate(view: CasterView, nowMs: number, plannedMs: number, context: BehaviourContext): void {
    if (view.meditating) {
      if (!this.sawMeditating) {
        this.sawMeditating = true;
        this.meditations++;
        this.options.tally?.meditationStarted();
      }
      return;
    }
    const full = view.mana === view.mana && view.maxMana > 0 && view.mana >= view.maxMana;
    if (this.sawMeditating || full) {
      this.meditatingPhase = false;
      this.sawMeditating = false;
      this.manaShort = false;
      return;
    }
    if (nowMs - this.meditateSentAtMs < this.meditateWaitMs) return;
    if (context.send(MEDITATE_PACKET, MEDITATE_FIELDS, plannedMs) !== "sent") return;
    this.meditateSentAtMs = nowMs;
    this.meditateRequests++;
  }

  // --- moving ---------------------------------------------------------------------------------

  /** Keeps the target unless it is gone or another NPC is nearer; returns it (0: none). */
  private chooseTarget(view: CasterView, nowMs: number): number {
    this.ignored.expire(nowMs);
    if (this.target !== 0 && this.ignored.lost(view, this.target)) this.dropTarget();
    const nearer = this.ignored.nearer(view, this.target);
    if (nearer !== 0) this.setTarget(nearer);
    return this.target;
  }

  private approach(view: CasterView, dx: number, dy: number, plannedMs: number, context: BehaviourContext): void {
    const legal = view.legalHeadings(false);
    if (legal === 0) {
      this.skip();
      return;
    }
    this.walk(approachHeading(legal, this.lastStep, dx, dy, context.random), plannedMs, context);
  }

  private wander(view: CasterView, plannedMs: number, context: BehaviourContext): void {
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
  }

  private skip(): void {
    this.skipped++;
    this.options.onSkip?.();
  }

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
    this.castOpen = false;
    this.unansweredInRow = 0;
    this.lastHitAtMs = Number.NaN;
    if (this.castTimer !== TIMER_REFUSED) {
      this.context?.timers.cancel(this.castTimer);
      this.castTimer = TIMER_REFUSED;
    }
  }

  private noteDeaths(view: CasterView): void {
    const deaths = view.deaths;
    if (!(deaths > this.seenDeaths)) return;
    for (let i = this.seenDeaths; i < deaths; i++) {
      this.deaths++;
      this.options.tally?.died();
    }
    this.seenDeaths = deaths;
  }

  // --- what the server says -------------------------------------------------------------------

  /** `WorkRequestTarget(1, …)`: the server wants the click for the selected spell. */
  private onTargetRequested(fields: PacketFields, receivedAtMs: number): void {
    const role = this.pending;
    if (role === undefined || fields.skill !== WorkSkill.Magic) return;
    this.pending = undefined;
    const view = this.view;
    const context = this.context;
    if (view === undefined || context === undefined || view.dead) return;
    const at = this.pendingOn === SELF ? view.position : this.pendingOn === this.target ? view.positionOf(this.target) : 0;
    // The target left meanwhile: no click (the selection is simply replaced by the next one).
    if (at === 0) return;
    const click = clickTileFor(at);
    const fieldsOut = { x: click >> 8, y: click & 0xff, skill: WorkSkill.Magic };
    if (context.send(WORK_LEFT_CLICK_PACKET, fieldsOut, receivedAtMs) !== "sent") return;
    const nowMs = context.clock.now();
    this.casts++;
    this.lastClickAtMs = nowMs;
    this.lastClickRole = role;
    this.nextCastAtMs = nowMs + this.castIntervalMs;
    this.options.tally?.castSent(receivedAtMs, role);
    if (role === "heal") this.heals++;
    else if (role === "paralyze") this.paralyses++;
    else {
      if (this.castOpen) this.unansweredInRow++;
      this.castOpen = true;
    }
    if (this.target !== 0) this.armCastTimer(context);
  }

  private onTargetDamaged(fields: PacketFields, receivedAtMs: number): void {
    if (this.target === 0 || fields.charIndex !== this.target || !this.castOpen) return;
    this.castOpen = false;
    this.unansweredInRow = 0;
    this.lastHitAtMs = receivedAtMs;
    this.hits++;
    this.options.tally?.spellHitSeen();
  }

  private onMana(fields: PacketFields): void {
    const mana = fields.minMana;
    if (typeof mana !== "number") return;
    const last = this.lastMana;
    this.lastMana = mana;
    if (!(mana < last)) return;
    this.manaSpent += last - mana;
    this.options.tally?.manaSpent(last - mana);
  }

  private onLocaleMsg(fields: PacketFields, receivedAtMs: number): void {
    const id = fields.messageId;
    if (typeof id !== "number" || receivedAtMs - this.lastClickAtMs > REFUSAL_AFTER_CLICK_MS) return;
    const role = this.lastClickRole;
    if (id === CAST_REFUSAL_MESSAGES.notEnoughMana) this.manaShort = true;
    else if (id === CAST_REFUSAL_MESSAGES.magicSkillTooLow) {
      if (role !== undefined) this.blockedUntil[role] = receivedAtMs + this.ignoreMs;
    } else if (TARGET_REFUSALS.has(id)) {
      if (role !== "heal" && this.target !== 0) this.giveUp(receivedAtMs);
    } else if (id !== CAST_REFUSAL_MESSAGES.tired && !OTHER_REFUSALS.has(id)) return;
    // One refusal per click.
    this.lastClickAtMs = Number.NEGATIVE_INFINITY;
    this.castOpen = false;
    this.refused++;
    this.options.tally?.castRefused();
  }

  private readonly received: Readonly<Record<(typeof CASTER_PACKETS)[number], (fields: PacketFields, receivedAtMs: number) => void>> = {
    TextOverChar: (fields, receivedAtMs) => this.onTargetDamaged(fields, receivedAtMs),
    CharUpdateHP: (fields, receivedAtMs) => this.onTargetDamaged(fields, receivedAtMs),
    CharacterRemove: (fields, receivedAtMs) => {
      if (this.target === 0 || fields.charIndex !== this.target) return;
      if (receivedAtMs - this.lastHitAtMs <= CASTER_KILL_AFTER_HIT_MS) {
        this.kills++;
        this.options.tally?.castKillSeen();
      }
      this.dropTarget();
    },
    NPCHitUser: () => {
      this.hitsTaken++;
      this.options.tally?.hitTaken();
    },
    WorkRequestTarget: (fields, receivedAtMs) => this.onTargetRequested(fields, receivedAtMs),
    UpdateMana: (fields) => this.onMana(fields),
    LocaleMsg: (fields, receivedAtMs) => this.onLocaleMsg(fields, receivedAtMs),
  };

  private readonly talk = (plannedMs: number, context: BehaviourContext): void => {
    if (context.send(TALK_PACKET, context.random.pick(CHAT_LINES), plannedMs) === "sent") this.said++;
  };
}
