/**
 * Opens the configured backend, migrates it and assembles the repositories.
 */
import { join } from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { createAccountRepository, type AccountRepository } from "./account-repository.ts";
import { createCharacterRepository, type CharacterRepository } from "./character-repository.ts";
import { DatabaseError, toDatabaseError } from "./database-error.ts";
import { createWorldIdentityRepository, type WorldIdentityRepository } from "./world-identity-repository.ts";
import { SILENT_LOGGER, type DatabaseLogger } from "./logger.ts";
import { MIGRATIONS } from "./migrations.gen.ts";
import { applyMigrations, type EmbeddedMigration } from "./migrator.ts";
import { createPasswordHasher, DEFAULT_PASSWORD_HASHING, type PasswordHashing } from "./password-hashing.ts";
import { drizzleOverPglite, PgliteClient } from "./pglite-backend.ts";
import { PostgresClient } from "./postgres-backend.ts";
import type { SqlClient } from "./sql-client.ts";

export type DatabaseBackend = "postgres" | "pglite";

/** The server's whole view of persistence. */
export interface Database {
  readonly backend: DatabaseBackend;
  readonly accounts: AccountRepository;
  readonly characters: CharacterRepository;
  /** The world this database belongs to. */
  readonly worldIdentity: WorldIdentityRepository;
  /** Applies embedded migrations not applied yet. openDatabase already did; safe to repeat. */
  migrate(): Promise<void>;
  /** Round trip to the database; throws a DatabaseError when it cannot answer. */
  ping(): Promise<void>;
  /** Waits for running queries, then releases connections or stops the worker. Idempotent. */
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres:// URL. Absent or empty: PGlite under `${dataDir}/pglite`. */
  url?: string | undefined;
  /** The server's data directory. */
  dataDir: string;
  logger?: DatabaseLogger | undefined;
  /** Defaults to DEFAULT_PASSWORD_HASHING (argon2id, 19 MiB, 2 passes). */
  passwordHashing?: PasswordHashing | undefined;
  /** Wall clock for createdAt / updatedAt / lastLoginAt. */
  now?: (() => Date) | undefined;
  /** Postgres only: bound on reaching and logging in to the server; default 5 s. */
  connectTimeoutMs?: number | undefined;
  /** Postgres only: pool size; default 10. */
  poolSize?: number | undefined;
}

/** Knobs for tests, not for configuration. */
export interface DatabaseInternals {
  migrations?: readonly EmbeddedMigration[];
  pgliteWorkerSpecifiers?: string[];
  workerLoadTimeoutMs?: number;
}

/** Database plus the raw client, for tests that look under the repositories. */
export interface InternalDatabase extends Database {
  readonly sql: SqlClient;
}

/** PGlite's directory inside the server's data directory. */
export function pgliteDataDir(dataDir: string): string {
  return join(dataDir, "pglite");
}

export async function openDatabaseInternal(options: OpenDatabaseOptions, internals: DatabaseInternals = {}): Promise<InternalDatabase> {
  const logger = options.logger ?? SILENT_LOGGER;
  const now = options.now ?? (() => new Date());
  const hasher = createPasswordHasher(options.passwordHashing ?? DEFAULT_PASSWORD_HASHING);
  const migrations = internals.migrations ?? MIGRATIONS;

  let backend: DatabaseBackend;
  let client: SqlClient;
  let db: PgDatabase<PgQueryResultHKT>;
  if (options.url !== undefined && options.url.trim() !== "") {
    const postgres = await PostgresClient.connect({
      url: options.url.trim(),
      logger,
      connectTimeoutMs: options.connectTimeoutMs,
      poolSize: options.poolSize,
    });
    backend = "postgres";
    client = postgres;
    db = postgres.db;
  } else {
    const pglite = await PgliteClient.start({
      dataDir: pgliteDataDir(options.dataDir),
      logger,
      workerSpecifiers: internals.pgliteWorkerSpecifiers,
      workerLoadTimeoutMs: internals.workerLoadTimeoutMs,
    });
    backend = "pglite";
    client = pglite;
    db = drizzleOverPglite(pglite);
  }

  let closing: Promise<void> | undefined;
  const database: InternalDatabase = {
    backend,
    sql: client,
    accounts: createAccountRepository(db, hasher, now),
    characters: createCharacterRepository(db, now),
    worldIdentity: createWorldIdentityRepository(db, now),
    async migrate() {
      const report = await applyMigrations(client, migrations, logger);
      if (report.applied.length > 0) logger.info({ backend, applied: report.applied }, "database migrated");
    },
    async ping() {
      try {
        await client.query("SELECT 1", [], "array");
      } catch (error) {
        throw toDatabaseError(error, "pinging the database");
      }
    },
    close() {
      closing ??= client.close();
      return closing;
    },
  };

  try {
    await database.migrate();
  } catch (error) {
    await database.close().catch(() => {});
    throw error instanceof DatabaseError ? error : toDatabaseError(error, "migrating");
  }
  return database;
}

/**
 * Opens the database the options name, applies pending migrations and returns the repositories.
 * Fails with a DatabaseError whose message is one line fit for the console (unreachable,
 * auth_failed, database_not_found, migration_failed, worker_failed, invalid_config).
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return openDatabaseInternal(options);
}
