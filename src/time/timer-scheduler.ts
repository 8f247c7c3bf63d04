/**
 * The thread's timer service: one `TimerQueue` read against one `Clock`, with the measurements
 * every run reports (lateness, timers per due tick, counts). Drivers call `runDue`: the manual
 * clock when a test advances it, `RealTimerDriver` from its single native timer.
 */
import type { Clock } from "./clock.ts";
import { Histogram } from "./histogram.ts";
import { firedTimerRecord, type TimerCallback, type TimerFireHost, type TimerId, type TimerInterval, type TimerQueue } from "./timer-queue.ts";

/** How often a run re-reads the clock inside a batch: every 128 fires (a read costs ~40 ns). */
const CLOCK_CHECK_EVERY = 128;
const CLOCK_CHECK_MASK = CLOCK_CHECK_EVERY - 1;

/**
 * A timer argument that can take the blame: when a callback throws, the scheduler tells the
 * argument instead of the scheduler-wide `onError`, so the failure stays with what owned the
 * timer (a bot context, for instance, fails its actor and the other actors run on).
 */
export interface TimerFaultSink {
  timerFault(error: unknown, id: TimerId): void;
}

function isFaultSink(arg: unknown): arg is TimerFaultSink {
  return typeof arg === "object" && arg !== null && typeof (arg as TimerFaultSink).timerFault === "function";
}

export interface TimerStats {
  inserted: number;
  /** Fires of recurring timers that asked to run again. */
  rearmed: number;
  cancelled: number;
  fired: number;
  /** Callbacks that threw (caught, reported through `onError`, the loop goes on). */
  errors: number;
  /** Expiry delay: clock time when the timer ran (re-read every 128 fires) minus its deadline, ms. */
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

export class TimerScheduler implements TimerFireHost {
  readonly stats: TimerStats = {
    inserted: 0,
    rearmed: 0,
    cancelled: 0,
    fired: 0,
    errors: 0,
    lateness: new Histogram(),
    duePerTick: new Histogram({ resolution: 1 }),
  };
  /** Clock time of the batch now running: read when a due tick starts and every 128 fires, not per timer. */
  batchNowMs = 0;
  /** The last `runDue` stopped at its time slice with timers still due. */
  incomplete = false;
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

  /** Runs `callback(plannedMs, arg, id)` `delayMs` from now (never within the current tick pass). */
  after<A>(delayMs: number, callback: TimerCallback<A>, arg: A): TimerId {
    this.stats.inserted++;
    return this.queue.insert(this.clock.now() + delayMs, callback, arg);
  }

  /** Runs `callback` at `deadlineMs` on the clock's timeline (or next tick, if that is past). */
  at<A>(deadlineMs: number, callback: TimerCallback<A>, arg: A): TimerId {
    this.stats.inserted++;
    return this.queue.insert(deadlineMs, callback, arg);
  }

  /**
   * Runs `callback` at `firstDeadlineMs`, then again `interval(arg)` after each planned time
   * (open loop: lateness does not push the schedule back). One id for life; cancel stops it.
   * If the callback throws, the timer stops.
   */
  every<A>(firstDeadlineMs: number, callback: TimerCallback<A>, arg: A, interval: TimerInterval<A>): TimerId {
    this.stats.inserted++;
    return this.queue.insert(firstDeadlineMs, callback, arg, interval);
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
   * due tick's time first (the manual clock moves itself there). With `sliceMs`, stops once that
   * much clock time has gone (checked every 128 fires) and sets `incomplete`, so a
   * driver can yield to the event loop and come back. Returns the number fired.
   */
  runDue(nowMs: number, enterTick?: (tickTimeMs: number) => void, sliceMs = Number.POSITIVE_INFINITY): number {
    if (this.running) throw new ReentrantTimerRunError();
    this.running = true;
    this.incomplete = false;
    const queue = this.queue;
    const fired = this.fired;
    const stats = this.stats;
    const clock = this.clock;
    const tickMs = queue.tickMs;
    const limitTick = Math.floor(nowMs / tickMs);
    const sliced = sliceMs !== Number.POSITIVE_INFINITY;
    const sliceStart = sliced ? clock.now() : 0;
    let total = 0;
    try {
      let tick: number;
      while ((tick = queue.nextDueTick(limitTick)) !== -1) {
        if (enterTick) enterTick(tick * tickMs);
        this.batchNowMs = clock.now();
        let count = 0;
        let sliceOver = false;
        if (queue.fireDue !== undefined) {
          // The queue runs its own loop and calls `fireTimer`; it stops at each clock check.
          for (;;) {
            const budget = CLOCK_CHECK_EVERY - ((total + count) & CLOCK_CHECK_MASK);
            const ran = queue.fireDue(this, budget);
            count += ran;
            if (ran < budget) break;
            if ((sliceOver = this.sliceUsedUp(sliced, sliceStart, sliceMs))) break;
          }
        } else {
          while (queue.popDue(fired)) {
            count++;
            const next = this.fireTimer(fired.id, fired.deadlineMs, fired.callback, fired.arg, fired.interval);
            queue.finish(fired, next);
            // Every 128 fires: refresh the batch time (lateness stays honest in a long batch)
            // and see whether the slice is used up.
            if (((total + count) & CLOCK_CHECK_MASK) === 0 && (sliceOver = this.sliceUsedUp(sliced, sliceStart, sliceMs))) break;
          }
        }
        stats.duePerTick.record(count);
        total += count;
        if (sliceOver) break;
      }
    } finally {
      stats.fired += total;
      this.running = false;
    }
    return total;
  }

  /**
   * A clock check inside `runDue`: true (and `incomplete` set) when a sliced run has used its
   * slice; otherwise the batch time moves to now (lateness stays honest in a long batch).
   */
  private sliceUsedUp(sliced: boolean, sliceStart: number, sliceMs: number): boolean {
    const now = this.clock.now();
    if (sliced && now - sliceStart >= sliceMs) {
      this.incomplete = true;
      return true;
    }
    this.batchNowMs = now;
    return false;
  }

  /**
   * @internal One fire, for the queue's loop (`TimerFireHost`): records its lateness against the
   * batch time, runs the callback, draws a recurring timer's next deadline. A throw is caught and
   * blamed; the timer stops. Returns the next deadline or NaN.
   */
  fireTimer(id: TimerId, deadlineMs: number, callback: TimerCallback<unknown>, arg: unknown, interval: TimerInterval<unknown> | undefined): number {
    this.stats.lateness.record(this.batchNowMs - deadlineMs);
    let next = Number.NaN;
    try {
      callback(deadlineMs, arg, id);
      // A NaN or infinite wait ends a recurring timer.
      if (interval !== undefined) next = deadlineMs + interval(arg);
      if (!(next < Number.POSITIVE_INFINITY)) next = Number.NaN;
    } catch (error) {
      this.blame(error, id, arg);
    }
    if (next === next) this.stats.rearmed++;
    return next;
  }

  private blame(error: unknown, id: TimerId, arg: unknown): void {
    this.stats.errors++;
    try {
      if (isFaultSink(arg)) arg.timerFault(error, id);
      else this.onError?.(error, id);
    } catch (secondary) {
      // Reporting must not break the loop either.
      this.stats.errors++;
      if (this.onError && isFaultSink(arg)) this.onError(secondary, id);
    }
  }
}
