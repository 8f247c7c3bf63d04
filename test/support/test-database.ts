/**
 * The Postgres server of the test run (TEST_DATABASE_URL) and scratch databases on it.
 *
 * TEST_DATABASE_URL may name a database that does not exist yet (a fresh CI service, a new
 * machine): it is created through the server's `postgres` maintenance database. When that is
 * not possible either, suites fail with one line that says what to create, not a driver stack.
 */
import postgres from "postgres";
import { findPostgresError, SQLSTATE } from "../../src/db/database-error.ts";

/** SQLSTATE 42P04: CREATE DATABASE of a name that exists (another test process won the race). */
const DUPLICATE_DATABASE = "42P04";
const MAINTENANCE_DATABASE = "postgres";
const CONNECT_TIMEOUT_S = 5;

export function withDatabaseName(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

function databaseNameOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, "")) || new URL(url).username || "postgres";
}

/** Host and port of a URL, for messages. */
function serverOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || 5432}`;
}

/** Host, port and database of a URL, without the password, for messages. */
function where(url: string): string {
  return `${serverOf(url)}/${databaseNameOf(url)}`;
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function connect(url: string): postgres.Sql {
  return postgres(url, { max: 1, onnotice: () => {}, connect_timeout: CONNECT_TIMEOUT_S });
}

const ensured = new Map<string, Promise<void>>();

/**
 * Makes sure the database `url` names exists, creating it when missing. Throws an Error whose
 * message is one line saying what to do when the server cannot be reached or the database
 * cannot be created.
 */
export function ensureTestDatabase(url: string): Promise<void> {
  let pending = ensured.get(url);
  if (!pending) {
    pending = ensure(url);
    ensured.set(url, pending);
  }
  return pending;
}

async function ensure(url: string): Promise<void> {
  const probe = connect(url);
  try {
    await probe`SELECT 1`;
    return;
  } catch (error) {
    if (findPostgresError(error)?.code !== SQLSTATE.invalidCatalogName) throw oneLine(`TEST_DATABASE_URL (${where(url)}) cannot be used: ${reason(error)}`);
  } finally {
    await probe.end({ timeout: 1 }).catch(() => {});
  }
  const name = databaseNameOf(url);
  const maintenance = connect(withDatabaseName(url, MAINTENANCE_DATABASE));
  try {
    await maintenance.unsafe(`CREATE DATABASE ${quoteIdentifier(name)}`);
  } catch (error) {
    if (findPostgresError(error)?.code === DUPLICATE_DATABASE) return;
    throw oneLine(
      `TEST_DATABASE_URL names database "${name}", which does not exist on ${serverOf(url)}, and creating it failed (${reason(error)}); ` +
        `create it yourself, e.g. createdb -h ${new URL(url).hostname} -p ${new URL(url).port || 5432} -U ${decodeURIComponent(new URL(url).username) || "postgres"} ${name}`,
    );
  } finally {
    await maintenance.end({ timeout: 1 }).catch(() => {});
  }
}

function reason(error: unknown): string {
  return findPostgresError(error)?.message || (error instanceof Error ? error.message : String(error));
}

/** An Error that prints as its one line (no stack: the line says it all). */
function oneLine(message: string): Error {
  const error = new Error(message);
  error.stack = `Error: ${message}`;
  return error;
}

export interface ScratchDatabase {
  readonly name: string;
  readonly url: string;
  /** Drops it (closing whatever is still connected). Idempotent. */
  drop(): Promise<void>;
}

let scratchCount = 0;

/** A new, empty database on the TEST_DATABASE_URL server, for one suite or one server. */
export async function createScratchDatabase(serverUrl: string, prefix = "argentum_test"): Promise<ScratchDatabase> {
  await ensureTestDatabase(serverUrl);
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}_${scratchCount++}`;
  const admin = connect(serverUrl);
  try {
    await admin.unsafe(`CREATE DATABASE ${quoteIdentifier(name)}`);
  } finally {
    await admin.end({ timeout: 1 }).catch(() => {});
  }
  let dropped: Promise<void> | undefined;
  return {
    name,
    url: withDatabaseName(serverUrl, name),
    drop() {
      dropped ??= (async () => {
        const dropper = connect(serverUrl);
        try {
          await dropper.unsafe(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
        } finally {
          await dropper.end({ timeout: 1 }).catch(() => {});
        }
      })();
      return dropped;
    },
  };
}
