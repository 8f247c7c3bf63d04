/**
 * The spells, status timers and meditation of every map worker, added up on the gateway thread
 * for /metrics: the counts each worker reports every few seconds (map/magic-stats.ts), summed
 * since the server started, so they only grow, even across a worker restart.
 */
import { emptyMagicCounts, type MagicCounts } from "../map/index.ts";

export class MagicTotals {
  /** Summed over every report since start. */
  readonly counts: MagicCounts = emptyMagicCounts();

  /** Adds one worker's report (a worker of an older build may send none). */
  add(report: MagicCounts | undefined): void {
    if (report === undefined) return;
    const counts = this.counts;
    counts.castRequests += report.castRequests;
    counts.castsResolved += report.castsResolved;
    counts.castsRefused += report.castsRefused;
    counts.statusTimersArmed += report.statusTimersArmed;
    counts.statusTimerEvents += report.statusTimerEvents;
    counts.meditationsStarted += report.meditationsStarted;
    counts.meditationTicks += report.meditationTicks;
  }
}
