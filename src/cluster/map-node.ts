/**
 * A map node: runs map workers for the maps whose leases it holds, for players whose sessions
 * live on gateways. It keeps no player state of its own beyond what its workers hold: which
 * gateway each session came from and which map it stands on, to route intents in and frames out.
 *
 * - Leases (lease-manager.ts) decide which maps run here. A gained map is loaded into the least
 *   loaded worker and announced on the directory subject; a lost one (renewal refused, or no
 *   renewal in time) is dropped at once with its players, who are placed again by their gateways
 *   on the new owner.
 * - Gateways send intents and control messages on this node's subject, numbered per link; a gap
 *   asks that gateway for a resync (it places its players on this node again).
 * - Worker outboxes are cut per gateway (the session's gateway) and sent with that gateway's
 *   events, one message per gateway per worker turn.
 * - A gateway that stops heartbeating is dead: its players leave their maps and are saved here
 *   (fenced by their generation, so a newer login elsewhere wins).
 * - A graceful stop hands every player's current state to its gateway, then releases the leases,
 *   so the next owner places them with nothing lost.
 */
import type { CharacterRecord } from "../game/character/index.ts";
import type { Logger } from "../log/index.ts";
import { readOutbox, type BusMessage, type FromWorker, type MapDefinition, type MapEvent, type SnapshotEntry, type WorkerSettings, type WorkerStats } from "../map/index.ts";
import { busReachesWorker, forEachIntent, rulesAfter } from "../map/index.ts";
import { Histogram } from "../time/index.ts";
import { MapWorkerHost, UnhandledPackets, type MapWorkerHostEvents } from "../world/index.ts";
import { LinkSequenceChecker, type ClusterBus, type Subscription } from "./bus/index.ts";
import { SUBJECTS, type NodeIdentity } from "./node-identity.ts";
import { decodeLinkMessage, emptyWorkerStats, LinkWriter, MAX_LINK_MESSAGE_BYTES, nowMs, OutboxRunWriter, partsThatFit, type DirectoryNotice, type GatewayControl, type NodeControl } from "./wire.ts";

/** How long a snapshot asked by a gateway waits for the workers. */
const SNAPSHOT_TIMEOUT_MS = 4_000;
/** How long a graceful stop waits for the workers' final states. */
const STOP_TIMEOUT_MS = 4_000;

/** What the node needs of the lease loop (lease-manager.ts), so tests can drive it by hand. */
export interface NodeLeases {
  held(): { mapId: number; epoch: number }[];
}

/** The saves a map node makes: only for players whose gateway died. */
export interface OrphanSaves {
  /** Writes final states; resolves with the ids refused because a newer claim raised their generation. */
  saveFinal(states: CharacterRecord[]): Promise<{ ok: boolean; fenced: readonly number[] }>;
}

export interface MapNodeOptions {
  identity: NodeIdentity;
  bus: ClusterBus;
  maps: ReadonlyMap<number, MapDefinition>;
  settings: WorkerSettings;
  workerCount: number;
  logger: Logger;
  saves: OrphanSaves;
  workerUrl?: string;
}

interface SessionPlace {
  gateway: number;
  map: number;
}

/** One gateway as this node sends to it. */
class GatewayLink {
  readonly writer: LinkWriter;
  readonly runs = new OutboxRunWriter();
  events: MapEvent[] = [];
  readonly subject: string;

  constructor(readonly boot: number, source: number) {
    this.subject = SUBJECTS.gatewayOut(boot.toString(16).padStart(8, "0"));
    this.writer = new LinkWriter(source);
  }
}

export interface MapNodeStats {
  intentsIn: number;
  messagesIn: number;
  messagesOut: number;
  gapsIn: number;
  badMessages: number;
  /** Runs and events for sessions this node no longer holds (a map dropped, a session gone). */
  droppedOut: number;
  orphansSaved: number;
  orphanSaveFailures: number;
  fencedWrites: number;
  workerRestarts: number;
  publishFailures: number;
}

export class MapNode {
  private readonly hosts: MapWorkerHost[] = [];
  private readonly hostOfMap = new Map<number, MapWorkerHost>();
  private readonly epochOf = new Map<number, number>();
  /** Maps being loaded into a worker after a grant. */
  private readonly loading = new Set<number>();
  private readonly sessions = new Map<number, SessionPlace>();
  private readonly playersOnMap = new Map<number, number>();
  private readonly gateways = new Map<number, GatewayLink>();
  private readonly sequences = new LinkSequenceChecker();
  private readonly directoryWriter: LinkWriter;
  private readonly busWriter: LinkWriter;
  private readonly subscriptions: Subscription[] = [];
  private readonly snapshotWaiters = new Map<number, { pending: number; entries: SnapshotEntry[]; done: () => void }>();
  private nextSnapshotId = 1;
  /** Sessions taken off their maps because their gateway died: saved when their `left` arrives. */
  private readonly orphanLeaving = new Set<number>();
  private stopping = false;
  /** Intent hop: gateway publish → this node's receive, ms. */
  readonly intentHopMs = new Histogram();
  readonly stats: MapNodeStats = { intentsIn: 0, messagesIn: 0, messagesOut: 0, gapsIn: 0, badMessages: 0, droppedOut: 0, orphansSaved: 0, orphanSaveFailures: 0, fencedWrites: 0, workerRestarts: 0, publishFailures: 0 };
  /** The workers' last reports, by worker id. */
  readonly workerStats = new Map<number, WorkerStats>();
  /** Client packets that reached one of this node's maps with no handler (its /metrics). */
  readonly unhandled = new UnhandledPackets();

  constructor(private readonly options: MapNodeOptions) {
    this.directoryWriter = new LinkWriter(options.identity.boot);
    this.busWriter = new LinkWriter(options.identity.boot);
  }

  /** Starts the workers and listens to gateways; maps come with `gained`. */
  async start(): Promise<void> {
    const count = Math.max(1, this.options.workerCount);
    for (let i = 0; i < count; i++) this.hosts.push(this.newHost(i + 1));
    await Promise.all(this.hosts.map((host) => host.start()));
    const { bus, identity } = this.options;
    this.subscriptions.push(bus.subscribe(SUBJECTS.nodeIn(identity.bootHex), (payload) => this.onGatewayMessage(payload)));
    this.subscriptions.push(bus.subscribe(SUBJECTS.bus, (payload) => this.onBusMessage(payload)));
  }

  /** Maps held now, with their epochs. */
  heldMaps(): { map: number; epoch: number }[] {
    return [...this.epochOf].map(([map, epoch]) => ({ map, epoch }));
  }

  get sessionCount(): number {
    return this.sessions.size;
  }

  isMapBusy(map: number): boolean {
    return (this.playersOnMap.get(map) ?? 0) > 0;
  }

  /** Leases granted: load the maps, then tell the gateways. */
  async gained(leases: readonly { mapId: number; epoch: number }[]): Promise<void> {
    const loaded: { map: number; epoch: number }[] = [];
    await Promise.all(
      leases.map(async ({ mapId, epoch }) => {
        const definition = this.options.maps.get(mapId);
        if (!definition) {
          this.options.logger.warn({ map: mapId }, "a lease was granted for a map this node's world does not have");
          return;
        }
        if (!this.hostOfMap.has(mapId)) {
          const host = this.leastLoadedHost();
          this.hostOfMap.set(mapId, host);
          this.loading.add(mapId);
          await host.load(definition);
          // Lost while it loaded: not ours (`lost` dropped it from the worker already).
          if (!this.loading.delete(mapId)) return;
        }
        this.epochOf.set(mapId, epoch);
        loaded.push({ map: mapId, epoch });
      }),
    );
    if (loaded.length > 0) this.notify({ t: "claimed", node: this.options.identity.id, maps: loaded });
  }

  /**
   * Leases lost (refused or not renewed in time): stop simulating and sending those maps at
   * once. Their players are the new owner's; the gateways learn of it from its claim.
   */
  lost(leases: readonly { mapId: number }[]): void {
    for (const { mapId } of leases) {
      this.epochOf.delete(mapId);
      this.loading.delete(mapId);
      const host = this.hostOfMap.get(mapId);
      this.hostOfMap.delete(mapId);
      for (const [session, place] of this.sessions) if (place.map === mapId) this.forget(session);
      host?.post({ t: "drop", map: mapId });
    }
  }

  /**
   * Maps this node gives up (a node that joined takes its share), dropped before the leases are
   * released. They were empty when the lease manager chose them; a player who entered since is
   * dropped with the map and placed again by its gateway on the next owner, as on a failover.
   */
  async drain(mapIds: readonly number[]): Promise<void> {
    this.lost(mapIds.map((mapId) => ({ mapId })));
  }

  /** Tells the gateways these maps were released (after the lease table says so). */
  released(leases: readonly { mapId: number; epoch: number }[]): void {
    if (leases.length > 0) this.notify({ t: "released", node: this.options.identity.id, maps: leases.map(({ mapId, epoch }) => ({ map: mapId, epoch })) });
  }

  /**
   * Players whose gateway is gone (not live any more): they leave their maps and their final
   * states are saved here. `liveGateways`: boot ids of the gateways live now.
   */
  reapOrphans(liveGateways: ReadonlySet<number>): number {
    let reaped = 0;
    for (const [session, place] of this.sessions) {
      if (liveGateways.has(place.gateway) || this.orphanLeaving.has(session)) continue;
      const host = this.hostOfMap.get(place.map);
      if (!host) continue;
      this.orphanLeaving.add(session);
      host.post({ t: "leave", session, reason: "gateway_lost" });
      reaped++;
    }
    if (reaped > 0) this.options.logger.warn({ players: reaped }, "players of a gateway that died leave their maps and are saved here");
    return reaped;
  }

  /** Stops without losing anything: every player's state goes to its gateway before the leases are released. */
  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    const finals = await Promise.all(
      this.hosts.map(
        (host) =>
          new Promise<SnapshotEntry[]>((resolve) => {
            if (host.isDead) return resolve([]);
            const timer = setTimeout(() => resolve([]), STOP_TIMEOUT_MS);
            host.onStopped = (entries) => {
              clearTimeout(timer);
              resolve(entries);
            };
            host.post({ t: "stop" });
          }),
      ),
    );
    const byGateway = new Map<number, SnapshotEntry[]>();
    for (const entry of finals.flat()) {
      const place = this.sessions.get(entry.session);
      if (!place) continue;
      const list = byGateway.get(place.gateway) ?? [];
      list.push(entry);
      byGateway.set(place.gateway, list);
    }
    // An unasked snapshot (request 0): the gateways take these as their players' known states.
    for (const [gateway, entries] of byGateway) this.sendSnapshot(gateway, 0, entries);
    await this.options.bus.flush().catch(() => {});
    for (const subscription of this.subscriptions) subscription.unsubscribe();
  }

  /** After `stop` and the release of the leases. */
  terminate(): void {
    for (const host of this.hosts) host.terminate();
  }

  /** Asks the workers for their counters (they answer into `workerStats`). */
  requestStats(): void {
    for (const host of this.hosts) if (!host.isDead) host.post({ t: "stats" });
  }

  // ---------------------------------------------------------------- gateways → node

  private onGatewayMessage(payload: Uint8Array): void {
    if (this.stopping) return;
    const decoded = decodeLinkMessage(payload);
    if (!decoded.ok) {
      this.stats.badMessages++;
      this.options.logger.warn({ reason: decoded.reason }, "unreadable message from a gateway; dropped");
      return;
    }
    const { message } = decoded;
    const gateway = message.header.source;
    this.stats.messagesIn++;
    const order = this.sequences.accept(gateway, message.header.seq);
    if (order === "old") return;
    if (order === "gap") {
      this.stats.gapsIn++;
      this.options.logger.warn({ gateway }, "messages from a gateway were lost; asking it to resync");
      this.sendControl(gateway, { t: "resync" });
    }
    if (message.kind === "intents") {
      this.intentHopMs.record(Math.max(0, nowMs() - message.header.sentAtMs));
      forEachIntentSafely(message.batch, (session, body) => {
        this.stats.intentsIn++;
        const place = this.sessions.get(session);
        if (!place || place.gateway !== gateway) return; // not here (any more): dropped, never replayed
        this.hostOfMap.get(place.map)?.queueIntent(session, body);
      }, (reason) => {
        this.stats.badMessages++;
        this.options.logger.warn({ gateway, reason }, "torn intent batch from a gateway; the rest dropped");
      });
      return;
    }
    if (message.kind !== "control") {
      this.stats.badMessages++;
      return;
    }
    this.onGatewayControl(gateway, message.message as GatewayControl);
  }

  private onGatewayControl(gateway: number, control: GatewayControl): void {
    switch (control?.t) {
      case "enter": {
        const host = this.hostOfMap.get(control.map);
        if (!host || !this.epochOf.has(control.map)) {
          // Not ours (any more): the gateway places the player on the owner its directory names next.
          this.options.logger.debug({ map: control.map, session: control.session }, "enter for a map this node does not hold; dropped");
          return;
        }
        const place = this.sessions.get(control.session);
        if (place && place.map !== control.map) this.forget(control.session);
        if (!this.sessions.has(control.session)) this.remember(control.session, { gateway, map: control.map });
        host.post(control);
        return;
      }
      case "leave":
      case "system": {
        const place = this.sessions.get(control.session);
        const host = place && place.gateway === gateway ? this.hostOfMap.get(place.map) : undefined;
        if (host) {
          host.post(control);
          return;
        }
        // A leave for a player not here: answer at once, so the gateway's logout does not wait.
        if (control.t === "leave") this.queueEvent(this.link(gateway), { t: "left", session: control.session, state: null, reason: control.reason }, true);
        return;
      }
      case "snapshot":
        this.snapshotFor(gateway, control.requestId);
        return;
      case "crash":
        // The tests' hook: that map's worker dies, and the node recovers it as from any crash.
        if (control.map !== undefined) this.hostOfMap.get(control.map)?.post({ t: "crash" });
        return;
      default:
        this.stats.badMessages++;
    }
  }

  private snapshotFor(gateway: number, requestId: number): void {
    const live = this.hosts.filter((host) => !host.isDead && host.maps.size > 0);
    const answer = (entries: SnapshotEntry[]) => {
      const mine = entries.filter((entry) => this.sessions.get(entry.session)?.gateway === gateway && this.epochOf.has(entry.map));
      this.sendSnapshot(gateway, requestId, mine);
    };
    if (live.length === 0) return answer([]);
    const local = this.nextSnapshotId++;
    const collected = { pending: live.length, entries: [] as SnapshotEntry[], done: () => {} };
    const timer = setTimeout(() => collected.done(), SNAPSHOT_TIMEOUT_MS);
    collected.done = () => {
      clearTimeout(timer);
      if (!this.snapshotWaiters.delete(local)) return;
      answer(collected.entries);
    };
    this.snapshotWaiters.set(local, collected);
    for (const host of live) host.post({ t: "snapshot", requestId: local });
  }

  // ---------------------------------------------------------------- workers → gateways

  private newHost(workerId: number): MapWorkerHost {
    const events: MapWorkerHostEvents = {
      onMessage: (host, message) => this.onWorkerMessage(host, message),
      onDeath: (host, reason) => void this.recover(host, reason),
    };
    return new MapWorkerHost(workerId, this.options.settings, events, this.options.workerUrl);
  }

  private readonly runReader = {
    onRun: (session: number, run: Uint8Array) => {
      const place = this.sessions.get(session);
      if (!place) {
        this.stats.droppedOut++;
        return;
      }
      const link = this.link(place.gateway);
      // Within one message's size: what came before goes now (this turn's events follow the runs).
      if (!link.runs.isEmpty && link.runs.byteLength + 8 + run.byteLength > MAX_LINK_MESSAGE_BYTES) this.sendLink(link);
      link.runs.add(session, run);
    },
  };

  private onWorkerMessage(host: MapWorkerHost, message: FromWorker): void {
    switch (message.t) {
      case "out": {
        readOutbox(message.frames, this.runReader);
        for (const event of message.events) this.routeEvent(event);
        this.flushGateways();
        return;
      }
      case "snapshot": {
        this.workerStats.set(host.workerId, message.stats);
        const waiter = this.snapshotWaiters.get(message.requestId);
        if (!waiter) return;
        waiter.entries.push(...message.entries);
        if (--waiter.pending === 0) waiter.done();
        return;
      }
      case "stats":
        this.workerStats.set(host.workerId, message.stats);
        return;
      case "stopped":
        host.onStopped?.(message.entries);
        return;
      case "bus":
        this.options.bus.publish(SUBJECTS.bus, this.busWriter.control(message.message));
        return;
      case "fault":
        this.options.logger.error({ worker: host.workerId, map: message.map, session: message.session, packet: message.packet }, `map worker fault: ${message.message}`);
        return;
      case "unhandled":
        this.unhandled.add({ packet: message.packet, map: message.map, session: message.session, worker: host.workerId }, this.options.logger);
        return;
      default:
        return;
    }
  }

  /** A map event, to the gateway of its player (a trade's save to each side's gateway). */
  private routeEvent(event: MapEvent): void {
    if (event.t === "save_now") {
      const byGateway = new Map<number, typeof event.entries>();
      for (const entry of event.entries) {
        const place = this.sessions.get(entry.session);
        if (!place) continue;
        byGateway.set(place.gateway, [...(byGateway.get(place.gateway) ?? []), entry]);
      }
      for (const [gateway, entries] of byGateway) this.queueEvent(this.link(gateway), { t: "save_now", entries }, false);
      return;
    }
    const session = event.session;
    if (event.t === "left" && this.orphanLeaving.delete(session)) {
      const gateway = this.sessions.get(session)?.gateway;
      this.forget(session);
      if (event.state) void this.saveOrphan(event.state);
      // A gateway that was only late with its heartbeat hears that its player left (and ends the session).
      if (gateway !== undefined) this.queueEvent(this.link(gateway), event, false);
      return;
    }
    const place = this.sessions.get(session);
    if (!place) {
      this.stats.droppedOut++;
      return;
    }
    switch (event.t) {
      case "entered":
        this.moveTo(session, place, event.map);
        break;
      case "left":
      case "transfer":
      case "enter_failed":
        this.forget(session);
        break;
      default:
        break;
    }
    this.queueEvent(this.link(place.gateway), event, false);
  }

  private queueEvent(link: GatewayLink, event: MapEvent, flushNow: boolean): void {
    link.events.push(event);
    if (flushNow) this.flushGateways();
  }

  private flushGateways(): void {
    for (const link of this.gateways.values()) if (!link.runs.isEmpty || link.events.length > 0) this.sendLink(link);
  }

  /** A gateway's runs and events so far, in one message or more (see MAX_LINK_MESSAGE_BYTES). */
  private sendLink(link: GatewayLink): void {
    const events = link.events;
    link.events = [];
    for (const message of link.writer.framesInParts(link.runs.take(), events)) this.publish(link.subject, message);
  }

  private sendControl(gateway: number, message: NodeControl): void {
    const link = this.link(gateway);
    this.flushGateways();
    this.publish(link.subject, link.writer.control(message));
  }

  /** A snapshot answer, in parts when its states do not fit in one message. */
  private sendSnapshot(gateway: number, requestId: number, entries: SnapshotEntry[]): void {
    const parts = partsThatFit(entries, MAX_LINK_MESSAGE_BYTES);
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      this.sendControl(gateway, { t: "snapshot", requestId, entries: part, stats: emptyWorkerStats(), ...(last ? {} : { more: true }) });
    });
  }

  private publish(subject: string, message: Uint8Array): void {
    try {
      this.options.bus.publish(subject, message);
      this.stats.messagesOut++;
    } catch (error) {
      // Lost like a message NATS dropped: the gateway sees the gap and resyncs.
      this.stats.publishFailures++;
      this.options.logger.error({ err: error, bytes: message.byteLength, subject }, "a message to a gateway could not be sent");
    }
  }

  private link(gateway: number): GatewayLink {
    let link = this.gateways.get(gateway);
    if (!link) {
      link = new GatewayLink(gateway, this.options.identity.boot);
      this.gateways.set(gateway, link);
    }
    return link;
  }

  private notify(notice: DirectoryNotice): void {
    this.options.bus.publish(SUBJECTS.directory, this.directoryWriter.control(notice));
  }

  private onBusMessage(payload: Uint8Array): void {
    const decoded = decodeLinkMessage(payload);
    if (!decoded.ok || decoded.message.kind !== "control") {
      this.stats.badMessages++;
      return;
    }
    const message = decoded.message.message as BusMessage;
    if (message.kind === "server_rules") this.options.settings.rules = rulesAfter(this.options.settings.rules, message);
    for (const host of this.hosts) if (!host.isDead && busReachesWorker(message, host.maps.size)) host.post({ t: "bus", message });
  }

  private async saveOrphan(state: CharacterRecord): Promise<void> {
    try {
      const outcome = await this.options.saves.saveFinal([state]);
      if (outcome.fenced.length > 0) {
        this.stats.fencedWrites += outcome.fenced.length;
        this.options.logger.warn({ character: state.id }, "final save of a dead gateway's player refused: a newer login owns the character");
      } else if (outcome.ok) this.stats.orphansSaved++;
      else this.stats.orphanSaveFailures++;
    } catch (error) {
      this.stats.orphanSaveFailures++;
      this.options.logger.error({ err: error, character: state.id }, "could not save a dead gateway's player");
    }
  }

  // ---------------------------------------------------------------- bookkeeping

  private remember(session: number, place: SessionPlace): void {
    this.sessions.set(session, place);
    this.playersOnMap.set(place.map, (this.playersOnMap.get(place.map) ?? 0) + 1);
  }

  private moveTo(session: number, place: SessionPlace, map: number): void {
    if (place.map === map) return;
    this.playersOnMap.set(place.map, Math.max(0, (this.playersOnMap.get(place.map) ?? 0) - 1));
    place.map = map;
    this.playersOnMap.set(map, (this.playersOnMap.get(map) ?? 0) + 1);
    this.sessions.set(session, place);
  }

  private forget(session: number): void {
    const place = this.sessions.get(session);
    if (!place) return;
    this.sessions.delete(session);
    this.playersOnMap.set(place.map, Math.max(0, (this.playersOnMap.get(place.map) ?? 0) - 1));
  }

  private leastLoadedHost(): MapWorkerHost {
    let best: MapWorkerHost | undefined;
    for (const host of this.hosts) {
      if (host.isDead) continue;
      if (!best || host.maps.size < best.maps.size) best = host;
    }
    return best ?? this.hosts[0]!;
  }

  /**
   * A worker died: a new one loads its maps, and the gateways are told those maps were reset, so
   * they place their players again from the states they know.
   */
  private async recover(dead: MapWorkerHost, reason: string): Promise<void> {
    if (this.stopping) return;
    this.stats.workerRestarts++;
    const maps = [...dead.maps].filter((map) => this.epochOf.has(map));
    this.options.logger.error({ worker: dead.workerId, reason, maps }, "map worker died; restarting it");
    const replacement = this.newHost(dead.workerId);
    const index = this.hosts.indexOf(dead);
    if (index >= 0) this.hosts[index] = replacement;
    for (const [session, place] of this.sessions) if (maps.includes(place.map)) this.forget(session);
    try {
      await replacement.start();
    } catch (error) {
      this.options.logger.fatal({ err: error }, "could not restart a map worker");
      return;
    }
    await Promise.all(
      maps.map(async (map) => {
        this.hostOfMap.set(map, replacement);
        await replacement.load(this.options.maps.get(map)!);
      }),
    );
    const reset = maps.filter((map) => this.epochOf.has(map)).map((map) => ({ map, epoch: this.epochOf.get(map)! }));
    if (reset.length > 0) this.notify({ t: "reset", node: this.options.identity.id, maps: reset });
  }
}

function forEachIntentSafely(batch: ArrayBuffer, visit: (session: number, body: Uint8Array) => void, onTorn: (reason: string) => void): void {
  try {
    forEachIntent(batch, visit);
  } catch (error) {
    onTorn((error as Error).message);
  }
}
