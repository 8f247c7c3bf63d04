/**
 * The Postgres backend: a postgres.js pool, drizzle on top of it, and the raw SqlClient the
 * migrator uses. postgres.js does its work off the main thread's critical path (socket I/O), so
 * no worker is needed here.
 */
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { DatabaseError, toDatabaseError } from "./database-error.ts";
import type { DatabaseLogger } from "./logger.ts";
import type { RowMode, SqlClient, SqlStatement } from "./sql-client.ts";

/** How long opening may wait for the server to accept and authenticate us. */
export const POSTGRES_CONNECT_TIMEOUT_MS = 5_000;
/** Connections kept by the pool; the game saves in batches, so a few are plenty. */
export const POSTGRES_POOL_SIZE = 10;
/** How long close() lets running queries finish before cutting connections. */
export const POSTGRES_CLOSE_TIMEOUT_MS = 5_000;
/** Connections unused this long are closed (the pool reopens on demand). */
const POSTGRES_IDLE_TIMEOUT_S = 60;

export interface PostgresClientOptions {
  url: string;
  logger: DatabaseLogger;
  connectTimeoutMs?: number;
  poolSize?: number;
}

/** The URL without its password, for messages and logs. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== "") parsed.password = "***";
    return parsed.toString();
  } catch {
    return "<unparsable URL>";
  }
}

function validateUrl(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DatabaseError("invalid_config", "the database URL is not a valid URL (expected postgres://user:password@host:port/database)");
  }
  if (parsed.protocol !== "postgres:" && parsed.protocol !== "postgresql:") {
    throw new DatabaseError("invalid_config", `the database URL must start with postgres:// or postgresql://, got ${parsed.protocol}//`);
  }
}

export class PostgresClient implements SqlClient {
  /** drizzle over the same pool. Made with the pool because drizzle adjusts its type parsers. */
  readonly db;

  private constructor(readonly sql: postgres.Sql) {
    this.db = drizzle({ client: sql });
  }

  /**
   * Opens the pool and proves the server accepts us, within the connect timeout. Fails with one
   * clear DatabaseError (unreachable, auth_failed, database_not_found, invalid_config).
   */
  static async connect(options: PostgresClientOptions): Promise<PostgresClient> {
    validateUrl(options.url);
    const connectTimeoutMs = options.connectTimeoutMs ?? POSTGRES_CONNECT_TIMEOUT_MS;
    const where = redactUrl(options.url);
    const sql = postgres(options.url, {
      max: options.poolSize ?? POSTGRES_POOL_SIZE,
      connect_timeout: Math.max(1, Math.ceil(connectTimeoutMs / 1000)),
      idle_timeout: POSTGRES_IDLE_TIMEOUT_S,
      onnotice: (notice) => options.logger.debug({ notice: notice.message }, "postgres notice"),
      connection: { application_name: "argentum-bun" },
    });
    const client = new PostgresClient(sql);
    let timer: ReturnType<typeof setTimeout> | undefined;
    // postgres.js's connect_timeout covers the TCP connect only; a server that accepts and then
    // stays silent would hang the first query, hence our own bound on the whole handshake.
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new DatabaseError("unreachable", `database at ${where} did not answer within ${connectTimeoutMs} ms`)),
        connectTimeoutMs,
      );
    });
    try {
      await Promise.race([sql`SELECT 1`, timeout]);
    } catch (error) {
      void sql.end({ timeout: 0 }).catch(() => {});
      const failure = toDatabaseError(error, `connecting to ${where}`);
      throw failure.code === "query_failed" ? new DatabaseError("unreachable", failure.message, { cause: error }) : failure;
    } finally {
      clearTimeout(timer);
    }
    options.logger.info({ url: where }, "connected to Postgres");
    return client;
  }

  async query(text: string, params: unknown[], rowMode: RowMode): Promise<unknown[]> {
    try {
      const pending = this.sql.unsafe(text, params as postgres.ParameterOrJSON<never>[]);
      return rowMode === "array" ? await pending.values() : await pending;
    } catch (error) {
      throw toDatabaseError(error, "running a statement");
    }
  }

  async transaction(statements: SqlStatement[]): Promise<void> {
    try {
      await this.sql.begin(async (tx) => {
        for (const statement of statements) await tx.unsafe(statement.sql, (statement.params ?? []) as postgres.ParameterOrJSON<never>[]);
      });
    } catch (error) {
      throw toDatabaseError(error, "running a transaction");
    }
  }

  async snapshot(statements: SqlStatement[]): Promise<unknown[][][]> {
    try {
      return await this.sql.begin("isolation level repeatable read read only", async (tx) => {
        const results: unknown[][][] = [];
        for (const statement of statements) results.push((await tx.unsafe(statement.sql, (statement.params ?? []) as postgres.ParameterOrJSON<never>[]).values()) as unknown[][]);
        return results;
      });
    } catch (error) {
      throw toDatabaseError(error, "reading a snapshot");
    }
  }

  async close(): Promise<void> {
    // postgres.js dispatches a query a microtask after it is issued and end() rejects those not
    // dispatched yet; one turn of the loop lets queries issued before close() go out, and end()
    // then waits for them.
    await new Promise((resolve) => setImmediate(resolve));
    await this.sql.end({ timeout: POSTGRES_CLOSE_TIMEOUT_MS / 1000 });
  }
}
