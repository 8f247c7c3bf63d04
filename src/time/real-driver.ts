/**
 * Drives a thread's timer queue on real time with ONE native timer: each wake runs every due
 * tick, then re-arms a single `setTimeout` for the next tick boundary. A wake that runs out of
 * its time slice continues through `setImmediate` instead (still one pending native callback),
 * so socket I/O gets in between. The wake itself is the event-loop lag probe: how late it ran
 * against the time it asked for is the lag any callback on this thread would have suffered.
 */
import type { Clock } from "./clock.ts";
import { Histogram } from "./histogram.ts";
import type { TimerScheduler } from "./timer-scheduler.ts";

/** The default tick on the real clock: lateness is at most about one tick when the thread keeps up. */
export const REAL_TICK_MS = 10;
/**
 * Longest stretch of timer callbacks before the driver yields to the event loop: keeps socket
 * I/O (and so every round trip through this thread) from waiting behind a large batch of timers.
 */
export const DRIVER_SLICE_MS = 4;

/** The one native timer, injectable so the driver can be tested without sleeping. */
export interface NativeTimer {
  set(callback: () => void, delayMs: number): unknown;
  clear(handle: unknown): void;
  /** Runs `callback` right after pending I/O (a zero-delay timeout costs ~1 ms in Bun). */
  immediate(callback: () => void): unknown;
  clearImmediate(handle: unknown): void;
}

export const nativeTimeout: NativeTimer = {
  set: (callback, delayMs) => setTimeout(callback, delayMs),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  immediate: (callback) => setImmediate(callback),
  clearImmediate: (handle) => clearImmediate(handle as ReturnType<typeof setImmediate>),
};

export interface RealTimerDriverOptions {
  readonly native?: NativeTimer;
  /** Yield after this much work per wake (default DRIVER_SLICE_MS; Infinity never yields). */
  readonly sliceMs?: number;
}

export class RealTimerDriver {
  /** Wake time minus the time the wake was requested for, in ms. */
  readonly loopLag = new Histogram();
  /** Time spent inside one wake (all due ticks and their callbacks), in ms. */
  readonly tickDuration = new Histogram();
  /** Timers fired per wake. */
  readonly firedPerWake = new Histogram({ resolution: 1 });
  wakeups = 0;
  /** Wakes that stopped at the slice and came back for the rest. */
  yields = 0;
  private readonly native: NativeTimer;
  private readonly sliceMs: number;
  private handle: unknown = undefined;
  private handleIsImmediate = false;
  private active = false;
  private expectedAtMs = -1;
  private readonly wake = (): void => this.onWake();

  constructor(
    readonly scheduler: TimerScheduler,
    readonly clock: Clock,
    options: RealTimerDriverOptions = {},
  ) {
    this.native = options.native ?? nativeTimeout;
    this.sliceMs = options.sliceMs ?? DRIVER_SLICE_MS;
  }

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
    if (this.handle !== undefined) {
      if (this.handleIsImmediate) this.native.clearImmediate(this.handle);
      else this.native.clear(this.handle);
    }
    this.handle = undefined;
    this.expectedAtMs = -1;
  }

  /** Clears all measurements (e.g. after a warm-up). */
  resetStats(): void {
    this.loopLag.reset();
    this.tickDuration.reset();
    this.firedPerWake.reset();
    this.wakeups = 0;
    this.yields = 0;
  }

  private onWake(): void {
    this.handle = undefined;
    const start = this.clock.now();
    this.wakeups++;
    if (this.expectedAtMs >= 0) this.loopLag.record(start - this.expectedAtMs);
    let fired = 0;
    try {
      fired = this.scheduler.runDue(start, undefined, this.sliceMs);
    } finally {
      // Callback errors are caught inside runDue; anything escaping is a bug, but the clock keeps ticking.
      const end = this.clock.now();
      this.tickDuration.record(end - start);
      this.firedPerWake.record(fired);
      if (this.active) this.rearm(end);
    }
  }

  private rearm(end: number): void {
    if (this.scheduler.incomplete) {
      // Behind: let pending I/O run, then continue at once.
      this.yields++;
      this.expectedAtMs = end;
      this.handleIsImmediate = true;
      this.handle = this.native.immediate(this.wake);
    } else {
      this.arm(end);
    }
  }

  private arm(nowMs: number): void {
    const tickMs = this.scheduler.tickMs;
    const boundary = (Math.floor(nowMs / tickMs) + 1) * tickMs;
    // Native timers round down to whole ms; rounding up never wakes before the boundary.
    const delay = Math.max(1, Math.ceil(boundary - nowMs));
    this.expectedAtMs = nowMs + delay;
    this.handleIsImmediate = false;
    this.handle = this.native.set(this.wake, delay);
  }
}
