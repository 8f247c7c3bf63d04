/**
 * Opens the configured backend, migrates it and assembles the repositories.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { createAccountRepository, type AccountRepository } from "./account-repository.ts";
import { createCharacterRepository, type CharacterRepository } from "./character-repository.ts";
import { DatabaseError, toDatabaseError } from "./database-error.ts";
import { createWorldIdentityRepository, type WorldIdentityRepository } from "./world-identity-repository.ts";
import { createMapLeaseRepository, type MapLeaseRepository } from "./map-lease-repository.ts";
import { createClusterNodeRepository, type ClusterNodeRepository } from "./cluster-node-repository.ts";
import { createAuditRepository, type AuditActor, type AuditRepository } from "./audit-repository.ts";
import { dumpDatabase, loadBackup, migrationsFor, parseBackup, restoreAuditEntry, type BackupSummary, type RestoreOutcome } from "./backup.ts";
import { createModerationRepository, type ModerationRepository } from "./moderation-repository.ts";
import { createStaffRepository, type StaffRepository } from "./staff-repository.ts";
import { SILENT_LOGGER, type DatabaseLogger } from "./logger.ts";
import { MIGRATIONS } from "./migrations.gen.ts";
import { applyMigrations, type EmbeddedMigration } from "./migrator.ts";
import { createPasswordHasher, DEFAULT_PASSWORD_HASHING, type PasswordHashing, type PasswordHashObserver } from "./password-hashing.ts";
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
  /** Which node may simulate and write each map (multi-node leases with fencing epochs). */
  readonly mapLeases: MapLeaseRepository;
  /** The gateways and map nodes of a multi-node world, their liveness and gateway indexes. */
  readonly clusterNodes: ClusterNodeRepository;
  /** Staff ranks bound to character ids (read at login). */
  readonly staff: StaffRepository;
  /** The append-only record of every staff action. */
  readonly audit: AuditRepository;
  /** Bans, mutes, jail, warnings, the punishment record and the report queue. */
  readonly moderation: ModerationRepository;
  /** Applies embedded migrations not applied yet. openDatabase already did; safe to repeat. */
  migrate(): Promise<void>;
  /**
   * Writes a backup of every table, read in one snapshot (backup.ts has the format), one line per
   * `write` call; consistent while a server writes (Postgres).
   */
  dump(write: (line: string) => Promise<void> | void): Promise<BackupSummary>;
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
  /** Told the time of every password hash and verify (the server's /metrics). */
  passwordHashObserver?: PasswordHashObserver | undefined;
  /** Wall clock for createdAt / updatedAt / lastLoginAt. */
  now?: (() => Date) | undefined;
  /** Postgres only: bound on reaching and logging in to the server; default 5 s. */
  connectTimeoutMs?: number | undefined;
  /** Postgres only: pool size; default 10. */
  poolSize?: number | undefined;
  /** PGlite only: Postgres `shared_buffers` in MiB; default DEFAULT_PGLITE_SHARED_BUFFERS_MB. */
  pgliteSharedBuffersMb?: number | undefined;
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
  /** The PGlite worker's client (PGlite only), for its memory report. */
  readonly pglite: PgliteClient | undefined;
  /** PGlite only: this open created the database and restarted the worker after migrating it. */
  readonly restartedAfterCreate: boolean;
}

/** PGlite's directory inside the server's data directory. */
export function pgliteDataDir(dataDir: string): string {
  return join(dataDir, "pglite");
}

export async function openDatabaseInternal(options: OpenDatabaseOptions, internals: DatabaseInternals = {}): Promise<InternalDatabase> {
  const logger = options.logger ?? SILENT_LOGGER;
  const now = options.now ?? (() => new Date());
  const hasher = createPasswordHasher(options.passwordHashing ?? DEFAULT_PASSWORD_HASHING, options.passwordHashObserver);
  const migrations = internals.migrations ?? MIGRATIONS;

  let backend: DatabaseBackend;
  let client: SqlClient;
  let pglite: PgliteClient | undefined;
  let restartedAfterCreate = false;
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
    const startPglite = () =>
      PgliteClient.start({
        dataDir: pgliteDataDir(options.dataDir),
        logger,
        tuning: { sharedBuffersMb: options.pgliteSharedBuffersMb },
        workerSpecifiers: internals.pgliteWorkerSpecifiers,
        workerLoadTimeoutMs: internals.workerLoadTimeoutMs,
      });
    pglite = await startPglite();
    if (pglite.createdCluster) {
      // initdb runs a second Postgres and its own WebAssembly module inside the worker: it
      // leaves hundreds of MB that only a full collection returns, and not all of them (see
      // docs/benchmarks.md, "Memory footprint"). Migrate there, then let a fresh worker open the
      // finished database: a first start then idles as light as any later one.
      try {
        await migrate(pglite, migrations, logger, "pglite");
      } catch (error) {
        throw error instanceof DatabaseError ? error : toDatabaseError(error, "migrating");
      } finally {
        await pglite.close();
      }
      pglite = await startPglite();
      restartedAfterCreate = true;
      logger.info({ dataDir: pgliteDataDir(options.dataDir) }, "PGlite restarted after creating the database, to return initdb's memory");
    }
    backend = "pglite";
    client = pglite;
    db = drizzleOverPglite(pglite);
  }

  let closing: Promise<void> | undefined;
  const database: InternalDatabase = {
    backend,
    sql: client,
    pglite,
    restartedAfterCreate,
    accounts: createAccountRepository(db, hasher, now),
    characters: createCharacterRepository(db, now),
    worldIdentity: createWorldIdentityRepository(db, now),
    mapLeases: createMapLeaseRepository(db),
    clusterNodes: createClusterNodeRepository(client),
    staff: createStaffRepository(db),
    audit: createAuditRepository(db),
    moderation: createModerationRepository(db),
    migrate: () => migrate(client, migrations, logger, backend),
    dump: (write) => dumpDatabase(client, backend, write),
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

async function migrate(client: SqlClient, migrations: readonly EmbeddedMigration[], logger: DatabaseLogger, backend: DatabaseBackend): Promise<void> {
  const report = await applyMigrations(client, migrations, logger);
  if (report.applied.length > 0) logger.info({ backend, applied: report.applied }, "database migrated");
}

/**
 * The tags of the migrations applied to the database the options name, without applying any
 * (empty for a database that has none: a new PGlite folder, a new Postgres database).
 */
export async function appliedMigrationTags(options: OpenDatabaseOptions, internals: DatabaseInternals = {}): Promise<string[]> {
  const logger = options.logger ?? SILENT_LOGGER;
  let client: SqlClient;
  if (options.url !== undefined && options.url.trim() !== "") {
    client = await PostgresClient.connect({ url: options.url.trim(), logger, connectTimeoutMs: options.connectTimeoutMs, poolSize: 1 });
  } else {
    // PGlite resumes a folder holding PG_VERSION and runs initdb in any other: nothing applied there.
    if (!existsSync(join(pgliteDataDir(options.dataDir), "PG_VERSION"))) return [];
    client = await PgliteClient.start({
      dataDir: pgliteDataDir(options.dataDir),
      logger,
      tuning: { sharedBuffersMb: options.pgliteSharedBuffersMb },
      workerSpecifiers: internals.pgliteWorkerSpecifiers,
      workerLoadTimeoutMs: internals.workerLoadTimeoutMs,
    });
  }
  try {
    const [exists] = (await client.query("SELECT to_regclass('argentum_migrations') IS NOT NULL", [], "array")) as [boolean][];
    if (!exists?.[0]) return [];
    const rows = (await client.query("SELECT tag FROM argentum_migrations ORDER BY tag", [], "array")) as [string][];
    return rows.map(([tag]) => tag);
  } catch (error) {
    throw toDatabaseError(error, "reading the applied migrations");
  } finally {
    await client.close();
  }
}

/**
 * Loads a backup (its whole text) into the empty database the options name: refused as a value
 * when the file is damaged or of a newer build, when the database is not empty, or when it is
 * already at a newer schema than the backup. A backup of an older build is loaded at its own
 * schema version and the newer migrations run afterwards. The `restore` audit row names `actor`.
 */
export async function restoreDatabase(options: OpenDatabaseOptions, text: string, audit: { actor: AuditActor; file: string }, internals: DatabaseInternals = {}): Promise<RestoreOutcome> {
  const parsed = parseBackup(text);
  if (!parsed.ok) return { kind: "refused", message: parsed.message };
  const all = internals.migrations ?? MIGRATIONS;
  const version = migrationsFor(parsed.backup, all);
  if (!version.ok) return { kind: "refused", message: version.message };
  const applied = await appliedMigrationTags(options, internals);
  const ahead = applied.filter((tag) => !parsed.backup.header.migrations.includes(tag));
  if (ahead.length > 0) {
    return {
      kind: "refused",
      message: `the database is already at a newer schema than the backup (${ahead.join(", ")}); restore into a database no server has started on (a new --data-dir, or a new Postgres database)`,
    };
  }
  const loading = await openDatabaseInternal(options, { ...internals, migrations: version.prefix });
  let outcome: RestoreOutcome;
  try {
    outcome = await loadBackup(loading.sql, parsed.backup, audit);
  } finally {
    await loading.close();
  }
  if (outcome.kind !== "ok" || version.prefix.length === all.length) return outcome;
  // An older backup: the rest of the migrations, then (if its schema had no audit log) its row.
  const upgraded = await openDatabaseInternal(options, { ...internals, migrations: all });
  try {
    if (!outcome.audited) await upgraded.audit.append(restoreAuditEntry(parsed.backup, audit));
  } finally {
    await upgraded.close();
  }
  return { ...outcome, audited: true };
}

/**
 * Opens the database the options name, applies pending migrations and returns the repositories.
 * Fails with a DatabaseError whose message is one line fit for the console (unreachable,
 * auth_failed, database_not_found, migration_failed, worker_failed, invalid_config).
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return openDatabaseInternal(options);
}
