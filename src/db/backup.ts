/**
 * Backups of the game database: our own tables as JSON lines, read in one snapshot, loaded back
 * into an empty database in one transaction. Why not `pg_dump`: PGlite has none, and a
 * self-hoster's machine running the embedded database has no Postgres tools; one format for
 * both backends also lets a backup of one be restored into the other (PGlite → Postgres when a
 * server outgrows the embedded database).
 *
 * The file:
 *
 *     {"format":"argentum-backup","version":1,"createdAt":"…","backend":"pglite","migrations":["0000_initial",…]}
 *     {"table":"accounts","columns":["id","email",…],"rows":2}
 *     {"id":1,"email":"…",…}                       one line per row: Postgres' own to_jsonb text
 *     …
 *     {"end":true,"tables":15,"rows":1234,"sha256":"…"}   SHA-256 of every byte before this line
 *
 * Each row is the database's JSON of it (`to_jsonb(row)::text`), never re-encoded by JavaScript,
 * so 64-bit numbers, timestamps to the microsecond, addresses and nested jsonb come back exactly
 * (`jsonb_populate_recordset`). Rows are written in primary-key order and tables in the order
 * their foreign keys need, so a restore inserts them as they come.
 *
 * A restore refuses a damaged file (the trailer's hash), a file of a newer build (a migration
 * this build does not know), and a database that is not empty. A file of an older build is
 * loaded at its own schema version and the newer migrations run afterwards, as on any upgrade.
 * Identity columns keep their values (`OVERRIDING SYSTEM VALUE`) and their sequences are moved
 * past them. The audit log stays append-only throughout: its trigger refuses changes, not
 * inserts, so the restore needs no trigger disabled; its own row (`restore`) is written in the
 * same transaction when the file's schema has the table.
 *
 * Memory: a backup holds the whole database's JSON in memory at once (each table read in the one
 * snapshot); a game database is megabytes. A database of gigabytes wants `pg_dump` on Postgres.
 */
import { PgDialect } from "drizzle-orm/pg-core";
import { auditInsertSql, prepareAudit, type AuditActor, type AuditEntry } from "./audit-repository.ts";
import { DatabaseError, findPostgresError, toDatabaseError } from "./database-error.ts";
import type { EmbeddedMigration } from "./migrator.ts";
import type { SqlClient, SqlStatement } from "./sql-client.ts";

export const BACKUP_FORMAT = "argentum-backup";
export const BACKUP_VERSION = 1;
/** Rows per INSERT of a restore: one jsonb parameter each, far below any message limit. */
const RESTORE_BATCH_ROWS = 500;
/** The check that makes a restore into a database that filled up meanwhile fail as a whole. */
const NOT_EMPTY_SQLSTATE = "AOB01";

/**
 * Every table of the schema, in an order that satisfies the foreign keys (referenced first), with
 * the columns that order its rows and whether `id` is an identity column. A test checks the list
 * against the database's own catalogue, so a new table cannot be left out of backups.
 */
export const BACKUP_TABLES: readonly { name: string; orderBy: string; identity: boolean }[] = [
  { name: "accounts", orderBy: "id", identity: true },
  { name: "characters", orderBy: "id", identity: true },
  { name: "bank_items", orderBy: "character_id, slot", identity: false },
  { name: "bank_transfers", orderBy: "created_at, id", identity: false },
  { name: "world_identity", orderBy: "id", identity: false },
  { name: "map_leases", orderBy: "map_id", identity: false },
  { name: "cluster_nodes", orderBy: "id", identity: false },
  { name: "staff_roles", orderBy: "id", identity: true },
  { name: "bans", orderBy: "id", identity: true },
  { name: "mutes", orderBy: "id", identity: true },
  { name: "jail_sentences", orderBy: "id", identity: true },
  { name: "warnings", orderBy: "id", identity: true },
  { name: "punishment_record", orderBy: "character_id, number", identity: false },
  { name: "reports", orderBy: "id", identity: true },
  { name: "staff_messages", orderBy: "id", identity: true },
  { name: "audit_log", orderBy: "id", identity: true },
];

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  /** The database's clock when the snapshot was read. */
  createdAt: string;
  backend: string;
  /** The migrations the source had: the schema version of the rows. */
  migrations: string[];
}

export interface BackupSummary {
  createdAt: Date;
  migrations: string[];
  tables: { name: string; rows: number }[];
  rows: number;
  sha256: string;
}

/** Lists the tables that exist in the database, of those the backup knows. */
async function existingTables(client: SqlClient): Promise<Set<string>> {
  const rows = (await client.query("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()", [], "array")) as [string][];
  return new Set(rows.map(([name]) => name));
}

/** The columns of each table, in the table's order. */
async function columnsOf(client: SqlClient, tables: readonly string[]): Promise<Map<string, string[]>> {
  const rows = (await client.query(
    `SELECT table_name::text, column_name::text FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name::text IN (SELECT jsonb_array_elements_text($1::jsonb)) ORDER BY table_name, ordinal_position`,
    [JSON.stringify(tables)],
    "array",
  )) as [string, string][];
  const columns = new Map<string, string[]>();
  for (const [table, column] of rows) columns.set(table, [...(columns.get(table) ?? []), column]);
  return columns;
}

/**
 * Writes a backup through `write`, one line per call (awaited: a slow file is back-pressure).
 * Reads every table in one snapshot, so the file is consistent even while a server writes.
 */
export async function dumpDatabase(client: SqlClient, backend: string, write: (line: string) => Promise<void> | void): Promise<BackupSummary> {
  let present: Set<string>;
  let columns: Map<string, string[]>;
  let results: unknown[][][];
  try {
    present = await existingTables(client);
    const tables = BACKUP_TABLES.filter((table) => present.has(table.name));
    columns = await columnsOf(
      client,
      tables.map((table) => table.name),
    );
    // Times are written in UTC whatever the server's zone, so two backups of one database match.
    results = (
      await client.snapshot([
        { sql: "SET LOCAL TIME ZONE 'UTC'" },
        { sql: "SELECT to_jsonb(now()) #>> '{}', coalesce((SELECT jsonb_agg(tag ORDER BY tag) FROM argentum_migrations), '[]'::jsonb)::text" },
        ...tables.map((table): SqlStatement => ({ sql: `SELECT to_jsonb(t)::text FROM ${quote(table.name)} t ORDER BY ${table.orderBy}` })),
      ])
    ).slice(1);
  } catch (error) {
    throw toDatabaseError(error, "reading the database for a backup");
  }
  const [[meta] = []] = results;
  const [nowText, migrationsText] = (meta ?? []) as [string, string];
  const hasher = new Bun.CryptoHasher("sha256");
  const emit = async (line: string) => {
    hasher.update(`${line}\n`);
    await write(`${line}\n`);
  };
  const createdAt = new Date(nowText);
  const migrations = JSON.parse(migrationsText) as string[];
  const header: BackupHeader = { format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt: createdAt.toISOString(), backend, migrations };
  await emit(JSON.stringify(header));
  const summaryTables: { name: string; rows: number }[] = [];
  let total = 0;
  const tables = BACKUP_TABLES.filter((table) => present.has(table.name));
  for (const [index, table] of tables.entries()) {
    const rows = results[index + 1]!;
    await emit(JSON.stringify({ table: table.name, columns: columns.get(table.name) ?? [], rows: rows.length }));
    for (const [text] of rows as [string][]) await emit(text);
    summaryTables.push({ name: table.name, rows: rows.length });
    total += rows.length;
  }
  const sha256 = hasher.digest("hex");
  await write(`${JSON.stringify({ end: true, tables: summaryTables.length, rows: total, sha256 })}\n`);
  return { createdAt, migrations, tables: summaryTables, rows: total, sha256 };
}

/** A backup file checked and split; the row lines are kept as written. */
export interface ParsedBackup {
  header: BackupHeader;
  tables: { name: string; columns: string[]; rows: string[] }[];
  rows: number;
  sha256: string;
}

export type ParseBackupOutcome = { ok: true; backup: ParsedBackup } | { ok: false; message: string };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Checks a backup's text completely (shape, counts, columns, the hash) before anything is written. */
export function parseBackup(text: string): ParseBackupOutcome {
  const fail = (message: string): ParseBackupOutcome => ({ ok: false, message });
  if (!text.endsWith("\n")) return fail("the file does not end with a newline: it is cut short");
  const lines = text.slice(0, -1).split("\n");
  const parse = (index: number): unknown => {
    try {
      return JSON.parse(lines[index]!);
    } catch {
      return undefined;
    }
  };
  const header = parse(0);
  if (!isObject(header) || header.format !== BACKUP_FORMAT) return fail(`line 1 is not an ${BACKUP_FORMAT} header: this is not a backup made by argentum backup`);
  if (header.version !== BACKUP_VERSION) return fail(`the backup has format version ${String(header.version)}; this build reads version ${BACKUP_VERSION}`);
  if (!Array.isArray(header.migrations) || !header.migrations.every((tag) => typeof tag === "string") || typeof header.createdAt !== "string" || typeof header.backend !== "string") {
    return fail("line 1: the header is damaged");
  }
  const trailer = parse(lines.length - 1);
  if (!isObject(trailer) || trailer.end !== true || typeof trailer.sha256 !== "string") return fail("the last line is not the backup's end: the file is cut short or damaged");
  const body = text.slice(0, text.length - lines[lines.length - 1]!.length - 1);
  if (new Bun.CryptoHasher("sha256").update(body).digest("hex") !== trailer.sha256) return fail("the backup's checksum does not match its content: the file is damaged or was edited");
  const tables: ParsedBackup["tables"] = [];
  const known = new Map(BACKUP_TABLES.map((table, order) => [table.name, order]));
  let lastOrder = -1;
  let index = 1;
  let total = 0;
  while (index < lines.length - 1) {
    const section = parse(index);
    if (!isObject(section) || typeof section.table !== "string" || !Array.isArray(section.columns) || !Number.isSafeInteger(section.rows) || (section.rows as number) < 0) {
      return fail(`line ${index + 1}: expected a table header`);
    }
    const order = known.get(section.table);
    if (order === undefined) return fail(`line ${index + 1}: unknown table ${JSON.stringify(section.table).slice(0, 60)}`);
    if (order <= lastOrder) return fail(`line ${index + 1}: table ${section.table} is out of order or repeated`);
    lastOrder = order;
    const columns = section.columns as unknown[];
    if (!columns.every((column) => typeof column === "string")) return fail(`line ${index + 1}: the columns of ${section.table} are damaged`);
    const count = section.rows as number;
    if (index + count >= lines.length - 1) return fail(`line ${index + 1}: table ${section.table} announces ${count} rows that are not there`);
    const names = new Set(columns as string[]);
    const rows = lines.slice(index + 1, index + 1 + count);
    for (const [offset, line] of rows.entries()) {
      const row = parse(index + 1 + offset);
      if (!isObject(row) || Object.keys(row).some((key) => !names.has(key))) return fail(`line ${index + 2 + offset}: not a row of ${section.table}`);
      void line;
    }
    tables.push({ name: section.table, columns: columns as string[], rows });
    total += count;
    index += count + 1;
  }
  if (trailer.rows !== total || trailer.tables !== tables.length) return fail("the end line's counts do not match the tables");
  return { ok: true, backup: { header: header as unknown as BackupHeader, tables, rows: total, sha256: trailer.sha256 } };
}

/** The audit row of a restore. */
export function restoreAuditEntry(backup: ParsedBackup, audit: { actor: AuditActor; file: string }): AuditEntry {
  return {
    actor: audit.actor,
    action: "restore",
    target: { kind: "database", name: audit.file },
    params: { file: audit.file, createdAt: backup.header.createdAt, backend: backup.header.backend, migrations: backup.header.migrations.length, rows: backup.rows, sha256: backup.sha256 },
    outcome: "ok",
  };
}

export type RestoreOutcome =
  /** `audited`: the `restore` audit row is written (false when the backup's schema predates the audit log: the caller writes it after migrating). */
  | { kind: "ok"; tables: { name: string; rows: number }[]; rows: number; migratedFrom: string[]; audited: boolean }
  /** The database already holds rows; nothing was written. */
  | { kind: "not_empty"; tables: { name: string; rows: number }[] }
  /** The file cannot be loaded by this build (damaged, newer, of another schema); nothing was written. */
  | { kind: "refused"; message: string };

/** The migrations a backup's schema is at: a prefix of this build's, or why not. */
export function migrationsFor(backup: ParsedBackup, migrations: readonly EmbeddedMigration[]): { ok: true; prefix: EmbeddedMigration[] } | { ok: false; message: string } {
  const tags = backup.header.migrations;
  const known = migrations.map((migration) => migration.tag);
  const unknown = tags.filter((tag) => !known.includes(tag));
  if (unknown.length > 0) return { ok: false, message: `the backup was made by a newer build (migration ${unknown.join(", ")} is unknown here); restore it with that build or a later one` };
  if (tags.some((tag, index) => tag !== known[index])) return { ok: false, message: "the backup's migrations are not in this build's order; it cannot be loaded" };
  return { ok: true, prefix: migrations.slice(0, tags.length) };
}

/** Row counts of the tables that hold any, among those that exist. */
export async function nonEmptyTables(client: SqlClient): Promise<{ name: string; rows: number }[]> {
  const present = await existingTables(client);
  const tables = BACKUP_TABLES.filter((table) => present.has(table.name));
  if (tables.length === 0) return [];
  const counts = (await client.query(tables.map((table) => `SELECT ${`'${table.name}'`}, count(*)::integer FROM ${quote(table.name)}`).join(" UNION ALL "), [], "array")) as [string, number][];
  return counts.filter(([, rows]) => rows > 0).map(([name, rows]) => ({ name, rows }));
}

/**
 * Loads `backup` into the database behind `client`, which must be at the backup's schema version
 * (the caller opened it with `migrationsFor`'s prefix) and empty. One transaction: every row, the
 * identity sequences, and the `restore` audit row (when the schema has the table), or nothing.
 */
export async function loadBackup(client: SqlClient, backup: ParsedBackup, audit: { actor: AuditActor; file: string }): Promise<RestoreOutcome> {
  const filled = await nonEmptyTables(client);
  if (filled.length > 0) return { kind: "not_empty", tables: filled };
  const present = await existingTables(client);
  for (const table of backup.tables) if (!present.has(table.name)) return { kind: "refused", message: `the backup has table ${table.name}, which its schema version does not create here` };
  const columns = await columnsOf(
    client,
    backup.tables.map((table) => table.name),
  );
  for (const table of backup.tables) {
    const here = columns.get(table.name) ?? [];
    if (here.join(",") !== table.columns.join(",")) return { kind: "refused", message: `table ${table.name} has columns (${here.join(", ")}) here but (${table.columns.join(", ")}) in the backup` };
  }
  const guardTables = BACKUP_TABLES.filter((table) => present.has(table.name));
  const statements: SqlStatement[] = [
    {
      // Between the check above and this transaction a server may have started writing.
      sql: `DO $$ BEGIN IF ${guardTables.map((table) => `EXISTS (SELECT 1 FROM ${quote(table.name)})`).join(" OR ")} THEN RAISE EXCEPTION 'the database is not empty' USING ERRCODE = '${NOT_EMPTY_SQLSTATE}'; END IF; END $$`,
    },
  ];
  for (const table of backup.tables) {
    const columnList = table.columns.map(quote).join(", ");
    const identity = BACKUP_TABLES.find((known) => known.name === table.name)!.identity;
    for (let start = 0; start < table.rows.length; start += RESTORE_BATCH_ROWS) {
      // The row lines are joined as written: never parsed into JavaScript numbers and back.
      const batch = `[${table.rows.slice(start, start + RESTORE_BATCH_ROWS).join(",")}]`;
      statements.push({
        sql: `INSERT INTO ${quote(table.name)} (${columnList}) ${identity ? "OVERRIDING SYSTEM VALUE " : ""}SELECT ${columnList} FROM jsonb_populate_recordset(NULL::${quote(table.name)}, $1::jsonb)`,
        params: [batch],
      });
    }
    if (identity) {
      statements.push({
        sql: `SELECT setval(pg_get_serial_sequence('${quote(table.name)}', 'id'), coalesce(max(id), 1), max(id) IS NOT NULL) FROM ${quote(table.name)}`,
      });
    }
  }
  if (present.has("audit_log")) {
    const query = new PgDialect().sqlToQuery(auditInsertSql(prepareAudit(restoreAuditEntry(backup, audit))));
    statements.push({ sql: query.sql, params: query.params });
  }
  try {
    await client.transaction(statements);
  } catch (error) {
    if (findPostgresError(error)?.code === NOT_EMPTY_SQLSTATE) return { kind: "not_empty", tables: await nonEmptyTables(client) };
    throw error instanceof DatabaseError ? error : toDatabaseError(error, "restoring a backup");
  }
  return {
    kind: "ok",
    tables: backup.tables.map((table) => ({ name: table.name, rows: table.rows.length })),
    rows: backup.rows,
    migratedFrom: backup.header.migrations,
    audited: present.has("audit_log"),
  };
}
