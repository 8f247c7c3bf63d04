/**
 * Spells, altered states and meditation in /metrics, summed over the map workers
 * (world/magic-totals.ts): casts asked for, resolved and refused, the per-entity status timers
 * armed and fired, meditations and their mana ticks. Like the NPC AI's, these counters grow with
 * the workers' reports: a reader divides by the time between two reports
 * (`argentum_map_worker_report_timestamp_seconds`), not between two scrapes.
 */
import type { MetricsRegistry } from "../metrics/index.ts";
import type { MagicTotals } from "../world/index.ts";

/** The names, shared with the bots' report (src/bots/server-metrics.ts reads the same strings). */
export const MAGIC_METRIC_NAMES = {
  castRequests: "argentum_spell_cast_requests_total",
  castsResolved: "argentum_spell_casts_total",
  castsRefused: "argentum_spell_casts_refused_total",
  statusTimersArmed: "argentum_status_timers_armed_total",
  statusTimerEvents: "argentum_status_timer_events_total",
  meditationsStarted: "argentum_meditations_started_total",
  meditationTicks: "argentum_meditation_ticks_total",
} as const;

export function registerMagicMetrics(registry: MetricsRegistry, totals: MagicTotals): void {
  const counts = totals.counts;
  const names = MAGIC_METRIC_NAMES;
  registry.gauge(names.castRequests, "CastSpell packets the map workers handled (a spell selected; most then wait for the target click).", () => counts.castRequests);
  registry.gauge(names.castsResolved, "Casts that went on to their effect (past PuedeLanzar and the target checks).", () => counts.castsResolved);
  registry.gauge(names.castsRefused, "Casts refused by PuedeLanzar or the target checks (mana, skill, target, cooldown).", () => counts.castsRefused);
  registry.gauge(names.statusTimersArmed, "Status timers armed: a new or moved deadline of an entity's one altered-state timer.", () => counts.statusTimersArmed);
  registry.gauge(names.statusTimerEvents, "Status timers fired (an altered state's expiry, a poison bite or a burn due).", () => counts.statusTimerEvents);
  registry.gauge(names.meditationsStarted, "Meditations started.", () => counts.meditationsStarted);
  registry.gauge(names.meditationTicks, "Meditation mana ticks run.", () => counts.meditationTicks);
}
