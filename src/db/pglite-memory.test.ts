/**
 * The embedded database's memory settings (issue 17), seen from behaviour: a first start creates
 * the database in a worker that is then replaced, and nothing is lost on the way; the page cache
 * size reaches Postgres on new and existing folders. What they save is measured by
 * bench/memory.ts, never asserted here.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_PGLITE_SHARED_BUFFERS_MB as CONFIG_DEFAULT_SHARED_BUFFERS_MB } from "../config/index.ts";
import { openDatabaseInternal, pgliteDataDir, type InternalDatabase } from "./database.ts";
import { MIGRATIONS } from "./migrations.gen.ts";
import { MIGRATIONS_TABLE, type EmbeddedMigration } from "./migrator.ts";
import { DEFAULT_PGLITE_SHARED_BUFFERS_MB } from "./pglite-backend.ts";

/** Opening PGlite runs initdb on a first start: seconds, more on a loaded machine. */
const PGLITE_TEST_TIMEOUT_MS = 120_000;

const scratch = mkdtempSync(join(tmpdir(), "argentum-pglite-memory-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A migration that also writes a row: it runs in the worker that created the database. */
const WRITES_BEFORE_RESTART: EmbeddedMigration = {
  tag: "9999_memory_test_row",
  sql: "CREATE TABLE memory_test_note (id integer PRIMARY KEY, body text NOT NULL);\nINSERT INTO memory_test_note VALUES (1, 'written by the first worker');",
};

async function show(database: InternalDatabase, setting: "shared_buffers" | "max_connections"): Promise<string> {
  const rows = await database.sql.query(`SHOW ${setting}`, [], "array");
  return String((rows[0] as unknown[])[0]);
}

describe("PGlite first start", () => {
  test(
    "creates the database, migrates it, then reopens it in a fresh worker with everything there",
    async () => {
      const dataDir = join(scratch, "first");
      const migrations = [...MIGRATIONS, WRITES_BEFORE_RESTART];
      const first = await openDatabaseInternal({ dataDir }, { migrations });
      try {
        expect(first.backend).toBe("pglite");
        expect(first.restartedAfterCreate).toBe(true);
        // The worker serving now found the database made: it did not run initdb itself.
        expect(first.pglite?.createdCluster).toBe(false);
        const applied = await first.sql.query(`SELECT tag FROM ${MIGRATIONS_TABLE} ORDER BY tag`, [], "array");
        expect(applied.map((row) => (row as unknown[])[0])).toEqual(migrations.map((migration) => migration.tag).sort());
        const notes = await first.sql.query("SELECT id, body FROM memory_test_note", [], "object");
        expect(notes).toEqual([{ id: 1, body: "written by the first worker" }]);
        // The repositories work on the replacement worker.
        const created = await first.accounts.createAccount("memory@example.com", "a long enough password");
        expect(created.kind).toBe("ok");
      } finally {
        await first.close();
      }

      const later = await openDatabaseInternal({ dataDir }, { migrations });
      try {
        expect(later.restartedAfterCreate).toBe(false);
        expect(later.pglite?.createdCluster).toBe(false);
        expect(await later.accounts.findAccountByEmail("memory@example.com")).toMatchObject({ email: "memory@example.com" });
        expect(await later.sql.query("SELECT count(*)::int AS notes FROM memory_test_note", [], "object")).toEqual([{ notes: 1 }]);
      } finally {
        await later.close();
      }
    },
    PGLITE_TEST_TIMEOUT_MS,
  );

  test(
    "a migration that fails on the first start closes the worker and reports migration_failed",
    async () => {
      const dataDir = join(scratch, "broken");
      const broken: EmbeddedMigration = { tag: "9999_broken", sql: "SELECT * FROM no_such_table;" };
      const error = await openDatabaseInternal({ dataDir }, { migrations: [...MIGRATIONS, broken] }).then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(error).toMatchObject({ code: "migration_failed" });
      // The database itself was made; the next start retries the migration on it.
      expect(existsSync(join(pgliteDataDir(dataDir), "PG_VERSION"))).toBe(true);
      const retried = await openDatabaseInternal({ dataDir });
      try {
        expect(retried.restartedAfterCreate).toBe(false);
      } finally {
        await retried.close();
      }
    },
    PGLITE_TEST_TIMEOUT_MS,
  );
});

describe("PGlite server settings", () => {
  test(
    "the default reaches Postgres, and a chosen size overrides what initdb wrote in an existing folder",
    async () => {
      const dataDir = join(scratch, "buffers");
      const fresh = await openDatabaseInternal({ dataDir });
      try {
        expect(await show(fresh, "shared_buffers")).toBe(`${DEFAULT_PGLITE_SHARED_BUFFERS_MB}MB`);
        // One backend: the per-connection shared state is sized for a handful, not initdb's 100.
        expect(await show(fresh, "max_connections")).toBe("5");
      } finally {
        await fresh.close();
      }
      const resized = await openDatabaseInternal({ dataDir, pgliteSharedBuffersMb: 3 });
      try {
        expect(await show(resized, "shared_buffers")).toBe("3MB");
        const memory = await resized.pglite!.memory();
        expect(memory.wasmMemoryBytes).toBeGreaterThan(0);
        expect(memory.jsHeapBytes).toBeGreaterThan(0);
      } finally {
        await resized.close();
      }
    },
    PGLITE_TEST_TIMEOUT_MS,
  );

  test("the configuration's default is the database's", () => {
    expect(CONFIG_DEFAULT_SHARED_BUFFERS_MB).toBe(DEFAULT_PGLITE_SHARED_BUFFERS_MB);
  });
});
