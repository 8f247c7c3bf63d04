/**
 * A bounded-delay cadence for flushing batched output: `request()` runs the flush at the end of
 * the current event-loop turn, unless the last run was less than an interval ago; then it waits
 * for the rest of the interval. A quiet thread answers at once; a busy one runs at most once per
 * interval, each run taking everything that came meanwhile. Used by the socket flush (net) and by
 * a map worker's frame hand-off (map).
 *
 * The interval follows the work: each run reports how many writes it made (`ranWith`), and the
 * next interval is that many times `costPerWriteMs`, capped at `maxIntervalMs`. So a thread that
 * writes to a few sockets waits next to nothing, and one that writes to a thousand waits the cap:
 * the writes per second stay near 1 / `costPerWriteMs` however many players there are, and no
 * frame waits longer than the cap.
 */
import { RealClock } from "./clock.ts";
import { nativeTimeout } from "./real-driver.ts";

/** When a run may happen. Injected so tests drive it by hand. */
export interface CadenceTimer {
  /** Milliseconds on a monotonic clock. */
  now(): number;
  /** Runs `callback` after the I/O callbacks of this event-loop turn. */
  endOfTurn(callback: () => void): void;
  /** Runs `callback` in `ms` milliseconds. */
  after(ms: number, callback: () => void): void;
}

const realClock = new RealClock();

/** Real time: the thread's clock and its native timers. */
export const REAL_CADENCE_TIMER: CadenceTimer = {
  now: () => realClock.now(),
  endOfTurn: (callback) => void nativeTimeout.immediate(callback),
  after: (ms, callback) => void nativeTimeout.set(callback, ms),
};

/** The longest interval accepted, ms. */
export const MAX_CADENCE_INTERVAL_MS = 1000;

export interface FlushCadenceOptions {
  /** The longest wait between two runs, ms (0: every run at the end of its turn). */
  maxIntervalMs?: number;
  /** Wait per write of the last run, ms; 0 or absent: always the cap. */
  costPerWriteMs?: number;
  timer?: CadenceTimer;
}

export class FlushCadence {
  private armed = false;
  private lastRunAt = Number.NEGATIVE_INFINITY;
  private intervalMs: number;
  private readonly maxIntervalMs: number;
  private readonly costPerWriteMs: number;
  private readonly timer: CadenceTimer;
  /** Runs made, and how many of them waited for the interval. */
  readonly counts = { runs: 0, delayed: 0 };

  constructor(
    private readonly run: () => void,
    options: FlushCadenceOptions = {},
  ) {
    this.maxIntervalMs = options.maxIntervalMs ?? 0;
    this.costPerWriteMs = options.costPerWriteMs ?? 0;
    this.timer = options.timer ?? REAL_CADENCE_TIMER;
    if (!(this.maxIntervalMs >= 0 && this.maxIntervalMs <= MAX_CADENCE_INTERVAL_MS)) {
      throw new RangeError(`flush interval must be 0..${MAX_CADENCE_INTERVAL_MS} ms, got ${this.maxIntervalMs}`);
    }
    if (!(this.costPerWriteMs >= 0 && this.costPerWriteMs <= 1)) throw new RangeError(`cost per write must be 0..1 ms, got ${this.costPerWriteMs}`);
    this.intervalMs = this.maxIntervalMs;
  }

  get isArmed(): boolean {
    return this.armed;
  }

  /** The wait after the last run before the next may start, ms. */
  get currentIntervalMs(): number {
    return this.intervalMs;
  }

  /** Asks for a run; several requests before it happens make one run. */
  request(): void {
    if (this.armed) return;
    this.armed = true;
    const wait = this.intervalMs > 0 ? this.lastRunAt + this.intervalMs - this.timer.now() : 0;
    if (wait > 0) {
      this.counts.delayed++;
      this.timer.after(wait, this.fire);
    } else {
      this.timer.endOfTurn(this.fire);
    }
  }

  /** The run that just happened made `writes` writes: sets the next interval (see above). */
  ranWith(writes: number): void {
    this.intervalMs = this.costPerWriteMs > 0 ? Math.min(this.maxIntervalMs, writes * this.costPerWriteMs) : this.maxIntervalMs;
  }

  private readonly fire = (): void => {
    this.armed = false;
    this.lastRunAt = this.timer.now();
    this.counts.runs++;
    this.run();
  };
}
