/**
 * Injected time. Code that has to replay (bot behaviours, a map worker's game rules) reads time
 * only through a `Clock`; `RealClock` reads the monotonic `performance.now()` and says so
 * (`deterministic: false`), `ManualClock` (see manual-clock.ts) is moved by tests and replays.
 */

export interface Clock {
  /** Milliseconds on a monotonic timeline (fractional), 0 at the clock's origin. */
  now(): number;
  /** False when reads depend on real time: a run on such a clock cannot be replayed exactly. */
  readonly deterministic: boolean;
}

/** Monotonic real time from `performance.now()`, starting at 0 when constructed. Non-deterministic. */
export class RealClock implements Clock {
  readonly deterministic = false;
  private readonly origin: number;

  constructor() {
    this.origin = performance.now();
  }

  now(): number {
    return performance.now() - this.origin;
  }
}
