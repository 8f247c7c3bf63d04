import type { EventLoopLagMonitor } from "./event-loop-lag.ts";
import type { MetricsRegistry } from "./registry.ts";

const MICROSECONDS_PER_SECOND = 1e6;
const MILLISECONDS_PER_SECOND = 1e3;

/** The standard process metrics plus the main thread's event-loop lag. */
export function registerProcessMetrics(registry: MetricsRegistry, lag: EventLoopLagMonitor, startedAtMs: number, nowMs: () => number): void {
  registry.gauge("process_cpu_seconds_total", "User and system CPU time spent by the process, in seconds.", () => {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / MICROSECONDS_PER_SECOND;
  });
  registry.gauge("process_resident_memory_bytes", "Resident memory size in bytes.", () => process.memoryUsage().rss);
  registry.gauge("process_heap_bytes", "JavaScript heap in use, in bytes.", () => process.memoryUsage().heapUsed);
  registry.gauge("process_uptime_seconds", "Seconds since the server started.", () => (nowMs() - startedAtMs) / MILLISECONDS_PER_SECOND);
  registry.gauge("argentum_event_loop_lag_seconds", "Event-loop lag of a thread over the last minute.", () =>
    [0.5, 0.99, 1].map((quantile) => ({
      labels: { thread: "main", quantile },
      value: lag.percentileMs(quantile) / MILLISECONDS_PER_SECOND,
    })),
  );
}
