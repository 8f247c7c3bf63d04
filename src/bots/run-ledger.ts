/**
 * The measurements of a scenario run, shared by all of its sessions (one thread, so plain
 * counters). A move is *offered* when a bot sends `Walk`, *confirmed* when some observer bot sees
 * the mover's `CharacterMove` onto the destination (first observation only), *refused* when the
 * mover gets the server's `PosUpdate`. Round trips are measured from the action's PLANNED time,
 * so a stalled bot process cannot hide a slow server. Only actions planned inside the
 * measurement window count; receive-side volumes count by arrival time inside the window.
 * Fighters' attacks count by planned time too, and what they see of their fights (hits, misses,
 * kills, being hit, deaths) by arrival time, like the volumes. Casters' `CastSpell` and clicks
 * count by planned time, their hits, kills, mana spent, meditations and refusals by arrival.
 */
import type { CastTally } from "./behaviours/caster.ts";
import type { FightTally } from "./behaviours/fighter.ts";
import type { SpellRole } from "./behaviours/spell-roles.ts";
import { Histogram } from "../time/index.ts";

export class RunLedger implements FightTally, CastTally {
  /** Measurement window on the run clock; planned times in [start, end) count. */
  windowStartMs = Number.POSITIVE_INFINITY;
  windowEndMs = Number.POSITIVE_INFINITY;
  /** Received volume counts while true (from the window's start to the end of its grace period). */
  receiving = false;

  // Moves (planned inside the window).
  movesOffered = 0;
  /** Offered while, as far as the run's bots knew, another player stood where it could see the mover. */
  movesObservable = 0;
  movesConfirmed = 0;
  movesRefused = 0;
  /** Confirmations whatever the planned time (progress lines). */
  movesConfirmedTotal = 0;
  /** Worst round trip of any confirmation since the progress line last read (and reset) it. */
  secondRttMaxMs = Number.NEGATIVE_INFINITY;
  /** CharacterMove frames received while `receiving`. */
  characterMoveFrames = 0;
  /** Round trips of confirmations that could only be of one step. */
  readonly moveRtt = new Histogram();
  /** Confirmations with a choice between identical open steps (see PendingSteps.lastAmbiguous). */
  movesAmbiguous = 0;
  readonly ambiguousRtt = new Histogram();
  readonly refusedRtt = new Histogram();
  /** Every Walk sent during the whole run (to compare with the server's own count). */
  walksSentTotal = 0;
  /** Walk steps a walker skipped: no map yet, mid-transfer, or boxed in. */
  stepsSkipped = 0;

  // Received, by arrival time inside the window.
  bytesReceived = 0;
  /** Packet bodies received while `receiving`. */
  framesReceived = 0;
  /** Bytes received over the whole run (progress lines). */
  bytesReceivedTotal = 0;
  decodeErrors = 0;

  // Chat (planned inside the window).
  talksSent = 0;
  talksSentTotal = 0;
  chatsConfirmed = 0;
  readonly chatRtt = new Histogram();

  // Logins (whole run).
  loginsStarted = 0;
  logins = 0;
  readonly loginTime = new Histogram();
  firstLoginStartMs = Number.NaN;
  lastLoginMs = Number.NaN;
  /** Bots that entered on another map than the scenario expects. */
  wrongMap = 0;
  /** Map transfers after login (ChangeMap while in the world). */
  transfers = 0;
  /** Players per map, counted at login. */
  readonly loginMaps = new Map<number, number>();

  // Combat (fighters): attacks planned inside the window, the rest seen while `receiving`.
  attacksSent = 0;
  /** Every Attack sent during the whole run (progress lines, the server's own count). */
  attacksSentTotal = 0;
  /** Hits on a fighter's target after its attack (TextOverChar / CharUpdateHP), one per attack. */
  hitsSeen = 0;
  hitsSeenTotal = 0;
  /** A fighter's own CharSwing with the text flag after its attack: it reached an NPC and missed. */
  missesSeen = 0;
  /** A target's CharacterRemove right after a hit on it. */
  killsSeen = 0;
  /** NPCHitUser received by fighters. */
  hitsTaken = 0;
  deaths = 0;
  /** Targets left alone after attacks that got no answer (not attackable, stale, no combat). */
  targetsGivenUp = 0;

  // Magic (casters): CastSpell and clicks planned inside the window, the rest seen while `receiving`.
  /** `CastSpell` sent (a selection; the click follows when the server asks for the target). */
  castRequests = 0;
  /** Casts completed with their click, by role. */
  castsSent = 0;
  damageCasts = 0;
  healCasts = 0;
  paralysisCasts = 0;
  /** Every click of the whole run (progress lines). */
  castsSentTotal = 0;
  /** TextOverChar / CharUpdateHP on a caster's target after its damage click, one per click. */
  spellHitsSeen = 0;
  /** A caster's target removed right after a spell hit on it. */
  castKillsSeen = 0;
  /** Mana the casters' UpdateMana showed going down. */
  manaSpentTotal = 0;
  meditations = 0;
  /** Locale lines refusing a cast (mana, skill, target…). */
  castsRefused = 0;
  /** `CastSpell` the server never answered with WorkRequestTarget. */
  castsUnanswered = 0;

  /** Starts counting: actions planned from now on, frames arriving from now on. */
  startWindow(nowMs: number): void {
    this.windowStartMs = nowMs;
    this.windowEndMs = Number.POSITIVE_INFINITY;
    this.receiving = true;
  }

  /** Actions planned from now on no longer count; answers to earlier ones still do. */
  endWindow(nowMs: number): void {
    this.windowEndMs = nowMs;
  }

  /** Stops counting received volume (after the grace period for late answers). */
  stopReceiving(): void {
    this.receiving = false;
  }

  get windowMs(): number {
    return Number.isFinite(this.windowEndMs) && Number.isFinite(this.windowStartMs) ? this.windowEndMs - this.windowStartMs : Number.NaN;
  }

  inWindow(plannedMs: number): boolean {
    return plannedMs >= this.windowStartMs && plannedMs < this.windowEndMs;
  }

  // --- events -------------------------------------------------------------------------------

  walkOffered(plannedMs: number, observable: boolean): void {
    this.walksSentTotal++;
    if (!this.inWindow(plannedMs)) return;
    this.movesOffered++;
    if (observable) this.movesObservable++;
  }

  /**
   * The first observer of a bot's step saw it; `plannedMs` is the step's plan (NaN: none open).
   * An ambiguous confirmation counts as a confirmed move, but its round trip goes to its own
   * histogram: it may be the age of an older, unseen step.
   */
  moveConfirmed(plannedMs: number, nowMs: number, ambiguous: boolean): void {
    if (plannedMs !== plannedMs) return;
    this.movesConfirmedTotal++;
    if (!ambiguous && nowMs - plannedMs > this.secondRttMaxMs) this.secondRttMaxMs = nowMs - plannedMs;
    if (!this.inWindow(plannedMs)) return;
    this.movesConfirmed++;
    if (ambiguous) {
      this.movesAmbiguous++;
      this.ambiguousRtt.record(nowMs - plannedMs);
    } else {
      this.moveRtt.record(nowMs - plannedMs);
    }
  }

  moveRefused(plannedMs: number, nowMs: number): void {
    if (!this.inWindow(plannedMs)) return;
    this.movesRefused++;
    this.refusedRtt.record(nowMs - plannedMs);
  }

  talkSent(plannedMs: number): void {
    this.talksSentTotal++;
    if (this.inWindow(plannedMs)) this.talksSent++;
  }

  chatSeen(plannedMs: number, nowMs: number): void {
    if (!this.inWindow(plannedMs)) return;
    this.chatsConfirmed++;
    this.chatRtt.record(nowMs - plannedMs);
  }

  attackSent(plannedMs: number): void {
    this.attacksSentTotal++;
    if (this.inWindow(plannedMs)) this.attacksSent++;
  }

  hitSeen(): void {
    this.hitsSeenTotal++;
    if (this.receiving) this.hitsSeen++;
  }

  missSeen(): void {
    if (this.receiving) this.missesSeen++;
  }

  killSeen(): void {
    if (this.receiving) this.killsSeen++;
  }

  hitTaken(): void {
    if (this.receiving) this.hitsTaken++;
  }

  died(): void {
    if (this.receiving) this.deaths++;
  }

  targetGivenUp(): void {
    if (this.receiving) this.targetsGivenUp++;
  }

  castRequested(plannedMs: number): void {
    if (this.inWindow(plannedMs)) this.castRequests++;
  }

  castSent(plannedMs: number, role: SpellRole): void {
    this.castsSentTotal++;
    if (!this.inWindow(plannedMs)) return;
    this.castsSent++;
    if (role === "damage") this.damageCasts++;
    else if (role === "heal") this.healCasts++;
    else this.paralysisCasts++;
  }

  spellHitSeen(): void {
    if (this.receiving) this.spellHitsSeen++;
  }

  castKillSeen(): void {
    if (this.receiving) this.castKillsSeen++;
  }

  manaSpent(amount: number): void {
    if (this.receiving) this.manaSpentTotal += amount;
  }

  meditationStarted(): void {
    if (this.receiving) this.meditations++;
  }

  castRefused(): void {
    if (this.receiving) this.castsRefused++;
  }

  castUnanswered(): void {
    if (this.receiving) this.castsUnanswered++;
  }

  /** One read of `wireBytes` (frames are counted by the session, per body). */
  received(wireBytes: number): void {
    this.bytesReceivedTotal += wireBytes;
    if (this.receiving) this.bytesReceived += wireBytes;
  }

  loginStarted(nowMs: number): void {
    this.loginsStarted++;
    if (this.firstLoginStartMs !== this.firstLoginStartMs) this.firstLoginStartMs = nowMs;
  }

  loggedIn(startedMs: number, nowMs: number, map: number): void {
    this.logins++;
    this.lastLoginMs = nowMs;
    this.loginTime.record(nowMs - startedMs);
    this.loginMaps.set(map, (this.loginMaps.get(map) ?? 0) + 1);
  }

  /** Logins per second from the first connect to the last login (NaN before two events). */
  get loginsPerS(): number {
    const span = this.lastLoginMs - this.firstLoginStartMs;
    return this.logins > 0 && span > 0 ? (this.logins * 1000) / span : Number.NaN;
  }
}
