/**
 * The outbound flush in /metrics: how many flush passes ran, how many socket writes (or corked
 * WebSocket batches) they made, and how many waited for the flush interval. Frames out divided by
 * writes is the coalescing the interval buys.
 */
import type { MetricsRegistry } from "../metrics/index.ts";
import type { FlushCounts } from "../net/index.ts";

export function registerFlushMetrics(registry: MetricsRegistry, counts: () => FlushCounts): void {
  registry.gauge("argentum_outbound_flushes_total", "Outbound flush passes (each writes every connection that got frames since the last).", () => counts().flushes);
  registry.gauge("argentum_outbound_writes_total", "Connection writes made by the flush passes (one socket write or one corked WebSocket batch each).", () => counts().writes);
  registry.gauge("argentum_outbound_flushes_delayed_total", "Flush passes that waited for the flush interval instead of running at the end of the event-loop turn.", () => counts().delayed);
}
