/**
 * The test support creates the database TEST_DATABASE_URL names when it is missing, and says in
 * one line what to do when it cannot.
 */
import { expect, test } from "bun:test";
import postgres from "postgres";
import { postgresTestUrl } from "./fixtures/db-harness.ts";
import { ensureTestDatabase, withDatabaseName } from "./support/test-database.ts";

const target = postgresTestUrl();
const withServer = "url" in target ? test : test.skip;
if (!("url" in target)) console.log(`[skip] ${target.skipReason}`);

withServer("a missing test database is created through the maintenance database", async () => {
  if (!("url" in target)) return;
  const name = `argentum_missing_${process.pid}_${Date.now().toString(36)}`;
  const admin = postgres(withDatabaseName(target.url, "postgres"), { max: 1, onnotice: () => {} });
  const exists = async () => (await admin`SELECT 1 FROM pg_database WHERE datname = ${name}`).length === 1;
  try {
    expect(await exists()).toBe(false);
    await ensureTestDatabase(withDatabaseName(target.url, name));
    expect(await exists()).toBe(true);
    // Asking again is free and changes nothing.
    await ensureTestDatabase(withDatabaseName(target.url, name));
  } finally {
    await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
});

withServer("a server that refuses us: one line naming the server and the reason", async () => {
  if (!("url" in target)) return;
  const url = new URL(withDatabaseName(target.url, "argentum_never_created"));
  url.username = "argentum_no_such_role";
  const error = await ensureTestDatabase(url.toString()).then(
    () => null,
    (failure: Error) => failure,
  );
  expect(error?.message).toStartWith(`TEST_DATABASE_URL (${url.hostname}:${url.port || 5432}/argentum_never_created) cannot be used: `);
  expect(error?.message).toContain("argentum_no_such_role");
  expect(error?.message).not.toContain("\n");
});
