/**
 * A map node as one gateway's world sees it: a `MapHost` whose intents and control messages go
 * over the cluster bus, batched per turn like a local worker's (one publish of intents per turn;
 * a control message first sends the intents queued before it, so order is kept).
 */
import type { SnapshotEntry, ToWorker } from "../map/index.ts";
import { IntentBatchWriter } from "../map/index.ts";
import type { MapHost } from "../world/index.ts";
import type { ClusterBus } from "./bus/index.ts";
import { SUBJECTS } from "./node-identity.ts";
import { LinkWriter, type GatewayControl } from "./wire.ts";

/**
 * Control messages a gateway sends a map node; the others (worker start-up, stop) stay local.
 * `crash` is the tests' hook (World.crashWorkerOf): the node crashes the worker of that map.
 */
const FORWARDED = new Set<ToWorker["t"]>(["enter", "leave", "system", "snapshot", "crash"]);

export class RemoteNodeHost implements MapHost {
  readonly maps = new Set<number>();
  onStopped: ((entries: SnapshotEntry[]) => void) | undefined;
  private readonly intents = new IntentBatchWriter();
  private readonly link: LinkWriter;
  private readonly subject: string;
  private flushArmed = false;
  private gone = false;
  /** Intents and control messages sent, for metrics. */
  intentsSent = 0;
  messagesSent = 0;

  constructor(
    /** The node's id (`name:bootHex`). */
    readonly nodeId: string,
    /** The node's boot id (envelope source of what it sends). */
    readonly workerId: number,
    bootHex: string,
    private readonly bus: ClusterBus,
    /** This gateway's boot id: the source of what it sends. */
    source: number,
  ) {
    this.subject = SUBJECTS.nodeIn(bootHex);
    this.link = new LinkWriter(source);
  }

  get isDead(): boolean {
    return this.gone;
  }

  /** The node left the cluster (its row expired): nothing more is sent to it. */
  markGone(): void {
    this.gone = true;
    this.maps.clear();
  }

  queueIntent(session: number, body: Uint8Array): void {
    if (this.gone) return;
    this.intents.write(session, body);
    this.intentsSent++;
    if (!this.flushArmed) {
      this.flushArmed = true;
      setImmediate(this.flushIntents);
    }
  }

  post(message: ToWorker): void {
    if (this.gone || !FORWARDED.has(message.t)) return;
    this.flushIntents();
    this.bus.publish(this.subject, this.link.control(message as GatewayControl));
    this.messagesSent++;
  }

  private readonly flushIntents = (): void => {
    this.flushArmed = false;
    if (this.intents.isEmpty || this.gone) return;
    this.bus.publish(this.subject, this.link.intents(this.intents.take()));
    this.messagesSent++;
  };
}
