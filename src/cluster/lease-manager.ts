/**
 * The lease loop of a map node (issue #18, docs/multi-node.md §7.5, §7.7-7.9): which maps this
 * node simulates, decided against the leases in Postgres.
 *
 * - Every scan (250 ms) it heartbeats its `cluster_nodes` row, lists the live map nodes and the
 *   leases, and claims each free or expired map it wins by placement (rendezvous on the map's
 *   region among live map nodes), or any free map nobody took for more than one scan period.
 * - A map it holds but no longer wins is handed over only when it is empty and its winner has been
 *   live for `stableMs`: drain (the caller stops it), then release. So a node that joins later
 *   gets its share of idle maps, while maps with players move only on failover.
 * - Every `renewIntervalMs` it renews all held leases in one call; a lease reported lost is
 *   stopped at once.
 * - Self-fence: a lease whose last successful renewal (or claim) was SENT more than
 *   `leaseMs - SELF_FENCE_MARGIN_MS` ago on this node's monotonic clock is dropped, with every other
 *   held lease, whether or not the database answered: the node stops before the database's clock
 *   can let anyone else in. The epochs close what is left of the window.
 *
 * Time comes from the injected `TimerScheduler` (a manual clock in tests). Database faults never
 * escape a loop: they are logged and the next period tries again.
 */
import { MAP_LEASE_MS, MAP_LEASE_RENEW_INTERVAL_MS, NODE_LIVENESS_MS, type ClusterNodeRepository, type MapLease, type MapLeaseRepository } from "../db/index.ts";
import type { TimerId, TimerScheduler } from "../time/index.ts";
import { placeMaps } from "./placement.ts";

/** How often a map node looks for free, expired and misplaced maps. */
export const LEASE_SCAN_INTERVAL_MS = 250;
/** A map is handed to a node that joined only once that node has been live this long. */
export const PLACEMENT_STABLE_MS = 2_000;
/**
 * A map is handed over only to a winner heard from this recently (by the database's clock): a
 * node that stopped heartbeating is still "live" for up to NODE_LIVENESS_MS, and handing it idle
 * maps it will never take would only bounce them.
 */
export const HANDOVER_HEARTBEAT_FRESH_MS = 1_000;
/** A node stops its maps this long before its last renewal could run out by the database's clock. */
export const SELF_FENCE_MARGIN_MS = 1_000;

export type LeaseLossReason = "renew_refused" | "self_fenced";

export interface LeaseManagerEvents {
  /** These maps are this node's now, with their epochs: start them. */
  onGained(leases: MapLease[]): void;
  /** These maps are not this node's any more: stop simulating, saving and sending them before returning. */
  onLost(leases: MapLease[], reason: LeaseLossReason): void;
  /** Stop these (empty) maps and run their final saves; the leases are released when this resolves. */
  drain(mapIds: number[]): Promise<void>;
}

/** The slice of a pino logger the manager uses (pass `logger.child({ ctx: "leases" })`). */
export interface LeaseManagerLogger {
  debug(fields: object, message: string): void;
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface LeaseManagerOptions {
  /** `name:bootId`. */
  nodeId: string;
  /** Defaults to the part of nodeId before its last `:`. */
  name?: string;
  /** Defaults to process.pid. */
  pid?: number;
  leases: MapLeaseRepository;
  nodes: ClusterNodeRepository;
  /** The maps of the world (every node lists the same). */
  mapIds: readonly number[];
  /** Map id → region id (mapRegions); a map missing is its own region. */
  regions: ReadonlyMap<number, number>;
  leaseMs?: number;
  renewIntervalMs?: number;
  scanIntervalMs?: number;
  stableMs?: number;
  /** True while a map has players (or anything else that must not move on a mere rebalance). */
  isMapBusy(mapId: number): boolean;
  logger: LeaseManagerLogger;
  /** The thread's timers; their clock is the monotonic time self-fencing is measured on. */
  timers: TimerScheduler;
  events: LeaseManagerEvents;
}

/** For /metrics. Lease counts, except where a name says round trips. */
export interface LeaseManagerCounters {
  /** Leases granted to this node. */
  claims: number;
  /** Renewal round trips that succeeded. */
  renewals: number;
  /** Renewal round trips that failed (database fault). */
  renewFailures: number;
  /** Leases a renewal reported lost. */
  lost: number;
  /** Leases dropped by self-fencing. */
  selfFenced: number;
  /** Leases released after a drain or by releaseAll. */
  releases: number;
  /** Scans that failed (database fault) and were retried next period. */
  scanFailures: number;
  /** The last successful renewal's round trip, ms on the injected clock. */
  lastRenewRoundTripMs: number;
}

interface HeldMap {
  epoch: number;
  /** Injected-clock time by which a renewal must have succeeded, else the node self-fences. */
  fenceAtMs: number;
}

type Phase = "new" | "running" | "stopped" | "released";

export class LeaseManager {
  readonly counters: LeaseManagerCounters = { claims: 0, renewals: 0, renewFailures: 0, lost: 0, selfFenced: 0, releases: 0, scanFailures: 0, lastRenewRoundTripMs: 0 };
  readonly nodeId: string;
  private readonly name: string;
  private readonly pid: number;
  private readonly mapIds: readonly number[];
  private readonly regionOfMap: Map<number, number>;
  private readonly leaseMs: number;
  private readonly renewIntervalMs: number;
  private readonly scanIntervalMs: number;
  private readonly stableMs: number;
  private readonly options: LeaseManagerOptions;
  private readonly timers: TimerScheduler;
  private readonly logger: LeaseManagerLogger;

  private phase: Phase = "new";
  private readonly heldMaps = new Map<number, HeldMap>();
  /** Drained and dropped, release not confirmed yet (retried every scan). */
  private pendingRelease: MapLease[] = [];
  /** Map → injected-clock time a scan first saw it free (this node may take it). */
  private readonly freeSince = new Map<number, number>();
  /** Live map node → injected-clock time this node first saw it live (since it last was not). */
  private readonly liveSince = new Map<string, number>();
  private scanInFlight: Promise<void> | undefined;
  private renewInFlight: Promise<void> | undefined;
  private scanTimer: TimerId | undefined;
  private renewTimer: TimerId | undefined;
  private fenceTimer: TimerId | undefined;
  private fenceTimerAtMs = Number.POSITIVE_INFINITY;

  constructor(options: LeaseManagerOptions) {
    this.options = options;
    this.nodeId = options.nodeId;
    this.name = options.name ?? (options.nodeId.includes(":") ? options.nodeId.slice(0, options.nodeId.lastIndexOf(":")) : options.nodeId);
    this.pid = options.pid ?? process.pid;
    this.mapIds = [...new Set(options.mapIds)].sort((a, b) => a - b);
    this.regionOfMap = new Map(this.mapIds.map((mapId) => [mapId, options.regions.get(mapId) ?? mapId]));
    this.leaseMs = options.leaseMs ?? MAP_LEASE_MS;
    this.renewIntervalMs = options.renewIntervalMs ?? MAP_LEASE_RENEW_INTERVAL_MS;
    this.scanIntervalMs = options.scanIntervalMs ?? LEASE_SCAN_INTERVAL_MS;
    this.stableMs = options.stableMs ?? PLACEMENT_STABLE_MS;
    this.timers = options.timers;
    this.logger = options.logger;
    for (const [what, ms] of [
      ["leaseMs", this.leaseMs],
      ["renewIntervalMs", this.renewIntervalMs],
      ["scanIntervalMs", this.scanIntervalMs],
    ] as const) {
      if (!Number.isFinite(ms) || ms <= 0) throw new RangeError(`lease manager: ${what} must be positive, got ${ms}`);
    }
    if (!(Number.isFinite(this.stableMs) && this.stableMs >= 0)) throw new RangeError(`lease manager: stableMs must be >= 0, got ${this.stableMs}`);
    if (this.renewIntervalMs >= this.leaseMs - SELF_FENCE_MARGIN_MS) {
      throw new RangeError(`lease manager: renewIntervalMs (${this.renewIntervalMs}) must be shorter than leaseMs - ${SELF_FENCE_MARGIN_MS} (${this.leaseMs - SELF_FENCE_MARGIN_MS}), or every lease self-fences`);
    }
  }

  /** Registers the node, runs the first scan (claiming every map it wins), then starts the loops. */
  async start(): Promise<void> {
    if (this.phase !== "new") throw new Error(`lease manager ${this.nodeId}: start() called when ${this.phase}`);
    await this.register();
    this.phase = "running";
    await this.scan();
    if (this.phase !== "running") return;
    const now = this.now();
    this.scanTimer = this.timers.every(now + this.scanIntervalMs, onScanTimer, this, scanInterval);
    this.renewTimer = this.timers.every(now + this.renewIntervalMs, onRenewTimer, this, renewInterval);
  }

  /**
   * Stops scanning: no more claims or hand-overs. Renewals and self-fencing go on, so the maps
   * stay this node's while the caller stops them and runs their final saves; then releaseAll().
   */
  async stop(): Promise<void> {
    if (this.phase === "running" || this.phase === "new") this.phase = "stopped";
    if (this.scanTimer !== undefined) this.timers.cancel(this.scanTimer);
    this.scanTimer = undefined;
    await this.scanInFlight;
  }

  /**
   * Releases every held lease (the caller has stopped those maps) and removes the node's row.
   * Stops first if needed. Throws the first database fault after trying both.
   */
  async releaseAll(): Promise<void> {
    await this.stop();
    this.phase = "released";
    if (this.renewTimer !== undefined) this.timers.cancel(this.renewTimer);
    this.renewTimer = undefined;
    this.cancelFenceTimer();
    await this.renewInFlight;
    this.pendingRelease.push(...this.held());
    this.heldMaps.clear();
    let fault: unknown;
    try {
      await this.releasePending();
    } catch (error) {
      fault = error;
    }
    try {
      await this.options.nodes.remove(this.nodeId);
    } catch (error) {
      fault ??= error;
    }
    if (fault !== undefined) throw fault;
  }

  /** The leases this node holds now, by map id. */
  held(): MapLease[] {
    return [...this.heldMaps].map(([mapId, held]) => ({ mapId, epoch: held.epoch })).sort((a, b) => a.mapId - b.mapId);
  }

  /** One scan now (or the one running). Never rejects: faults are logged and counted. */
  scan(): Promise<void> {
    if (this.phase !== "running") return Promise.resolve();
    this.scanInFlight ??= this.runScan().finally(() => (this.scanInFlight = undefined));
    return this.scanInFlight;
  }

  /** One renewal of every held lease now (or the one running). Never rejects. */
  renew(): Promise<void> {
    if (this.phase === "new" || this.phase === "released") return Promise.resolve();
    this.renewInFlight ??= this.runRenew().finally(() => (this.renewInFlight = undefined));
    return this.renewInFlight;
  }

  /** Resolves when no scan or renewal is running (tests await this after moving the clock). */
  async settled(): Promise<void> {
    while (this.scanInFlight !== undefined || this.renewInFlight !== undefined) await Promise.all([this.scanInFlight, this.renewInFlight]);
  }

  private now(): number {
    return this.timers.clock.now();
  }

  private async register(): Promise<void> {
    const outcome = await this.options.nodes.register({ id: this.nodeId, role: "mapnode", name: this.name, pid: this.pid });
    if (outcome.kind !== "registered") throw new Error(`lease manager ${this.nodeId}: registration refused (${outcome.kind})`);
  }

  private async runScan(): Promise<void> {
    try {
      if (!(await this.options.nodes.heartbeat(this.nodeId))) {
        this.logger.warn({ node: this.nodeId }, "node row was gone (pruned or removed); registering again");
        await this.register();
      }
      const liveNodes = (await this.options.nodes.listLive(NODE_LIVENESS_MS)).filter((node) => node.role === "mapnode");
      const live = liveNodes.map((node) => node.id);
      const fresh = new Set(liveNodes.filter((node) => node.lastSeenMs <= HANDOVER_HEARTBEAT_FRESH_MS).map((node) => node.id));
      if (!live.includes(this.nodeId)) live.push(this.nodeId);
      const rows = await this.options.leases.list();
      const now = this.now();
      this.trackLiveness(live, now);
      await this.releasePending();

      const placement = placeMaps(this.regionOfMap, live);
      const rowOf = new Map(rows.map((row) => [row.mapId, row]));
      const releasing = new Set(this.pendingRelease.map((lease) => lease.mapId));
      const toClaim: number[] = [];
      for (const mapId of this.mapIds) {
        const row = rowOf.get(mapId);
        // A row still ours that we do not hold (after self-fencing) is ours to take back.
        const takeable = !this.heldMaps.has(mapId) && !releasing.has(mapId) && (row === undefined || row.owner === null || row.expired || row.owner === this.nodeId);
        if (!takeable) {
          this.freeSince.delete(mapId);
          continue;
        }
        let since = this.freeSince.get(mapId);
        if (since === undefined) this.freeSince.set(mapId, (since = now));
        if (placement.get(mapId) === this.nodeId || now - since > this.scanIntervalMs) toClaim.push(mapId);
      }
      if (toClaim.length > 0) await this.claim(toClaim);

      const toHandOver = [...this.heldMaps.keys()]
        .filter((mapId) => {
          const winner = placement.get(mapId);
          return winner !== undefined && winner !== this.nodeId && fresh.has(winner) && this.isStable(winner, now) && !this.options.isMapBusy(mapId);
        })
        .sort((a, b) => a - b);
      if (toHandOver.length > 0 && this.phase === "running") await this.handOver(toHandOver);
    } catch (error) {
      this.counters.scanFailures++;
      this.logger.warn({ node: this.nodeId, err: describe(error) }, "lease scan failed; retrying next scan");
    }
  }

  private trackLiveness(live: readonly string[], now: number): void {
    const current = new Set(live);
    for (const node of this.liveSince.keys()) if (!current.has(node)) this.liveSince.delete(node);
    for (const node of live) if (!this.liveSince.has(node)) this.liveSince.set(node, now);
  }

  private isStable(node: string, now: number): boolean {
    const since = this.liveSince.get(node);
    return since !== undefined && now - since >= this.stableMs;
  }

  private async claim(mapIds: number[]): Promise<void> {
    const sentAt = this.now();
    const outcome = await this.options.leases.claim(this.nodeId, mapIds, this.leaseMs);
    const fenceAtMs = sentAt + this.leaseMs - SELF_FENCE_MARGIN_MS;
    if (this.now() >= fenceAtMs) {
      // The answer came so late that the grants are about to lapse: do not start the maps.
      this.logger.warn({ node: this.nodeId, maps: outcome.granted.map((lease) => lease.mapId) }, "claim answered too late to use; leaving the grants to expire");
      return;
    }
    const gained: MapLease[] = [];
    for (const { mapId, epoch } of outcome.granted) {
      if (this.heldMaps.has(mapId)) continue;
      this.heldMaps.set(mapId, { epoch, fenceAtMs });
      this.freeSince.delete(mapId);
      gained.push({ mapId, epoch });
    }
    if (gained.length === 0) return;
    this.counters.claims += gained.length;
    this.armFence();
    this.logger.info({ node: this.nodeId, maps: gained.map((lease) => lease.mapId) }, "maps claimed");
    this.tell("onGained", () => this.options.events.onGained(gained));
  }

  private async handOver(mapIds: number[]): Promise<void> {
    try {
      await this.options.events.drain(mapIds);
    } catch (error) {
      this.logger.error({ node: this.nodeId, maps: mapIds, err: describe(error) }, "drain failed; keeping the maps");
      return;
    }
    for (const mapId of mapIds) {
      const held = this.heldMaps.get(mapId);
      if (held === undefined) continue; // lost or fenced while draining: already stopped
      this.heldMaps.delete(mapId);
      this.pendingRelease.push({ mapId, epoch: held.epoch });
    }
    this.armFence();
    await this.releasePending();
  }

  /** Releases what was dropped; on a fault the leases stay pending (they expire anyway). */
  private async releasePending(): Promise<void> {
    if (this.pendingRelease.length === 0) return;
    const batch = this.pendingRelease;
    const outcome = await this.options.leases.release(this.nodeId, batch);
    this.pendingRelease = this.pendingRelease.filter((lease) => !batch.includes(lease));
    this.counters.releases += outcome.released.length;
    this.logger.info({ node: this.nodeId, maps: outcome.released.map((lease) => lease.mapId) }, "maps released");
  }

  private async runRenew(): Promise<void> {
    this.checkFence();
    const sent = this.held();
    if (sent.length === 0) return;
    const sentAt = this.now();
    try {
      const outcome = await this.options.leases.renew(this.nodeId, sent, this.leaseMs);
      const receivedAt = this.now();
      this.counters.renewals++;
      this.counters.lastRenewRoundTripMs = receivedAt - sentAt;
      const fenceAtMs = sentAt + this.leaseMs - SELF_FENCE_MARGIN_MS;
      for (const lease of outcome.renewed) {
        const held = this.heldMaps.get(lease.mapId);
        if (held !== undefined && held.epoch === lease.epoch) held.fenceAtMs = Math.max(held.fenceAtMs, fenceAtMs);
      }
      // Leases dropped meanwhile (fenced, handed over) were stopped already.
      const lost = outcome.lost.filter((lease) => this.heldMaps.get(lease.mapId)?.epoch === lease.epoch);
      if (lost.length > 0) {
        for (const lease of lost) this.heldMaps.delete(lease.mapId);
        this.counters.lost += lost.length;
        this.logger.warn({ node: this.nodeId, maps: lost.map((lease) => lease.mapId) }, "renewal refused: maps lost");
        this.tell("onLost", () => this.options.events.onLost(lost, "renew_refused"));
      }
      this.armFence();
      this.checkFence();
    } catch (error) {
      this.counters.renewFailures++;
      this.logger.warn({ node: this.nodeId, maps: sent.length, err: describe(error) }, "lease renewal failed");
    }
  }

  /** Self-fences when the earliest deadline has passed (timer, or a late answer noticed). */
  private checkFence(): void {
    if (this.phase === "released") return;
    const now = this.now();
    let due = false;
    for (const held of this.heldMaps.values()) if (held.fenceAtMs <= now) due = true;
    if (!due) return;
    const fenced = this.held();
    this.heldMaps.clear();
    this.cancelFenceTimer();
    this.counters.selfFenced += fenced.length;
    this.logger.error({ node: this.nodeId, maps: fenced.map((lease) => lease.mapId) }, "no lease renewal in time: self-fenced, every map stopped");
    this.tell("onLost", () => this.options.events.onLost(fenced, "self_fenced"));
  }

  /** One timer at the earliest fence deadline of the held leases. */
  private armFence(): void {
    let earliest = Number.POSITIVE_INFINITY;
    for (const held of this.heldMaps.values()) earliest = Math.min(earliest, held.fenceAtMs);
    if (earliest === this.fenceTimerAtMs) return;
    this.cancelFenceTimer();
    if (earliest === Number.POSITIVE_INFINITY || this.phase === "released") return;
    this.fenceTimerAtMs = earliest;
    this.fenceTimer = this.timers.at(earliest, onFenceTimer, this);
  }

  private cancelFenceTimer(): void {
    if (this.fenceTimer !== undefined) this.timers.cancel(this.fenceTimer);
    this.fenceTimer = undefined;
    this.fenceTimerAtMs = Number.POSITIVE_INFINITY;
  }

  /** @internal The fence timer fired. */
  fenceTimerFired(): void {
    this.fenceTimer = undefined;
    this.fenceTimerAtMs = Number.POSITIVE_INFINITY;
    this.checkFence();
    this.armFence();
  }

  /** The caller's handler failing must not leave the manager half-updated. */
  private tell(event: string, call: () => void): void {
    try {
      call();
    } catch (error) {
      this.logger.error({ node: this.nodeId, event, err: describe(error) }, "lease event handler threw");
    }
  }

  /** @internal */
  get intervals(): { scan: number; renew: number } {
    return { scan: this.scanIntervalMs, renew: this.renewIntervalMs };
  }
}

function onScanTimer(_plannedMs: number, manager: LeaseManager): void {
  void manager.scan();
}

function onRenewTimer(_plannedMs: number, manager: LeaseManager): void {
  void manager.renew();
}

function onFenceTimer(_plannedMs: number, manager: LeaseManager): void {
  manager.fenceTimerFired();
}

function scanInterval(manager: LeaseManager): number {
  return manager.intervals.scan;
}

function renewInterval(manager: LeaseManager): number {
  return manager.intervals.renew;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
