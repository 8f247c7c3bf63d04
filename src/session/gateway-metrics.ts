/** The gateway's counters in the Prometheus registry. */
import type { MetricsRegistry } from "../metrics/index.ts";
import type { TransportKind } from "../net/index.ts";

export interface GatewayMetrics {
  opened(kind: TransportKind): void;
  closed(kind: TransportKind, reason: string): void;
  refused(verdict: string): void;
  rejected(reason: string): void;
  packetIn(name: string): void;
  /** A character's save was refused because another claim raised its generation (multi-node fencing). */
  fencedWrite(): void;
}

/** Close reasons are free text from many places; only these are kept as label values. */
const KNOWN_REASON = /^(peer_closed|quit|disconnect|replaced|flood|slow_consumer|socket_error|login_timeout|shutdown|protocol:[a-z_]+|creation:[a-z_]+|[a-z_]+)$/;

export function createGatewayMetrics(registry: MetricsRegistry): GatewayMetrics & { sessions: Record<TransportKind, number> } {
  const sessions: Record<TransportKind, number> = { tcp: 0, ws: 0 };
  registry.gauge("argentum_sessions", "Open client connections by transport.", () => [
    { labels: { transport: "tcp" }, value: sessions.tcp },
    { labels: { transport: "ws" }, value: sessions.ws },
  ]);
  const connections = registry.counter("argentum_connections_total", "Connections accepted, by transport.");
  const closes = registry.counter("argentum_connections_closed_total", "Connections closed, by transport and reason.");
  const refusals = registry.counter("argentum_connections_refused_total", "Connections refused at accept, by reason.");
  const rejections = registry.counter("argentum_connections_rejected_total", "Connections closed for misbehaving, by reason.");
  const packetsIn = registry.counter("argentum_packets_in_total", "Client packets received, by name.");
  const packetsInByName = new Map<string, { inc(amount?: number): void }>();
  const fencedWrites = registry.counter("argentum_fenced_writes_total", "Character saves refused because another claim raised the character's generation.");
  return {
    sessions,
    opened(kind) {
      sessions[kind]++;
      connections.inc({ transport: kind });
    },
    closed(kind, reason) {
      sessions[kind] = Math.max(0, sessions[kind] - 1);
      closes.inc({ transport: kind, reason: KNOWN_REASON.test(reason) ? reason : "other" });
    },
    refused: (verdict) => refusals.inc({ reason: verdict }),
    rejected: (reason) => rejections.inc({ reason: KNOWN_REASON.test(reason) ? reason : "other" }),
    fencedWrite: () => fencedWrites.inc(),
    packetIn(name) {
      let bound = packetsInByName.get(name);
      if (!bound) {
        bound = packetsIn.bind({ name });
        packetsInByName.set(name, bound);
      }
      bound.inc();
    },
  };
}
