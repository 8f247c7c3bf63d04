/**
 * What a bot run measures beyond the timer queue. Latency of an action is always measured from
 * its PLANNED time: a client that stalls (GC, a full event loop) must not hide a slow server by
 * sending late and starting its stopwatch late.
 */
import { Counters, Histogram } from "../time/index.ts";

export class RuntimeMetrics {
  /** Planned vs actual start of each action that was sent with a planned time, ms. */
  readonly actionStartDelay = new Histogram();
  /** Planned time to the answer, ms (recorded by the session adapter through `recordActionLatency`). */
  readonly actionLatency = new Histogram();
  sent = 0;
  sendsRefused = 0;
  timersRefused = 0;
  faults = 0;
  /** Anything else a run wants counted, by name. */
  readonly counters = new Counters();

  /** Called by a session adapter when the answer to an action arrives. */
  recordActionLatency(plannedAtMs: number, answeredAtMs: number): void {
    this.actionLatency.record(answeredAtMs - plannedAtMs);
  }
}
