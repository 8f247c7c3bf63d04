/**
 * Starts a real server in this process for integration tests: free ports, a temp data dir,
 * the default world, PGlite or the CI Postgres. On Postgres each server gets a database of its
 * own (kept across `restart`), because a database remembers its world and its online
 * characters, and test processes run side by side on one server.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../src/config/index.ts";
import { silentLogger, createLogger } from "../../src/log/index.ts";
import { startServer, type RunningServer } from "../../src/server/index.ts";
import { createScratchDatabase, type ScratchDatabase } from "./test-database.ts";

export interface TestServer {
  server: RunningServer;
  dataDir: string;
  host: string;
  tcpPort: number;
  httpPort: number;
  /** The Postgres database of this server (undefined on PGlite). */
  database: ScratchDatabase | undefined;
  restart(): Promise<TestServer>;
  stop(): Promise<void>;
  /** Removes the data dir at once, then drops the Postgres database (await it when on Postgres). */
  cleanup(): Promise<void>;
}

export type Backend = "pglite" | "postgres";

/** The backends this machine can run: PGlite always; Postgres with TEST_DATABASE_URL (required in CI). */
export function availableBackends(): Backend[] {
  const backends: Backend[] = ["pglite"];
  if (process.env.TEST_DATABASE_URL) backends.push("postgres");
  else if (process.env.CI === "true") throw new Error("CI=true but TEST_DATABASE_URL is not set: the Postgres run must not be skipped");
  else console.warn("[test] TEST_DATABASE_URL not set: integration tests run on PGlite only");
  return backends;
}

export async function startTestServer(backend: Backend, extraArgs: string[] = [], dataDir?: string, database?: ScratchDatabase): Promise<TestServer> {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), "argentum-it-"));
  const args = ["--host", "127.0.0.1", "--http-port", "0", "--tcp-port", "0", "--data-dir", dir, "--log-level", "silent", "--max-connections-per-ip", "1000", ...extraArgs];
  const ownDatabase = backend === "postgres" ? (database ?? (await createScratchDatabase(process.env.TEST_DATABASE_URL!.trim(), "argentum_it"))) : undefined;
  if (ownDatabase) args.push("--database-url", ownDatabase.url);
  const loaded = loadConfig(args, {});
  if (!loaded.ok) throw loaded.error;
  const logger = process.env.AO_TEST_LOG ? createLogger(process.env.AO_TEST_LOG) : silentLogger();
  let server: RunningServer;
  try {
    server = await startServer(loaded.config, logger, { mapWorkers: 2 });
  } catch (error) {
    if (!database) await ownDatabase?.drop();
    throw error;
  }
  const handle: TestServer = {
    server,
    dataDir: dir,
    host: "127.0.0.1",
    tcpPort: server.tcpPort,
    httpPort: server.httpPort,
    database: ownDatabase,
    async restart() {
      await server.stop("restart");
      return startTestServer(backend, extraArgs, dir, ownDatabase);
    },
    stop: () => server.stop("test done"),
    async cleanup() {
      rmSync(dir, { recursive: true, force: true });
      await ownDatabase?.drop();
    },
  };
  return handle;
}
