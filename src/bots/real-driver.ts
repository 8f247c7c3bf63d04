/**
 * Drives a thread's timer queue on real time with ONE native timer: each wake runs every due
 * tick, then re-arms a single `setTimeout` for the next tick boundary. The wake itself is the
 * event-loop lag probe: how late it ran against the time it asked for is the lag any callback
 * on this thread would have suffered.
 */
import type { Clock } from "./clock.ts";
import { Histogram } from "./histogram.ts";
import type { TimerScheduler } from "./timer-scheduler.ts";

/** The default tick on the real clock: lateness is at most about one tick when the thread keeps up. */
export const REAL_TICK_MS = 10;

/** The one native timer, injectable so the driver can be tested without sleeping. */
export interface NativeTimer {
  set(callback: () => void, delayMs: number): unknown;
  clear(handle: unknown): void;
}

export const nativeTimeout: NativeTimer = {
  set: (callback, delayMs) => setTimeout(callback, delayMs),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface RealTimerDriverOptions {
  readonly native?: NativeTimer;
}

export class RealTimerDriver {
  /** Wake time minus the time the wake was requested for, in ms. */
  readonly loopLag = new Histogram();
  /** Time spent inside one wake (all due ticks and their callbacks), in ms. */
  readonly tickDuration = new Histogram();
  /** Timers fired per wake. */
  readonly firedPerWake = new Histogram({ resolution: 1 });
  wakeups = 0;
  private readonly native: NativeTimer;
  private handle: unknown = undefined;
  private expectedAtMs = -1;
  private readonly wake = (): void => this.onWake();

  constructor(
    readonly scheduler: TimerScheduler,
    readonly clock: Clock,
    options: RealTimerDriverOptions = {},
  ) {
    this.native = options.native ?? nativeTimeout;
  }

  private active = false;

  get running(): boolean {
    return this.active;
  }

  start(): void {
    if (this.active) return;
    this.active = true;
    this.arm(this.clock.now());
  }

  /** Stops waking; safe to call from inside a timer callback. */
  stop(): void {
    this.active = false;
    if (this.handle !== undefined) this.native.clear(this.handle);
    this.handle = undefined;
    this.expectedAtMs = -1;
  }

  /** Clears all measurements (e.g. after a warm-up). */
  resetStats(): void {
    this.loopLag.reset();
    this.tickDuration.reset();
    this.firedPerWake.reset();
    this.wakeups = 0;
  }

  private onWake(): void {
    this.handle = undefined;
    const start = this.clock.now();
    this.wakeups++;
    if (this.expectedAtMs >= 0) this.loopLag.record(start - this.expectedAtMs);
    const fired = this.scheduler.runDue(start);
    const end = this.clock.now();
    this.tickDuration.record(end - start);
    this.firedPerWake.record(fired);
    if (this.active) this.arm(end);
  }

  private arm(nowMs: number): void {
    const tickMs = this.scheduler.tickMs;
    const boundary = (Math.floor(nowMs / tickMs) + 1) * tickMs;
    // Native timers round down to whole ms; rounding up never wakes before the boundary.
    const delay = Math.max(1, Math.ceil(boundary - nowMs));
    this.expectedAtMs = nowMs + delay;
    this.handle = this.native.set(this.wake, delay);
  }
}
