/**
 * The NPC AI in /metrics, summed over the map workers (world/npc-ai-totals.ts): how many AI ticks
 * ran and how late against their planned time (a histogram), the CPU spent inside them, what the
 * NPCs did, and how many NPCs there are. Counters grow from the workers' reports (every
 * `WORKER_STATS_INTERVAL_MS`); `argentum_map_worker_report_timestamp_seconds` says when the last
 * one came, so a reader divides by the time between two reports, not between two scrapes.
 */
import { NPC_AI_LATENESS_BUCKETS_MS } from "../map/index.ts";
import type { MetricsRegistry } from "../metrics/index.ts";
import type { NpcAiTotals } from "../world/index.ts";

const MS_PER_SECOND = 1000;
const BOUNDS_S = NPC_AI_LATENESS_BUCKETS_MS.map((ms) => ms / MS_PER_SECOND);

export function registerNpcAiMetrics(registry: MetricsRegistry, totals: NpcAiTotals): void {
  const counts = totals.counts;
  // NaN until the first report: a reader must not take the server's start for a report time.
  registry.gauge("argentum_map_worker_report_timestamp_seconds", "Unix time of the last map worker report (NaN before the first): the worker counters (NPC AI, intents) are as of then.", () =>
    totals.reportedAtMs / MS_PER_SECOND,
  );
  registry.gauge("argentum_npc_ai_ticks_total", "NPC AI ticks run (one per map with players and thinking NPCs every 150 ms).", () => counts.ticks);
  registry.histogram("argentum_npc_ai_tick_lateness_seconds", "How late each NPC AI tick ran against its planned time (the map timer queue ticks every 20 ms).", () => ({
    bounds: BOUNDS_S,
    counts: counts.latenessCounts,
    sum: counts.latenessSumMs / MS_PER_SECOND,
  }));
  registry.gauge("argentum_npc_ai_tick_lateness_max_seconds", "Worst NPC AI tick lateness over the map workers' last report interval.", () => totals.latenessMaxMs() / MS_PER_SECOND);
  registry.gauge("argentum_npc_ai_tick_duration_max_seconds", "Longest single NPC AI tick (time inside it) over the map workers' last report interval.", () => totals.tickMaxMs() / MS_PER_SECOND);
  registry.gauge("argentum_npc_ai_cpu_seconds_total", "Time spent inside NPC AI ticks, summed over the map workers' threads.", () => counts.cpuMs / MS_PER_SECOND);
  registry.gauge("argentum_npc_ai_thinks_total", "NPC thinks (one decision each).", () => counts.thinks);
  registry.gauge("argentum_npc_ai_steps_total", "NPC thinks that stepped one tile.", () => counts.steps);
  registry.gauge("argentum_npc_ai_turns_total", "NPC thinks that turned in place.", () => counts.faces);
  registry.gauge("argentum_npc_ai_attacks_total", "NPC thinks that hit a player (the NPC melee ran).", () => counts.attacks);
  registry.gauge("argentum_npc_ai_path_searches_total", "A* path searches of the NPC AI.", () => counts.pathSearches);
  registry.gauge("argentum_npc_ai_path_expansions_total", "Tiles the NPC AI's path searches expanded.", () => counts.pathExpansions);
  registry.gauge("argentum_npcs_alive", "NPCs standing on loaded maps (as the map workers last reported).", () => totals.population().npcsAlive);
  registry.gauge("argentum_npcs_on_player_maps", "NPCs on maps with at least one player.", () => totals.population().npcsOnPlayerMaps);
  registry.gauge("argentum_npcs_thinking", "NPCs whose AI runs now: a movement type that thinks, on a map whose AI loop runs.", () => totals.population().npcsThinking);
  registry.gauge("argentum_npc_ai_maps_running", "Maps whose NPC AI loop runs.", () => totals.population().aiMapsRunning);
}
