/**
 * Worker entry hosting PGlite (Postgres compiled to WebAssembly). PGlite runs queries
 * synchronously on the thread that owns it, so it lives here: a 1,000-row write would otherwise
 * stall the network thread for over half a second.
 *
 * The WebAssembly modules and the file-system bundle are imported as files so `bun build
 * --compile` embeds them; PGlite receives them through its options and never looks for them next
 * to its own code. This file must be named on the compile command line (see pglite-backend.ts).
 */
import { existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { heapStats } from "bun:jsc";
import { PGlite, types } from "@electric-sql/pglite";
import initdbWasmPath from "@electric-sql/pglite/initdb.wasm" with { type: "file" };
import fsBundlePath from "@electric-sql/pglite/pglite.data" with { type: "file" };
import pgliteWasmPath from "@electric-sql/pglite/pglite.wasm" with { type: "file" };
import type { PgliteMemory, PgliteOpened, PgliteTuning, WorkerErrorPayload, WorkerReply, WorkerRequest } from "./pglite-protocol.ts";

declare const self: Worker;

/** Leave date/time values as the server's text, as the postgres.js side does: drizzle parses them. */
const keepText = (value: string) => value;
const TEXT_PARSERS = {
  [types.TIMESTAMP]: keepText,
  [types.TIMESTAMPTZ]: keepText,
  [types.DATE]: keepText,
  [types.INTERVAL]: keepText,
  1115: keepText, // timestamp[]
  1182: keepText, // date[]
  1185: keepText, // timestamptz[]
  1187: keepText, // interval[]
};

let database: PGlite | undefined;

function reply(message: WorkerReply): void {
  self.postMessage(message);
}

function toPayload(error: unknown): WorkerErrorPayload {
  if (error !== null && typeof error === "object") {
    const fields = error as { message?: unknown; code?: unknown; constraint?: unknown; detail?: unknown };
    return {
      message: typeof fields.message === "string" ? fields.message : String(error),
      code: typeof fields.code === "string" ? fields.code : undefined,
      constraint: typeof fields.constraint === "string" ? fields.constraint : undefined,
      detail: typeof fields.detail === "string" ? fields.detail : undefined,
    };
  }
  return { message: String(error) };
}

/** PGlite resumes a folder holding this file and runs initdb in any other: the same test here. */
const CLUSTER_MARKER_FILE = "PG_VERSION";

function compileWasm(path: string): Promise<WebAssembly.Module> {
  return Bun.file(path)
    .arrayBuffer()
    .then((bytes) => WebAssembly.compile(bytes));
}

/**
 * Postgres sizes per-connection shared state (process slots, lock tables) by max_connections,
 * 100 in initdb's postgresql.conf; PGlite runs a single backend. Five is the least the defaults
 * allow (three slots stay reserved for superusers); measured 4 MB less resident than 100.
 */
const PGLITE_MAX_CONNECTIONS = 5;

/**
 * PGlite's own start parameters plus the tuning. They override postgresql.conf (initdb writes
 * `shared_buffers = 128MB` there), so an existing data folder gets the tuning too.
 */
function startParameters(tuning: PgliteTuning): string[] {
  return [...PGlite.defaultStartParams, "-c", `shared_buffers=${tuning.sharedBuffersMb}MB`, "-c", `max_connections=${PGLITE_MAX_CONNECTIONS}`];
}

async function open(dataDir: string, tuning: PgliteTuning): Promise<{ database: PGlite; opened: PgliteOpened }> {
  mkdirSync(dirname(dataDir), { recursive: true });
  const createdCluster = !existsSync(join(dataDir, CLUSTER_MARKER_FILE));
  // initdb's module is only needed to create the cluster; compiled, it costs memory for nothing later.
  const [pgliteWasmModule, initdbWasmModule] = await Promise.all([
    compileWasm(pgliteWasmPath),
    createdCluster ? compileWasm(initdbWasmPath) : Promise.resolve(undefined),
  ]);
  const database = await PGlite.create(dataDir, {
    pgliteWasmModule,
    initdbWasmModule,
    fsBundle: Bun.file(fsBundlePath),
    startParams: startParameters(tuning),
  });
  return { database, opened: { createdCluster } };
}

function memory(): PgliteMemory {
  const stats = heapStats();
  return {
    wasmMemoryBytes: database && !database.closed ? database.Module.wasmMemory.buffer.byteLength : 0,
    // JSC counts the extra memory inside heapSize; the objects themselves are the rest.
    jsHeapBytes: Math.max(0, stats.heapSize - stats.extraMemorySize),
    jsExtraMemoryBytes: stats.extraMemorySize,
  };
}

function requireDatabase(): PGlite {
  if (!database) throw new Error("PGlite is not open");
  return database;
}

async function handle(request: WorkerRequest): Promise<WorkerReply> {
  const id = request.id;
  switch (request.type) {
    case "open": {
      if (database) throw new Error("PGlite is already open");
      const result = await open(request.dataDir, request.tuning);
      database = result.database;
      return { type: "opened", id, opened: result.opened };
    }
    case "query": {
      const result = await requireDatabase().query(request.sql, request.params, { rowMode: request.rowMode, parsers: TEXT_PARSERS });
      return { type: "result", id, rows: result.rows };
    }
    case "transaction":
      await requireDatabase().transaction(async (tx) => {
        // Without parameters, the simple protocol (exec) also accepts several statements in one
        // string, as postgres.js does on the other backend.
        for (const statement of request.statements) {
          if (statement.params && statement.params.length > 0) await tx.query(statement.sql, statement.params);
          else await tx.exec(statement.sql);
        }
      });
      return { type: "result", id, rows: [] };
    case "snapshot": {
      const results: unknown[][][] = [];
      await requireDatabase().transaction(async (tx) => {
        // PGlite has one connection and runs requests one at a time, so nothing can write
        // between these statements anyway; the isolation level says what is relied on.
        await tx.exec("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
        for (const statement of request.statements) {
          const result = await tx.query(statement.sql, statement.params ?? [], { rowMode: "array", parsers: TEXT_PARSERS });
          results.push(result.rows as unknown[][]);
        }
      });
      return { type: "snapshot", id, results };
    }
    case "memory":
      return { type: "memory", id, memory: memory() };
    case "close":
      if (database && !database.closed) await database.close();
      database = undefined;
      return { type: "result", id, rows: [] };
  }
}

/**
 * Requests run one after another in arrival order. PGlite has a single connection anyway, and
 * the order guarantees "close" runs after everything sent before it.
 */
let queue: Promise<void> = Promise.resolve();

self.addEventListener("message", (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  queue = queue.then(() =>
    handle(request).then(
      (answer) => reply(answer),
      (error: unknown) => reply({ type: "failed", id: request.id, error: toPayload(error) }),
    ),
  );
});

process.on("unhandledRejection", (error) => reply({ type: "crashed", error: toPayload(error) }));

reply({ type: "loaded" });
