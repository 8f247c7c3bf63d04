/**
 * The NPC AI in /metrics: the map workers' reports add up on the gateway thread (counters only
 * grow, the population is the workers' latest), render under the names the bots' report reads,
 * and the values move with each report.
 */
import { describe, expect, test } from "bun:test";
import { parsePrometheusText, snapshotOf } from "../bots/index.ts";
import { emptyNpcAiCounts, NPC_AI_LATENESS_BUCKETS_MS, type NpcAiReport } from "../map/index.ts";
import { MetricsRegistry } from "../metrics/index.ts";
import { NpcAiTotals } from "../world/index.ts";
import { registerNpcAiMetrics } from "./npc-ai-metrics.ts";

function report(fill: Partial<NpcAiReport>, lateMs: number[] = []): NpcAiReport {
  const counts = emptyNpcAiCounts();
  for (const ms of lateMs) {
    const bucket = NPC_AI_LATENESS_BUCKETS_MS.findIndex((bound) => ms <= bound);
    counts.latenessCounts[bucket === -1 ? NPC_AI_LATENESS_BUCKETS_MS.length : bucket]!++;
    counts.latenessSumMs += ms;
    counts.latenessMaxMs = Math.max(counts.latenessMaxMs, ms);
  }
  return { ...counts, ticks: lateMs.length, npcsAlive: 0, npcsOnPlayerMaps: 0, npcsThinking: 0, aiMapsRunning: 0, ...fill };
}

describe("NPC AI metrics", () => {
  test("two workers' reports add up; the population is each worker's latest; the bots read every series", () => {
    const totals = new NpcAiTotals();
    const registry = new MetricsRegistry();
    registerNpcAiMetrics(registry, totals);
    const before = snapshotOf(parsePrometheusText(registry.render()), 0).npcAi;
    expect(before).toMatchObject({ ticks: 0, thinks: 0, cpuSeconds: 0, npcsAlive: 0 });
    // No report yet: no report time either.
    expect(before.reportAtS).toBeNaN();
    expect(before.lateness.at(-1)).toEqual({ le: Number.POSITIVE_INFINITY, count: 0 });

    totals.add(1, report({ thinks: 40, steps: 10, faces: 2, attacks: 3, pathSearches: 5, pathExpansions: 400, cpuMs: 12, tickMaxMs: 4, npcsAlive: 900, npcsOnPlayerMaps: 300, npcsThinking: 200, aiMapsRunning: 20 }, [3, 12, 30]), 1_700_000_000_000);
    totals.add(2, report({ thinks: 60, cpuMs: 8, tickMaxMs: 2.5, npcsAlive: 100, npcsOnPlayerMaps: 50, npcsThinking: 40, aiMapsRunning: 5 }, [60, 6_000]), 1_700_000_000_500);
    // Worker 1 again: counts add, its population replaces the one before.
    totals.add(1, report({ thinks: 10, cpuMs: 1, tickMaxMs: 0.5, npcsAlive: 950, npcsOnPlayerMaps: 310, npcsThinking: 210, aiMapsRunning: 21 }, [1]), 1_700_000_005_000);

    const text = registry.render();
    expect(text).toContain("# TYPE argentum_npc_ai_tick_lateness_seconds histogram");
    expect(text).toContain('argentum_npc_ai_tick_lateness_seconds_bucket{le="0.05"} 4');
    expect(text).toContain('argentum_npc_ai_tick_lateness_seconds_bucket{le="+Inf"} 6');
    expect(text).toContain("argentum_npc_ai_tick_lateness_seconds_count 6");
    expect(text).toContain("argentum_npc_ai_turns_total 2");
    const npcAi = snapshotOf(parsePrometheusText(text), 0).npcAi;
    expect(npcAi).toMatchObject({
      reportAtS: 1_700_000_005,
      ticks: 6,
      thinks: 110,
      steps: 10,
      attacks: 3,
      pathSearches: 5,
      pathExpansions: 400,
      cpuSeconds: 0.021,
      // The worst of each worker's last interval: worker 2's 6 s and 2.5 ms.
      latenessMaxS: 6,
      tickMaxS: 0.0025,
      npcsAlive: 1_050,
      npcsOnPlayerMaps: 360,
      npcsThinking: 250,
      mapsRunning: 26,
    });
    expect(npcAi.lateness.map((bucket) => bucket.le)).toEqual([...NPC_AI_LATENESS_BUCKETS_MS.map((ms) => ms / 1000), Number.POSITIVE_INFINITY]);
    expect(npcAi.lateness.find((bucket) => bucket.le === 0.005)!.count).toBe(2);

    // A dead worker's NPCs stop counting; what it did stays counted.
    totals.forget(2);
    expect(snapshotOf(parsePrometheusText(registry.render()), 0).npcAi).toMatchObject({ ticks: 6, npcsAlive: 950, latenessMaxS: 0.001 });
  });
});
