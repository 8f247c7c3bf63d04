/**
 * Process plumbing for `bench/cluster.ts`: the children of a run (map nodes, gateways, servers,
 * bots) with their logs in files, their ready lines awaited, their CPU read from /proc, every one
 * of them killed at the end whatever happened; scratch Postgres databases made and dropped; and
 * the Prometheus text read back.
 */
import { closeSync, openSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { createScratchDatabase, type ScratchDatabase } from "../test/support/test-database.ts";

const BUN = process.execPath;
/** `getconf CLK_TCK` on Linux: /proc/<pid>/stat counts CPU in these. */
const CLOCK_TICKS_PER_S = 100;
const POLL_MS = 100;
/** How long a process may take to print its ready line. */
export const READY_TIMEOUT_MS = 60_000;
/** After SIGTERM, how long a child gets before SIGKILL. */
const STOP_GRACE_MS = 15_000;

export function sleep(ms: number): Promise<void> {
  return new Promise((resolvePromise) => setTimeout(resolvePromise, ms));
}

export interface Child {
  readonly name: string;
  readonly pid: number;
  readonly logFile: string;
  readonly proc: ReturnType<typeof Bun.spawn>;
  readonly args: readonly string[];
}

/** Every child of the bench: `killAll` on the way out, even after an exception. */
export class Children {
  private readonly all: Child[] = [];

  constructor(
    private readonly cwd: string,
    private readonly workDir: string,
  ) {}

  /** Starts `bun <args>` with stdout and stderr in `<workDir>/<name>.log`. */
  spawn(name: string, args: readonly string[]): Child {
    const logFile = join(this.workDir, `${name}.log`);
    const fd = openSync(logFile, "w");
    const proc = Bun.spawn([BUN, ...args], { cwd: this.cwd, stdout: fd, stderr: fd, stdin: "ignore" });
    closeSync(fd);
    const child = { name, pid: proc.pid, logFile, proc, args };
    this.all.push(child);
    return child;
  }

  /** Starts `bun <args>` with stderr read line by line (the bots' progress) and stdout to a file. */
  spawnWatched(name: string, args: readonly string[], onLine: (line: string) => void): Child {
    const logFile = join(this.workDir, `${name}.log`);
    const fd = openSync(logFile, "w");
    const proc = Bun.spawn([BUN, ...args], { cwd: this.cwd, stdout: fd, stderr: "pipe", stdin: "ignore" });
    closeSync(fd);
    void (async () => {
      const decoder = new TextDecoder();
      let pending = "";
      const reader = (proc.stderr as ReadableStream<Uint8Array>).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        pending += decoder.decode(value, { stream: true });
        let at = pending.indexOf("\n");
        while (at >= 0) {
          onLine(pending.slice(0, at));
          pending = pending.slice(at + 1);
          at = pending.indexOf("\n");
        }
      }
    })().catch(() => {});
    const child = { name, pid: proc.pid, logFile, proc, args };
    this.all.push(child);
    return child;
  }

  /** The newest child whose name ends with `-<suffix>`. */
  latest(suffix: string): Child | undefined {
    for (let index = this.all.length - 1; index >= 0; index--) if (this.all[index]!.name.endsWith(`-${suffix}`)) return this.all[index];
    return undefined;
  }

  /** SIGTERM, then SIGKILL after the grace; resolves with the exit code (null: killed). */
  async stop(child: Child): Promise<number | null> {
    if (child.proc.exitCode !== null || child.proc.signalCode !== null) return child.proc.exitCode;
    child.proc.kill("SIGTERM");
    const code = await Promise.race([child.proc.exited, sleep(STOP_GRACE_MS).then(() => undefined)]);
    if (code === undefined) {
      child.proc.kill("SIGKILL");
      await child.proc.exited;
      return null;
    }
    return code;
  }

  /** Kills whatever is still running (the way out of a failed run). */
  async killAll(): Promise<void> {
    for (const child of this.all) {
      if (child.proc.exitCode === null && child.proc.signalCode === null) child.proc.kill("SIGKILL");
    }
    await Promise.all(this.all.map((child) => child.proc.exited.catch(() => {})));
  }
}

/** The first JSON log line of `child` whose `msg` is `msg`; throws when it exits or times out. */
export async function waitForLog(child: Child, msg: string, timeoutMs = READY_TIMEOUT_MS): Promise<Record<string, unknown>> {
  const until = performance.now() + timeoutMs;
  const needle = `"msg":"${msg}"`;
  while (performance.now() < until) {
    const text = readFileSync(child.logFile, "utf8");
    for (const line of text.split("\n")) {
      if (line.includes(needle)) return JSON.parse(line) as Record<string, unknown>;
    }
    if (child.proc.exitCode !== null || child.proc.signalCode !== null) {
      throw new Error(`${child.name} exited (${child.proc.exitCode ?? child.proc.signalCode}) before "${msg}"; log tail: ${text.slice(-1500)}`);
    }
    await sleep(POLL_MS);
  }
  throw new Error(`${child.name}: no "${msg}" within ${timeoutMs} ms; log tail: ${readFileSync(child.logFile, "utf8").slice(-1500)}`);
}

/** utime + stime of a process, seconds; NaN when it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name may hold spaces and parentheses: fields are counted after the last ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_S;
  } catch {
    return Number.NaN;
  }
}

/** Pids whose command name (/proc/<pid>/comm) is exactly `comm`. */
export function pidsNamed(comm: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() === comm) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** CPU of named groups of processes between two reads (a group's pids are summed). */
export interface CpuSample {
  readonly atMs: number;
  readonly seconds: Map<string, Map<number, number>>;
}

export function sampleCpu(groups: ReadonlyMap<string, readonly number[]>): CpuSample {
  const seconds = new Map<string, Map<number, number>>();
  for (const [name, pids] of groups) {
    const byPid = new Map<number, number>();
    for (const pid of pids) byPid.set(pid, cpuSeconds(pid));
    seconds.set(name, byPid);
  }
  return { atMs: performance.now(), seconds };
}

/** % of one core per group; a pid counts only when it was there at both reads. */
export function cpuPercent(before: CpuSample, after: CpuSample): Record<string, number> {
  const wallS = (after.atMs - before.atMs) / 1000;
  const out: Record<string, number> = {};
  for (const [name, byPid] of before.seconds) {
    let used = 0;
    for (const [pid, start] of byPid) {
      const end = after.seconds.get(name)?.get(pid) ?? Number.NaN;
      if (Number.isFinite(start) && Number.isFinite(end)) used += end - start;
    }
    out[name] = Math.round((used / wallS) * 1000) / 10;
  }
  return out;
}

/** Scratch databases on one Postgres server (test/support/test-database.ts), all dropped by `dropAll`. */
export class ScratchDatabases {
  private readonly made: ScratchDatabase[] = [];

  constructor(private readonly serverUrl: string) {}

  /** A new empty database; its URL. */
  async create(prefix: string): Promise<string> {
    const database = await createScratchDatabase(this.serverUrl, prefix);
    this.made.push(database);
    return database.url;
  }

  async dropAll(): Promise<string[]> {
    const dropped: string[] = [];
    for (const database of this.made.splice(0)) {
      await database.drop();
      dropped.push(database.name);
    }
    return dropped;
  }
}

/** One sample of a Prometheus text page: `name{labels} value` lines by their full left side. */
export async function scrape(url: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    const text = await response.text();
    for (const line of text.split("\n")) {
      if (line.length === 0 || line.startsWith("#")) continue;
      const space = line.lastIndexOf(" ");
      out.set(line.slice(0, space), Number(line.slice(space + 1)));
    }
  } catch {
    // a dead node has no metrics: the caller sees empty
  }
  return out;
}

export function round(value: number | null | undefined, digits = 2): number | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
