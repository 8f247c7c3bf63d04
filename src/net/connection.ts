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

let nextConnectionId = 1;

export class Connection {
  readonly id = nextConnectionId++;
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
  ) {
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

  constructor(options: FlushSchedulerOptions = {}) {
    this.scheduler = new FlushScheduler((queue) => this.byQueue.get(queue)?.abort("slow_consumer"), options);
  }

  create(kind: TransportKind, remoteAddress: string, sink: OutboundSink, control: ConnectionControl): Connection {
    const connection = new Connection(kind, remoteAddress, sink, control, this.scheduler);
    this.byQueue.set(connection.outbound, connection);
    return connection;
  }
}
