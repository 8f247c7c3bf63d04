/**
 * `argentum mapnode`: one map node process. Loads the world, opens the cluster's Postgres,
 * connects to NATS, starts its map workers, takes its share of the map leases and serves
 * `/health` and `/metrics`. Every start-up failure is a `StartupError` with one line for the
 * operator; a stop hands every player back to its gateway before the leases are released.
 */
import { hostname } from "node:os";
import type { ClusterConfig } from "../config/index.ts";
import { openDatabase, NODE_LIVENESS_MS, type Database } from "../db/index.ts";
import type { Logger } from "../log/index.ts";
import { EventLoopLagMonitor, MetricsRegistry, registerProcessMetrics } from "../metrics/index.ts";
import { StartupError, WORKER_STATS_INTERVAL_MS, workerSettings } from "./startup.ts";
import { loadServerWorld } from "./server-world.ts";
import { RealClock, RealTimerDriver, TimerScheduler, TimerWheel } from "../time/index.ts";
import { VERSION } from "../version.ts";
import { bootOfNodeId, connectNatsBus, LeaseManager, MapNode, mapRegions, newNodeIdentity, type ClusterBus } from "../cluster/index.ts";
import { registerUnhandledPacketMetrics } from "./unhandled-packet-metrics.ts";

/**
 * Maps per placement region: neighbouring maps (joined by exits) stay on one node in groups of up
 * to this many. Small worlds get smaller regions, so that every node has maps to run.
 */
export const MAX_MAP_REGION_SIZE = 8;

export function mapRegionSize(mapCount: number): number {
  return Math.max(1, Math.min(MAX_MAP_REGION_SIZE, Math.floor(mapCount / 32)));
}
/** How often a map node looks for gateways that died (their players are saved here). */
export const GATEWAY_CHECK_INTERVAL_MS = 1_000;
const MS_PER_SECOND = 1000;

export interface RunningMapNode {
  readonly nodeId: string;
  readonly httpPort: number;
  readonly node: MapNode;
  readonly leases: LeaseManager;
  readonly database: Database;
  stop(reason: string): Promise<void>;
}

export interface MapNodeStartOptions {
  mapWorkers?: number;
  mapWorkerUrl?: string;
  /** An already connected bus (tests run several nodes on one in-process hub). */
  bus?: ClusterBus;
}

/** A node name from the host name, when `--node-id` is not given. */
export function defaultNodeName(role: string): string {
  const host = hostname().replace(/[^A-Za-z0-9_-]/g, "-").slice(0, 40) || "host";
  return `${role}-${host}`;
}

export async function startMapNode(config: ClusterConfig, logger: Logger, options: MapNodeStartOptions = {}): Promise<RunningMapNode> {
  const startedAt = performance.now();
  const identity = newNodeIdentity(config.nodeId ?? defaultNodeName("mapnode"));
  const log = logger.child({ ctx: "mapnode", node: identity.id });

  let serverWorld;
  try {
    serverWorld = await loadServerWorld(config.world);
  } catch (error) {
    throw new StartupError(`${config.world ? "--world / AO_WORLD: " : ""}${(error as Error).message}`, { cause: error });
  }

  let database: Database;
  try {
    database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, logger: logger.child({ ctx: "db" }), passwordHashing: config.passwordHash });
  } catch (error) {
    throw new StartupError(`database: ${(error as Error).message}`, { cause: error });
  }
  if (database.backend !== "postgres") {
    await database.close();
    throw new StartupError("a map node needs Postgres: set --database-url / DATABASE_URL");
  }

  let bus: ClusterBus;
  try {
    bus = options.bus ?? (await connectNatsBus({ url: config.natsUrl, cluster: config.cluster, name: identity.id, logger }));
  } catch (error) {
    await database.close();
    throw new StartupError(`--nats / AO_NATS_URL: ${(error as Error).message}`, { cause: error });
  }

  const clock = new RealClock();
  const timers = new TimerScheduler(clock, new TimerWheel({ tickMs: 10, startMs: 0 }), {
    onError: (error) => log.error({ err: error }, "lease timer failed"),
  });
  const driver = new RealTimerDriver(timers, clock);
  driver.start();

  const node = new MapNode({
    identity,
    bus,
    maps: serverWorld.maps,
    settings: workerSettings(config, serverWorld),
    workerCount: options.mapWorkers ?? (config.mapWorkers === "auto" ? Math.max(1, Math.min(serverWorld.maps.size, navigator.hardwareConcurrency || 1)) : config.mapWorkers),
    logger: log,
    workerUrl: options.mapWorkerUrl,
    saves: {
      async saveFinal(states) {
        const outcome = await database.characters.saveCharacters(states, { final: () => true, ownerNode: identity.id });
        return { ok: outcome.kind === "ok", fenced: "fenced" in outcome ? outcome.fenced : [] };
      },
    },
  });
  const abandon = async () => {
    driver.stop();
    node.terminate();
    if (!options.bus) await bus.close().catch(() => {});
    await database.close().catch(() => {});
  };
  try {
    await node.start();
  } catch (error) {
    await abandon();
    throw new StartupError((error as Error).message, { cause: error });
  }

  const mapIds = [...serverWorld.maps.keys()];
  const regions = mapRegions(
    [...serverWorld.maps.values()].map((map) => ({ id: map.id, neighbours: map.exits.map((exit) => exit.destMap).filter((dest) => dest > 0) })),
    mapRegionSize(serverWorld.maps.size),
  );
  const leases = new LeaseManager({
    nodeId: identity.id,
    name: identity.name,
    leases: database.mapLeases,
    nodes: database.clusterNodes,
    mapIds,
    regions,
    leaseMs: config.leaseSeconds * MS_PER_SECOND,
    // Every second (the default); short test leases renew four times per lease.
    renewIntervalMs: Math.min(MS_PER_SECOND, (config.leaseSeconds * MS_PER_SECOND) / 4),
    isMapBusy: (map) => node.isMapBusy(map),
    logger: logger.child({ ctx: "leases" }),
    timers,
    events: {
      onGained: (granted) => {
        log.info({ maps: granted.map((lease) => lease.mapId) }, "maps claimed");
        void node.gained(granted);
      },
      onLost: (lostLeases, reason) => {
        log.warn({ maps: lostLeases.map((lease) => lease.mapId), reason }, "map leases lost; those maps are dropped");
        node.lost(lostLeases);
      },
      drain: async (maps) => {
        const epochs = node.heldMaps().filter((held) => maps.includes(held.map));
        await node.drain(maps);
        // Told after the release, when the next owner may claim; the lease table says it anyway.
        setTimeout(() => node.released(epochs.map(({ map, epoch }) => ({ mapId: map, epoch }))), 100);
      },
    },
  });
  try {
    await leases.start();
  } catch (error) {
    await abandon();
    throw new StartupError(`map leases: ${(error as Error).message}`, { cause: error });
  }

  // Gateways that stopped heartbeating are dead: their players are saved here.
  const gatewayCheck = setInterval(() => {
    void database.clusterNodes
      .listLive(NODE_LIVENESS_MS)
      .then((nodes) => {
        const live = new Set<number>();
        for (const entry of nodes) if (entry.role === "gateway") live.add(bootOfNodeId(entry.id) ?? 0);
        node.reapOrphans(live);
      })
      .catch((error: unknown) => log.warn({ err: error }, "could not read the cluster's nodes; gateways not checked this round"));
  }, GATEWAY_CHECK_INTERVAL_MS);
  const statsTimer = setInterval(() => node.requestStats(), WORKER_STATS_INTERVAL_MS);

  const registry = new MetricsRegistry();
  const lag = new EventLoopLagMonitor();
  lag.start();
  registerProcessMetrics(registry, lag, startedAt, () => performance.now());
  registerMapNodeMetrics(registry, node, leases);

  let http: ReturnType<typeof Bun.serve>;
  try {
    http = Bun.serve({
      hostname: config.host,
      port: config.httpPort,
      routes: {
        "/health": () =>
          Response.json({
            status: "ok",
            role: "mapnode",
            node: identity.id,
            version: VERSION,
            uptimeSeconds: Math.round((performance.now() - startedAt) / MS_PER_SECOND),
            maps: node.heldMaps().map((held) => held.map),
            players: node.sessionCount,
          }),
        "/metrics": () => new Response(registry.render(), { headers: { "content-type": "text/plain; version=0.0.4; charset=utf-8" } }),
      },
      fetch: () => new Response("not found", { status: 404 }),
    });
  } catch (error) {
    clearInterval(gatewayCheck);
    clearInterval(statsTimer);
    await leases.releaseAll().catch(() => {});
    await abandon();
    throw new StartupError(`HTTP could not listen on ${config.host}:${config.httpPort} (${(error as Error).message}); choose another with --http-port / AO_HTTP_PORT`, { cause: error });
  }
  log.info({ httpPort: http.port, maps: node.heldMaps().length, workers: options.mapWorkers ?? config.mapWorkers, startMs: Math.round(performance.now() - startedAt) }, "map node running");

  let stopped: Promise<void> | undefined;
  const stop = (reason: string): Promise<void> => {
    stopped ??= (async () => {
      log.info({ reason }, "stopping: players go back to their gateways, then the leases are released");
      clearInterval(gatewayCheck);
      clearInterval(statsTimer);
      await leases.stop();
      await node.stop();
      const held = leases.held();
      try {
        await leases.releaseAll();
        node.released(held);
      } catch (error) {
        log.error({ err: error }, "could not release the map leases; they expire on their own");
      }
      await bus.flush().catch(() => {});
      driver.stop();
      node.terminate();
      http.stop(true);
      lag.stop();
      if (!options.bus) await bus.close().catch(() => {});
      await database.close().catch(() => {});
      log.info("stopped");
    })();
    return stopped;
  };

  return { nodeId: identity.id, httpPort: http.port ?? config.httpPort, node, leases, database, stop };
}

function registerMapNodeMetrics(registry: MetricsRegistry, node: MapNode, leases: LeaseManager): void {
  registry.gauge("argentum_cluster_leases_held", "Map leases this node holds.", () => leases.held().length);
  registry.gauge("argentum_cluster_lease_claims_total", "Map leases granted to this node.", () => leases.counters.claims);
  registry.gauge("argentum_cluster_lease_renewals_total", "Lease renewal round trips that succeeded.", () => leases.counters.renewals);
  registry.gauge("argentum_cluster_lease_renew_failures_total", "Lease renewal round trips that failed.", () => leases.counters.renewFailures);
  registry.gauge("argentum_cluster_leases_lost_total", "Leases a renewal reported lost, by reason.", () => [
    { labels: { reason: "renew_refused" }, value: leases.counters.lost },
    { labels: { reason: "self_fenced" }, value: leases.counters.selfFenced },
  ]);
  registry.gauge("argentum_cluster_lease_renew_seconds", "Round trip of the last lease renewal.", () => leases.counters.lastRenewRoundTripMs / MS_PER_SECOND);
  registry.gauge("argentum_players_online", "Players on this node's maps.", () => node.sessionCount);
  registry.gauge("argentum_cluster_link_messages_total", "Link messages, by direction.", () => [
    { labels: { direction: "in" }, value: node.stats.messagesIn },
    { labels: { direction: "out" }, value: node.stats.messagesOut },
  ]);
  registry.gauge("argentum_cluster_link_gaps_total", "Sequence gaps seen on links from gateways (each asks that gateway for a resync).", () => node.stats.gapsIn);
  registry.gauge("argentum_cluster_intents_total", "Player intents received from gateways.", () => node.stats.intentsIn);
  registry.gauge("argentum_cluster_intent_hop_seconds", "Gateway → map node hop of intent batches, by quantile (since start).", () =>
    [0.5, 0.99].map((quantile) => ({ labels: { quantile: String(quantile) }, value: node.intentHopMs.count > 0 ? node.intentHopMs.percentile(quantile * 100) / MS_PER_SECOND : 0 })),
  );
  registry.gauge("argentum_fenced_writes_total", "Character saves refused because another claim raised the character's generation.", () => node.stats.fencedWrites);
  registry.gauge("argentum_cluster_orphans_saved_total", "Players of dead gateways saved by this node.", () => node.stats.orphansSaved);
  registry.gauge("argentum_map_worker_restarts_total", "Map workers restarted after a crash.", () => node.stats.workerRestarts);
  registerUnhandledPacketMetrics(registry, node.unhandled);
}
