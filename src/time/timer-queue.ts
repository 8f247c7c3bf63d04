/**
 * The contract of a thread's timer queue. One queue per thread holds every timer of that thread;
 * a driver (the manual clock in tests, one native timer on the real clock) advances it. Nothing here
 * reads a clock: the queue works in ticks and is told how far time has gone.
 *
 * Semantics shared by every implementation (and tested by one conformance suite):
 * - A deadline in ms is rounded UP to a tick (`ceil(deadlineMs / tickMs)`): a timer never fires
 *   before its deadline, and fires at most one tick after it when the driver keeps up.
 * - A timer never fires in the tick pass that inserted it: deadlines at or before the current
 *   tick move to the next tick (no zero-delay livelock).
 * - Timers due in the same tick fire in insertion order; earlier ticks fire first.
 * - Ids carry a generation: cancelling a fired, cancelled or foreign id returns false and never
 *   touches a newer timer that reuses the same slot.
 * - A recurring timer keeps its id for life: after each fire the driver calls `finish` with the
 *   next deadline and the queue files the same record again (no release, no new id, no
 *   allocation). During its own callback it still counts as pending, so it can cancel itself.
 *   A one-shot timer is over once popped; `finish` releases it.
 */

/** Opaque timer id: slot index plus generation, a safe integer. */
export type TimerId = number;

/**
 * What runs when a timer fires; `plannedMs` is the deadline it was scheduled for. The planned
 * time comes first so one shared `(plannedMs, owner)` function (a bot behaviour's step, a map's
 * regeneration pass) is a callback as it stands, with no closure per timer.
 */
export type TimerCallback<A> = (plannedMs: number, arg: A, id: TimerId) => void;

/** A recurring timer's next wait, drawn from its argument (e.g. a bot's or an NPC's random stream). */
export type TimerInterval<A> = (arg: A) => number;

/** Written by `popDue`; reused, so reading it allocates nothing. */
export interface FiredTimer {
  id: TimerId;
  deadlineMs: number;
  callback: TimerCallback<unknown>;
  arg: unknown;
  /** Set for a recurring timer. */
  interval: TimerInterval<unknown> | undefined;
}

/**
 * Runs fired timers for a queue that drives its own fire loop (see `TimerQueue.fireDue`): the
 * scheduler, which measures lateness, catches what a callback throws and draws a recurring
 * timer's next wait.
 */
export interface TimerFireHost {
  /** Runs one timer; returns its next deadline, or NaN when it is over. */
  fireTimer(id: TimerId, deadlineMs: number, callback: TimerCallback<unknown>, arg: unknown, interval: TimerInterval<unknown> | undefined): number;
}

export interface TimerQueue {
  /** Milliseconds per tick. */
  readonly tickMs: number;
  /** Timers filed in the queue (a timer whose callback is running is not counted). */
  readonly size: number;
  /** The last tick the queue has advanced to. */
  readonly currentTick: number;
  /** A one-shot timer, or a recurring one when `interval` is given. */
  insert<A>(deadlineMs: number, callback: TimerCallback<A>, arg: A, interval?: TimerInterval<A>): TimerId;
  /** True when the timer was pending and is now cancelled. */
  cancel(id: TimerId): boolean;
  isPending(id: TimerId): boolean;
  /** The deadline of a pending timer, or undefined. */
  deadlineOf(id: TimerId): number | undefined;
  /**
   * Advances to the first tick at or before `limitTick` that has due timers and returns it, or
   * advances to `limitTick` and returns -1. Until `popDue` has drained that tick, it keeps
   * returning the same tick.
   */
  nextDueTick(limitTick: number): number;
  /**
   * Takes the next timer due in the current tick into `out`; false when the tick is drained.
   * The driver runs its callback, then calls `finish`.
   */
  popDue(out: FiredTimer): boolean;
  /**
   * Ends a fire: a recurring timer is filed again for `nextDeadlineMs` under the same id; a
   * one-shot (or `nextDeadlineMs` NaN) is released. Does nothing if the callback cancelled it.
   */
  finish(out: FiredTimer, nextDeadlineMs: number): void;
  /**
   * Optional, the same as `popDue`, `host.fireTimer` and `finish` for up to `budget` timers of
   * the current tick, in one loop without the `FiredTimer` hand-over. Returns how many fired;
   * fewer than `budget` means the tick is drained.
   */
  fireDue?(host: TimerFireHost, budget: number): number;
}

export type TimerQueueKind = "wheel" | "heap";

/** Ids are `generation * SLOT_SPACE + slot`; 2^22 slots and 2^30 generations stay below 2^53. */
export const TIMER_SLOT_SPACE = 4194304;
export const MAX_TIMER_GENERATION = 1073741823;
/** Storage grows from this many timers, doubling. */
export const INITIAL_TIMER_CAPACITY = 1024;

/** A fault: more than TIMER_SLOT_SPACE timers pending in one queue. */
export class TimerCapacityError extends Error {
  readonly code = "timer_capacity_exceeded";
  constructor(readonly capacity: number) {
    super(`timer queue is full: ${capacity} timers pending`);
    this.name = "TimerCapacityError";
  }
}

/** A fresh reusable `FiredTimer`. */
export function firedTimerRecord(): FiredTimer {
  return { id: -1, deadlineMs: 0, callback: noop, arg: undefined, interval: undefined };
}

function noop(): void {}

/** The tick a deadline belongs to, clamped after the current tick. */
export function deadlineTick(deadlineMs: number, tickMs: number, currentTick: number): number {
  const tick = Math.ceil(deadlineMs / tickMs);
  return tick > currentTick ? tick : currentTick + 1;
}

export function checkTickMs(tickMs: number): void {
  if (!(Number.isFinite(tickMs) && tickMs > 0)) throw new RangeError(`timer tick must be a finite ms > 0, got ${tickMs}`);
}

export function checkDeadline(deadlineMs: number): void {
  if (Number.isNaN(deadlineMs) || deadlineMs === Number.POSITIVE_INFINITY) {
    throw new RangeError(`timer deadline must be a number of ms, got ${deadlineMs}`);
  }
}
