/**
 * An in-process ClusterBus with NATS core semantics, so cluster suites run without a server:
 * asynchronous delivery (one microtask per delivery, so in order per publisher), `*` and `>`
 * wildcards, "no_responders" when no subscription matches a request, timeouts, close. Each
 * receiver gets its own copy of the payload, as over a socket.
 *
 * `partition(name, on)` turns a connection into a blackhole (everything to and from it is
 * dropped, its flushes wait) and emits "disconnected"/"reconnected" on it; its subscriptions
 * stay, as the NATS client restores them after a reconnect.
 */
import { silentLogger, type Logger } from "../../log/index.ts";
import {
  assertClusterName,
  assertRelativeSubject,
  ClusterBusClosedError,
  type BusStatus,
  type ClusterBus,
  type RequestOutcome,
  type Subscription,
} from "./cluster-bus.ts";

/** Starts a timer; the returned function cancels it. Injected so tests may drive timeouts by hand. */
export type ScheduleTimeout = (callback: () => void, delayMs: number) => () => void;

const realTimeout: ScheduleTimeout = (callback, delayMs) => {
  const timer = setTimeout(callback, delayMs);
  return () => clearTimeout(timer);
};

export interface MemoryClusterHubOptions {
  /** Default "memory". */
  cluster?: string;
  scheduleTimeout?: ScheduleTimeout;
  logger?: Logger;
}

interface MemorySubscription {
  readonly owner: MemoryBus;
  readonly pattern: readonly string[];
  /** Receives a private copy of the payload, the relative subject and, for requests, a reply path. */
  readonly deliver: (payload: Uint8Array, subject: string, reply: ReplyPath | null) => void;
  active: boolean;
}

/** Where a request's answer goes; the first answer wins. */
interface ReplyPath {
  readonly requester: MemoryBus;
  answer(payload: Uint8Array): void;
}

export class MemoryClusterHub {
  readonly cluster: string;
  private readonly connections = new Map<string, MemoryBus>();
  private readonly subscriptions = new Set<MemorySubscription>();
  private readonly scheduleTimeout: ScheduleTimeout;
  private readonly logger: Logger;

  constructor(options: MemoryClusterHubOptions = {}) {
    this.cluster = options.cluster ?? "memory";
    assertClusterName(this.cluster);
    this.scheduleTimeout = options.scheduleTimeout ?? realTimeout;
    this.logger = (options.logger ?? silentLogger()).child({ ctx: "cluster-bus", cluster: this.cluster, transport: "memory" });
  }

  /** A new connection; names are unique among open connections (partition() addresses them). */
  connect(name: string): ClusterBus {
    if (this.connections.has(name)) throw new Error(`memory cluster hub "${this.cluster}" already has an open connection named "${name}"`);
    const bus = new MemoryBus(this, name, this.scheduleTimeout, this.logger.child({ connection: name }));
    this.connections.set(name, bus);
    return bus;
  }

  /** Test hook: while on, everything to and from `name` is dropped (a blackhole). */
  partition(name: string, on: boolean): void {
    const bus = this.connections.get(name);
    if (!bus) throw new Error(`memory cluster hub "${this.cluster}" has no open connection named "${name}"`);
    bus.setPartitioned(on);
  }

  /** @internal */
  addSubscription(subscription: MemorySubscription): void {
    this.subscriptions.add(subscription);
  }

  /** @internal */
  removeSubscription(subscription: MemorySubscription): void {
    subscription.active = false;
    this.subscriptions.delete(subscription);
  }

  /** @internal */
  forget(bus: MemoryBus): void {
    if (this.connections.get(bus.name) === bus) this.connections.delete(bus.name);
    for (const subscription of this.subscriptions) if (subscription.owner === bus) this.removeSubscription(subscription);
  }

  /**
   * Routes one message; returns how many subscriptions matched (reachable or not, as a server
   * that cannot see a blackholed client still holds its interest).
   */
  route(from: MemoryBus, subject: string, payload: Uint8Array, reply: ReplyPath | null): number {
    const tokens = subject.split(".");
    let matched = 0;
    for (const subscription of this.subscriptions) {
      if (!matches(subscription.pattern, tokens)) continue;
      matched++;
      if (from.partitioned || subscription.owner.partitioned) continue;
      const copy = payload.slice();
      queueMicrotask(() => {
        if (!subscription.active || from.partitioned || subscription.owner.partitioned) return;
        subscription.deliver(copy, subject, reply);
      });
    }
    return matched;
  }
}

class MemoryBus implements ClusterBus {
  readonly cluster: string;
  partitioned = false;
  private closed = false;
  private readonly statusListeners: Array<(status: BusStatus) => void> = [];
  private readonly pendingRequests = new Set<(outcome: RequestOutcome) => void>();
  private readonly waitingFlushes: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];

  constructor(
    private readonly hub: MemoryClusterHub,
    readonly name: string,
    private readonly scheduleTimeout: ScheduleTimeout,
    private readonly logger: Logger,
  ) {
    this.cluster = hub.cluster;
  }

  publish(subject: string, payload: Uint8Array): void {
    assertRelativeSubject(subject, "literal");
    if (this.closed) return;
    this.hub.route(this, subject, payload, null);
  }

  subscribe(subject: string, onMessage: (payload: Uint8Array, subject: string) => void): Subscription {
    return this.addSubscription(subject, (payload, relative) => {
      try {
        onMessage(payload, relative);
      } catch (fault) {
        this.logger.error({ err: fault, subject: relative }, "subscriber threw");
      }
    });
  }

  serve(subject: string, handler: (payload: Uint8Array) => Uint8Array | Promise<Uint8Array>): Subscription {
    return this.addSubscription(subject, (payload, relative, reply) => {
      if (!reply) return;
      const failed = (fault: unknown) => this.logger.error({ err: fault, subject: relative }, "request handler failed; no answer sent");
      let result: Uint8Array | Promise<Uint8Array>;
      try {
        result = handler(payload);
      } catch (fault) {
        failed(fault);
        return;
      }
      const answer = (bytes: Uint8Array) => {
        if (!this.closed && !this.partitioned) reply.answer(bytes.slice());
      };
      if (result instanceof Uint8Array) answer(result);
      else result.then(answer, failed);
    });
  }

  async request(subject: string, payload: Uint8Array, timeoutMs: number): Promise<RequestOutcome> {
    assertRelativeSubject(subject, "literal");
    if (this.closed) return { ok: false, reason: "closed" };
    return new Promise<RequestOutcome>((resolve) => {
      let settled = false;
      const settle = (outcome: RequestOutcome) => {
        if (settled) return;
        settled = true;
        cancelTimeout();
        this.pendingRequests.delete(settle);
        resolve(outcome);
      };
      const cancelTimeout = this.scheduleTimeout(() => settle({ ok: false, reason: "timeout" }), timeoutMs);
      this.pendingRequests.add(settle);
      const requester = this;
      const reply: ReplyPath = {
        requester,
        answer(bytes) {
          queueMicrotask(() => {
            if (!requester.partitioned) settle({ ok: true, payload: bytes });
          });
        },
      };
      const matched = this.hub.route(this, subject, payload, reply);
      // A blackholed requester never hears back, not even "no responders".
      if (matched === 0 && !this.partitioned) queueMicrotask(() => settle({ ok: false, reason: "no_responders" }));
    });
  }

  flush(): Promise<void> {
    if (this.closed) return Promise.reject(new ClusterBusClosedError(this.cluster, this.name));
    return new Promise<void>((resolve, reject) => {
      if (this.partitioned) this.waitingFlushes.push({ resolve, reject });
      // Queued after every delivery published so far, so those have run when it resolves.
      else queueMicrotask(resolve);
    });
  }

  onStatus(listener: (status: BusStatus) => void): void {
    this.statusListeners.push(listener);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.hub.forget(this);
    for (const settle of [...this.pendingRequests]) settle({ ok: false, reason: "closed" });
    for (const flush of this.waitingFlushes.splice(0)) flush.reject(new ClusterBusClosedError(this.cluster, this.name));
    this.emit("closed");
  }

  setPartitioned(on: boolean): void {
    if (this.partitioned === on) return;
    this.partitioned = on;
    this.emit(on ? "disconnected" : "reconnected");
    if (!on) for (const flush of this.waitingFlushes.splice(0)) flush.resolve();
  }

  private addSubscription(subject: string, deliver: MemorySubscription["deliver"]): Subscription {
    assertRelativeSubject(subject, "pattern");
    if (this.closed) throw new ClusterBusClosedError(this.cluster, this.name);
    const subscription: MemorySubscription = { owner: this, pattern: subject.split("."), deliver, active: true };
    this.hub.addSubscription(subscription);
    return { unsubscribe: () => this.hub.removeSubscription(subscription) };
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

/** NATS matching: `*` is one token, a final `>` is one or more tokens. */
export function subjectMatches(pattern: readonly string[], tokens: readonly string[]): boolean {
  return matches(pattern, tokens);
}

function matches(pattern: readonly string[], tokens: readonly string[]): boolean {
  for (let i = 0; i < pattern.length; i++) {
    const want = pattern[i]!;
    if (want === ">") return tokens.length > i;
    if (i >= tokens.length) return false;
    if (want !== "*" && want !== tokens[i]) return false;
  }
  return pattern.length === tokens.length;
}
