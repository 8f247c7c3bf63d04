/**
 * A nats-server of a test's own (JetStream on, store in a temp dir) on a free port, for tests
 * that stop or restart the server. Readiness is the server's "Server is ready" log line.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const NATS_SERVER_BINARY = "/usr/sbin/nats-server";
/** How long a start may take before it fails (the server is usually ready in ~50 ms). */
const START_TIMEOUT_MS = 10_000;
/** After SIGTERM, how long the server gets before SIGKILL. */
const STOP_GRACE_MS = 5_000;
const READY_LINE = "Server is ready";

export interface PrivateNats {
  readonly url: string;
  readonly port: number;
  /** Stops the server and starts it again on the same port and store. */
  restart(): Promise<void>;
  /** Stops the server and removes its store. Idempotent. */
  stop(): Promise<void>;
}

export async function startPrivateNats(): Promise<PrivateNats> {
  const port = await freePort();
  const storeDir = mkdtempSync(join(tmpdir(), "argentum-nats-"));
  let child: ChildProcess | null = await launch(port, storeDir);
  const halt = async () => {
    if (child) await terminate(child);
    child = null;
  };
  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    async restart() {
      await halt();
      child = await launch(port, storeDir);
    },
    async stop() {
      await halt();
      rmSync(storeDir, { recursive: true, force: true });
    },
  };
}

/** A TCP port nobody listens on now, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function launch(port: number, storeDir: string): Promise<ChildProcess> {
  const child = spawn(NATS_SERVER_BINARY, ["-a", "127.0.0.1", "-p", String(port), "-js", "-sd", storeDir], { stdio: ["ignore", "ignore", "pipe"] });
  return new Promise((resolve, reject) => {
    let log = "";
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill("SIGKILL");
      reject(new Error(`${NATS_SERVER_BINARY} on 127.0.0.1:${port} did not start: ${why}${log ? `; its log: ${log.trim().split("\n").slice(-3).join(" | ")}` : ""}`));
    };
    const timer = setTimeout(() => fail(`not ready within ${START_TIMEOUT_MS} ms`), START_TIMEOUT_MS);
    child.once("error", (error) => fail(error.message));
    child.once("exit", (code, signal) => fail(`exited (${signal ?? `code ${code}`})`));
    child.stderr!.setEncoding("utf8");
    child.stderr!.on("data", (chunk: string) => {
      log += chunk;
      if (!log.includes(READY_LINE)) return;
      clearTimeout(timer);
      child.removeAllListeners("exit");
      child.removeAllListeners("error");
      child.stderr!.removeAllListeners("data");
      child.stderr!.resume(); // keep draining, so a chatty server never blocks on a full pipe
      resolve(child);
    });
  });
}

function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
