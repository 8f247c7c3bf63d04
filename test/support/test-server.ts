/**
 * Starts a real server in this process for integration tests: free ports, a temp data dir,
 * the default world, PGlite or the CI Postgres. On Postgres each server gets a database of its
 * own (kept across `restart`), because a database remembers its world and its online
 * characters, and test processes run side by side on one server.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadClusterConfig, loadConfig } from "../../src/config/index.ts";
import { silentLogger, createLogger, type Logger } from "../../src/log/index.ts";
import { startMapNode, startServer, type RunningMapNode, type RunningServer } from "../../src/server/index.ts";
import { MemoryClusterHub, type ClusterBus } from "../../src/cluster/index.ts";
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

/**
 * Where a test server keeps its state: the embedded database, Postgres, or a cluster on Postgres
 * (a gateway and two map nodes in this process, linked by an in-process bus or by NATS).
 */
export type Backend = "pglite" | "postgres" | "cluster-memory" | "cluster-nats";

/** NATS for the cluster suites: TEST_NATS_URL, or the machine's own at 127.0.0.1:4222. */
export const TEST_NATS_URL = process.env.TEST_NATS_URL ?? "nats://127.0.0.1:4222";

async function natsAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url.replace(/^nats:/, "http:"));
  try {
    const socket = await Bun.connect({ hostname, port: Number(port || 4222), socket: { data() {} } });
    socket.end();
    return true;
  } catch {
    return false;
  }
}
const natsUp = await natsAnswers(TEST_NATS_URL);

/**
 * The cluster backends this machine can run: both need Postgres (TEST_DATABASE_URL); the NATS
 * one needs NATS. In CI both are required (a missing service fails the suites).
 */
export function clusterBackends(): Backend[] {
  const backends: Backend[] = [];
  if (!process.env.TEST_DATABASE_URL) {
    if (process.env.CI === "true") throw new Error("CI=true but TEST_DATABASE_URL is not set: the cluster suites must not be skipped");
    console.warn("[test] TEST_DATABASE_URL not set: the cluster suites do not run (a cluster needs Postgres)");
    return backends;
  }
  backends.push("cluster-memory");
  if (natsUp || process.env.CI === "true") backends.push("cluster-nats");
  else console.warn(`[test] no NATS at ${TEST_NATS_URL}: the cluster suites run on the in-process bus only`);
  return backends;
}

export function isClusterBackend(backend: Backend): boolean {
  return backend === "cluster-memory" || backend === "cluster-nats";
}

/**
 * The client transports a suite runs over on `backend`: both on one process; one each on the two
 * cluster links (what a cluster changes is behind the gateway, the same for either transport),
 * which keeps the CI run within its time.
 */
/**
 * The backend and transport pairs of the long gameplay suites (combat, spells): each backend over
 * one transport, so every pair of the matrix is still crossed by world-session and the CI run stays
 * within its time. PGlite over TCP, Postgres over WebSocket.
 */
export function gameplayPairs(): { backend: Backend; transport: "tcp" | "ws" }[] {
  return availableBackends().map((backend) => ({ backend, transport: backend === "pglite" ? "tcp" : "ws" }));
}

export function transportsFor(backend: Backend): readonly ("tcp" | "ws")[] {
  if (backend === "cluster-memory") return ["tcp"];
  if (backend === "cluster-nats") return ["ws"];
  return ["tcp", "ws"];
}

/** The backends this machine can run: PGlite always; Postgres with TEST_DATABASE_URL (required in CI). */
export function availableBackends(): Backend[] {
  const backends: Backend[] = ["pglite"];
  if (process.env.TEST_DATABASE_URL) backends.push("postgres");
  else if (process.env.CI === "true") throw new Error("CI=true but TEST_DATABASE_URL is not set: the Postgres run must not be skipped");
  else console.warn("[test] TEST_DATABASE_URL not set: integration tests run on PGlite only");
  return backends;
}

export async function startTestServer(backend: Backend, extraArgs: string[] = [], dataDir?: string, database?: ScratchDatabase): Promise<TestServer> {
  if (isClusterBackend(backend)) return startTestCluster(backend, extraArgs, database);
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

let clusterCount = 0;

/**
 * A gateway and two map nodes in this process, on a Postgres database of their own, linked by
 * an in-process bus (`cluster-memory`) or by NATS under a cluster name of their own
 * (`cluster-nats`). `server` is the gateway; it returns once every map has an owner and both
 * nodes hold some.
 */
async function startTestCluster(backend: Backend, extraArgs: string[], database?: ScratchDatabase): Promise<TestServer> {
  const ownDatabase = database ?? (await createScratchDatabase(process.env.TEST_DATABASE_URL!.trim(), "argentum_cl"));
  const dir = mkdtempSync(join(tmpdir(), "argentum-cl-"));
  const name = `t${process.pid}x${Date.now().toString(36)}x${clusterCount++}`;
  const args = ["--host", "127.0.0.1", "--http-port", "0", "--tcp-port", "0", "--data-dir", dir, "--log-level", "silent", "--max-connections-per-ip", "1000"];
  const loaded = loadClusterConfig([...args, ...extraArgs, "--database-url", ownDatabase.url, "--cluster", name, "--nats", TEST_NATS_URL, "--lease-seconds", "3"], {});
  if (!loaded.ok) throw loaded.error;
  const config = loaded.config;
  const logger: Logger = process.env.AO_TEST_LOG ? createLogger(process.env.AO_TEST_LOG) : silentLogger();
  const hub = backend === "cluster-memory" ? new MemoryClusterHub({ cluster: name }) : undefined;
  const busFor = (node: string): ClusterBus | undefined => hub?.connect(node);
  const nodes: RunningMapNode[] = [];
  let server: RunningServer | undefined;
  const stopAll = async () => {
    await server?.stop("test done");
    for (const node of nodes) await node.stop("test done");
  };
  try {
    for (const node of ["n1", "n2"]) {
      const nodeConfig = { ...config, nodeId: node, httpPort: 0 };
      nodes.push(await startMapNode(nodeConfig, logger, { mapWorkers: 1, bus: busFor(node) }));
    }
    server = await startServer(config, logger, { cluster: { natsUrl: config.natsUrl, cluster: name, nodeName: "g1", bus: busFor("g1") } });
    await waitForPlacement(server, nodes);
  } catch (error) {
    await stopAll().catch(() => {});
    if (!database) await ownDatabase.drop();
    throw error;
  }
  const gateway = server;
  return {
    server: gateway,
    dataDir: dir,
    host: "127.0.0.1",
    tcpPort: gateway.tcpPort,
    httpPort: gateway.httpPort,
    database: ownDatabase,
    async restart() {
      await stopAll();
      return startTestCluster(backend, extraArgs, ownDatabase);
    },
    stop: stopAll,
    async cleanup() {
      rmSync(dir, { recursive: true, force: true });
      await ownDatabase.drop();
    },
  };
}

/** Until every map of the world has an owner in the gateway's directory and each node holds some. */
async function waitForPlacement(server: RunningServer, nodes: readonly RunningMapNode[]): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const cluster = (await fetch(`http://127.0.0.1:${server.httpPort}/api/cluster`).then((response) => response.json())) as { nodes: { maps: number[] }[]; maps: Record<string, string> };
    const owned = Object.keys(cluster.maps).length;
    const everyNodeHolds = nodes.every((node) => node.node.heldMaps().length > 0);
    if (everyNodeHolds && owned > 0 && owned === server.world.mapCount && server.world.loadedMaps().length === owned && owned === nodes.reduce((sum, node) => sum + node.node.heldMaps().length, 0)) return;
    if (Date.now() > deadline) throw new Error(`the test cluster did not settle in 20 s: ${JSON.stringify(cluster)}`);
    await Bun.sleep(100);
  }
}
