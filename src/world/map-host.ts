/**
 * What the world talks to for a map: a worker thread of this process (`MapWorkerHost`), or a map
 * node of a cluster reached over the cluster bus (cluster/remote-node-host.ts). Both take the
 * worker protocol's messages and intent bodies and answer with its messages; the world does not
 * tell them apart, except that a cluster's directory (`RemoteMaps`) decides which host runs which
 * map instead of the world's own worker pool.
 */
import type { FromWorker, SnapshotEntry, ToWorker } from "../map/index.ts";

export interface MapHost {
  /** A number naming the host in stats and logs (a worker's id, a node's boot id). */
  readonly workerId: number;
  /** Maps this host runs now. */
  readonly maps: Set<number>;
  readonly isDead: boolean;
  /** Queues a player's packet body; all queued go over in one batch at the end of the turn. */
  queueIntent(session: number, body: Uint8Array): void;
  /** Sends a control message, after the intents queued before it (order is kept). */
  post(message: ToWorker): void;
  /** Set by `World.stop` (local workers) to collect the final states the worker hands back. */
  onStopped: ((entries: SnapshotEntry[]) => void) | undefined;
}

/**
 * The maps of a cluster as one gateway sees them: which node owns which map (from the lease
 * table and the nodes' notices), and the messages those nodes send this gateway.
 */
export interface RemoteMaps {
  /** Starts following the directory; resolves once it has been read once. */
  start(events: RemoteMapsEvents): Promise<void>;
  /** The nodes that own maps now. */
  hosts(): MapHost[];
  stop(): Promise<void>;
}

export interface RemoteMapsEvents {
  onMessage(host: MapHost, message: FromWorker): void;
  /**
   * `map` has a new owner (undefined: none until a node claims it), or the same owner lost the
   * players it held there (`reset`: a crashed worker, a lost message): the world places that
   * map's players again, from the states it knows.
   */
  onOwner(map: number, host: MapHost | undefined, reset: boolean): void;
}
