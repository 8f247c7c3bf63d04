/**
 * Two servers starting at once on one empty Postgres database: each migration must be applied
 * exactly once, and neither start may fail.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import postgres from "postgres";
import { SILENT_LOGGER } from "../src/db/logger.ts";
import { MIGRATIONS } from "../src/db/migrations.gen.ts";
import { applyMigrations, MIGRATIONS_TABLE } from "../src/db/migrator.ts";
import { PostgresClient } from "../src/db/postgres-backend.ts";
import { postgresTestUrl, withDatabaseName } from "./fixtures/db-harness.ts";
import { ensureTestDatabase } from "./support/test-database.ts";

const target = postgresTestUrl();
const databaseName = `argentum_race_${process.pid}`;
let admin: postgres.Sql | undefined;

if ("url" in target) {
  beforeAll(async () => {
    await ensureTestDatabase(target.url);
    admin = postgres(target.url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    await admin.unsafe(`CREATE DATABASE "${databaseName}"`);
  });
  afterAll(async () => {
    await admin?.unsafe(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    await admin?.end();
  });

  test("concurrent migrators apply each migration once", async () => {
    const url = withDatabaseName(target.url, databaseName);
    const clients = await Promise.all([1, 2].map(() => PostgresClient.connect({ url, logger: SILENT_LOGGER })));
    try {
      const reports = await Promise.all(clients.map((client) => applyMigrations(client, MIGRATIONS)));
      const tags = MIGRATIONS.map((migration) => migration.tag);
      expect(reports.flatMap((report) => report.applied).sort()).toEqual([...tags].sort());
      expect(reports.flatMap((report) => report.alreadyApplied).sort()).toEqual([...tags].sort());
      const rows = await clients[0]!.query(`SELECT tag FROM ${MIGRATIONS_TABLE} ORDER BY tag`, [], "array");
      expect(rows).toEqual(tags.map((tag) => [tag]));
    } finally {
      await Promise.all(clients.map((client) => client.close()));
    }
  });
} else if (target.mustFail) {
  test("concurrent migrators apply each migration once", () => {
    throw new Error(`${target.skipReason}; CI must provide a Postgres server`);
  });
} else {
  console.log(`[skip] ${target.skipReason}`);
  test.skip("concurrent migrators apply each migration once", () => {});
}
