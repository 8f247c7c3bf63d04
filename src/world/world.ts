/**
 * The world as the gateway sees it: which worker runs which map, where each session's
 * character is, and the hand-overs between maps. A map worker is the only authority for the
 * players on its maps; this class only routes, remembers the last known state of every player
 * (for autosave and for recovering a crashed worker), keeps the changes the main-thread services
 * made to a player until its map has them (the pending deltas), and supervises the workers.
 */
import type { CharacterRecord } from "../game/character/index.ts";
import type { Logger } from "../log/index.ts";
import {
  readOutbox,
  type OutboxReader,
  type BusMessage,
  type EnterKind,
  type FromWorker,
  type MapDefinition,
  type MapEvent,
  type MapHandOver,
  type ServiceEvent,
  type ServiceName,
  type SnapshotEntry,
  type SystemMessage,
  type ToMap,
  type WorkerSettings,
  type WorkerStats,
  busReachesWorker,
  rulesAfter,
} from "../map/index.ts";
import { LoopbackBusTransport, type BusTransport } from "./bus-transport.ts";
import { MapWorkerHost, type MapWorkerHostEvents } from "./map-worker-host.ts";
import type { MapHost, RemoteMaps } from "./map-host.ts";
import { MagicTotals } from "./magic-totals.ts";
import { UnhandledPackets } from "./unhandled-packets.ts";
import { NpcAiTotals } from "./npc-ai-totals.ts";
import { ServiceRegistry } from "./services/registry.ts";
import type { ServiceContext, ServicePlayer } from "./services/service.ts";

/** How long the gateway waits for workers to hand back their players on shutdown. */
export const WORKER_STOP_TIMEOUT_MS = 5_000;
/** A map nobody stood on for this long is unloaded from its worker (lazily loaded worlds only). */
export const MAP_IDLE_UNLOAD_MS = 120_000;
/** How long a snapshot request may take before the answers so far are used. */
export const SNAPSHOT_TIMEOUT_MS = 5_000;

export interface WorldOptions {
  maps: ReadonlyMap<number, MapDefinition>;
  workerCount: number;
  settings: WorkerSettings;
  logger: Logger;
  /** A run of whole frames for a session (a view: copy it); the gateway appends it to its connection. */
  deliver(session: number, frames: Uint8Array): void;
  /** A player left the world on the map's initiative (quit) or after `leave`. */
  onLeft(session: number, state: CharacterRecord | null, reason: string): void;
  /** The player is standing on a map now (after login, transfer or recovery). */
  onEntered?(session: number, map: number): void;
  onEnterFailed?(session: number, reason: string): void;
  /**
   * A trade swapped items between players of one map: save these states now, all in ONE
   * `saveCharacters` call (see map/systems/trade.ts).
   */
  onSaveNow?(states: CharacterRecord[]): void;
  workerUrl?: string;
  /** How cross-map messages reach the other maps; a loopback in one process. */
  bus?: BusTransport;
  /**
   * A cluster gateway: the maps run on map nodes that this directory names, instead of the
   * world's own workers (`workerCount` is then ignored). The map nodes relay cross-map messages
   * among themselves, so `bus` is not used.
   */
  remote?: RemoteMaps;
}

interface Route {
  session: number;
  /** The map that owns the player, or the one it is being handed to. */
  map: number;
  userSlot: number;
  /**
   * Last state the gateway knows: from the enter, the last snapshot or the last hand-over, plus
   * the deltas posted since (`pending`).
   */
  state: CharacterRecord;
  /**
   * Deltas posted to the map that owns the player and not yet applied there (`postDelta`), by
   * delta id, in the order they were posted: `state` counts them, the states that map hands over
   * until its `delta_applied` do not, so each such state gets them applied (`withPending`). An
   * `enter` carries `state` whole and starts this afresh; a delta that reaches a worker the
   * player already left is dropped there, and is in the state the world took from the map when
   * the player left it.
   */
  pending: Map<number, (state: CharacterRecord) => CharacterRecord>;
  /** A login's enter, until `entered`: it may still fail, and the state is then dropped. */
  loggingIn: boolean;
  cameFrom?: { map: number; x: number; y: number } | undefined;
  inTransit: boolean;
  /** The current enter is a hand-over through an exit (it can be undone if it fails). */
  pendingTransfer: boolean;
  /** The clocks, states and pets of that hand-over (opaque here), until the player stands somewhere. */
  handOver?: MapHandOver | undefined;
  /** Cluster gateway: its map lost its owner while it stood there; the next owner gets it. */
  orphaned?: boolean;
}

export interface WorldStats {
  workers: number;
  mapsLoaded: number;
  playersByMap: Map<number, number>;
  workerLagMs: Map<number, number>;
  workerQueueDelayMs: Map<number, number>;
  intentsHandled: number;
  /** Intent handlers that threw, by packet name, since start. */
  handlerFaults: Map<string, number>;
  restarts: number;
  /** The NPC AI of every worker: counts since start, NPCs as last reported. */
  npcAi: NpcAiTotals;
  /** Casts, status timers and meditation ticks of every worker, since start. */
  magic: MagicTotals;
  /** Client packets that reached a map with no handler, by name, since start (the tables' safety net). */
  unhandled: UnhandledPackets;
}

export class World implements ServiceContext {
  private readonly hosts: MapWorkerHost[] = [];
  private readonly hostOfMap = new Map<number, MapHost>();
  private readonly loading = new Map<number, Promise<MapHost>>();
  /** Cluster gateway: enters waiting for a map to have an owner. */
  private readonly ownerWaiters = new Map<number, ((host: MapHost) => void)[]>();
  private readonly routes = new Map<number, Route>();
  private readonly leaveWaiters = new Map<number, (state: CharacterRecord | null) => void>();
  private readonly snapshotWaiters = new Map<number, { pending: number; entries: SnapshotEntry[]; done: () => void }>();
  private nextRequestId = 1;
  private peakOnline = 0;
  private nextDeltaId = 1;
  private stopping = false;
  private keepAllLoaded = false;
  /** Monotonic ms since which each loaded map has had nobody on it. */
  private readonly emptySince = new Map<number, number>();
  readonly stats: WorldStats = { workers: 0, mapsLoaded: 0, playersByMap: new Map(), workerLagMs: new Map(), workerQueueDelayMs: new Map(), intentsHandled: 0, handlerFaults: new Map(), restarts: 0, npcAi: new NpcAiTotals(), magic: new MagicTotals(), unhandled: new UnhandledPackets() };
  /** Cluster gateway: frames and events dropped because their sender no longer owns the player's map (a stale owner). */
  staleDropped = 0;
  /** Cluster gateway: players placed again because their map changed owner or was reset. */
  replaced = 0;
  /** Frames delivered per packet id, for metrics. */
  readonly framesOutById = new Float64Array(512);
  bytesOut = 0;

  private readonly bus: BusTransport;
  private readonly remote: RemoteMaps | undefined;
  /**
   * The main-thread services the maps ask (`MapContext.ask`), filled by the composition; each is
   * given this world as its `ServiceContext`.
   */
  readonly services: ServiceRegistry;

  constructor(private readonly options: WorldOptions) {
    this.remote = options.remote;
    this.services = new ServiceRegistry({ clustered: options.remote !== undefined });
    this.bus = options.bus ?? new LoopbackBusTransport();
    if (!this.remote) this.bus.subscribe((message) => this.deliverBus(message));
  }

  get onlineCount(): number {
    return this.routes.size;
  }

  /** The most players in the world at once since this process started. */
  get onlineRecord(): number {
    return this.peakOnline;
  }

  /** Maps of the world, loaded or not. */
  get mapCount(): number {
    return this.options.maps.size;
  }

  /** Starts the worker pool. Maps load on first use (or all at once with `preloadAll`). */
  async start(preloadAll: boolean): Promise<void> {
    if (this.remote) {
      this.keepAllLoaded = true;
      await this.remote.start({
        onMessage: (host, message) => this.onWorkerMessage(host, message),
        onOwner: (map, host, reset) => this.onOwner(map, host, reset),
      });
      return;
    }
    const count = Math.max(1, Math.min(this.options.workerCount, this.options.maps.size));
    const events: MapWorkerHostEvents = {
      onMessage: (host, message) => this.onWorkerMessage(host, message),
      onDeath: (host, reason) => void this.recover(host, reason),
    };
    for (let i = 0; i < count; i++) this.hosts.push(new MapWorkerHost(i + 1, this.options.settings, events, this.options.workerUrl));
    await Promise.all(this.hosts.map((host) => host.start()));
    this.stats.workers = this.hosts.length;
    this.keepAllLoaded = preloadAll;
    if (preloadAll) await Promise.all([...this.options.maps.keys()].map((id) => this.ensureLoaded(id)));
  }

  /** Puts a character on its map. Resolves once the request is queued; `onEntered` follows. */
  async enter(session: number, record: CharacterRecord, userSlot: number, kind: EnterKind = "login"): Promise<void> {
    const map = this.options.maps.has(record.position.map) ? record.position.map : this.fallbackMap();
    const state = map === record.position.map ? record : { ...record, position: { ...record.position, map } };
    this.peakOnline = Math.max(this.peakOnline, this.routes.size + (this.routes.has(session) ? 0 : 1));
    const route: Route = { session, map, userSlot, state, pending: new Map(), loggingIn: kind === "login", inTransit: true, pendingTransfer: false };
    this.routes.set(session, route);
    const host = await this.ensureLoaded(map);
    if (this.routes.get(session) !== route) return; // left while the map was loading
    this.postEnter(host, route, kind, undefined);
  }

  /**
   * Forwards an in-world packet body to the map that owns the player (dropped while in
   * transit: exactly one map owns a player at every moment, and none does in between).
   */
  intent(session: number, body: Uint8Array): void {
    const route = this.routes.get(session);
    if (!route || route.inTransit) return;
    this.hostOfMap.get(route.map)?.queueIntent(session, body);
  }

  isInWorld(session: number): boolean {
    return this.routes.has(session);
  }

  /**
   * The newest state known of a character in the world (entering, on a map, between maps or
   * being recovered: what crash recovery would use), or null. A scan: the gateway asks only for
   * the few characters a save must carry along (a trade's partners).
   */
  knownState(characterId: number): CharacterRecord | null {
    for (const route of this.routes.values()) if (route.state.id === characterId) return route.state;
    return null;
  }

  /** The session of a character in the world, or undefined (a scan: services look up few). */
  sessionOfCharacter(characterId: number): number | undefined {
    for (const route of this.routes.values()) if (route.state.id === characterId) return route.session;
    return undefined;
  }

  /** The character in the world with this name (any case, trimmed), or undefined. */
  playerNamed(name: string): { session: number; characterId: number } | undefined {
    const key = name.trim().toLowerCase();
    for (const route of this.routes.values()) if (route.state.name.toLowerCase() === key) return { session: route.session, characterId: route.state.id };
    return undefined;
  }

  /** A player in the world as a service sees it, or undefined. */
  player(session: number): ServicePlayer | undefined {
    const route = this.routes.get(session);
    if (!route) return undefined;
    return { session, map: route.map, state: route.state, loggingIn: route.loggingIn, inTransit: route.inTransit };
  }

  /**
   * A service's message for a player's map (`system`), posted to the worker that owns it now,
   * after its queued intents. Dropped when the player left or is between maps (a service answers
   * where the player is; one that must reach it wherever it goes posts a delta), and, with
   * `onMap`, when it stands on another map.
   */
  tell<S extends ServiceName>(session: number, service: S, message: ToMap<S>, options: { onMap?: number } = {}): void {
    const route = this.routes.get(session);
    if (!route || route.inTransit) return;
    if (options.onMap !== undefined && route.map !== options.onMap) return;
    const host = this.hostOfMap.get(route.map);
    if (!host || host.isDead) return;
    const system = { t: "system", service, session, message, ...(options.onMap !== undefined ? { map: options.onMap } : {}) };
    host.post(system as SystemMessage);
  }

  /**
   * A change to a player's state, in one synchronous step: to its known state (what autosave
   * writes and crash recovery restores) and, by a `system` message carrying the delta's id, to
   * the map that owns it (or the one it is being handed to: the enter carries the known state, and
   * a message that reaches the worker before it is dropped there). Pending until that map
   * acknowledges it (`Route.pending`).
   */
  postDelta<S extends ServiceName>(session: number, service: S, message: ToMap<S>, apply: (state: CharacterRecord) => CharacterRecord): boolean {
    const route = this.routes.get(session);
    if (!route) return false;
    route.state = apply(route.state);
    const delta = this.nextDeltaId++;
    route.pending.set(delta, apply);
    const host = this.hostOfMap.get(route.map);
    if (host && !host.isDead) host.post({ t: "system", service, session, message, delta } as SystemMessage);
    return true;
  }

  /** Every player in the world as a service sees it (the operator console's list). */
  players(): ServicePlayer[] {
    return [...this.routes.keys()].map((session) => this.player(session)!);
  }

  /**
   * Publishes a cross-map message from the main thread (the operator console's broadcast), as a
   * map's publish does; false in a cluster gateway, whose maps hear their own nodes' bus.
   */
  publishBus(message: BusMessage): boolean {
    if (this.remote) return false;
    this.bus.publish(message);
    return true;
  }

  /** The newest known state of every character in the world (what autosave writes). */
  knownStates(): CharacterRecord[] {
    return [...this.routes.values()].map((route) => route.state);
  }

  /** Takes a player out of the world; resolves with its final state (null if unknown). */
  leave(session: number, reason: string): Promise<CharacterRecord | null> {
    const route = this.routes.get(session);
    if (!route) return Promise.resolve(null);
    return new Promise((resolve) => {
      this.leaveWaiters.set(session, resolve);
      const host = this.hostOfMap.get(route.map);
      if (!host || host.isDead) {
        this.finishLeave(session, route.state, reason);
        return;
      }
      host.post({ t: "leave", session, reason });
    });
  }

  /** Latest state of every player, straight from the maps (for autosave). */
  async snapshot(): Promise<SnapshotEntry[]> {
    const live = (this.remote ? this.remote.hosts() : this.hosts).filter((host) => !host.isDead && host.maps.size > 0);
    if (live.length === 0) return [];
    const requestId = this.nextRequestId++;
    const collected = { pending: live.length, entries: [] as SnapshotEntry[], done: () => {} };
    const finished = new Promise<void>((resolve) => {
      collected.done = resolve;
      setTimeout(resolve, SNAPSHOT_TIMEOUT_MS).unref?.();
    });
    this.snapshotWaiters.set(requestId, collected);
    for (const host of live) host.post({ t: "snapshot", requestId });
    await finished;
    this.snapshotWaiters.delete(requestId);
    return collected.entries;
  }

  /** Stops every worker; resolves with the final state of every player still in the world. */
  async stop(): Promise<CharacterRecord[]> {
    if (this.remote) return this.stopRemote(this.remote);
    this.stopping = true;
    const finals = new Map<number, CharacterRecord>();
    for (const route of this.routes.values()) finals.set(route.session, route.state);
    await Promise.all(
      this.hosts.map(
        (host) =>
          new Promise<void>((resolve) => {
            if (host.isDead) return resolve();
            const timer = setTimeout(resolve, WORKER_STOP_TIMEOUT_MS);
            host.onStopped = (entries) => {
              clearTimeout(timer);
              for (const entry of entries) {
                const route = this.routes.get(entry.session);
                finals.set(entry.session, route ? this.withPending(route, entry.state) : entry.state);
              }
              resolve();
            };
            host.post({ t: "stop" });
          }),
      ),
    );
    for (const host of this.hosts) host.terminate();
    this.routes.clear();
    return [...finals.values()];
  }

  /**
   * A cluster gateway's stop: its players leave their maps (the map nodes hand back their final
   * states); a map that does not answer in time leaves the state this gateway knows.
   */
  private async stopRemote(remote: RemoteMaps): Promise<CharacterRecord[]> {
    this.stopping = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), WORKER_STOP_TIMEOUT_MS)));
    const finals = await Promise.all(
      [...this.routes.values()].map(async (route) => {
        const known = route.state;
        const answer = await Promise.race([this.leave(route.session, "shutdown"), deadline]);
        return answer === "late" ? known : answer;
      }),
    );
    clearTimeout(timer);
    this.routes.clear();
    await remote.stop();
    return finals.filter((state): state is CharacterRecord => state !== null);
  }

  /**
   * Unloads maps that have had nobody on them (no route points at them, none in transit) for
   * `idleMs`; the next entry loads them again. Worlds loaded whole at start keep every map.
   */
  unloadIdleMaps(nowMs: number, idleMs = MAP_IDLE_UNLOAD_MS): number[] {
    if (this.keepAllLoaded) return [];
    const occupied = new Set<number>();
    for (const route of this.routes.values()) occupied.add(route.map);
    const unloaded: number[] = [];
    for (const [map, host] of this.hostOfMap) {
      if (occupied.has(map) || this.loading.has(map)) {
        this.emptySince.delete(map);
        continue;
      }
      const since = this.emptySince.get(map);
      if (since === undefined) {
        this.emptySince.set(map, nowMs);
        continue;
      }
      if (nowMs - since < idleMs) continue;
      this.hostOfMap.delete(map);
      this.emptySince.delete(map);
      host.maps.delete(map);
      host.post({ t: "unload", map });
      this.stats.playersByMap.delete(map);
      unloaded.push(map);
    }
    this.stats.mapsLoaded = this.hostOfMap.size;
    return unloaded;
  }

  /** Maps currently loaded in a worker. */
  loadedMaps(): number[] {
    return [...this.hostOfMap.keys()];
  }

  /** Asks every worker for its counters; answers update `stats` as they arrive. */
  requestStats(): void {
    // Map nodes report on their own /metrics.
    for (const host of this.hosts) if (!host.isDead) host.post({ t: "stats" });
  }

  private recordStats(host: MapHost, stats: WorkerStats): void {
    this.stats.workerLagMs.set(host.workerId, stats.lagMs);
    this.stats.workerQueueDelayMs.set(host.workerId, stats.queueDelayMs);
    this.stats.intentsHandled += stats.intents;
    this.stats.npcAi.add(host.workerId, stats.npcAi, Date.now());
    this.stats.magic.add(stats.magic);
    for (const map of host.maps) this.stats.playersByMap.delete(map);
    for (const map of stats.maps) this.stats.playersByMap.set(map.map, map.players);
  }

  /** Test hook: crash the worker that runs `map`. */
  crashWorkerOf(map: number): void {
    this.hostOfMap.get(map)?.post({ t: "crash", map });
  }

  // ---------------------------------------------------------------- internals

  private fallbackMap(): number {
    return this.options.maps.keys().next().value!;
  }

  private ensureLoaded(map: number): Promise<MapHost> {
    const host = this.hostOfMap.get(map);
    if (host && !host.isDead) return Promise.resolve(host);
    if (this.remote) {
      // A map without an owner (its node died, the claim is on its way): the player waits in transit.
      if (!this.options.maps.has(map)) return Promise.reject(new Error(`no map ${map} in this world`));
      return new Promise((resolve) => {
        const waiting = this.ownerWaiters.get(map);
        if (waiting) waiting.push(resolve);
        else this.ownerWaiters.set(map, [resolve]);
      });
    }
    const pending = this.loading.get(map);
    if (pending) return pending;
    const definition = this.options.maps.get(map);
    if (!definition) return Promise.reject(new Error(`no map ${map} in this world`));
    const target = this.leastLoadedHost();
    const loading = target.load(definition).then(() => {
      this.hostOfMap.set(map, target);
      this.loading.delete(map);
      this.stats.mapsLoaded = this.hostOfMap.size;
      return target;
    });
    this.loading.set(map, loading);
    return loading;
  }

  private leastLoadedHost(): MapWorkerHost {
    let best: MapWorkerHost | undefined;
    for (const host of this.hosts) {
      if (host.isDead) continue;
      if (!best || host.maps.size < best.maps.size) best = host;
    }
    return best ?? this.hosts[0]!;
  }

  /** Reads a worker turn's frames: counts them and hands each session its run. */
  private readonly outboxReader: OutboxReader = {
    onPacketCount: (id, frames) => {
      if (id < this.framesOutById.length) this.framesOutById[id]! += frames;
    },
    onRun: (session, run) => {
      this.bytesOut += run.length;
      this.options.deliver(session, run);
    },
  };

  private onWorkerMessage(host: MapHost, message: FromWorker): void {
    switch (message.t) {
      case "out":
        if (this.remote) {
          this.sender = host;
          readOutbox(message.frames, this.remoteOutboxReader);
          for (const event of message.events) {
            if (this.ownsEventSession(host, event)) this.onMapEvent(event);
            else this.staleDropped++;
          }
          return;
        }
        readOutbox(message.frames, this.outboxReader);
        for (const event of message.events) this.onMapEvent(event);
        return;
      case "snapshot": {
        this.recordStats(host, message.stats);
        // Taken as known states now, in this worker's message order: a trade's save_now that
        // follows this answer is newer, and must not be overwritten by it when the last worker answers.
        for (const entry of message.entries) {
          const route = this.routes.get(entry.session);
          if (route && !route.inTransit && route.map === entry.map && this.hostOfMap.get(entry.map) === host) route.state = this.withPending(route, entry.state);
        }
        const waiter = this.snapshotWaiters.get(message.requestId);
        if (!waiter) return;
        waiter.entries.push(...message.entries);
        if (--waiter.pending === 0) waiter.done();
        return;
      }
      case "stats":
        this.recordStats(host, message.stats);
        return;
      case "stopped":
        host.onStopped?.(message.entries);
        return;
      case "fault":
        if (message.packet !== undefined) this.stats.handlerFaults.set(message.packet, (this.stats.handlerFaults.get(message.packet) ?? 0) + 1);
        this.options.logger.error(
          { worker: host.workerId, map: message.map, session: message.session, packet: message.packet },
          `map worker fault: ${message.message}`,
        );
        return;
      case "unhandled":
        this.stats.unhandled.add({ packet: message.packet, map: message.map, session: message.session, worker: host.workerId }, this.options.logger);
        return;
      case "bus":
        this.bus.publish(message.message);
        return;
      default:
        return;
    }
  }

  /** The host whose `out` message is being read (cluster gateway). */
  private sender: MapHost | undefined;

  /** A cluster gateway's reader: a run is delivered only when its sender owns the player's map now. */
  private readonly remoteOutboxReader: OutboxReader = {
    onPacketCount: (id, frames) => this.outboxReader.onPacketCount?.(id, frames),
    onRun: (session, run) => {
      const route = this.routes.get(session);
      if (!route || this.hostOfMap.get(route.map) !== this.sender) {
        this.staleDropped++;
        return;
      }
      countFramesById(run, this.framesOutById);
      this.outboxReader.onRun(session, run);
    },
  };

  /**
   * Whether `host` owns the map of the player an event is about (cluster gateway): a node that
   * lost a map (paused past its lease) may still report on its players; the new owner's word
   * counts. Events of players this gateway does not route are passed on (they change nothing).
   */
  private ownsEventSession(host: MapHost, event: MapEvent): boolean {
    const session = event.t === "save_now" ? event.entries[0]?.session : event.session;
    if (session === undefined) return true;
    const route = this.routes.get(session);
    if (!route) return true;
    return this.hostOfMap.get(route.map) === host;
  }

  /**
   * Cluster gateway: `map` changed owner, or its owner lost its players (`reset`). Its players
   * are placed again on the new owner from the states this gateway knows (the last snapshot,
   * hand-over or trade): a warp's map-enter packets on the same socket, or, for a login not
   * finished, the login's. Without an owner they wait in transit (their input is dropped).
   */
  private onOwner(map: number, host: MapHost | undefined, reset: boolean): void {
    const previous = this.hostOfMap.get(map);
    if (host) this.hostOfMap.set(map, host);
    else this.hostOfMap.delete(map);
    this.stats.mapsLoaded = this.hostOfMap.size;
    if (host) {
      const waiting = this.ownerWaiters.get(map);
      this.ownerWaiters.delete(map);
      for (const resolve of waiting ?? []) resolve(host);
    }
    if (previous === host && !reset) return;
    for (const route of this.routes.values()) {
      if (route.map !== map) continue;
      // Entered while the map had no owner: the waiter in `ensureLoaded` posts its enter.
      if (!previous && !route.orphaned && !reset) continue;
      route.inTransit = true;
      if (!host) {
        route.orphaned = true;
        continue;
      }
      route.orphaned = false;
      this.replaced++;
      const kind: EnterKind = route.loggingIn ? "login" : route.pendingTransfer ? "transfer" : "recover";
      this.postEnter(host, route, kind, route.cameFrom, kind === "transfer" ? route.handOver : undefined);
    }
  }

  /**
   * A cross-map message from the bus: every live worker with maps receives it (the publisher's
   * included), after the intents already queued for it.
   */
  private deliverBus(message: BusMessage): void {
    // The server's rules reach every worker, and a restarted one starts from the latest (map/server-rules.ts).
    if (message.kind === "server_rules") this.options.settings.rules = rulesAfter(this.options.settings.rules, message);
    for (const host of this.hosts) if (!host.isDead && busReachesWorker(message, host.maps.size)) host.post({ t: "bus", message });
  }

  private onMapEvent(event: MapEvent): void {
    switch (event.t) {
      case "entered": {
        const route = this.routes.get(event.session);
        if (!route) return;
        route.inTransit = false;
        route.pendingTransfer = false;
        route.loggingIn = false;
        route.handOver = undefined;
        route.map = event.map;
        route.state = { ...route.state, position: { ...route.state.position, map: event.map, x: event.x, y: event.y } };
        this.options.onEntered?.(event.session, event.map);
        return;
      }
      case "enter_failed": {
        const route = this.routes.get(event.session);
        const back = route?.cameFrom;
        if (route && route.pendingTransfer && back && back.map !== event.map) {
          // An exit into a map with no room (all sea, all wall): the step is refused and the
          // player stays on the map it came from, next to the exit.
          this.options.logger.warn({ session: event.session, map: event.map, reason: event.reason }, "exit destination has no room; player kept where it was");
          route.pendingTransfer = false;
          route.map = back.map;
          route.state = { ...route.state, position: { ...route.state.position, ...back } };
          void this.ensureLoaded(back.map).then((host) => {
            if (this.routes.get(event.session) !== route) return;
            this.postEnter(host, route, "transfer", undefined, route.handOver);
          });
          return;
        }
        this.routes.delete(event.session);
        this.options.logger.warn({ session: event.session, map: event.map, reason: event.reason }, "could not place a player");
        this.options.onEnterFailed?.(event.session, event.reason);
        if (route) this.resolveLeave(event.session, route.state);
        return;
      }
      case "transfer": {
        const route = this.routes.get(event.session);
        if (!route) return;
        route.state = this.withPending(route, event.state);
        route.pending.clear(); // handed on with the state: the next map gets them in its enter
        route.cameFrom = event.cameFrom;
        route.handOver = event.handOver;
        if (!this.options.maps.has(event.dest.map)) {
          // A broken exit: put the player back where the step started.
          this.options.logger.warn({ from: event.cameFrom, dest: event.dest }, "exit leads to a map this world does not have");
          route.state = { ...route.state, position: { ...route.state.position, ...event.cameFrom } };
        }
        route.map = route.state.position.map;
        route.inTransit = true;
        route.pendingTransfer = true;
        void this.ensureLoaded(route.map).then((host) => {
          if (this.routes.get(event.session) !== route) return;
          this.postEnter(host, route, "transfer", route.cameFrom, route.handOver);
        });
        return;
      }
      case "save_now": {
        // The newest truth for crash recovery too: every route moves in this one synchronous
        // step, or none does. A side already being re-entered elsewhere (its worker died and
        // recovery restarts it from the known states) means the swap is lost for both: nothing
        // is taken and nothing saved, so disk and memory stay pre-swap for both.
        const routes = event.entries.map((entry) => this.routes.get(entry.session));
        if (routes.some((route) => route === undefined || route.inTransit)) {
          this.options.logger.warn({ sessions: event.entries.map((entry) => entry.session) }, "a trade's states arrived for a player no longer on that map; not taken");
          return;
        }
        const states = event.entries.map((entry, index) => (routes[index]!.state = this.withPending(routes[index]!, entry.state)));
        this.options.onSaveNow?.(states);
        return;
      }
      case "service":
        this.onServiceEvent(event);
        return;
      case "delta_applied":
        this.routes.get(event.session)?.pending.delete(event.delta);
        return;
      case "left": {
        const route = this.routes.get(event.session);
        const state = event.state && route ? this.withPending(route, event.state) : (event.state ?? route?.state ?? null);
        this.finishLeave(event.session, state, event.reason);
        return;
      }
    }
  }

  /**
   * A map asks a service. With a state, as a trade's save: the state is taken as the player's
   * known state and the service reads the request in this same step (gold sent off a map is
   * placed, or given back, against the sender's debited state). A player already being
   * re-entered elsewhere (its worker died) lost that state with its worker: nothing is taken,
   * and the service hears nothing. Without one, a player gone is dropped silently (it asked on a
   * map it has left; it asks again).
   */
  private onServiceEvent(event: ServiceEvent): void {
    const route = this.routes.get(event.session);
    if (event.state !== undefined && (!route || route.inTransit || route.map !== event.map)) {
      this.options.logger.warn({ session: event.session, service: event.service, map: event.map }, "a service request with the player's state arrived for a player no longer on that map; not taken");
      return;
    }
    if (!route) return;
    if (!this.services.has(event.service)) {
      this.options.logger.error({ session: event.session, service: event.service }, "a map asked a service nobody registered; dropped");
      return;
    }
    if (event.state !== undefined) route.state = this.withPending(route, event.state);
    this.services.fromMap({ service: event.service, session: event.session, map: event.map, message: event.message, state: event.state === undefined ? undefined : route.state });
  }

  private finishLeave(session: number, state: CharacterRecord | null, reason: string): void {
    this.routes.delete(session);
    if (!this.resolveLeave(session, state)) this.options.onLeft(session, state, reason);
  }

  private resolveLeave(session: number, state: CharacterRecord | null): boolean {
    const waiter = this.leaveWaiters.get(session);
    if (!waiter) return false;
    this.leaveWaiters.delete(session);
    waiter(state);
    return true;
  }

  /**
   * A worker died: start a new one, load its maps again and put every player it held back
   * where the last snapshot saw them. Frames those players had in flight are lost; their
   * characters are not.
   */
  private async recover(dead: MapWorkerHost, reason: string): Promise<void> {
    if (this.stopping) return;
    this.options.logger.error({ worker: dead.workerId, reason, maps: [...dead.maps] }, "map worker died; restarting it");
    this.stats.restarts++;
    this.stats.npcAi.forget(dead.workerId);
    const replacement = new MapWorkerHost(
      dead.workerId,
      this.options.settings,
      { onMessage: (host, message) => this.onWorkerMessage(host, message), onDeath: (host, why) => void this.recover(host, why) },
      this.options.workerUrl,
    );
    const index = this.hosts.indexOf(dead);
    if (index >= 0) this.hosts[index] = replacement;
    const maps = [...dead.maps];
    for (const map of maps) this.hostOfMap.delete(map);
    try {
      await replacement.start();
    } catch (error) {
      this.options.logger.fatal({ err: error }, "could not restart a map worker");
      return;
    }
    await Promise.all(maps.map((map) => this.ensureLoaded(map)));
    for (const route of this.routes.values()) {
      if (!maps.includes(route.map)) continue;
      route.inTransit = true;
      this.postEnter(this.hostOfMap.get(route.map)!, route, "recover", route.cameFrom);
    }
  }

  /**
   * Puts the route's player on its map with its whole known state, deltas posted before
   * included: the deltas pending on the map it comes from are settled by this state.
   */
  private postEnter(host: MapHost, route: Route, kind: EnterKind, cameFrom: Route["cameFrom"], handOver?: MapHandOver): void {
    route.pending.clear();
    host.post({ t: "enter", map: route.map, session: route.session, record: route.state, kind, userSlot: route.userSlot, cameFrom, handOver, onlineCount: this.routes.size });
  }

  /** A state the owning map handed over, with the deltas it has not applied yet, in the order they were posted. */
  private withPending(route: Route, state: CharacterRecord): CharacterRecord {
    let applied = state;
    for (const apply of route.pending.values()) applied = apply(applied);
    return applied;
  }
}

/**
 * Counts the frames of a run by packet id (a frame is `u16 length, u16 id, ...`): a map node's
 * runs come without the worker's per-id counts, which it cannot split between gateways.
 */
function countFramesById(run: Uint8Array, counts: Float64Array): void {
  let at = 0;
  while (at + 4 <= run.length) {
    const id = run[at + 2]! | (run[at + 3]! << 8);
    if (id < counts.length) counts[id]!++;
    at += 2 + (run[at]! | (run[at + 1]! << 8));
  }
}
