/**
 * Worker entry hosting PGlite (Postgres compiled to WebAssembly). PGlite runs queries
 * synchronously on the thread that owns it, so it lives here: a 1,000-row write would otherwise
 * stall the network thread for over half a second.
 *
 * The WebAssembly modules and the file-system bundle are imported as files so `bun build
 * --compile` embeds them; PGlite receives them through its options and never looks for them next
 * to its own code. This file must be named on the compile command line (see pglite-backend.ts).
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { PGlite, types } from "@electric-sql/pglite";
import initdbWasmPath from "@electric-sql/pglite/initdb.wasm" with { type: "file" };
import fsBundlePath from "@electric-sql/pglite/pglite.data" with { type: "file" };
import pgliteWasmPath from "@electric-sql/pglite/pglite.wasm" with { type: "file" };
import type { WorkerErrorPayload, WorkerReply, WorkerRequest } from "./pglite-protocol.ts";

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

async function open(dataDir: string): Promise<PGlite> {
  mkdirSync(dirname(dataDir), { recursive: true });
  const [pgliteWasmModule, initdbWasmModule] = await Promise.all([
    Bun.file(pgliteWasmPath).arrayBuffer().then((bytes) => WebAssembly.compile(bytes)),
    Bun.file(initdbWasmPath).arrayBuffer().then((bytes) => WebAssembly.compile(bytes)),
  ]);
  return PGlite.create(dataDir, { pgliteWasmModule, initdbWasmModule, fsBundle: Bun.file(fsBundlePath) });
}

function requireDatabase(): PGlite {
  if (!database) throw new Error("PGlite is not open");
  return database;
}

async function handle(request: WorkerRequest): Promise<unknown[]> {
  switch (request.type) {
    case "open":
      if (database) throw new Error("PGlite is already open");
      database = await open(request.dataDir);
      return [];
    case "query": {
      const result = await requireDatabase().query(request.sql, request.params, { rowMode: request.rowMode, parsers: TEXT_PARSERS });
      return result.rows;
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
      return [];
    case "close":
      if (database && !database.closed) await database.close();
      database = undefined;
      return [];
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
      (rows) => reply({ type: "result", id: request.id, rows }),
      (error: unknown) => reply({ type: "failed", id: request.id, error: toPayload(error) }),
    ),
  );
});

process.on("unhandledRejection", (error) => reply({ type: "crashed", error: toPayload(error) }));

reply({ type: "loaded" });
