/**
 * `argentum serve` (and `argentum gateway`): the composition of one server process: data dir,
 * world, database, map workers, gateway, HTTP / WebSocket / TCP listeners, autosave and the
 * orderly stop. Each start-up failure becomes a `StartupError` with one line for the operator.
 */
import type { ServerConfig } from "../config/index.ts";
import { openDatabase, DatabaseError, type Database } from "../db/index.ts";
import type { Logger } from "../log/index.ts";
import { EventLoopLagMonitor, MetricsRegistry, registerProcessMetrics } from "../metrics/index.ts";
import { ConnectionFactory, createWebSocketHandler, listenTcp, startHttpServer } from "../net/index.ts";
import { createClientRoutes } from "../client/serve.ts";
import { FrameDecoder, serverPacketName } from "../protocol/index.ts";
import { createGatewayMetrics, createGatewayStore, DEFAULT_OWNER_NODE, Gateway } from "../session/index.ts";
import { VERSION } from "../version.ts";
import { registerServices, ServerSettings, World, type RunningServices } from "../world/index.ts";
import { auditSinkOver, staffInformationOver, staffModerationOver, staffRenamesOver, staffReportsOver } from "./staff-persistence.ts";
import { BLOCKED_ALL, isWaterForWalker } from "../game/movement/index.ts";
import type { MapDefinition } from "../map/index.ts";
import { prepareDataDir } from "./data-dir.ts";
import { registerNpcAiMetrics } from "./npc-ai-metrics.ts";
import { registerFlushMetrics } from "./flush-metrics.ts";
import { registerMagicMetrics } from "./magic-metrics.ts";
import { registerUnhandledPacketMetrics } from "./unhandled-packet-metrics.ts";
import { PasswordHashMetrics } from "./password-hash-metrics.ts";
import { acquireDataLock, type DataLock } from "./data-lock.ts";
import { reconcileWorldIdentity } from "./world-identity.ts";
import { StartupError, WORKER_STATS_INTERVAL_MS, workerSettings } from "./startup.ts";
import { GRAPHICS_URL, loadGraphicsFiles, type GraphicsFiles } from "./graphics-files.ts";
import { loadServerWorld, type ServerWorld } from "./server-world.ts";
import { adminConsoleRoutes } from "./admin-console/index.ts";
import type { CharacterRecord } from "../game/character/index.ts";
import { connectNatsBus, decodeLinkMessage, GatewayDirectory, LinkWriter, newNodeIdentity, SUBJECTS, type CharacterClaimNotice, type ClusterBus, type NodeIdentity } from "../cluster/index.ts";
import { NODE_LIVENESS_MS } from "../db/index.ts";

/** Players are saved this often by default; `--autosave-seconds` changes it. */
const MS_PER_SECOND = 1000;
/** Up to this many maps are loaded at start; bigger worlds load maps on first entry (unless `--load-all-maps`). */
export const PRELOAD_MAP_LIMIT = 32;

export interface RunningServer {
  readonly tcpPort: number;
  readonly httpPort: number;
  readonly world: World;
  readonly gateway: Gateway;
  readonly database: Database;
  /** Saves every online character now (what autosave does on its timer). */
  autosave(): Promise<number>;
  stop(reason: string): Promise<void>;
}

export interface StartOptions {
  /** Map worker count; default from the CPU count. */
  mapWorkers?: number;
  /** Load every map at start even for big worlds (tests). Default: only worlds of ≤ PRELOAD_MAP_LIMIT maps. */
  preloadAllMaps?: boolean;
  /** Override for tests (e.g. a worker script that fails to load). */
  mapWorkerUrl?: string;
  /** How the data folder's lock names this process; default "argentum serve". */
  lockCommand?: string;
  /**
   * `argentum gateway`: sessions and logins here, maps on the cluster's map nodes (named by the
   * lease table), reached over the cluster bus. No data folder; Postgres only.
   */
  cluster?: GatewayClusterOptions;
}

export interface GatewayClusterOptions {
  natsUrl: string;
  cluster: string;
  /** This gateway's name (a boot id is added). */
  nodeName: string;
  /** An already connected bus (tests run a whole cluster on one in-process hub). */
  bus?: ClusterBus;
}

/** How often a cluster gateway marks itself alive in `cluster_nodes`. */
export const GATEWAY_HEARTBEAT_MS = 1_000;

export async function startServer(config: ServerConfig, logger: Logger, options: StartOptions = {}): Promise<RunningServer> {
  const startedAt = performance.now();
  const log = logger.child({ ctx: "server" });

  const cluster = options.cluster;
  if (cluster && !config.databaseUrl) throw new StartupError("a cluster gateway needs Postgres: set --database-url / DATABASE_URL");
  // A cluster gateway keeps nothing on disk: its database is the cluster's Postgres.
  const dataDir = cluster ? ({ ok: true, path: config.dataDir } as const) : await prepareDataDir(config.dataDir);
  if (!dataDir.ok) throw new StartupError(dataDir.message);

  let graphics: GraphicsFiles | undefined;
  if (config.graphics) {
    const loaded = await loadGraphicsFiles(config.world, config.graphics);
    if (!loaded.ok) throw new StartupError(`graphics: ${loaded.message}`);
    graphics = loaded.files;
    log.info({ images: graphics.imageCount, dir: config.graphics }, "AO graphics served to the browser client");
  }

  let serverWorld: ServerWorld;
  const worldLoadStartedAt = performance.now();
  try {
    serverWorld = await loadServerWorld(config.world, graphics ? GRAPHICS_URL : undefined);
  } catch (error) {
    const message = (error as Error).message;
    throw new StartupError(config.world ? `--world / AO_WORLD: ${message}` : message, { cause: error });
  }
  log.info(
    { world: serverWorld.name, maps: serverWorld.maps.size, hash: serverWorld.hash, ms: Math.round(performance.now() - worldLoadStartedAt), builtIn: !config.world },
    "world loaded",
  );
  if (serverWorld.creationProblems.length > 0) {
    log.warn({ problems: serverWorld.creationProblems }, "character creation rules of this world are incomplete; creation may be refused");
  }

  // Held while the server runs: the embedded database lives in the data folder, and admin
  // tools must not write it under a running server.
  const locked = cluster ? ({ ok: true, lock: NO_LOCK, tookOver: undefined } as const) : await acquireDataLock(dataDir.path, options.lockCommand ?? "argentum serve");
  if (!locked.ok) throw new StartupError(locked.message);
  const lock: DataLock = locked.lock;
  if (locked.tookOver) {
    log.warn({ lock: lock.path, previous: locked.tookOver }, "took over the data folder lock of a process that is gone (it did not stop cleanly)");
  }

  let database: Database;
  const passwordHashMetrics = new PasswordHashMetrics(config.passwordHash);
  try {
    database = await openDatabase({
      url: config.databaseUrl,
      dataDir: dataDir.path,
      logger: logger.child({ ctx: "db" }),
      passwordHashing: config.passwordHash,
      passwordHashObserver: passwordHashMetrics,
      pgliteSharedBuffersMb: config.pgliteSharedBuffersMb,
    });
  } catch (error) {
    await lock.release();
    const message = error instanceof DatabaseError ? error.message : (error as Error).message;
    throw new StartupError(`database: ${message}`, { cause: error });
  }
  log.info({ backend: database.backend }, "database ready");
  const abandonStart = async () => {
    await database.close().catch(() => {});
    await lock.release();
  };

  try {
    const identity = await reconcileWorldIdentity(
      database,
      { name: serverWorld.name, hash: serverWorld.hash, maps: serverWorld.maps, cities: serverWorld.cities, objectIds: serverWorld.objectIds },
      config.allowWorldChange,
      logger,
    );
    if (!identity.ok) throw new StartupError(identity.message);
    // One server per database, so every mark found now was left by a server that did not stop
    // cleanly. A cluster's other gateways have players online: their marks stay.
    if (!cluster) {
      const stale = await database.characters.clearOnlineMarks();
      if (stale > 0) log.warn({ characters: stale }, "cleared online marks left by a server that did not stop cleanly");
    }
  } catch (error) {
    await abandonStart();
    if (error instanceof StartupError) throw error;
    const message = error instanceof DatabaseError ? error.message : (error as Error).message;
    throw new StartupError(`database: ${message}`, { cause: error });
  }

  const registry = new MetricsRegistry();
  const lag = new EventLoopLagMonitor();
  lag.start();
  registerProcessMetrics(registry, lag, startedAt, () => performance.now());
  const gatewayMetrics = createGatewayMetrics(registry);
  const factory = new ConnectionFactory({ intervalMs: config.flushIntervalMs });
  registerFlushMetrics(registry, () => factory.scheduler.counts);

  let clusterLink: GatewayClusterLink | undefined;
  if (cluster) {
    try {
      clusterLink = await joinCluster(cluster, database, logger);
    } catch (error) {
      await abandonStart();
      throw error instanceof StartupError ? error : new StartupError((error as Error).message, { cause: error });
    }
    factory.idPrefix = clusterLink.gatewayIndex;
    registerClusterGatewayMetrics(registry, clusterLink);
  }

  // The world reaches the gateway for what it delivers and reports, the gateway's saves reach the
  // bank service for the credits they settle: both are built after the world, so these are bound late.
  let gateway: Gateway | undefined;
  let services: RunningServices | undefined;
  const world = new World({
    maps: serverWorld.maps,
    workerCount: options.mapWorkers ?? (config.mapWorkers === "auto" ? defaultWorkerCount(serverWorld.maps.size) : config.mapWorkers),
    settings: workerSettings(config, serverWorld),
    logger: logger.child({ ctx: "world" }),
    deliver: (session, frame) => gateway?.deliver(session, frame),
    onLeft: (session, state, reason) => gateway?.onWorldLeft(session, state, reason),
    onEntered: (session) => {
      if (gateway?.onWorldEntered(session) === true) services?.staff.enteredWorld(session);
    },
    onSaveNow: (states) => gateway?.saveNow(states),
    onEnterFailed: (session) => gateway?.onWorldEnterFailed(session),
    workerUrl: options.mapWorkerUrl,
    remote: clusterLink?.directory,
  });
  try {
    await world.start(options.preloadAllMaps ?? (config.loadAllMaps || serverWorld.maps.size <= PRELOAD_MAP_LIMIT));
  } catch (error) {
    await clusterLink?.leave();
    await abandonStart();
    throw new StartupError((error as Error).message, { cause: error });
  }
  registerWorldMetrics(registry, world);
  // Load testers read these to tell whether a run fits before it starts (argentum bots).
  registry.gauge("argentum_max_connections", "Connections the server accepts in total (--max-connections).", () => config.maxConnections);
  registry.gauge("argentum_max_connections_per_ip", "Connections the server accepts from one address (--max-connections-per-ip).", () => config.maxConnectionsPerIp);
  passwordHashMetrics.register(registry);

  const store = createGatewayStore(database, logger);
  // The staff's runtime switches (GM-only mode), read by the login and switched by /HABILITAR.
  const serverSettings = new ServerSettings();
  gateway = new Gateway({
    store,
    world,
    logger,
    metrics: gatewayMetrics,
    now: () => performance.now(),
    maxConnections: config.maxConnections,
    maxConnectionsPerIp: config.maxConnectionsPerIp,
    loginTimeoutMs: config.loginTimeoutSeconds * MS_PER_SECOND,
    minPasswordLength: config.minPasswordLength,
    createCharacter: serverWorld.createCharacter,
    placeNewCharacter: benchPlacement(config.benchSpawn, serverWorld),
    onCreditSettled: (credit, outcome) => services?.bank.settled(credit, outcome),
    ...(clusterLink ? { ownerNode: clusterLink.identity.id, onCharacterClaimed: (character: number, gen: number) => clusterLink.characterClaimed(character, gen) } : {}),
    gmOnly: () => serverSettings.gmOnly,
  });
  const activeGatewayForSaves = gateway;
  // The main thread's services, for this process's own sessions (per gateway in a cluster).
  services = registerServices(world.services, world, {
    bank: { vaults: store, sessions: gateway, saves: gateway.characterSaves, logger: logger.child({ ctx: "bank" }), now: () => performance.now() },
    staff: {
      sessions: gateway,
      audit: auditSinkOver(database, logger),
      moderation: staffModerationOver(database),
      reports: staffReportsOver(database),
      renames: { store: staffRenamesOver(database), nameProblem: (name) => serverWorld.characterNameProblem(name) },
      node: clusterLink?.identity.id ?? DEFAULT_OWNER_NODE,
      logger: logger.child({ ctx: "staff" }),
      information: {
        settings: serverSettings,
        sources: staffInformationOver(database, {
          vaults: store,
          objectNames: new Map((serverWorld.tables?.objects?.objects ?? []).map((object) => [object.id, object.name])),
          expToLevelUp: serverWorld.tables?.balance?.expToLevelUp ?? [],
          onlineStates: () => world.knownStates(),
          saveOnline: () => activeGatewayForSaves.saveOnline(),
        }),
      },
    },
  });
  clusterLink?.attach(gateway);
  const activeGateway = gateway;
  registry.gauge("argentum_players_online", "Characters standing in the world.", () => world.onlineCount);
  registry.gauge("argentum_connections_open", "Open client connections.", () => activeGateway.connectionCount);

  let http: ReturnType<typeof startHttpServer>;
  try {
    http = startHttpServer({
      hostname: config.host,
      port: config.httpPort,
      websocket: createWebSocketHandler(factory, activeGateway),
      clientRoutes: createClientRoutes(serverWorld.worldInfo),
      // The operator console exists only with a token (issue 25).
      extraRoutes: config.adminToken
        ? adminConsoleRoutes({
            token: config.adminToken,
            now: () => performance.now(),
            world,
            sessions: activeGateway,
            staff: services.staff,
            moderation: database.moderation,
            staffRoles: database.staff,
            audit: database.audit,
            metrics: registry,
            node: clusterLink?.identity.id ?? DEFAULT_OWNER_NODE,
            logger: logger.child({ ctx: "admin-console" }),
          })
        : undefined,
      handlers: {
        health: () => ({
          status: "ok",
          version: VERSION,
          uptimeSeconds: Math.round((performance.now() - startedAt) / MS_PER_SECOND),
          database: database.backend,
          world: serverWorld.name,
          mapsLoaded: world.stats.mapsLoaded,
          playersOnline: world.onlineCount,
        }),
        metrics: () => registry.render(),
        mapJson: (id) => serverWorld.mapJson(id),
        cluster: clusterLink ? () => clusterLink.describe() : undefined,
        mapLayers: (id) => serverWorld.mapLayers(id),
        staticFile: graphics ? (pathname) => graphics.respond(pathname) : undefined,
      },
    });
  } catch (error) {
    await world.stop();
    await abandonStart();
    throw new StartupError(describeListenError("HTTP", "--http-port / AO_HTTP_PORT", config.host, config.httpPort, error), { cause: error });
  }

  let tcp: ReturnType<typeof listenTcp>;
  try {
    tcp = listenTcp({
      hostname: config.host,
      port: config.tcpPort,
      factory,
      events: activeGateway,
      createDeframer: () => new FrameDecoder(),
    });
  } catch (error) {
    http.stop(true);
    await world.stop();
    await abandonStart();
    throw new StartupError(describeListenError("TCP", "--tcp-port / AO_TCP_PORT", config.host, config.tcpPort, error), { cause: error });
  }

  const autosave = async (): Promise<number> => {
    const stillUnsaved = await activeGateway.retryUnsaved();
    if (stillUnsaved > 0) log.error({ characters: stillUnsaved }, "characters whose final save failed are still unsaved");
    // The snapshot refreshes the world's known states; the gateway writes the newest of them
    // when the batch's turn comes on its save line (session/character-saves.ts).
    await world.snapshot();
    const savingStartedAt = performance.now();
    const { outcome, characters } = await activeGateway.saveOnline();
    if (characters === 0) return 0;
    const ms = Math.round(performance.now() - savingStartedAt);
    if (outcome !== "ok") log.error({ outcome, characters, ms }, "autosave failed; will retry next round");
    else log.info({ characters, ms }, "autosave");
    return outcome === "ok" ? characters : 0;
  };
  const autosaveTimer = setInterval(() => void autosave(), config.autosaveSeconds * MS_PER_SECOND);
  const statsTimer = setInterval(() => {
    world.requestStats();
    const unloaded = world.unloadIdleMaps(performance.now());
    if (unloaded.length > 0) log.debug({ maps: unloaded }, "idle maps unloaded");
  }, WORKER_STATS_INTERVAL_MS);

  log.info(
    { tcpPort: tcp.port, httpPort: http.port, host: config.host, version: VERSION, startMs: Math.round(performance.now() - startedAt), adminConsole: config.adminToken !== undefined },
    "server listening",
  );
  // Before players hash: what the setting costs alone on this machine (logins/s ceiling in /metrics).
  void passwordHashMetrics.measureAlone(log);

  let stopped: Promise<void> | undefined;
  const stop = (reason: string): Promise<void> => {
    stopped ??= (async () => {
      log.info({ reason }, "stopping");
      clearInterval(autosaveTimer);
      clearInterval(statsTimer);
      activeGateway.stopAccepting();
      // Stop listening but keep the open connections: their players are saved below first.
      tcp.stop(false);
      const finals = await world.stop();
      // With them every final save still queued (a wave of departures just before the signal).
      const { outcome, characters } = await activeGateway.saveFinals(finals);
      if (outcome !== "ok") log.error({ outcome, characters }, "final save failed");
      else log.info({ characters }, "characters saved");
      activeGateway.closeAll("shutdown");
      await activeGateway.drainSaves();
      const unsaved = await activeGateway.retryUnsaved();
      // Their rows keep the state of their last save and their online mark (cleared at the next start).
      if (unsaved > 0) log.error({ characters: unsaved }, "characters whose final state could not be saved; lost with this stop");
      // The audit rows of the last staff actions, before the database closes.
      const unwritten = await services?.staff.drain();
      if (unwritten) log.error({ rows: unwritten }, "audit rows the database refused at shutdown; lost with this stop");
      await clusterLink?.leave();
      await new Promise((resolve) => setTimeout(resolve, 50));
      tcp.stop(true);
      http.stop(true);
      lag.stop();
      try {
        await database.close();
      } finally {
        await lock.release();
      }
      log.info("stopped");
    })();
    return stopped;
  };

  return {
    tcpPort: tcp.port,
    httpPort: http.port ?? config.httpPort,
    world,
    gateway: activeGateway,
    database,
    autosave,
    stop,
  };
}

/**
 * `--bench-spawn`: benchmarks put new characters straight onto a map (a fixed one, or all maps
 * round-robin by character id) at a tile chosen from the character id, instead of walking there
 * from their home city. Off by default; never needed to play.
 */
function benchPlacement(setting: string, world: ServerWorld): ((character: CharacterRecord) => CharacterRecord) | undefined {
  if (setting === "off") return undefined;
  // Spread only over maps with room to stand and walk (some AO maps are all sea or all wall).
  const mapIds = [...world.maps.values()]
    .filter((map) => landTiles(map) >= MIN_LAND_TILES_FOR_SPREAD)
    .map((map) => map.id)
    .sort((a, b) => a - b);
  return (character) => {
    const map = setting === "spread" ? mapIds[character.id % mapIds.length]! : Number(setting);
    const definition = world.maps.get(map);
    if (!definition) return character;
    // A multiplicative hash spreads consecutive ids over the map; the map finds the nearest free tile.
    const spot = Math.imul(character.id, 2654435761) >>> 0;
    const x = 1 + (spot % definition.width);
    const y = 1 + (Math.floor(spot / definition.width) % definition.height);
    return { ...character, position: { ...character.position, map, x, y } };
  };
}

/** A map needs this many enterable dry tiles to take bots in `--bench-spawn spread`. */
const MIN_LAND_TILES_FOR_SPREAD = 200;

function landTiles(map: MapDefinition): number {
  const collision = new Uint8Array(map.collision);
  const triggers = new Uint8Array(map.triggers);
  let land = 0;
  for (let i = 0; i < collision.length; i++) {
    if ((collision[i]! & BLOCKED_ALL) !== BLOCKED_ALL && !isWaterForWalker(collision[i]!, triggers[i]!)) land++;
  }
  return land;
}

/**
 * `--map-workers auto`: one map worker per core, never more than maps. An idle worker costs about
 * 8 MB (docs/benchmarks.md, memory footprint), and the map threads share the cores with the
 * network thread and the database anyway.
 */
function defaultWorkerCount(maps: number): number {
  const cores = navigator.hardwareConcurrency || 1;
  return Math.max(1, Math.min(maps, cores));
}

function describeListenError(what: string, setting: string, host: string, port: number, error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code ?? "";
  const text = `${(error as Error).message ?? ""}`;
  if (code === "EADDRINUSE" || /in use/i.test(text)) return `${what} port ${port} on ${host} is already in use; choose another with ${setting}`;
  if (code === "EACCES" || /permission/i.test(text)) return `${what} port ${port} on ${host} needs privileges this process lacks; choose a port above 1024 with ${setting}`;
  return `${what} could not listen on ${host}:${port} (${text || code}); check ${setting} and --host / AO_HOST`;
}

function registerWorldMetrics(registry: MetricsRegistry, world: World): void {
  registry.gauge("argentum_map_workers", "Map worker threads running.", () => world.stats.workers);
  registry.gauge("argentum_maps_loaded", "Maps running in workers.", () => world.stats.mapsLoaded);
  registry.gauge("argentum_map_worker_restarts_total", "Map workers restarted after a crash.", () => world.stats.restarts);
  registry.gauge("argentum_players_by_map", "Players per map (reported by the map workers every few seconds).", () =>
    [...world.stats.playersByMap].map(([map, players]) => ({ labels: { map }, value: players })),
  );
  registry.gauge("argentum_event_loop_lag_worker_seconds", "Worst event-loop lag of each map worker over the last report interval.", () =>
    [...world.stats.workerLagMs].map(([worker, lagMs]) => ({ labels: { thread: `map-worker-${worker}` }, value: lagMs / MS_PER_SECOND })),
  );
  registry.gauge("argentum_map_queue_delay_seconds", "Worst wait of an intent batch in a map worker's queue over the last report interval.", () =>
    [...world.stats.workerQueueDelayMs].map(([worker, delayMs]) => ({ labels: { worker }, value: delayMs / MS_PER_SECOND })),
  );
  registry.gauge("argentum_map_intents_total", "Player intents handled by the map workers.", () => world.stats.intentsHandled);
  registry.gauge("argentum_map_handler_faults_total", "Intent handlers that threw (the intent was dropped, the map went on), by packet.", () =>
    [...world.stats.handlerFaults].map(([packet, count]) => ({ labels: { packet }, value: count })),
  );
  registerNpcAiMetrics(registry, world.stats.npcAi);
  registerMagicMetrics(registry, world.stats.magic);
  registerUnhandledPacketMetrics(registry, world.stats.unhandled);
  registry.gauge("argentum_bytes_out_total", "Bytes of frames delivered to clients.", () => world.bytesOut);
  registry.gauge("argentum_packets_out_total", "Server packets delivered, by name.", () => {
    const series = [];
    for (let id = 0; id < world.framesOutById.length; id++) {
      const count = world.framesOutById[id]!;
      if (count > 0) series.push({ labels: { name: serverPacketName(id) ?? `id_${id}` }, value: count });
    }
    return series;
  });
}

/** The data folder lock of a process that has no data folder (a cluster gateway). */
const NO_LOCK: DataLock = { path: "", release: async () => {} } as unknown as DataLock;

/** A cluster gateway's membership: its identity, bus, directory and heartbeat. */
interface GatewayClusterLink {
  readonly identity: NodeIdentity;
  readonly gatewayIndex: number;
  readonly bus: ClusterBus;
  readonly directory: GatewayDirectory;
  /** Ends sessions here of characters another gateway's login claimed. */
  attach(gateway: Gateway): void;
  /** Tells the other gateways that a login here claimed a character. */
  characterClaimed(character: number, gen: number): void;
  /** `GET /api/cluster`: live map nodes and who owns which map. */
  describe(): Promise<unknown>;
  /** Stops the heartbeat, removes this gateway's row and closes the bus. */
  leave(): Promise<void>;
}

async function joinCluster(options: GatewayClusterOptions, database: Database, logger: Logger): Promise<GatewayClusterLink> {
  const identity = newNodeIdentity(options.nodeName);
  const log = logger.child({ ctx: "cluster", node: identity.id });
  let bus: ClusterBus;
  try {
    bus = options.bus ?? (await connectNatsBus({ url: options.natsUrl, cluster: options.cluster, name: identity.id, logger }));
  } catch (error) {
    throw new StartupError(`--nats / AO_NATS_URL: ${(error as Error).message}`, { cause: error });
  }
  const registered = await database.clusterNodes.register({ id: identity.id, role: "gateway", name: identity.name, pid: process.pid }).catch((error: unknown) => {
    if (!options.bus) void bus.close();
    throw new StartupError(`cluster: could not register this gateway: ${(error as Error).message}`, { cause: error });
  });
  if (registered.kind !== "registered" || registered.gatewayIndex === null) {
    if (!options.bus) await bus.close();
    throw new StartupError("cluster: every gateway index (1-255) is held by a live gateway; stop one first");
  }
  const gatewayIndex = registered.gatewayIndex;
  const directory = new GatewayDirectory({ identity, bus, leases: database.mapLeases, logger: log });
  let heartbeatRunning = false;
  const heartbeat = setInterval(() => {
    if (heartbeatRunning) return;
    heartbeatRunning = true;
    void database.clusterNodes
      .heartbeat(identity.id)
      .then(async (present) => {
        if (present) return;
        // Its row was pruned (a long pause): back in, under the same index if it is still free.
        const again = await database.clusterNodes.register({ id: identity.id, role: "gateway", name: identity.name, pid: process.pid });
        if (again.kind !== "registered" || again.gatewayIndex !== gatewayIndex) {
          log.error({ gatewayIndex, now: again.kind === "registered" ? again.gatewayIndex : null }, "this gateway's index was given to another gateway while it was away; its session ids may meet that gateway's");
        }
      })
      .catch((error: unknown) => log.warn({ err: error }, "gateway heartbeat failed; map nodes log this gateway's players out if it keeps failing"))
      .finally(() => (heartbeatRunning = false));
  }, GATEWAY_HEARTBEAT_MS);
  log.info({ gatewayIndex, cluster: options.cluster }, "joined the cluster as a gateway");
  let left = false;
  let claimsSubscription: { unsubscribe(): void } | undefined;
  const claims = new LinkWriter(identity.boot);
  return {
    identity,
    gatewayIndex,
    bus,
    directory,
    attach(gateway) {
      claimsSubscription = bus.subscribe(SUBJECTS.claims, (payload) => {
        const decoded = decodeLinkMessage(payload);
        if (!decoded.ok || decoded.message.kind !== "control" || decoded.message.header.source === identity.boot) return;
        const notice = decoded.message.message as CharacterClaimNotice;
        if (notice?.t === "character_claimed" && Number.isInteger(notice.character) && Number.isInteger(notice.gen)) gateway.releaseClaimedElsewhere(notice.character, notice.gen);
      });
    },
    characterClaimed(character, gen) {
      bus.publish(SUBJECTS.claims, claims.control({ t: "character_claimed", character, gen }));
    },
    async describe() {
      const [nodes, leases] = await Promise.all([database.clusterNodes.listLive(NODE_LIVENESS_MS), database.mapLeases.list()]);
      const maps: Record<string, string> = {};
      const mapsOf = new Map<string, number[]>();
      const live = new Set(nodes.filter((node) => node.role === "mapnode").map((node) => node.id));
      for (const lease of leases) {
        // A map whose owner died is nobody's until it is claimed.
        if (lease.owner === null || lease.expired || !live.has(lease.owner)) continue;
        maps[String(lease.mapId)] = lease.owner;
        mapsOf.set(lease.owner, [...(mapsOf.get(lease.owner) ?? []), lease.mapId]);
      }
      return {
        nodes: nodes
          .filter((node) => node.role === "mapnode")
          .map((node) => ({ id: node.id, pid: node.pid, maps: mapsOf.get(node.id) ?? [], lastSeenMs: node.lastSeenMs })),
        maps,
      };
    },
    async leave() {
      if (left) return;
      left = true;
      clearInterval(heartbeat);
      claimsSubscription?.unsubscribe();
      await directory.stop();
      await database.clusterNodes.remove(identity.id).catch((error: unknown) => log.warn({ err: error }, "could not remove this gateway's row; it expires on its own"));
      if (!options.bus) await bus.close().catch(() => {});
    },
  };
}

function registerClusterGatewayMetrics(registry: MetricsRegistry, link: GatewayClusterLink): void {
  const { directory } = link;
  registry.gauge("argentum_cluster_gateway_index", "This gateway's index in its cluster (the top byte of its session ids).", () => link.gatewayIndex);
  registry.gauge("argentum_cluster_maps_known", "Maps with an owner in this gateway's directory.", () => directory.ownership().size);
  registry.gauge("argentum_cluster_link_gaps_total", "Sequence gaps on links from map nodes (each places that node's players again).", () => directory.gaps);
  registry.gauge("argentum_cluster_resyncs_total", "Resyncs with map nodes (gaps, or asked by a node).", () => directory.resyncs);
  registry.gauge("argentum_cluster_bad_messages_total", "Unreadable or unexpected messages from map nodes, dropped.", () => directory.badMessages);
  registry.gauge("argentum_cluster_directory_poll_failures_total", "Reads of the lease table that failed.", () => directory.pollFailures);
  registry.gauge("argentum_cluster_frame_hop_seconds", "Map node → gateway hop of frame messages, by quantile (since start).", () =>
    [0.5, 0.99].map((quantile) => ({ labels: { quantile: String(quantile) }, value: directory.frameHopMs.count > 0 ? directory.frameHopMs.percentile(quantile * 100) / MS_PER_SECOND : 0 })),
  );
}
