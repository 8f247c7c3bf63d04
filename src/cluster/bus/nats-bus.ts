/**
 * ClusterBus on NATS core (@nats-io/transport-node). Server-side options: reconnect forever
 * with a short wait, `callback:` subscriptions only (async iterators resume a microtask later),
 * no async stack traces on requests. Nothing of the client leaks through the interface.
 */
import { connect, errors, type Msg, type NatsConnection } from "@nats-io/transport-node";
import { silentLogger, type Logger } from "../../log/index.ts";
import {
  ClusterBusClosedError,
  SubjectMapper,
  type BusStatus,
  type ClusterBus,
  type RequestFailure,
  type RequestOutcome,
  type Subscription,
} from "./cluster-bus.ts";

/** Wait between reconnect attempts: a restarted local server is back within a few of them. */
export const NATS_RECONNECT_WAIT_MS = 250;
/** Upper bound of the random delay added to each reconnect wait (spreads a herd of nodes). */
export const NATS_RECONNECT_JITTER_MS = 50;
/** How long the first connect (TCP + handshake) may take before it fails. */
export const NATS_CONNECT_TIMEOUT_MS = 3_000;
/** Client pings: a server that answers none of MAX_PINGS_OUT in a row is stale and we reconnect. */
export const NATS_PING_INTERVAL_MS = 5_000;
export const NATS_MAX_PINGS_OUT = 3;
/** `close()` first flushes what was published; it gives up after this long (server gone). */
export const NATS_CLOSE_FLUSH_TIMEOUT_MS = 1_000;

export interface NatsBusOptions {
  /** e.g. "nats://127.0.0.1:4222" or "127.0.0.1:4222". */
  url: string;
  cluster: string;
  /** This connection's name, shown by the server (e.g. "node-1", "gateway-2"). */
  name: string;
  logger?: Logger;
  connectTimeoutMs?: number;
}

/** The first connect failed: the message is one line with the URL and what to check. */
export class ClusterBusConnectError extends Error {
  readonly code = "cluster_bus_connect";
  override readonly name = "ClusterBusConnectError";
}

export async function connectNatsBus(options: NatsBusOptions): Promise<ClusterBus> {
  const subjects = new SubjectMapper(options.cluster);
  const logger = (options.logger ?? silentLogger()).child({ ctx: "cluster-bus", cluster: options.cluster, connection: options.name });
  let nc: NatsConnection;
  try {
    nc = await connect({
      servers: options.url,
      name: options.name,
      maxReconnectAttempts: -1,
      reconnectTimeWait: NATS_RECONNECT_WAIT_MS,
      reconnectJitter: NATS_RECONNECT_JITTER_MS,
      timeout: options.connectTimeoutMs ?? NATS_CONNECT_TIMEOUT_MS,
      pingInterval: NATS_PING_INTERVAL_MS,
      maxPingOut: NATS_MAX_PINGS_OUT,
      noAsyncTraces: true,
    });
  } catch (cause) {
    const why = cause instanceof Error ? cause.message : String(cause);
    const error = new ClusterBusConnectError(
      `cannot connect to NATS at ${options.url} (${why}): check that nats-server is running and listening there, e.g. nats-server -a 127.0.0.1 -p 4222 -js`,
      { cause },
    );
    error.stack = `${error.name}: ${error.message}`;
    throw error;
  }
  logger.info({ url: options.url, server: nc.info?.version }, "connected to NATS");
  return new NatsClusterBus(nc, subjects, options.name, logger);
}

class NatsClusterBus implements ClusterBus {
  readonly cluster: string;
  private readonly statusListeners: Array<(status: BusStatus) => void> = [];
  private closing = false;

  constructor(
    private readonly nc: NatsConnection,
    private readonly subjects: SubjectMapper,
    private readonly connectionName: string,
    private readonly logger: Logger,
  ) {
    this.cluster = subjects.cluster;
    void this.watchStatus();
    void nc.closed().then((error) => {
      if (error) logger.error({ err: error }, "NATS connection closed by an error");
      this.emit("closed");
    });
  }

  publish(subject: string, payload: Uint8Array): void {
    if (this.closing || this.nc.isClosed()) return;
    this.nc.publish(this.subjects.literal(subject), payload);
  }

  subscribe(subject: string, onMessage: (payload: Uint8Array, subject: string) => void): Subscription {
    const wire = this.subjects.pattern(subject);
    this.assertOpen();
    const subjects = this.subjects;
    const logger = this.logger;
    return this.nc.subscribe(wire, {
      callback(error: Error | null, msg: Msg) {
        if (error) {
          logger.error({ err: error, subject }, "subscription failed");
          return;
        }
        try {
          onMessage(msg.data, subjects.relative(msg.subject));
        } catch (fault) {
          logger.error({ err: fault, subject: msg.subject }, "subscriber threw");
        }
      },
    });
  }

  serve(subject: string, handler: (payload: Uint8Array) => Uint8Array | Promise<Uint8Array>): Subscription {
    const wire = this.subjects.pattern(subject);
    this.assertOpen();
    const logger = this.logger;
    const answerFailed = (fault: unknown, msg: Msg) => logger.error({ err: fault, subject: msg.subject }, "request handler failed; no answer sent");
    const answer = (msg: Msg, reply: Uint8Array) => {
      if (!this.nc.isClosed()) msg.respond(reply);
    };
    return this.nc.subscribe(wire, {
      callback(error: Error | null, msg: Msg) {
        if (error) {
          logger.error({ err: error, subject }, "service subscription failed");
          return;
        }
        if (!msg.reply) return;
        let result: Uint8Array | Promise<Uint8Array>;
        try {
          result = handler(msg.data);
        } catch (fault) {
          answerFailed(fault, msg);
          return;
        }
        if (result instanceof Uint8Array) answer(msg, result);
        else
          result.then(
            (reply) => answer(msg, reply),
            (fault) => answerFailed(fault, msg),
          );
      },
    });
  }

  async request(subject: string, payload: Uint8Array, timeoutMs: number): Promise<RequestOutcome> {
    const wire = this.subjects.literal(subject);
    if (this.closing || this.nc.isClosed()) return { ok: false, reason: "closed" };
    try {
      const reply = await this.nc.request(wire, payload, { timeout: timeoutMs });
      return { ok: true, payload: reply.data };
    } catch (error) {
      // A close fails pending requests with a plain RequestError("connection closed").
      if (this.closing || this.nc.isClosed()) return { ok: false, reason: "closed" };
      const reason = requestFailure(error);
      if (reason === null) throw error;
      return { ok: false, reason };
    }
  }

  flush(): Promise<void> {
    if (this.closing || this.nc.isClosed()) return Promise.reject(new ClusterBusClosedError(this.cluster, this.connectionName));
    return this.nc.flush();
  }

  onStatus(listener: (status: BusStatus) => void): void {
    this.statusListeners.push(listener);
  }

  async close(): Promise<void> {
    if (this.closing) return this.nc.closed().then(() => undefined);
    this.closing = true;
    // close() of the client drops the socket without sending what is still buffered.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const gaveUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, NATS_CLOSE_FLUSH_TIMEOUT_MS)));
    await Promise.race([this.nc.flush().catch(() => {}), gaveUp]);
    clearTimeout(timer);
    await this.nc.close();
  }

  private assertOpen(): void {
    if (this.closing || this.nc.isClosed()) throw new ClusterBusClosedError(this.cluster, this.connectionName);
  }

  private async watchStatus(): Promise<void> {
    for await (const status of this.nc.status()) {
      switch (status.type) {
        case "disconnect":
          this.logger.warn({ server: status.server }, "disconnected from NATS");
          this.emit("disconnected");
          break;
        case "reconnect":
          this.logger.info({ server: status.server }, "reconnected to NATS");
          this.emit("reconnected");
          break;
        case "slowConsumer":
          this.logger.warn({ subject: status.sub.getSubject(), pending: status.pending }, "slow consumer");
          break;
        case "staleConnection":
          this.logger.warn("NATS connection is stale (pings unanswered)");
          break;
        case "error":
          this.logger.error({ err: status.error }, "NATS server error");
          break;
        default:
          break;
      }
    }
  }

  private emit(status: BusStatus): void {
    for (const listener of this.statusListeners) {
      try {
        listener(status);
      } catch (fault) {
        this.logger.error({ err: fault, status }, "bus status listener threw");
      }
    }
  }
}

/** The expected ways a request ends without an answer; null for a real fault. */
function requestFailure(error: unknown): RequestFailure | null {
  if (error instanceof errors.RequestError && error.isNoResponders()) return "no_responders";
  if (error instanceof errors.TimeoutError || (error instanceof Error && error.cause instanceof errors.TimeoutError)) return "timeout";
  if (error instanceof errors.ClosedConnectionError || error instanceof errors.DrainingConnectionError) return "closed";
  if (error instanceof Error && (error.cause instanceof errors.ClosedConnectionError || error.cause instanceof errors.DrainingConnectionError)) return "closed";
  return null;
}
