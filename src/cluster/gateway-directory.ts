/**
 * A gateway's view of the cluster (`RemoteMaps` for its world): which map node owns which map,
 * and what the nodes send this gateway.
 *
 * Ownership comes from the lease table (read every `pollMs`, so a claim is seen within that
 * time even when a notice is lost) and from the nodes' notices on the directory subject (seen at
 * once). A lease that expired is nobody's until a node claims it: its players wait in transit.
 * An epoch lower than one already seen is stale and ignored. Messages from a node come with a
 * sequence number per link: a gap (NATS is at-most-once, e.g. across a reconnect) means lost
 * frames or events, so every player this gateway has on that node is placed again (a resync).
 */
import type { MapLeaseRepository } from "../db/index.ts";
import type { Logger } from "../log/index.ts";
import type { FromWorker, SnapshotEntry } from "../map/index.ts";
import type { MapHost, RemoteMaps, RemoteMapsEvents } from "../world/index.ts";
import { LinkSequenceChecker, type ClusterBus, type Subscription } from "./bus/index.ts";
import { bootOfNodeId, SUBJECTS, type NodeIdentity } from "./node-identity.ts";
import { RemoteNodeHost } from "./remote-node-host.ts";
import { decodeLinkMessage, emptyWorkerStats, nowMs, type DirectoryNotice, type NodeControl } from "./wire.ts";
import { Histogram } from "../time/index.ts";

/** How often the lease table is read. */
export const DIRECTORY_POLL_MS = 250;

interface Ownership {
  node: string;
  epoch: number;
}

export interface GatewayDirectoryOptions {
  identity: NodeIdentity;
  bus: ClusterBus;
  leases: Pick<MapLeaseRepository, "list">;
  logger: Logger;
  pollMs?: number;
}

export class GatewayDirectory implements RemoteMaps {
  private events: RemoteMapsEvents | undefined;
  private readonly hostsByBoot = new Map<number, RemoteNodeHost>();
  private readonly owners = new Map<number, Ownership>();
  /** The highest epoch seen of each map, owner or not: anything lower is stale. */
  private readonly epochs = new Map<number, number>();
  private readonly sequences = new LinkSequenceChecker();
  private readonly subscriptions: Subscription[] = [];
  /** Parts of snapshot answers so far, by node and request. */
  private readonly snapshotParts = new Map<string, SnapshotEntry[]>();
  private pollTimer: ReturnType<typeof setInterval> | undefined;
  private polling = false;
  /** Frames hop (node send → gateway receive), ms. */
  readonly frameHopMs = new Histogram();
  gaps = 0;
  resyncs = 0;
  badMessages = 0;
  pollFailures = 0;

  constructor(private readonly options: GatewayDirectoryOptions) {}

  async start(events: RemoteMapsEvents): Promise<void> {
    this.events = events;
    const { bus, identity } = this.options;
    this.subscriptions.push(bus.subscribe(SUBJECTS.gatewayOut(identity.bootHex), (payload) => this.onNodeMessage(payload)));
    this.subscriptions.push(bus.subscribe(SUBJECTS.directory, (payload) => this.onNotice(payload)));
    await this.poll();
    this.pollTimer = setInterval(() => void this.poll(), this.options.pollMs ?? DIRECTORY_POLL_MS);
  }

  hosts(): MapHost[] {
    return [...this.hostsByBoot.values()].filter((host) => !host.isDead);
  }

  /** Map → owning node id, as this gateway believes now. */
  ownership(): Map<number, string> {
    return new Map([...this.owners].map(([map, owner]) => [map, owner.node]));
  }

  async stop(): Promise<void> {
    if (this.pollTimer) clearInterval(this.pollTimer);
    for (const subscription of this.subscriptions) subscription.unsubscribe();
    this.subscriptions.length = 0;
  }

  /** Reads the lease table and applies what changed. */
  private async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      const rows = await this.options.leases.list();
      for (const row of rows) {
        const owner = row.owner !== null && !row.expired ? row.owner : undefined;
        this.apply(row.mapId, owner, row.epoch, false);
      }
      // Nodes that own nothing any more (stopped, dead, restarted under a new boot id) are forgotten.
      for (const [boot, host] of this.hostsByBoot) {
        if (host.maps.size > 0) continue;
        host.markGone();
        this.hostsByBoot.delete(boot);
      }
    } catch (error) {
      this.pollFailures++;
      this.options.logger.warn({ err: error }, "could not read the map leases; the directory stays as it was");
    } finally {
      this.polling = false;
    }
  }

  private onNotice(payload: Uint8Array): void {
    const decoded = decodeLinkMessage(payload);
    if (!decoded.ok || decoded.message.kind !== "control") {
      this.badMessages++;
      return;
    }
    const notice = decoded.message.message as DirectoryNotice;
    if (!notice || typeof notice.node !== "string" || !Array.isArray(notice.maps)) {
      this.badMessages++;
      return;
    }
    for (const { map, epoch } of notice.maps) {
      if (!Number.isInteger(map) || !Number.isInteger(epoch)) continue;
      if (notice.t === "claimed") this.apply(map, notice.node, epoch, false);
      else if (notice.t === "released") this.apply(map, undefined, epoch, false);
      else if (notice.t === "reset" && this.owners.get(map)?.node === notice.node) this.apply(map, notice.node, epoch, true);
    }
  }

  /**
   * One map's owner as a source says it: ignored when its epoch is older than what was seen;
   * a release (no owner) of the current epoch frees it.
   */
  private apply(map: number, node: string | undefined, epoch: number, reset: boolean): void {
    const seen = this.epochs.get(map) ?? 0;
    if (epoch < seen) return;
    // An owner that is not a node id (`name:bootHex`) says nothing, not even an epoch.
    if (node !== undefined && bootOfNodeId(node) === undefined) return;
    const current = this.owners.get(map);
    this.epochs.set(map, epoch);
    if (node === undefined) {
      if (!current) return;
      this.owners.delete(map);
      this.hostsByBoot.get(bootOfNodeId(current.node) ?? 0)?.maps.delete(map);
      this.events?.onOwner(map, undefined, false);
      return;
    }
    const host = this.hostFor(node);
    if (!host) return;
    if (current && current.node === node && current.epoch === epoch && !reset) return;
    if (current && current.node !== node) this.hostsByBoot.get(bootOfNodeId(current.node) ?? 0)?.maps.delete(map);
    this.owners.set(map, { node, epoch });
    host.maps.add(map);
    // A new epoch of the same node is a new grant: whatever it held before is gone.
    const newGrant = !current || current.node !== node || current.epoch !== epoch;
    this.events?.onOwner(map, host, reset || (newGrant && current !== undefined));
  }

  private hostFor(node: string): RemoteNodeHost | undefined {
    const boot = bootOfNodeId(node);
    if (boot === undefined) return undefined;
    let host = this.hostsByBoot.get(boot);
    if (!host) {
      host = new RemoteNodeHost(node, boot, node.slice(-8), this.options.bus, this.options.identity.boot);
      this.hostsByBoot.set(boot, host);
    }
    return host;
  }

  private onNodeMessage(payload: Uint8Array): void {
    const decoded = decodeLinkMessage(payload);
    if (!decoded.ok) {
      this.badMessages++;
      this.options.logger.warn({ reason: decoded.reason }, "unreadable message from a map node; dropped");
      return;
    }
    const { message } = decoded;
    const host = this.hostsByBoot.get(message.header.source);
    if (!host) {
      // A node this gateway has not seen own anything yet: nothing of ours can be on it.
      this.badMessages++;
      return;
    }
    const order = this.sequences.accept(message.header.source, message.header.seq);
    if (order === "gap") {
      this.gaps++;
      this.resync(host, "sequence gap");
    }
    if (order === "old") return;
    this.frameHopMs.record(Math.max(0, nowMs() - message.header.sentAtMs));
    const events = this.events!;
    if (message.kind === "frames") {
      events.onMessage(host, { t: "out", frames: message.frames, events: message.events });
      return;
    }
    if (message.kind !== "control") return;
    const control = message.message as NodeControl;
    switch (control?.t) {
      case "resync":
        this.resync(host, "asked by the node");
        return;
      case "snapshot": {
        // A big answer comes in parts: the world gets it whole, once.
        const key = `${host.workerId}:${control.requestId}`;
        const earlier = this.snapshotParts.get(key) ?? [];
        if (control.more === true) {
          this.snapshotParts.set(key, [...earlier, ...control.entries]);
          return;
        }
        this.snapshotParts.delete(key);
        events.onMessage(host, { t: "snapshot", requestId: control.requestId, entries: [...earlier, ...control.entries], stats: control.stats ?? emptyWorkerStats() } satisfies FromWorker);
        return;
      }
      case "fault":
        events.onMessage(host, control);
        return;
      default:
        this.badMessages++;
    }
  }

  /** Places again every player of this gateway on the node's maps (they may have missed frames or an enter). */
  private resync(host: RemoteNodeHost, why: string): void {
    this.resyncs++;
    this.options.logger.warn({ node: host.nodeId, maps: [...host.maps], why }, "resync with a map node: its players are placed again");
    for (const map of host.maps) this.events?.onOwner(map, host, true);
  }
}
