/**
 * The thread's timer service: one `TimerQueue` read against one `Clock`, with the measurements
 * every run reports (lateness, timers per due tick, counts). Drivers call `runDue`: the manual
 * clock when a test advances it, `RealTimerDriver` from its single native timer.
 */
import type { Clock } from "./clock.ts";
import { Histogram } from "./histogram.ts";
import { firedTimerRecord, type TimerCallback, type TimerId, type TimerQueue } from "./timer-queue.ts";

export interface TimerStats {
  inserted: number;
  cancelled: number;
  fired: number;
  /** Callbacks that threw (caught, reported through `onError`, the loop goes on). */
  errors: number;
  /** Expiry delay: time the tick batch started minus the deadline, in ms. */
  readonly lateness: Histogram;
  /** Runnable queue length: timers due in one tick. */
  readonly duePerTick: Histogram;
}

export interface TimerSchedulerOptions {
  /** Told about a callback that threw; by default the error is only counted. */
  readonly onError?: (error: unknown, id: TimerId) => void;
}

/** A fault: driving the queue from inside one of its own callbacks. */
export class ReentrantTimerRunError extends Error {
  readonly code = "reentrant_timer_run";
  constructor() {
    super("timers cannot be run from inside a timer callback");
    this.name = "ReentrantTimerRunError";
  }
}

export class TimerScheduler {
  readonly stats: TimerStats = {
    inserted: 0,
    cancelled: 0,
    fired: 0,
    errors: 0,
    lateness: new Histogram(),
    duePerTick: new Histogram({ resolution: 1 }),
  };
  /** Clock time read at the start of the tick batch now running (one read per batch, not per timer). */
  batchNowMs = 0;
  private readonly fired = firedTimerRecord();
  private running = false;
  private readonly onError: ((error: unknown, id: TimerId) => void) | undefined;

  constructor(
    readonly clock: Clock,
    readonly queue: TimerQueue,
    options: TimerSchedulerOptions = {},
  ) {
    this.onError = options.onError;
  }

  /** Now, cheaply: the batch time inside a timer pass (one clock read per tick), else a clock read. */
  get nowMs(): number {
    return this.running ? this.batchNowMs : this.clock.now();
  }

  get tickMs(): number {
    return this.queue.tickMs;
  }

  get pending(): number {
    return this.queue.size;
  }

  /** Runs `callback(arg, plannedMs, id)` `delayMs` from now (never within the current tick pass). */
  after<A>(delayMs: number, callback: TimerCallback<A>, arg: A): TimerId {
    this.stats.inserted++;
    return this.queue.insert(this.clock.now() + delayMs, callback, arg);
  }

  /** Runs `callback` at `deadlineMs` on the clock's timeline (or next tick, if that is past). */
  at<A>(deadlineMs: number, callback: TimerCallback<A>, arg: A): TimerId {
    this.stats.inserted++;
    return this.queue.insert(deadlineMs, callback, arg);
  }

  cancel(id: TimerId): boolean {
    if (!this.queue.cancel(id)) return false;
    this.stats.cancelled++;
    return true;
  }

  isPending(id: TimerId): boolean {
    return this.queue.isPending(id);
  }

  /**
   * Fires every timer due at or before `nowMs`, tick by tick and in order. `enterTick` hears each
   * due tick's time first (the manual clock moves itself there). Returns the number fired.
   */
  runDue(nowMs: number, enterTick?: (tickTimeMs: number) => void): number {
    if (this.running) throw new ReentrantTimerRunError();
    this.running = true;
    const queue = this.queue;
    const fired = this.fired;
    const stats = this.stats;
    const lateness = stats.lateness;
    const tickMs = queue.tickMs;
    const limitTick = Math.floor(nowMs / tickMs);
    let total = 0;
    try {
      let tick: number;
      while ((tick = queue.nextDueTick(limitTick)) !== -1) {
        if (enterTick) enterTick(tick * tickMs);
        const batchNow = this.clock.now();
        this.batchNowMs = batchNow;
        let count = 0;
        while (queue.popDue(fired)) {
          count++;
          lateness.record(batchNow - fired.deadlineMs);
          try {
            fired.callback(fired.arg, fired.deadlineMs, fired.id);
          } catch (error) {
            stats.errors++;
            this.onError?.(error, fired.id);
          }
        }
        stats.duePerTick.record(count);
        total += count;
      }
    } finally {
      stats.fired += total;
      this.running = false;
    }
    return total;
  }
}
