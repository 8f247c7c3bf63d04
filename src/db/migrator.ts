/**
 * Applies the SQL migrations drizzle-kit wrote, from the copies embedded in the build
 * (migrations.gen.ts), so a compiled server never reads migrations/ from disk.
 *
 * Each migration runs in its own transaction together with the row that records it, so a failed
 * migration leaves no trace and the next start retries it. Every transaction first takes a
 * transaction-scoped advisory lock, so servers starting at once on one database take turns; the
 * record is inserted before the migration's statements, so the one that comes second hits a
 * duplicate key and skips the migration instead of running it twice.
 */
import { DatabaseError, findPostgresError, SQLSTATE } from "./database-error.ts";
import type { DatabaseLogger } from "./logger.ts";
import type { SqlClient } from "./sql-client.ts";

export interface EmbeddedMigration {
  /** drizzle-kit journal tag, e.g. "0000_initial"; also the SQL file name without ".sql". */
  tag: string;
  sql: string;
}

/** Our own bookkeeping table (drizzle's migrator is not used: it reads the folder from disk). */
export const MIGRATIONS_TABLE = "argentum_migrations";

/** Advisory lock id serialising migrators across servers ("ARGM" in ASCII). */
export const MIGRATION_LOCK_ID = 0x4152474d;
const TAKE_MIGRATION_LOCK = { sql: `SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_ID})` };

/** drizzle-kit separates statements with this marker so they can be sent one at a time. */
export const STATEMENT_BREAKPOINT = "--> statement-breakpoint";

export function splitStatements(migrationSql: string): string[] {
  return migrationSql
    .split(STATEMENT_BREAKPOINT)
    .map((statement) => statement.trim())
    .filter((statement) => statement !== "");
}

export function sha256Hex(text: string): string {
  return new Bun.CryptoHasher("sha256").update(text).digest("hex");
}

export interface MigrationReport {
  /** Tags applied by this call, in order. */
  applied: string[];
  /** Tags found already applied. */
  alreadyApplied: string[];
}

export async function applyMigrations(
  client: SqlClient,
  migrations: readonly EmbeddedMigration[],
  logger?: DatabaseLogger,
): Promise<MigrationReport> {
  const recorded = await readAppliedMigrations(client);
  const known = new Set(migrations.map((migration) => migration.tag));
  const unknown = [...recorded.keys()].filter((tag) => !known.has(tag));
  if (unknown.length > 0) {
    // A newer build migrated this database; running older code on it could corrupt data.
    throw new DatabaseError(
      "migration_failed",
      `the database has migrations this build does not know (${unknown.join(", ")}); run a newer build`,
    );
  }

  const report: MigrationReport = { applied: [], alreadyApplied: [] };
  for (const migration of migrations) {
    const hash = sha256Hex(migration.sql);
    const recordedHash = recorded.get(migration.tag);
    if (recordedHash !== undefined) {
      if (recordedHash !== hash) {
        logger?.warn({ migration: migration.tag }, "applied migration differs from the embedded copy; it is not applied again");
      }
      report.alreadyApplied.push(migration.tag);
      continue;
    }
    const statements = splitStatements(migration.sql);
    try {
      await client.transaction([
        TAKE_MIGRATION_LOCK,
        { sql: `INSERT INTO ${MIGRATIONS_TABLE} (tag, sha256) VALUES ($1, $2)`, params: [migration.tag, hash] },
        ...statements.map((sql) => ({ sql })),
      ]);
    } catch (error) {
      const server = findPostgresError(error);
      if (server?.code === SQLSTATE.uniqueViolation && server.constraint === `${MIGRATIONS_TABLE}_pkey`) {
        logger?.info({ migration: migration.tag }, "migration applied meanwhile by another server");
        report.alreadyApplied.push(migration.tag);
        continue;
      }
      const reason = server ? `[${server.code}] ${server.message}` : error instanceof Error ? error.message : String(error);
      throw new DatabaseError("migration_failed", `migration ${migration.tag} failed and was rolled back: ${reason}`, { cause: error });
    }
    logger?.info({ migration: migration.tag, statements: statements.length }, "migration applied");
    report.applied.push(migration.tag);
  }
  return report;
}

async function readAppliedMigrations(client: SqlClient): Promise<Map<string, string>> {
  try {
    // Concurrent CREATE TABLE IF NOT EXISTS can still collide in the catalog; the lock prevents it.
    await client.transaction([
      TAKE_MIGRATION_LOCK,
      {
        sql: `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (
          tag text PRIMARY KEY,
          sha256 text NOT NULL,
          applied_at timestamp with time zone NOT NULL DEFAULT now()
        )`,
      },
    ]);
    const rows = (await client.query(`SELECT tag, sha256 FROM ${MIGRATIONS_TABLE}`, [], "array")) as [string, string][];
    return new Map(rows);
  } catch (error) {
    if (error instanceof DatabaseError && error.code !== "query_failed") throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseError("migration_failed", `cannot read the migrations table: ${reason}`, { cause: error });
  }
}
