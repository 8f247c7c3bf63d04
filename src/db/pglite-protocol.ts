/**
 * Messages between the main thread and the PGlite worker. Requests carry a numeric id the reply
 * echoes; nothing but plain data crosses (structured clone).
 */
import type { RowMode, SqlStatement } from "./sql-client.ts";

export type WorkerRequest =
  | { type: "open"; id: number; dataDir: string }
  | { type: "query"; id: number; sql: string; params: unknown[]; rowMode: RowMode }
  | { type: "transaction"; id: number; statements: SqlStatement[] }
  | { type: "close"; id: number };

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
  | { type: "failed"; id: number; error: WorkerErrorPayload }
  /** A fault outside any request (unhandled rejection); the main side treats the worker as dead. */
  | { type: "crashed"; error: WorkerErrorPayload };
