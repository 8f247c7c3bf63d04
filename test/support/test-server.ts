/**
 * Starts a real server in this process for integration tests: free ports, a temp data dir,
 * the default world, PGlite or the CI Postgres.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../src/config/index.ts";
import { silentLogger, createLogger } from "../../src/log/index.ts";
import { startServer, type RunningServer } from "../../src/server/index.ts";

export interface TestServer {
  server: RunningServer;
  dataDir: string;
  host: string;
  tcpPort: number;
  httpPort: number;
  restart(): Promise<TestServer>;
  stop(): Promise<void>;
  cleanup(): void;
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

export async function startTestServer(backend: Backend, extraArgs: string[] = [], dataDir?: string): Promise<TestServer> {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), "argentum-it-"));
  const args = ["--host", "127.0.0.1", "--http-port", "0", "--tcp-port", "0", "--data-dir", dir, "--log-level", "silent", "--max-connections-per-ip", "1000", ...extraArgs];
  if (backend === "postgres") args.push("--database-url", process.env.TEST_DATABASE_URL!);
  const loaded = loadConfig(args, {});
  if (!loaded.ok) throw loaded.error;
  const logger = process.env.AO_TEST_LOG ? createLogger(process.env.AO_TEST_LOG) : silentLogger();
  const server = await startServer(loaded.config, logger, { mapWorkers: 2 });
  const handle: TestServer = {
    server,
    dataDir: dir,
    host: "127.0.0.1",
    tcpPort: server.tcpPort,
    httpPort: server.httpPort,
    async restart() {
      await server.stop("restart");
      return startTestServer(backend, extraArgs, dir);
    },
    stop: () => server.stop("test done"),
    cleanup() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return handle;
}
