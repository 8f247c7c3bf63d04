/**
 * A multi-process cluster for tests: a scratch Postgres database, map nodes and a gateway, each a
 * child process of `bun src/main.ts mapnode|gateway`, on a NATS cluster name of its own (so
 * tests never hear each other). It reads their ready lines and ports from their JSON logs, reads
 * `/api/cluster`, signals them (kill -9, stop, continue, terminate), and keeps their logs for
 * failure messages. `withCluster` always kills every process and drops the database, whether
 * the test passed or not.
 */
import { afterAll, beforeAll } from "bun:test";
import { spawn, type Subprocess } from "bun";
import postgres from "postgres";
import { createScratchDatabase, type ScratchDatabase } from "./test-database.ts";

const BUN = "node_modules/.bin/bun";
const MAIN = "src/main.ts";
/** NATS for the cluster suites: TEST_NATS_URL, or the machine's own. */
export const CLUSTER_NATS_URL = process.env.TEST_NATS_URL ?? "nats://127.0.0.1:4222";
/** How long a process may take to log its ready line (a cold start on a busy 2-core box is ~1 s). */
const READY_TIMEOUT_MS = 20_000;
/** After SIGTERM at clean-up, how long a process gets before SIGKILL. */
const STOP_GRACE_MS = 3_000;
/** Log lines kept per process for failure messages. */
const LOG_TAIL_LINES = 25;
const POLL_MS = 50;
/** The maps of the default world (src/content/default-world/). */
export const DEFAULT_WORLD_MAPS = [1, 2, 3, 4, 5] as const;

export type Role = "mapnode" | "gateway";

/** One JSON log line as the processes write it (pino). */
export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

/** What `GET /api/cluster` on the gateway answers. */
export interface ClusterView {
  nodes: { id: string; pid: number; maps: number[]; lastSeenMs: number }[];
  maps: Record<string, string>;
}

export class ClusterProcess {
  readonly lines: LogLine[] = [];
  /** stdout and stderr lines that were not JSON (a crash's stack, a usage error). */
  readonly rawLines: string[] = [];
  httpPort = 0;
  tcpPort = 0;
  exitCode: number | null = null;
  signalCode: string | null = null;
  readonly exited: Promise<void>;
  private readonly waiters: { test: () => boolean; resolve: () => void }[] = [];

  constructor(
    readonly role: Role,
    /** The `--node-id` it was started with (its node id in the cluster is `name:bootId`). */
    readonly name: string,
    readonly child: Subprocess<"ignore", "pipe", "pipe">,
  ) {
    this.exited = child.exited.then((code) => {
      this.exitCode = code;
      this.signalCode = child.signalCode === null || child.signalCode === undefined ? null : String(child.signalCode);
      this.wake();
    });
    void this.pump(child.stdout);
    void this.pump(child.stderr);
  }

  get pid(): number {
    return this.child.pid;
  }

  get isRunning(): boolean {
    return this.exitCode === null && this.signalCode === null && !this.child.killed;
  }

  /** Its node id (`name:bootId`), from its own log lines. */
  get nodeId(): string | undefined {
    for (const line of this.lines) {
      if (typeof line.node === "string" && line.node.startsWith(`${this.name}:`)) return line.node;
      if (typeof line.connection === "string" && line.connection.startsWith(`${this.name}:`)) return line.connection;
    }
    return undefined;
  }

  signal(signal: "SIGKILL" | "SIGSTOP" | "SIGCONT" | "SIGTERM"): void {
    // process.kill, not child.kill: Bun marks a child "killed" on any signal, SIGSTOP included.
    if (this.exitCode === null && this.signalCode === null) process.kill(this.pid, signal);
  }

  /** Resolves with the first line (from index `from`) that `test` accepts. */
  async waitForLine(test: (line: LogLine) => boolean, what: string, timeoutMs = READY_TIMEOUT_MS, from = 0): Promise<LogLine> {
    const find = () => this.lines.slice(from).find(test);
    await this.until(() => find() !== undefined || !this.isRunningForWait(), what, timeoutMs);
    const found = find();
    if (!found) throw new Error(`${this.describe()} exited before logging ${what}\n${this.tail()}`);
    return found;
  }

  /** The last log lines, for failure messages. */
  tail(lines = LOG_TAIL_LINES): string {
    const json = this.lines.slice(-lines).map((line) => JSON.stringify(line));
    const raw = this.rawLines.slice(-8);
    return [`--- ${this.describe()} (last ${json.length} log lines) ---`, ...json, ...(raw.length ? ["--- not JSON ---", ...raw] : [])].join("\n");
  }

  describe(): string {
    const state = this.exitCode !== null ? `exited ${this.exitCode}` : this.signalCode ? `killed by ${this.signalCode}` : "running";
    return `${this.role} ${this.name} (pid ${this.pid}, ${state})`;
  }

  private isRunningForWait(): boolean {
    return this.exitCode === null && this.signalCode === null;
  }

  private until(test: () => boolean, what: string, timeoutMs: number): Promise<void> {
    if (test()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.describe()}: timed out after ${timeoutMs} ms waiting for ${what}\n${this.tail()}`)), timeoutMs);
      this.waiters.push({
        test,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }

  private wake(): void {
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      const waiter = this.waiters[i]!;
      if (waiter.test()) {
        this.waiters.splice(i, 1);
        waiter.resolve();
      }
    }
  }

  private async pump(stream: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let pending = "";
    const reader = stream.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pending += decoder.decode(value, { stream: true });
      let newline = pending.indexOf("\n");
      while (newline >= 0) {
        this.take(pending.slice(0, newline));
        pending = pending.slice(newline + 1);
        newline = pending.indexOf("\n");
      }
      this.wake();
    }
    if (pending) this.take(pending);
    this.wake();
  }

  private take(text: string): void {
    if (!text.trim()) return;
    try {
      const parsed = JSON.parse(text) as LogLine;
      if (parsed && typeof parsed === "object" && typeof parsed.msg === "string") {
        this.lines.push(parsed);
        return;
      }
    } catch {
      // not a log line
    }
    this.rawLines.push(text);
  }
}

export interface ClusterOptions {
  /** Map nodes started before the gateway (n1, n2, ...). */
  mapNodes?: number;
  /** `--lease-seconds` of the map nodes. */
  leaseSeconds?: number;
  /** `--nats` of every process. */
  natsUrl?: string;
  /** More arguments for the gateway. */
  gatewayArgs?: string[];
}

const live = new Set<ClusterProcess>();
let cleanupHooked = false;

/** A child left behind by a crashed test run would hold ports and leases: never leave one. */
function hookProcessExit(): void {
  if (cleanupHooked) return;
  cleanupHooked = true;
  process.on("exit", () => {
    for (const child of live) {
      try {
        process.kill(child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
  });
}

export class TestCluster {
  readonly mapNodes: ClusterProcess[] = [];
  gateway: ClusterProcess | undefined;
  /** A connection of the test's own to the cluster's database. */
  readonly sql: postgres.Sql;
  private readonly processes: ClusterProcess[] = [];

  private constructor(
    readonly database: ScratchDatabase,
    readonly clusterName: string,
    readonly options: Required<Omit<ClusterOptions, "gatewayArgs">> & { gatewayArgs: string[] },
  ) {
    this.sql = postgres(database.url, { max: 2, onnotice: () => {} });
  }

  /** A scratch database and a cluster name; no process yet. */
  static async create(options: ClusterOptions = {}): Promise<TestCluster> {
    const serverUrl = process.env.TEST_DATABASE_URL?.trim();
    if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set: a cluster needs Postgres");
    const database = await createScratchDatabase(serverUrl, "argentum_mp");
    const name = `mp${process.pid}x${Date.now().toString(36)}x${Math.random().toString(36).slice(2, 8)}`;
    return new TestCluster(database, name, {
      mapNodes: options.mapNodes ?? 2,
      leaseSeconds: options.leaseSeconds ?? 2,
      natsUrl: options.natsUrl ?? CLUSTER_NATS_URL,
      gatewayArgs: options.gatewayArgs ?? [],
    });
  }

  /**
   * Starts the map nodes (all at once), waits until every map has an owner, then the gateway,
   * and waits until its directory names an owner for every map.
   */
  async start(): Promise<this> {
    const names = Array.from({ length: this.options.mapNodes }, (_, i) => `n${i + 1}`);
    await Promise.all(names.map((name) => this.startMapNode(name)));
    await this.startGateway();
    await this.waitForView((view) => DEFAULT_WORLD_MAPS.every((map) => view.maps[map] !== undefined), "an owner for every map");
    return this;
  }

  async startMapNode(name: string): Promise<ClusterProcess> {
    const node = this.launch("mapnode", name, ["--http-port", "0", "--map-workers", "1", "--lease-seconds", String(this.options.leaseSeconds)]);
    this.mapNodes.push(node);
    const ready = await node.waitForLine((line) => line.msg === "map node running", "its ready line (map node running)");
    node.httpPort = Number(ready.httpPort);
    return node;
  }

  async startGateway(name = "g1"): Promise<ClusterProcess> {
    const gateway = this.launch("gateway", name, [
      "--http-port", "0", "--tcp-port", "0", "--max-connections-per-ip", "1000", "--password-hash", "argon2id:m=1024,t=1", ...this.options.gatewayArgs,
    ]);
    this.gateway = gateway;
    const ready = await gateway.waitForLine((line) => line.msg === "server listening", "its ready line (server listening)");
    gateway.httpPort = Number(ready.httpPort);
    gateway.tcpPort = Number(ready.tcpPort);
    return gateway;
  }

  /** The gateway's view of the cluster. */
  async view(): Promise<ClusterView> {
    const gateway = this.requireGateway();
    const response = await fetch(`http://127.0.0.1:${gateway.httpPort}/api/cluster`);
    if (!response.ok) throw new Error(`GET /api/cluster: HTTP ${response.status}`);
    return (await response.json()) as ClusterView;
  }

  /** Polls /api/cluster until `test` holds; the last view is in the error otherwise. */
  async waitForView(test: (view: ClusterView) => boolean, what: string, timeoutMs = 10_000): Promise<ClusterView> {
    const deadline = performance.now() + timeoutMs;
    let last: ClusterView | undefined;
    for (;;) {
      last = await this.view();
      if (test(last)) return last;
      if (performance.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; last /api/cluster: ${JSON.stringify(last)}`);
      await Bun.sleep(POLL_MS);
    }
  }

  /** The maps a node owns, by the gateway's directory. */
  static mapsOf(view: ClusterView, nodeId: string): number[] {
    return Object.entries(view.maps)
      .filter(([, owner]) => owner === nodeId)
      .map(([map]) => Number(map))
      .sort((a, b) => a - b);
  }

  /** The map node whose node id is `nodeId`. */
  nodeById(nodeId: string): ClusterProcess {
    const node = this.mapNodes.find((candidate) => candidate.nodeId === nodeId);
    if (!node) throw new Error(`no map node of this cluster is ${nodeId}`);
    return node;
  }

  requireGateway(): ClusterProcess {
    if (!this.gateway) throw new Error("the gateway has not started");
    return this.gateway;
  }

  /** Every process's last log lines, for failure messages. */
  logs(): string {
    return this.processes.map((child) => child.tail()).join("\n");
  }

  /** Kills every process still running (SIGCONT first, then SIGTERM, SIGKILL after a grace), drops the database. */
  async stop(): Promise<void> {
    await Promise.all(
      this.processes.map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.signal("SIGCONT");
        child.signal("SIGTERM");
        const timer = setTimeout(() => child.signal("SIGKILL"), STOP_GRACE_MS);
        await child.exited;
        clearTimeout(timer);
      }),
    );
    for (const child of this.processes) live.delete(child);
    await this.sql.end({ timeout: 1 }).catch(() => {});
    await this.database.drop();
  }

  private launch(role: Role, name: string, args: string[]): ClusterProcess {
    hookProcessExit();
    const argv = [
      BUN, MAIN, role,
      "--database-url", this.database.url,
      "--nats", this.options.natsUrl,
      "--cluster", this.clusterName,
      "--node-id", name,
      "--host", "127.0.0.1",
      "--log-level", "info",
      ...args,
    ];
    const child = spawn(argv, { stdin: "ignore", stdout: "pipe", stderr: "pipe", env: { ...process.env, CI: undefined } });
    const handle = new ClusterProcess(role, name, child);
    this.processes.push(handle);
    live.add(handle);
    return handle;
  }
}

/**
 * Runs `body` with a cluster that is always cleaned up; a failure carries every process's last
 * log lines.
 */
export async function withCluster<T>(options: ClusterOptions, body: (cluster: TestCluster) => Promise<T>, start = true): Promise<T> {
  const cluster = await TestCluster.create(options);
  try {
    if (start) await cluster.start();
    return await body(cluster);
  } catch (error) {
    const logs = cluster.logs();
    if (error instanceof Error) {
      error.message = `${error.message}\n${logs}`;
      throw error;
    }
    throw new Error(`${String(error)}\n${logs}`);
  } finally {
    await cluster.stop();
  }
}

/**
 * Why the multi-process suites cannot run here (no Postgres, no NATS), or undefined when they
 * can. In CI (CI=true) a missing service is a failure: this throws instead of answering.
 */
export async function missingClusterServices(needs: { natsServerBinary?: string } = {}): Promise<string | undefined> {
  const reasons: string[] = [];
  const databaseUrl = process.env.TEST_DATABASE_URL?.trim();
  if (!databaseUrl) reasons.push("TEST_DATABASE_URL is not set (a cluster needs Postgres)");
  else if (!(await answers(new URL(databaseUrl).hostname, Number(new URL(databaseUrl).port || 5432)))) reasons.push(`no Postgres answers at TEST_DATABASE_URL (${new URL(databaseUrl).host})`);
  const nats = new URL(CLUSTER_NATS_URL.replace(/^nats:/, "http:"));
  if (!(await answers(nats.hostname, Number(nats.port || 4222)))) reasons.push(`no NATS answers at ${CLUSTER_NATS_URL} (set TEST_NATS_URL)`);
  if (needs.natsServerBinary && !(await Bun.file(needs.natsServerBinary).exists())) reasons.push(`${needs.natsServerBinary} is missing`);
  if (reasons.length === 0) return undefined;
  const reason = reasons.join("; ");
  if (process.env.CI === "true") throw new Error(`CI=true and the multi-process cluster suites cannot run: ${reason}`);
  console.warn(`[test] multi-process cluster suite skipped: ${reason}`);
  return reason;
}

async function answers(hostname: string, port: number): Promise<boolean> {
  try {
    const socket = await Bun.connect({ hostname, port, socket: { data() {} } });
    socket.end();
    return true;
  } catch {
    return false;
  }
}

/** Polls `read` until `test` holds; `what` and the last value are in the error otherwise. */
export async function eventually<T>(read: () => Promise<T>, test: (value: T) => boolean, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (test(value)) return value;
    if (performance.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; last value: ${JSON.stringify(value)}`);
    await Bun.sleep(POLL_MS);
  }
}

/**
 * One started cluster for a `describe` block (for tests that do not break it): created before
 * the block's tests, always stopped and dropped after them. `run` adds the processes' logs to a
 * failure.
 */
export function clusterForSuite(options: ClusterOptions = {}): { readonly cluster: TestCluster; run<T>(body: (cluster: TestCluster) => Promise<T>): Promise<T> } {
  let cluster: TestCluster | undefined;
  beforeAll(async () => {
    cluster = await TestCluster.create(options);
    try {
      await cluster.start();
    } catch (error) {
      await cluster.stop();
      cluster = undefined;
      throw error;
    }
  }, 60_000);
  afterAll(async () => {
    await cluster?.stop();
  }, 30_000);
  const handle = {
    get cluster(): TestCluster {
      if (!cluster) throw new Error("the suite's cluster did not start");
      return cluster;
    },
    async run<T>(body: (running: TestCluster) => Promise<T>): Promise<T> {
      const running = handle.cluster;
      try {
        return await body(running);
      } catch (error) {
        if (error instanceof Error) error.message = `${error.message}\n${running.logs()}`;
        throw error;
      }
    },
  };
  return handle;
}
