/**
 * The NPC AI of every map worker, added up on the gateway thread for /metrics: the counts each
 * worker reports every few seconds (ticks, thinks, steps, attacks, path searches, CPU, the tick
 * lateness histogram) summed since the server started, so they only grow, even across a worker
 * restart; the NPC population as each worker last reported it.
 */
import { emptyNpcAiCounts, type NpcAiCounts, type NpcAiPopulation, type NpcAiReport } from "../map/index.ts";

interface WorkerLast {
  population: NpcAiPopulation;
  /** Worst tick lateness in the worker's last report interval, ms. */
  latenessMaxMs: number;
  /** Longest single AI tick in the worker's last report interval, ms. */
  tickMaxMs: number;
}

export class NpcAiTotals {
  /** Summed over every report since start (`latenessMaxMs` is the worst ever seen). */
  readonly counts: NpcAiCounts = emptyNpcAiCounts();
  /** Wall-clock ms (epoch) of the last report added; NaN before the first. */
  reportedAtMs = Number.NaN;
  private readonly byWorker = new Map<number, WorkerLast>();

  /** Adds one worker's report, received at `atMs` (epoch ms). */
  add(worker: number, report: NpcAiReport, atMs: number): void {
    const counts = this.counts;
    counts.ticks += report.ticks;
    counts.thinks += report.thinks;
    counts.steps += report.steps;
    counts.faces += report.faces;
    counts.attacks += report.attacks;
    counts.pathSearches += report.pathSearches;
    counts.pathExpansions += report.pathExpansions;
    counts.cpuMs += report.cpuMs;
    if (report.tickMaxMs > counts.tickMaxMs) counts.tickMaxMs = report.tickMaxMs;
    counts.latenessSumMs += report.latenessSumMs;
    if (report.latenessMaxMs > counts.latenessMaxMs) counts.latenessMaxMs = report.latenessMaxMs;
    const buckets = counts.latenessCounts;
    for (let i = 0; i < buckets.length; i++) buckets[i]! += report.latenessCounts[i] ?? 0;
    this.byWorker.set(worker, {
      population: { npcsAlive: report.npcsAlive, npcsOnPlayerMaps: report.npcsOnPlayerMaps, npcsThinking: report.npcsThinking, aiMapsRunning: report.aiMapsRunning },
      latenessMaxMs: report.latenessMaxMs,
      tickMaxMs: report.tickMaxMs,
    });
    this.reportedAtMs = atMs;
  }

  /** A worker is gone for good (or restarted empty): its NPCs are not counted any more. */
  forget(worker: number): void {
    this.byWorker.delete(worker);
  }

  /** The NPCs of every worker, as each last reported. */
  population(): NpcAiPopulation {
    const total: NpcAiPopulation = { npcsAlive: 0, npcsOnPlayerMaps: 0, npcsThinking: 0, aiMapsRunning: 0 };
    for (const { population } of this.byWorker.values()) {
      total.npcsAlive += population.npcsAlive;
      total.npcsOnPlayerMaps += population.npcsOnPlayerMaps;
      total.npcsThinking += population.npcsThinking;
      total.aiMapsRunning += population.aiMapsRunning;
    }
    return total;
  }

  /** Longest single AI tick over the workers' last report intervals, ms (0 before any tick). */
  tickMaxMs(): number {
    let worst = 0;
    for (const last of this.byWorker.values()) if (last.tickMaxMs > worst) worst = last.tickMaxMs;
    return worst;
  }

  /** Worst tick lateness over the workers' last report intervals, ms (0 before any tick). */
  latenessMaxMs(): number {
    let worst = 0;
    for (const last of this.byWorker.values()) if (last.latenessMaxMs > worst) worst = last.latenessMaxMs;
    return worst;
  }
}
