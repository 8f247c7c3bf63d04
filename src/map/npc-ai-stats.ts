/**
 * What the NPC AI loops of one map worker did, for /metrics: AI ticks run, how late each tick ran
 * against its planned time, the CPU time spent inside them, and what the NPCs decided (thinks,
 * steps, turns, attacks, path searches and their expansions). One object per worker, shared by
 * every map it hosts; the worker sends the counts since its last report to the gateway and resets
 * them (`take`), the gateway adds them up (world/npc-ai-totals.ts).
 *
 * Cheap on purpose: a few additions per tick and per think, two clock reads per tick.
 */

/**
 * Upper bounds (ms) of the tick-lateness buckets; a last bucket takes everything above. The map
 * timer queue ticks every 20 ms, so lateness below that is the queue's own granularity; 50 ms is
 * an edge so the "p99 <= 50 ms" target reads exactly.
 */
export const NPC_AI_LATENESS_BUCKETS_MS: readonly number[] = [1, 2, 5, 10, 15, 20, 25, 30, 40, 50, 75, 100, 150, 250, 500, 1000, 2500, 5000];

/** The counts of one report interval (or, summed, since start). */
export interface NpcAiCounts {
  /** AI ticks run (one per map with players and thinking NPCs every 150 ms). */
  ticks: number;
  /** NPC thinks (one decision each). */
  thinks: number;
  /** Thinks that moved the NPC one tile. */
  steps: number;
  /** Thinks that turned it in place. */
  faces: number;
  /** Thinks that hit a player (the NPC melee ran). */
  attacks: number;
  /** A* searches and the tiles they expanded. */
  pathSearches: number;
  pathExpansions: number;
  /** Time spent inside the AI ticks, ms (wall time on the worker's thread, i.e. its CPU). */
  cpuMs: number;
  /** The longest single AI tick, ms (0 without ticks). */
  tickMaxMs: number;
  /** Ticks per lateness bucket (`NPC_AI_LATENESS_BUCKETS_MS`, then the overflow): not cumulative. */
  latenessCounts: number[];
  /** Sum of the ticks' lateness, ms. */
  latenessSumMs: number;
  /** Worst lateness of a tick, ms (0 without ticks). */
  latenessMaxMs: number;
}

/** The NPCs a worker holds, read when it reports. */
export interface NpcAiPopulation {
  /** NPCs standing on the worker's loaded maps. */
  npcsAlive: number;
  /** Of them, on maps with at least one player. */
  npcsOnPlayerMaps: number;
  /** NPCs whose AI runs now: a movement type that thinks, on a map whose AI loop runs. */
  npcsThinking: number;
  /** Maps whose AI loop runs. */
  aiMapsRunning: number;
}

export type NpcAiReport = NpcAiCounts & NpcAiPopulation;

export function emptyNpcAiCounts(): NpcAiCounts {
  return {
    ticks: 0,
    thinks: 0,
    steps: 0,
    faces: 0,
    attacks: 0,
    pathSearches: 0,
    pathExpansions: 0,
    cpuMs: 0,
    tickMaxMs: 0,
    latenessCounts: new Array<number>(NPC_AI_LATENESS_BUCKETS_MS.length + 1).fill(0),
    latenessSumMs: 0,
    latenessMaxMs: 0,
  };
}

/** The bucket of a lateness in ms (the last index is the overflow). */
export function latenessBucket(ms: number): number {
  const bounds = NPC_AI_LATENESS_BUCKETS_MS;
  for (let i = 0; i < bounds.length; i++) if (ms <= bounds[i]!) return i;
  return bounds.length;
}

export class NpcAiStats {
  private counts: NpcAiCounts = emptyNpcAiCounts();

  constructor(
    /** Reads the time the AI's CPU cost is measured with (the thread's `performance.now()`). */
    readonly cpuClock: () => number = () => performance.now(),
  ) {}

  /** The counts so far (tests, and the AI loop adding to them). */
  get current(): NpcAiCounts {
    return this.counts;
  }

  /** One AI tick ran `latenessMs` after its planned time and took `cpuMs`. */
  recordTick(latenessMs: number, cpuMs: number): void {
    const counts = this.counts;
    const lateness = latenessMs > 0 ? latenessMs : 0;
    counts.ticks++;
    counts.cpuMs += cpuMs;
    if (cpuMs > counts.tickMaxMs) counts.tickMaxMs = cpuMs;
    counts.latenessCounts[latenessBucket(lateness)]!++;
    counts.latenessSumMs += lateness;
    if (lateness > counts.latenessMaxMs) counts.latenessMaxMs = lateness;
  }

  /** The counts since the last call, then zero. */
  take(): NpcAiCounts {
    const taken = this.counts;
    this.counts = emptyNpcAiCounts();
    return taken;
  }
}
