/**
 * One client connection, whatever carries it. Sessions see only this: bodies in, frames out.
 * TCP and WebSocket adapters (tcp-listener.ts, ws-endpoint.ts) create them.
 */
import { FlushScheduler, OutboundQueue, type FlushSchedulerOptions, type OutboundSink } from "./outbound.ts";

export type TransportKind = "tcp" | "ws";

export interface ConnectionEvents {
  /** A new connection; return false to refuse it (it is closed at once). */
  onOpen(connection: Connection): boolean;
  /** One packet body (frame length prefix already stripped). */
  onBody(connection: Connection, body: Uint8Array): void;
  onClose(connection: Connection, reason: string): void;
}

/** What an adapter must provide to close its socket. */
export interface ConnectionControl {
  /** Half-close after the transport wrote what it holds. */
  end(): void;
  /** Drop at once. */
  abort(): void;
}

/** Connection ids are session ids: below 2^24 in one process; a cluster gateway puts its index in the top byte. */
export const CONNECTION_COUNTER_LIMIT = 0x0100_0000;
let nextConnectionCounter = 1;

/** The next counter value, 1 .. 2^24-1, wrapping (a connection that lived through 16 million others is not expected). */
function nextCounter(): number {
  const counter = nextConnectionCounter;
  nextConnectionCounter = counter + 1 >= CONNECTION_COUNTER_LIMIT ? 1 : counter + 1;
  return counter;
}

export class Connection {
  readonly id: number;
  private readonly queue: OutboundQueue;
  private closing = false;
  closeReason: string | undefined;
  /** Free slot for the session layer. */
  session: unknown;

  constructor(
    readonly kind: TransportKind,
    readonly remoteAddress: string,
    sink: OutboundSink,
    private readonly control: ConnectionControl,
    private readonly scheduler: FlushScheduler,
    idPrefix = 0,
  ) {
    this.id = ((idPrefix << 24) | nextCounter()) >>> 0;
    this.queue = new OutboundQueue(sink);
  }

  get isClosing(): boolean {
    return this.closing;
  }

  get pendingOutboundBytes(): number {
    return this.queue.pendingBytes;
  }

  /** Queues one whole frame (u16 length + body); written at the scheduler's next flush. */
  sendFrame(frame: Uint8Array): void {
    this.sendFrames(frame);
  }

  /** Queues a run of whole frames (each u16 length + body), e.g. a map worker's run for this session. */
  sendFrames(run: Uint8Array): void {
    if (this.closing) return;
    this.queue.append(run);
    this.scheduler.markDirty(this.queue);
  }

  /** Called by the adapter when the transport can take more bytes. */
  drained(): void {
    if (this.queue.pendingBytes === 0) return;
    const outcome = this.queue.flush();
    if (outcome === "overflow") this.abort("slow_consumer");
    else if (outcome === "flushed" && this.closing) this.control.end();
  }

  /** Writes what is queued, then closes. The reason is kept for the close event. */
  close(reason: string): void {
    if (this.closing) return;
    this.closeReason = reason;
    const outcome = this.queue.flush();
    this.closing = true;
    if (outcome === "flushed") this.control.end();
    // Otherwise `drained` ends it once the rest is written.
  }

  /** Drops the connection without writing what is queued. */
  abort(reason: string): void {
    this.closeReason ??= reason;
    this.closing = true;
    this.control.abort();
  }

  /** The queue, for the scheduler's overflow callback. */
  get outbound(): OutboundQueue {
    return this.queue;
  }
}

/** Connections by queue, so the shared scheduler can abort the one that overflowed. */
export class ConnectionFactory {
  private readonly byQueue = new WeakMap<OutboundQueue, Connection>();
  readonly scheduler: FlushScheduler;
  /**
   * The top byte of every connection id (0..255): a cluster gateway's index, so that session ids
   * are unique across the gateways of a cluster and a map node finds a session's gateway from it.
   */
  idPrefix = 0;

  constructor(options: FlushSchedulerOptions = {}) {
    this.scheduler = new FlushScheduler((queue) => this.byQueue.get(queue)?.abort("slow_consumer"), options);
  }

  create(kind: TransportKind, remoteAddress: string, sink: OutboundSink, control: ConnectionControl): Connection {
    const connection = new Connection(kind, remoteAddress, sink, control, this.scheduler, this.idPrefix);
    this.byQueue.set(connection.outbound, connection);
    return connection;
  }
}
