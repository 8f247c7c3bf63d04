/**
 * The clock for tests and deterministic replay: time moves only when told, and moving it runs the
 * due timers in order, each tick at that tick's time. Same inputs, same trace.
 */
import type { Clock } from "./clock.ts";
import { TimerHeap } from "./timer-heap.ts";
import type { TimerQueue, TimerQueueKind } from "./timer-queue.ts";
import { TimerScheduler, type TimerSchedulerOptions } from "./timer-scheduler.ts";
import { TimerWheel } from "./timer-wheel.ts";

/** Manual time moves in whole milliseconds of tick by default: integer delays fire exactly on time. */
export const MANUAL_TICK_MS = 1;

export interface ManualClockOptions extends TimerSchedulerOptions {
  readonly startMs?: number;
  readonly tickMs?: number;
  readonly queue?: TimerQueueKind;
}

export class ManualClock implements Clock {
  readonly deterministic = true;
  readonly timers: TimerScheduler;
  private nowMs: number;
  private readonly enterTick = (tickTimeMs: number): void => {
    if (tickTimeMs > this.nowMs) this.nowMs = tickTimeMs;
  };

  constructor(options: ManualClockOptions = {}) {
    const startMs = options.startMs ?? 0;
    if (!Number.isFinite(startMs)) throw new RangeError(`manual clock start must be finite, got ${startMs}`);
    this.nowMs = startMs;
    const tickMs = options.tickMs ?? MANUAL_TICK_MS;
    const queue: TimerQueue = options.queue === "heap" ? new TimerHeap({ tickMs, startMs }) : new TimerWheel({ tickMs, startMs });
    this.timers = new TimerScheduler(this, queue, options);
  }

  now(): number {
    return this.nowMs;
  }

  /** Moves time forward by `ms`, running every timer that falls due; returns how many fired. */
  advance(ms: number): number {
    if (!(Number.isFinite(ms) && ms >= 0)) throw new RangeError(`manual clock advances by a finite ms >= 0, got ${ms}`);
    return this.advanceTo(this.nowMs + ms);
  }

  /** Moves time forward to `targetMs` (never backwards), running due timers; returns how many fired. */
  advanceTo(targetMs: number): number {
    if (!Number.isFinite(targetMs)) throw new RangeError(`manual clock target must be finite, got ${targetMs}`);
    if (targetMs < this.nowMs) return 0;
    const fired = this.timers.runDue(targetMs, this.enterTick);
    this.nowMs = targetMs;
    return fired;
  }

  /**
   * Runs timers until none are pending or `limitMs` is reached (recurring timers never run out).
   * The clock stops at the last tick that fired when the queue ran dry, else at the limit.
   * Returns how many fired.
   */
  runUntilIdle(limitMs: number): number {
    if (!Number.isFinite(limitMs)) throw new RangeError(`manual clock limit must be finite, got ${limitMs}`);
    if (limitMs < this.nowMs) return 0;
    const fired = this.timers.runDue(limitMs, this.enterTick);
    if (this.timers.pending > 0) this.nowMs = limitMs;
    return fired;
  }
}
