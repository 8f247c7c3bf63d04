/**
 * `/metrics` of the packet tables' safety net (world/unhandled-packets.ts): one series per client
 * packet that reached a map with no handler, none while every packet has a system or a decision.
 * Registered by `argentum serve` (and a cluster gateway) for its map workers, and by a map node for its own.
 */
import type { MetricsRegistry } from "../metrics/index.ts";
import type { UnhandledPackets } from "../world/index.ts";

export function registerUnhandledPacketMetrics(registry: MetricsRegistry, unhandled: UnhandledPackets): void {
  registry.gauge("argentum_unhandled_packets_total", "Client packets that reached a map with no handler (no system and no decision), by packet.", () =>
    [...unhandled.counts].map(([packet, count]) => ({ labels: { packet }, value: count })),
  );
}
