/**
 * One map worker seen from the gateway: starts it with a handshake and a deadline (a worker
 * that fails to load is an error, never a hang), batches intents into one buffer per turn, and
 * reports its messages and its death.
 */
import { IntentBatchWriter, type FromWorker, type MapDefinition, type SnapshotEntry, type ToWorker, type WorkerSettings } from "../map/index.ts";
import { workerEntry } from "../platform/index.ts";

/** A worker that has not said "ready" by then is broken. */
export const WORKER_START_TIMEOUT_MS = 15_000;

export class WorkerStartError extends Error {
  readonly code = "worker_failed";
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "WorkerStartError";
  }
}

export interface MapWorkerHostEvents {
  onMessage(host: MapWorkerHost, message: FromWorker): void;
  /** The worker died (uncaught error or exit) after it had started. */
  onDeath(host: MapWorkerHost, reason: string): void;
}

/** How the worker script is found, under `bun run` and in the compiled executable. */
export function mapWorkerUrl(): string {
  return workerEntry("map/worker.ts");
}

export class MapWorkerHost {
  private worker: Worker | undefined;
  private readonly intents = new IntentBatchWriter();
  private flushArmed = false;
  private dead = false;
  private readonly loadWaiters = new Map<number, () => void>();
  /** Maps this worker hosts. */
  readonly maps = new Set<number>();
  /** Set by `World.stop` to collect the final states the worker hands back. */
  onStopped: ((entries: SnapshotEntry[]) => void) | undefined;

  constructor(
    readonly workerId: number,
    private readonly settings: WorkerSettings,
    private readonly events: MapWorkerHostEvents,
    private readonly workerUrl: string = mapWorkerUrl(),
  ) {}

  get isDead(): boolean {
    return this.dead;
  }

  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      let started = false;
      const fail = (reason: string, cause?: unknown) => {
        if (started) {
          this.markDead(reason);
          return;
        }
        started = true;
        clearTimeout(deadline);
        this.dead = true;
        this.worker?.terminate();
        reject(new WorkerStartError(`map worker ${this.workerId} failed to start: ${reason}`, { cause }));
      };
      const deadline = setTimeout(() => fail(`no answer within ${WORKER_START_TIMEOUT_MS} ms`), WORKER_START_TIMEOUT_MS);
      let worker: Worker;
      try {
        worker = new Worker(this.workerUrl);
      } catch (error) {
        fail((error as Error).message, error);
        return;
      }
      this.worker = worker;
      worker.addEventListener("error", (event) => {
        fail(event.message || "uncaught error", (event as ErrorEvent).error);
      });
      worker.addEventListener("messageerror", () => fail("message could not be read"));
      worker.addEventListener("close", () => fail("exited"));
      worker.addEventListener("message", (event: MessageEvent<FromWorker>) => {
        const message = event.data;
        if (!started) {
          if (message.t === "ready") {
            started = true;
            clearTimeout(deadline);
            resolve();
          }
          return;
        }
        if (message.t === "loaded") {
          this.loadWaiters.get(message.map)?.();
          this.loadWaiters.delete(message.map);
          return;
        }
        this.events.onMessage(this, message);
      });
      this.post({ t: "init", workerId: this.workerId, settings: this.settings });
    });
  }

  /** Loads a map into the worker; resolves once it runs there. */
  load(map: MapDefinition): Promise<void> {
    this.maps.add(map.id);
    return new Promise((resolve) => {
      this.loadWaiters.set(map.id, resolve);
      this.post({ t: "load", map });
    });
  }

  /** Queues a player's packet body; all queued go over in one buffer at the end of the turn. */
  queueIntent(session: number, body: Uint8Array): void {
    if (this.dead) return;
    this.intents.write(session, body);
    if (!this.flushArmed) {
      this.flushArmed = true;
      setImmediate(this.flushIntents);
    }
  }

  /** Sends a control message, after the intents queued before it (order is kept). */
  post(message: ToWorker): void {
    if (this.dead || !this.worker) return;
    this.flushIntents();
    this.worker.postMessage(message);
  }

  terminate(): void {
    this.dead = true;
    void this.worker?.terminate();
  }

  private readonly flushIntents = (): void => {
    this.flushArmed = false;
    if (this.intents.isEmpty || this.dead || !this.worker) return;
    const buffer = this.intents.take();
    this.worker.postMessage({ t: "intents", buffer, sentAt: performance.timeOrigin + performance.now() } satisfies ToWorker, [buffer]);
  };

  private markDead(reason: string): void {
    if (this.dead) return;
    this.dead = true;
    void this.worker?.terminate();
    this.events.onDeath(this, reason);
  }
}
