/**
 * Event-loop lag: one repeating timer per thread measures how late it fires. Keeps the
 * samples of a sliding window for percentiles.
 */

export const LAG_SAMPLE_INTERVAL_MS = 100;
/** 60 s of samples at the interval above. */
const WINDOW_SAMPLES = 600;

export class EventLoopLagMonitor {
  private readonly samples = new Float64Array(WINDOW_SAMPLES);
  private count = 0;
  private next = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private expectedAt = 0;

  start(now: () => number = () => performance.now()): void {
    if (this.timer) return;
    this.expectedAt = now() + LAG_SAMPLE_INTERVAL_MS;
    this.timer = setInterval(() => {
      const at = now();
      this.record(Math.max(0, at - this.expectedAt));
      this.expectedAt = at + LAG_SAMPLE_INTERVAL_MS;
    }, LAG_SAMPLE_INTERVAL_MS);
    // Never keeps a process alive on its own.
    (this.timer as { unref?: () => void }).unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  record(lagMs: number): void {
    this.samples[this.next] = lagMs;
    this.next = (this.next + 1) % WINDOW_SAMPLES;
    this.count = Math.min(this.count + 1, WINDOW_SAMPLES);
  }

  /** Percentile (0..1) of the lag over the window, in milliseconds; 0 before any sample. */
  percentileMs(p: number): number {
    if (this.count === 0) return 0;
    const sorted = Array.from(this.samples.subarray(0, this.count)).sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  }
}
