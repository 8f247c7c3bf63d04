/**
 * What a behaviour is and what it may touch. A behaviour gets a `BehaviourContext` and nothing
 * else: the clock, its own random stream, send/subscribe by packet name, its own timers, the
 * actor's state, its resource budget and a logger. No sockets, threads or globals, so every
 * behaviour runs the same against a real server, a loopback session or a test on the manual clock.
 */
import type { Random } from "../random/index.ts";
import type { Clock } from "../time/index.ts";
import type { ActorState } from "./actor-lifecycle.ts";
import type { BotLogger } from "./logger.ts";
import type { ThinkTime } from "./think-time.ts";

/** Decoded packet fields by name, as the protocol library lays them out. */
export type PacketFields = Readonly<Record<string, unknown>>;

/**
 * What happened to a send: `sent` (handed to the session), `not_active` (the actor is not in
 * the world right now, e.g. reconnecting), `budget_exceeded` (over the send rate), `closed`
 * (the actor is gone), `rejected` (the session refused it: unknown packet or bad fields).
 */
export type SendOutcome = "sent" | "not_active" | "budget_exceeded" | "closed" | "rejected";

export type PacketHandler = (fields: PacketFields, receivedAtMs: number) => void;

/**
 * A timer firing; `plannedMs` is when it was meant to run (measure latency from there). The
 * context comes along, so a behaviour can use one shared function for all its actors instead of
 * a closure per actor (at 50k actors, every per-actor object on this path is a cache miss).
 */
export type TimerFire = (plannedMs: number, context: BehaviourContext) => void;

/** A behaviour's timer handle (per actor); `TIMER_REFUSED` when the budget said no. */
export type TimerHandle = number;
export const TIMER_REFUSED = -1;

export interface BehaviourTimers {
  /** Runs `fire` once, `delayMs` from now. */
  after(delayMs: number, fire: TimerFire): TimerHandle;
  /** Runs `fire` once at `deadlineMs` on the clock (next tick if that is already past). */
  at(deadlineMs: number, fire: TimerFire): TimerHandle;
  /**
   * Runs `fire` repeatedly, each wait drawn from `think` with the actor's random stream. Waits
   * count from the previous planned time (open loop), so a late run does not slow the offered
   * load; the first wait is one draw unless `firstDelayMs` is given.
   */
  every(think: ThinkTime, fire: TimerFire, firstDelayMs?: number): TimerHandle;
  cancel(handle: TimerHandle): boolean;
  /** Timers this actor has pending. */
  readonly active: number;
}

export interface ResourceLimits {
  /** Timers one actor may have pending at once (at most 256). */
  readonly maxTimers: number;
  /** Sustained sends per second; bursts up to one second's worth. */
  readonly maxSendsPerS: number;
  readonly maxSubscriptions: number;
}

/** A real AO20 client stays well below these; a bot that hits them has a bug or a flood scenario. */
export const DEFAULT_LIMITS: ResourceLimits = { maxTimers: 8, maxSendsPerS: 50, maxSubscriptions: 32 };
export const MAX_TIMERS_PER_ACTOR = 256;

export interface BudgetView {
  readonly limits: ResourceLimits;
  readonly timersInUse: number;
  readonly subscriptions: number;
  readonly sendsRefused: number;
  readonly timersRefused: number;
}

export interface ActorView {
  readonly id: number;
  readonly name: string;
  readonly behaviour: string;
  readonly state: ActorState;
}

export type Subscription = { readonly ok: true; readonly unsubscribe: () => void } | { readonly ok: false; readonly code: "budget_exceeded" | "closed" };

export interface BehaviourContext {
  readonly clock: Clock;
  readonly random: Random;
  readonly actor: ActorView;
  readonly timers: BehaviourTimers;
  readonly budget: BudgetView;
  readonly log: BotLogger;
  /**
   * Sends a packet by name (the session adapter encodes it). Pass the action's planned time so
   * its latency is measured from when it should have happened, not from when it did.
   */
  send(packet: string, fields?: PacketFields, plannedAtMs?: number): SendOutcome;
  subscribe(packet: string, handler: PacketHandler): Subscription;
}

export interface Behaviour {
  readonly name: string;
  /** The actor is in the world: set timers and subscriptions here. */
  start(context: BehaviourContext): void;
  /** The actor is leaving; timers and subscriptions are dropped by the runtime afterwards. */
  stop?(context: BehaviourContext, reason: string): void;
}

/** Makes one behaviour instance per actor (behaviours may keep per-actor state). */
export type BehaviourFactory = () => Behaviour;
