/**
 * The packet tables' safety net in /metrics and the log: a client packet that reached a map with
 * no handler is counted by name (`argentum_unhandled_packets_total{packet="…"}`) and logged once
 * per name, from a worker's report on the world (the gateway thread) as from a map node's; no
 * series while nothing slipped through. The map side (a table missing a name reports it) is
 * map-instance.test.ts's.
 */
import { describe, expect, test } from "bun:test";
import { MapNode } from "../cluster/index.ts";
import { createLogger } from "../log/index.ts";
import { Outbox, type MapDefinition } from "../map/index.ts";
import { MetricsRegistry } from "../metrics/index.ts";
import { UnhandledPackets, World } from "../world/index.ts";
import { registerUnhandledPacketMetrics } from "./unhandled-packet-metrics.ts";

function logSink() {
  const lines: { level: number; msg: string; packet?: string; map?: number; session?: number }[] = [];
  const logger = createLogger("info", { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { lines, logger };
}

describe("unhandled client packets", () => {
  test("none: no series; each one counted by name, the first of each name logged with who sent it", () => {
    const { lines, logger } = logSink();
    const unhandled = new UnhandledPackets();
    const registry = new MetricsRegistry();
    registerUnhandledPacketMetrics(registry, unhandled);
    expect(registry.render()).not.toContain("argentum_unhandled_packets_total{");
    unhandled.add({ packet: "Quest", map: 1, session: 7 }, logger);
    unhandled.add({ packet: "Quest", map: 1, session: 8 }, logger);
    unhandled.add({ packet: "Rest", map: 2, session: 7 }, logger);
    const text = registry.render();
    expect(text).toContain('argentum_unhandled_packets_total{packet="Quest"} 2');
    expect(text).toContain('argentum_unhandled_packets_total{packet="Rest"} 1');
    expect(lines.filter((line) => line.msg.includes("no handler")).map(({ packet, map, session }) => ({ packet, map, session }))).toEqual([
      { packet: "Quest", map: 1, session: 7 },
      { packet: "Rest", map: 2, session: 7 },
    ]);
  });

  test("a map worker's report reaches the world's count (the series of `argentum serve`)", () => {
    const { lines, logger } = logSink();
    const world = new World({ maps: new Map([[1, { id: 1 } as MapDefinition]]), workerCount: 1, settings: {} as never, logger, deliver: () => {}, onLeft: () => {} });
    const inside = world as unknown as { onWorkerMessage(host: { workerId: number }, message: unknown): void };
    inside.onWorkerMessage({ workerId: 3 }, { t: "unhandled", packet: "Quest", map: 1, session: 5 });
    inside.onWorkerMessage({ workerId: 3 }, { t: "unhandled", packet: "Quest", map: 1, session: 5 });
    inside.onWorkerMessage({ workerId: 3 }, { t: "out", frames: new Outbox().take(), events: [] });
    expect([...world.stats.unhandled.counts]).toEqual([["Quest", 2]]);
    expect(lines.filter((line) => line.msg.includes("no handler"))).toHaveLength(1);
    expect(lines.find((line) => line.msg.includes("no handler"))).toMatchObject({ level: 40, packet: "Quest", map: 1, session: 5, worker: 3 });
  });
});

describe("on a map node", () => {
  test("its workers' reports count on the node (its own /metrics), logged once per name", () => {
    const { lines, logger } = logSink();
    const node = new MapNode({ identity: { boot: 1 }, logger } as never);
    const inside = node as unknown as { onWorkerMessage(host: { workerId: number }, message: unknown): void };
    inside.onWorkerMessage({ workerId: 1 }, { t: "unhandled", packet: "Rest", map: 4, session: 2 });
    inside.onWorkerMessage({ workerId: 1 }, { t: "unhandled", packet: "Rest", map: 4, session: 3 });
    const registry = new MetricsRegistry();
    registerUnhandledPacketMetrics(registry, node.unhandled);
    expect(registry.render()).toContain('argentum_unhandled_packets_total{packet="Rest"} 2');
    expect(lines.filter((line) => line.msg.includes("no handler"))).toHaveLength(1);
  });
});
