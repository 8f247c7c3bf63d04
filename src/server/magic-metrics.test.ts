/**
 * Spells, status timers and meditation in /metrics: the map workers' reports add up on the
 * gateway thread (counters only grow), render under the names the bots' report reads, and the
 * bots' rates come out of two reads.
 */
import { describe, expect, test } from "bun:test";
import { magicBetween, MAGIC_METRICS, parsePrometheusText, snapshotOf } from "../bots/index.ts";
import { emptyMagicCounts, type MagicCounts } from "../map/index.ts";
import { MetricsRegistry } from "../metrics/index.ts";
import { MagicTotals } from "../world/index.ts";
import { MAGIC_METRIC_NAMES, registerMagicMetrics } from "./magic-metrics.ts";

function report(fill: Partial<MagicCounts>): MagicCounts {
  return { ...emptyMagicCounts(), ...fill };
}

describe("magic metrics", () => {
  test("the server's names are the ones the bots read", () => {
    expect(MAGIC_METRIC_NAMES).toEqual(MAGIC_METRICS);
  });

  test("two workers' reports add up; a report of an older worker (none) changes nothing; the bots read every series", () => {
    const totals = new MagicTotals();
    const registry = new MetricsRegistry();
    registerMagicMetrics(registry, totals);
    const reportAt = { value: 1_000 };
    registry.gauge("argentum_map_worker_report_timestamp_seconds", "report time", () => reportAt.value);
    const before = snapshotOf(parsePrometheusText(registry.render()), 0).magic;
    expect(before).toEqual({ reportAtS: 1_000, castRequests: 0, castsResolved: 0, castsRefused: 0, statusTimersArmed: 0, statusTimerEvents: 0, meditationsStarted: 0, meditationTicks: 0 });
    totals.add(report({ castRequests: 30, castsResolved: 25, castsRefused: 3, statusTimersArmed: 4, statusTimerEvents: 2, meditationsStarted: 1, meditationTicks: 40 }));
    totals.add(report({ castRequests: 20, castsResolved: 15, castsRefused: 1, statusTimersArmed: 6, statusTimerEvents: 8, meditationsStarted: 4, meditationTicks: 60 }));
    totals.add(undefined);
    reportAt.value = 1_010;
    const after = snapshotOf(parsePrometheusText(registry.render()), 0).magic;
    expect(after).toEqual({ reportAtS: 1_010, castRequests: 50, castsResolved: 40, castsRefused: 4, statusTimersArmed: 10, statusTimerEvents: 10, meditationsStarted: 5, meditationTicks: 100 });
    expect(magicBetween(before, after)).toEqual({
      server_cast_requests_per_s: 5,
      server_casts_per_s: 4,
      server_casts_refused_per_s: 0.4,
      server_status_timers_armed_per_s: 1,
      server_status_timer_events_per_s: 1,
      server_meditations_started_per_s: 0.5,
      server_meditation_ticks_per_s: 10,
    });
  });
});
