/**
 * Messages between the main thread and the PGlite worker. Requests carry a numeric id the reply
 * echoes; nothing but plain data crosses (structured clone).
 */
import type { RowMode, SqlStatement } from "./sql-client.ts";

/** How the embedded Postgres is tuned; the worker turns these into server settings at open. */
export interface PgliteTuning {
  /** Postgres `shared_buffers` in MiB. PGlite touches all of it at start, so it is resident memory. */
  sharedBuffersMb: number;
}

export type WorkerRequest =
  | { type: "open"; id: number; dataDir: string; tuning: PgliteTuning }
  | { type: "query"; id: number; sql: string; params: unknown[]; rowMode: RowMode }
  | { type: "transaction"; id: number; statements: SqlStatement[] }
  | { type: "snapshot"; id: number; statements: SqlStatement[] }
  | { type: "memory"; id: number }
  | { type: "close"; id: number };

/** What "open" found: `createdCluster` is true when this open ran initdb on an empty folder. */
export interface PgliteOpened {
  createdCluster: boolean;
}

/** The worker's own view of its memory, for benchmarks and diagnostics. */
export interface PgliteMemory {
  /** Size of the WebAssembly memory Postgres runs in (it only grows). */
  wasmMemoryBytes: number;
  /** The worker's JavaScript objects (bun:jsc heapStats: heap size less extra memory). */
  jsHeapBytes: number;
  /**
   * What JSC counts as held outside its heap by the worker's objects: array buffers and the
   * WebAssembly memory at its full size, resident or not.
   */
  jsExtraMemoryBytes: number;
}

/** A Postgres error flattened for the trip; `code` is the SQLSTATE when the server raised it. */
export interface WorkerErrorPayload {
  message: string;
  code?: string | undefined;
  constraint?: string | undefined;
  detail?: string | undefined;
}

export type WorkerReply =
  /** Sent once, as soon as the worker module has loaded: proves the entry point resolved. */
  | { type: "loaded" }
  | { type: "result"; id: number; rows: unknown[] }
  | { type: "snapshot"; id: number; results: unknown[][][] }
  | { type: "opened"; id: number; opened: PgliteOpened }
  | { type: "memory"; id: number; memory: PgliteMemory }
  | { type: "failed"; id: number; error: WorkerErrorPayload }
  /** A fault outside any request (unhandled rejection); the main side treats the worker as dead. */
  | { type: "crashed"; error: WorkerErrorPayload };
