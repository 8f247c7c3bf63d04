/**
 * Opening a database that cannot be used must fail quickly with one typed, one-line error the
 * server can print before exiting: never a hang, never a stack of driver internals.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabaseInternal } from "../src/db/database.ts";
import { DatabaseError, openDatabase, type DatabaseErrorCode } from "../src/db/index.ts";
import { postgresTestUrl, TEST_PASSWORD_HASHING, withDatabaseName } from "./fixtures/db-harness.ts";

/** Refused connections and login errors come back in milliseconds; the bound leaves CI slack. */
const FAST_FAILURE_MS = 3_000;

async function openFailure(open: () => Promise<unknown>): Promise<{ error: DatabaseError; elapsedMs: number }> {
  const startedAt = performance.now();
  const error = await open().then(
    () => undefined,
    (failure: unknown) => failure,
  );
  const elapsedMs = performance.now() - startedAt;
  expect(error).toBeInstanceOf(DatabaseError);
  return { error: error as DatabaseError, elapsedMs };
}

function expectOneLine(error: DatabaseError, code: DatabaseErrorCode): void {
  expect(error.code).toBe(code);
  expect(error.message).not.toContain("\n");
  expect(error.message.length).toBeLessThan(300);
}

const scratch = mkdtempSync(join(tmpdir(), "argentum-db-failures-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("opening Postgres", () => {
  test("nothing listening: unreachable, at once", async () => {
    const { error, elapsedMs } = await openFailure(() => openDatabase({ url: "postgres://nobody@127.0.0.1:1/x", dataDir: scratch }));
    expectOneLine(error, "unreachable");
    expect(error.message).toContain("127.0.0.1:1");
    expect(elapsedMs).toBeLessThan(FAST_FAILURE_MS);
  });

  test("a server that accepts but never answers: unreachable within the connect timeout", async () => {
    const silent = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
    try {
      const url = `postgres://postgres:secret-password@127.0.0.1:${silent.port}/x`;
      const { error, elapsedMs } = await openFailure(() => openDatabase({ url, dataDir: scratch, connectTimeoutMs: 500 }));
      expectOneLine(error, "unreachable");
      expect(error.message).not.toContain("secret-password");
      expect(elapsedMs).toBeGreaterThanOrEqual(450);
      expect(elapsedMs).toBeLessThan(FAST_FAILURE_MS);
    } finally {
      silent.stop(true);
    }
  });

  test("a URL that is not a postgres URL: invalid_config", async () => {
    for (const url of ["mysql://root@localhost/db", "not a url"]) {
      const { error } = await openFailure(() => openDatabase({ url, dataDir: scratch }));
      expectOneLine(error, "invalid_config");
    }
  });

  const target = postgresTestUrl();
  const withServer = "url" in target ? test : test.skip;
  if (!("url" in target)) console.log(`[skip] ${target.skipReason}`);

  withServer("an unknown user: auth_failed", async () => {
    if (!("url" in target)) return;
    const url = new URL(target.url);
    url.username = "argentum_no_such_role";
    const { error, elapsedMs } = await openFailure(() => openDatabase({ url: url.toString(), dataDir: scratch }));
    expectOneLine(error, "auth_failed");
    expect(error.message).toContain("argentum_no_such_role");
    expect(elapsedMs).toBeLessThan(FAST_FAILURE_MS);
  });

  withServer("an unknown database: database_not_found", async () => {
    if (!("url" in target)) return;
    const url = withDatabaseName(target.url, "argentum_no_such_database");
    const { error, elapsedMs } = await openFailure(() => openDatabase({ url, dataDir: scratch }));
    expectOneLine(error, "database_not_found");
    expect(error.message).toContain("argentum_no_such_database");
    expect(elapsedMs).toBeLessThan(FAST_FAILURE_MS);
  });
});

describe("starting the PGlite worker", () => {
  test("a worker entry that does not exist: worker_failed, at once, naming what was tried", async () => {
    const { error, elapsedMs } = await openFailure(() =>
      openDatabaseInternal(
        { dataDir: join(scratch, "missing-worker"), passwordHashing: TEST_PASSWORD_HASHING },
        { pgliteWorkerSpecifiers: [new URL("./fixtures/db-no-such-worker.ts", import.meta.url).href] },
      ),
    );
    expectOneLine(error, "worker_failed");
    expect(error.message).toContain("db-no-such-worker.ts");
    expect(elapsedMs).toBeLessThan(FAST_FAILURE_MS);
  });

  test("a worker that loads but never answers: worker_failed after the handshake timeout", async () => {
    const { error, elapsedMs } = await openFailure(() =>
      openDatabaseInternal(
        { dataDir: join(scratch, "silent-worker"), passwordHashing: TEST_PASSWORD_HASHING },
        { pgliteWorkerSpecifiers: [new URL("./fixtures/db-silent-worker.ts", import.meta.url).href], workerLoadTimeoutMs: 300 },
      ),
    );
    expectOneLine(error, "worker_failed");
    expect(error.message).toContain("no answer within 300 ms");
    expect(elapsedMs).toBeLessThan(FAST_FAILURE_MS);
  });

  test("a worker that exits while loading: worker_failed, at once", async () => {
    const { error, elapsedMs } = await openFailure(() =>
      openDatabaseInternal(
        { dataDir: join(scratch, "exiting-worker"), passwordHashing: TEST_PASSWORD_HASHING },
        { pgliteWorkerSpecifiers: [new URL("./fixtures/db-exiting-worker.ts", import.meta.url).href] },
      ),
    );
    expectOneLine(error, "worker_failed");
    expect(error.message).toContain("exited");
    expect(elapsedMs).toBeLessThan(FAST_FAILURE_MS);
  });

  test("a data directory that cannot be created: worker_failed naming it", async () => {
    const blocker = join(scratch, "a-file");
    await Bun.write(blocker, "not a directory");
    const { error } = await openFailure(() => openDatabase({ dataDir: join(blocker, "data"), passwordHashing: TEST_PASSWORD_HASHING }));
    expectOneLine(error, "worker_failed");
    expect(error.message).toContain(blocker);
  });
});
