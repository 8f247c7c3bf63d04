/**
 * What the console's charts show, read from the server's own metrics registry (the numbers
 * `/metrics` serves): players online, walks per second, the main thread's event-loop lag, CPU
 * and memory. Counters become rates between two reads (the page polls), so the first read has
 * no rate yet (null).
 */
import type { MetricsRegistry } from "../../metrics/index.ts";

const MS_PER_SECOND = 1_000;

export interface MetricsReading {
  /** Milliseconds on the server's clock when read. */
  readonly at: number;
  readonly playersOnline: number;
  readonly connections: number;
  /** `Walk` packets received per second since the last read. */
  readonly movesPerSecond: number | null;
  /** The main thread's worst event-loop lag over the last minute (p99), ms. */
  readonly eventLoopLagMs: number;
  /** CPU time per second of wall time since the last read (1 = one core busy). */
  readonly cpu: number | null;
  readonly residentMemoryBytes: number;
  readonly heapBytes: number;
}

interface Totals {
  at: number;
  walks: number;
  cpuSeconds: number;
}

export class MetricsSampler {
  private previous: Totals | undefined;

  constructor(
    private readonly metrics: Pick<MetricsRegistry, "sample">,
    private readonly now: () => number,
  ) {}

  private value(name: string, labels: Readonly<Record<string, string | number>> = {}): number {
    const wanted = Object.entries(labels);
    const series = this.metrics.sample(name).find((entry) => wanted.every(([key, value]) => String(entry.labels[key]) === String(value)));
    return series?.value ?? 0;
  }

  read(): MetricsReading {
    const totals: Totals = { at: this.now(), walks: this.value("argentum_packets_in_total", { name: "Walk" }), cpuSeconds: this.value("process_cpu_seconds_total") };
    const previous = this.previous;
    this.previous = totals;
    const seconds = previous === undefined ? 0 : (totals.at - previous.at) / MS_PER_SECOND;
    const rate = (now: number, before: number | undefined) => (before === undefined || seconds <= 0 ? null : Math.max(0, now - before) / seconds);
    return {
      at: totals.at,
      playersOnline: this.value("argentum_players_online"),
      connections: this.value("argentum_connections_open"),
      movesPerSecond: rate(totals.walks, previous?.walks),
      eventLoopLagMs: this.value("argentum_event_loop_lag_seconds", { thread: "main", quantile: 0.99 }) * MS_PER_SECOND,
      cpu: rate(totals.cpuSeconds, previous?.cpuSeconds),
      residentMemoryBytes: this.value("process_resident_memory_bytes"),
      heapBytes: this.value("process_heap_bytes"),
    };
  }
}
