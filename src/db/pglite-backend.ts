/**
 * Main-thread side of the PGlite backend: starts pglite-worker.ts, proves it loaded, opens the
 * data directory in it and forwards SQL over messages. drizzle talks to it through its pg-proxy
 * driver, so repositories are the same code on PGlite and on Postgres.
 *
 * Where the worker entry lives depends on how the server runs:
 * - `bun run` / `bun test`: the file next to this module, `new URL("./pglite-worker.ts", import.meta.url)`.
 * - compiled (`bun build --compile <entries...> src/db/pglite-worker.ts`): Bun embeds every entry
 *   under `/$bunfs/root/` at its path relative to the entries' common root, and `import.meta.url`
 *   is the executable itself. With the repository as root (`--root .`, or entries outside src/)
 *   the worker is `./src/db/pglite-worker.ts`; with entries all under src/ it is `./db/pglite-worker.ts`.
 * The candidates are tried in that order; each one either sends "loaded" or fails fast.
 */
import { drizzle } from "drizzle-orm/pg-proxy";
import { DatabaseError } from "./database-error.ts";
import type { DatabaseLogger } from "./logger.ts";
import type { PgliteMemory, PgliteOpened, PgliteTuning, WorkerErrorPayload, WorkerReply, WorkerRequest } from "./pglite-protocol.ts";
import type { RowMode, SqlClient, SqlStatement } from "./sql-client.ts";

/** Time for a worker entry to load and say so; loading is local, so seconds mean it never will. */
export const WORKER_LOAD_TIMEOUT_MS = 15_000;
/** Opening PGlite: a first start runs initdb (measured 3-5 s here, up to ~16 s on slow disks). */
export const PGLITE_OPEN_TIMEOUT_MS = 120_000;
/** Flushing and shutting PGlite down. */
export const PGLITE_CLOSE_TIMEOUT_MS = 15_000;
/** A diagnostics round trip to the worker. */
export const PGLITE_MEMORY_TIMEOUT_MS = 15_000;
/**
 * Postgres `shared_buffers` for PGlite, MiB. initdb writes 128 MB, which PGlite touches at start,
 * so all of it is resident; a one-server game database is a few MB of hot rows, and pages missing
 * from the buffers come from the OS file cache. `--pglite-shared-buffers-mb` defaults to the
 * same (src/db/pglite-memory.test.ts keeps them equal).
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS_MB = 8;

/** Worker entry candidates, most specific first (see the module comment). */
export function pgliteWorkerSpecifiers(): string[] {
  return [new URL("./pglite-worker.ts", import.meta.url).href, "./src/db/pglite-worker.ts", "./db/pglite-worker.ts"];
}

export interface PgliteClientOptions {
  /** Directory PGlite keeps its files in; created when missing. */
  dataDir: string;
  logger: DatabaseLogger;
  /** Defaults: DEFAULT_PGLITE_SHARED_BUFFERS_MB. */
  tuning?: Partial<PgliteTuning> | undefined;
  workerSpecifiers?: string[] | undefined;
  workerLoadTimeoutMs?: number | undefined;
  openTimeoutMs?: number | undefined;
}

/** A request before the client numbers it. */
type WorkerCommand = WorkerRequest extends infer Request ? (Request extends WorkerRequest ? Omit<Request, "id"> : never) : never;

/** The replies that answer a request. */
type Answer = Extract<WorkerReply, { type: "result" | "opened" | "memory" | "snapshot" }>;

interface Pending {
  resolve(answer: Answer): void;
  reject(error: unknown): void;
}

/** Rebuilds the worker's flattened error so findPostgresError sees the SQLSTATE in the cause chain. */
function serverError(payload: WorkerErrorPayload): Error {
  return Object.assign(new Error(payload.message), payload);
}

function describeEvent(event: Event): string {
  if (event instanceof ErrorEvent) return event.message || String(event.error);
  return event.type;
}

/**
 * Creates a worker from the first specifier that loads. A specifier that does not resolve raises
 * an error event at once; one that hangs is abandoned after `timeoutMs`.
 */
async function loadWorker(specifiers: string[], timeoutMs: number, logger: DatabaseLogger): Promise<Worker> {
  const failures: string[] = [];
  for (const specifier of specifiers) {
    let worker: Worker;
    try {
      worker = new Worker(specifier);
    } catch (error) {
      failures.push(`${specifier}: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    const outcome = await new Promise<{ ok: true } | { ok: false; reason: string }>((resolve) => {
      const timer = setTimeout(() => finish({ ok: false, reason: `no answer within ${timeoutMs} ms` }), timeoutMs);
      const onMessage = (event: MessageEvent<WorkerReply>) => {
        if (event.data?.type === "loaded") finish({ ok: true });
      };
      const onError = (event: Event) => {
        event.preventDefault();
        finish({ ok: false, reason: describeEvent(event) });
      };
      const onClose = () => finish({ ok: false, reason: "worker exited while loading" });
      function finish(result: { ok: true } | { ok: false; reason: string }) {
        clearTimeout(timer);
        worker.removeEventListener("message", onMessage);
        worker.removeEventListener("error", onError);
        worker.removeEventListener("close", onClose);
        resolve(result);
      }
      worker.addEventListener("message", onMessage);
      worker.addEventListener("error", onError);
      worker.addEventListener("close", onClose);
    });
    if (outcome.ok) {
      logger.debug({ specifier }, "PGlite worker loaded");
      return worker;
    }
    worker.terminate();
    failures.push(`${specifier}: ${outcome.reason}`);
  }
  throw new DatabaseError("worker_failed", `the PGlite worker did not start (tried ${failures.join("; ")})`);
}

export class PgliteClient implements SqlClient {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #logger: DatabaseLogger;
  #nextId = 1;
  /** Set once the worker is unusable; every later request fails with it. */
  #fault: DatabaseError | undefined;
  /** close() has been called; new requests are refused. */
  #closing = false;
  #opened: PgliteOpened = { createdCluster: false };

  private constructor(worker: Worker, logger: DatabaseLogger) {
    this.#worker = worker;
    this.#logger = logger;
    worker.addEventListener("message", (event: MessageEvent<WorkerReply>) => this.#onReply(event.data));
    worker.addEventListener("error", (event) => {
      event.preventDefault();
      this.#fail(new DatabaseError("worker_failed", `the PGlite worker failed: ${describeEvent(event)}`));
    });
    worker.addEventListener("close", () => {
      this.#fail(new DatabaseError("worker_failed", "the PGlite worker exited"));
    });
  }

  /** Starts the worker and opens the data directory in it. */
  static async start(options: PgliteClientOptions): Promise<PgliteClient> {
    const worker = await loadWorker(
      options.workerSpecifiers ?? pgliteWorkerSpecifiers(),
      options.workerLoadTimeoutMs ?? WORKER_LOAD_TIMEOUT_MS,
      options.logger,
    );
    const client = new PgliteClient(worker, options.logger);
    const startedAt = performance.now();
    const tuning: PgliteTuning = { sharedBuffersMb: options.tuning?.sharedBuffersMb ?? DEFAULT_PGLITE_SHARED_BUFFERS_MB };
    try {
      const answer = await client.#request({ type: "open", dataDir: options.dataDir, tuning }, options.openTimeoutMs ?? PGLITE_OPEN_TIMEOUT_MS);
      if (answer.type !== "opened") throw unexpectedAnswer(answer, "opened");
      client.#opened = answer.opened;
    } catch (error) {
      client.#fail(new DatabaseError("closed", "PGlite did not open"));
      worker.terminate();
      if (error instanceof DatabaseError && error.code !== "query_failed") throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new DatabaseError("worker_failed", `PGlite could not open ${options.dataDir}: ${reason}`, { cause: error });
    }
    options.logger.info(
      { dataDir: options.dataDir, ms: Math.round(performance.now() - startedAt), createdCluster: client.#opened.createdCluster, sharedBuffersMb: tuning.sharedBuffersMb },
      "PGlite opened",
    );
    return client;
  }

  /** True when opening ran initdb: the folder held no database before. */
  get createdCluster(): boolean {
    return this.#opened.createdCluster;
  }

  /** The worker's memory as the worker sees it (benchmarks, diagnostics). */
  async memory(): Promise<PgliteMemory> {
    const answer = await this.#request({ type: "memory" }, PGLITE_MEMORY_TIMEOUT_MS);
    if (answer.type !== "memory") throw unexpectedAnswer(answer, "memory");
    return answer.memory;
  }

  async query(sql: string, params: unknown[], rowMode: RowMode): Promise<unknown[]> {
    const answer = await this.#request({ type: "query", sql, params, rowMode });
    if (answer.type !== "result") throw unexpectedAnswer(answer, "result");
    return answer.rows;
  }

  async transaction(statements: SqlStatement[]): Promise<void> {
    await this.#request({ type: "transaction", statements });
  }

  async snapshot(statements: SqlStatement[]): Promise<unknown[][][]> {
    const answer = await this.#request({ type: "snapshot", statements });
    if (answer.type !== "snapshot") throw unexpectedAnswer(answer, "snapshot");
    return answer.results;
  }

  async close(): Promise<void> {
    if (this.#fault) {
      this.#worker.terminate();
      return;
    }
    try {
      // Requests posted before this one still run: the worker handles messages in order.
      const closing = this.#request({ type: "close" }, PGLITE_CLOSE_TIMEOUT_MS);
      this.#closing = true;
      await closing;
    } finally {
      this.#fail(new DatabaseError("closed", "the database was closed"));
      this.#worker.terminate();
    }
  }

  #request(command: WorkerCommand, timeoutMs?: number): Promise<Answer> {
    if (this.#fault) return Promise.reject(this.#fault);
    if (this.#closing) return Promise.reject(new DatabaseError("closed", "the database is closing"));
    const id = this.#nextId++;
    return new Promise<Answer>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      if (timeoutMs !== undefined) {
        timer = setTimeout(() => {
          this.#pending.delete(id);
          reject(new DatabaseError("worker_failed", `the PGlite worker did not answer "${command.type}" within ${timeoutMs} ms`));
        }, timeoutMs);
      }
      this.#pending.set(id, {
        resolve: (answer) => {
          clearTimeout(timer);
          resolve(answer);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      const request: WorkerRequest = { ...command, id };
      this.#worker.postMessage(request);
    });
  }

  #onReply(reply: WorkerReply): void {
    switch (reply.type) {
      case "loaded":
        return;
      case "crashed":
        this.#fail(new DatabaseError("worker_failed", `the PGlite worker crashed: ${reply.error.message}`, { cause: serverError(reply.error) }));
        return;
      case "result":
      case "opened":
      case "memory":
      case "snapshot":
      case "failed": {
        const pending = this.#pending.get(reply.id);
        if (!pending) return; // timed out already
        this.#pending.delete(reply.id);
        if (reply.type === "failed") pending.reject(new DatabaseError("query_failed", reply.error.message, { cause: serverError(reply.error) }));
        else pending.resolve(reply);
        return;
      }
    }
  }

  #fail(fault: DatabaseError): void {
    if (this.#fault) return;
    this.#fault = fault;
    if (fault.code !== "closed") this.#logger.error({ err: fault.message }, "PGlite worker lost");
    for (const pending of this.#pending.values()) pending.reject(fault);
    this.#pending.clear();
  }
}

/** An answer of another kind than the request's: the two sides disagree on the protocol. */
function unexpectedAnswer(answer: Answer, due: Answer["type"]): DatabaseError {
  return new DatabaseError("worker_failed", `the PGlite worker answered "${answer.type}" where "${due}" was due`);
}

/** drizzle over the worker: "all" wants rows as arrays (drizzle maps them by position), "execute" as objects. */
export function drizzleOverPglite(client: PgliteClient) {
  return drizzle(async (sql, params, method) => ({
    rows: await client.query(sql, params, method === "all" ? "array" : "object"),
  }));
}
