#!/usr/bin/env bun
/**
 * Memory footprint of an idle server (issue 17), and where it goes. Every case is a fresh process;
 * its resident set (VmRSS of /proc/<pid>/status) is read once the process is idle: for a server,
 * after /health answers, `--settle` seconds pass, then `--samples` readings one second apart
 * (the median is the figure; the first reading, the peak VmHWM and the spread come along).
 *
 *   node_modules/.bin/bun bench/memory.ts [--only a,b] [--repo DIR] [--settle 10] [--samples 5]
 *                                         [--database-url postgres://postgres@127.0.0.1:5432/postgres]
 *                                         [--json FILE]
 *
 * Cases: the three idle servers (PGlite on a fresh data folder, PGlite again on the same folder,
 * Postgres), then the breakdown, measured by difference since threads share one address space:
 * - `bun_baseline`: bun running a script that does nothing;
 * - `postgres_map_workers_{1,2,4}`: idle Postgres servers with that many map workers (the slope
 *   is the cost of one worker; Postgres keeps the database out of the process);
 * - `pglite_probe_{first,later}_sb{N}`: a process that only opens the embedded database the way
 *   the server does (worker, initdb on a fresh folder, migrations) with `shared_buffers` N MiB
 *   (the default on a fresh folder, then again; then 128, what initdb writes and the size before
 *   issue 17; 32; 1), and asks the worker for its WebAssembly memory (size, and resident pages
 *   from /proc/self/smaps) and its JS objects;
 * - `wasm_compile`: a process that only compiles pglite.wasm (what the compiled code costs).
 * `--repo DIR` runs the servers of another checkout (e.g. a worktree of the commit before) with
 * the flags it knows; the probes always use this checkout's code. Prints one JSON line per case,
 * then the whole report with `breakdownMb`, the parts derived from the cases that ran (also
 * written to `--json FILE`).
 */
import { mkdtempSync, rmSync, readFileSync, openSync, closeSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join, resolve } from "node:path";
import postgres from "postgres";
import { DEFAULT_PGLITE_SHARED_BUFFERS_MB } from "../src/config/index.ts";

const REPO = resolve(import.meta.dir, "..");
const BUN = process.execPath;
const HEALTH_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 30_000;
const POLL_MS = 200;
const SAMPLE_INTERVAL_MS = 1_000;
const MIB = 1024 * 1024;
const PAGE_BYTES = 4096;
/**
 * `shared_buffers` of the probes, MiB: the default first (its first probe makes the folder), then
 * again on the made folder, then what initdb writes (128, the size before issue 17) and others.
 */
const PROBE_SHARED_BUFFERS_MB = [DEFAULT_PGLITE_SHARED_BUFFERS_MB, DEFAULT_PGLITE_SHARED_BUFFERS_MB, 128, 32, 1] as const;
const DEFAULT_ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres";

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}

function mib(bytes: number): number {
  return Math.round((bytes / MIB) * 10) / 10;
}

function log(line: string): void {
  process.stderr.write(`bench/memory: ${line}\n`);
}

/** VmRSS and VmHWM of a process, bytes. */
function processMemory(pid: number | "self"): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN) * 1024;
  return { rss: field("VmRSS"), peak: field("VmHWM") };
}

/**
 * Resident bytes of the WebAssembly memory: the one mapping `size` bytes long, or a page longer
 * (JSC maps one more page, then a guard region), if exactly one is.
 */
function residentOfWasmMemory(size: number): number | undefined {
  const mappings: { size: number; rss: number }[] = [];
  for (const line of readFileSync("/proc/self/smaps", "utf8").split("\n")) {
    const range = /^([0-9a-f]+)-([0-9a-f]+) /.exec(line);
    if (range) mappings.push({ size: Number.parseInt(range[2]!, 16) - Number.parseInt(range[1]!, 16), rss: 0 });
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && mappings.length > 0) mappings[mappings.length - 1]!.rss = Number(rss[1]) * 1024;
  }
  const sized = mappings.filter((mapping) => mapping.size === size || mapping.size === size + PAGE_BYTES);
  return sized.length === 1 ? sized[0]!.rss : undefined;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function oneMinuteLoad(): number {
  return Math.round(loadavg()[0]! * 100) / 100;
}

// --- probes: run as `bun bench/memory.ts --probe <kind>` in a child process ------------------------

interface ProbeReport {
  rssBeforeMb: number;
  rssAfterMb: number;
  rssSettledMb: number;
  peakMb: number;
  extra: Record<string, number | boolean>;
}

async function probePglite(dataDir: string, sharedBuffersMb: number, settleMs: number): Promise<ProbeReport> {
  const { openDatabaseInternal } = await import("../src/db/index.ts");
  const before = processMemory("self").rss;
  const startedAt = performance.now();
  const database = await openDatabaseInternal({ dataDir, pgliteSharedBuffersMb: sharedBuffersMb });
  const openMs = performance.now() - startedAt;
  const after = processMemory("self").rss;
  await sleep(settleMs);
  const settled = processMemory("self");
  const memory = await database.pglite!.memory();
  const wasmResident = residentOfWasmMemory(memory.wasmMemoryBytes);
  await database.close();
  await sleep(SAMPLE_INTERVAL_MS);
  const closed = processMemory("self").rss;
  return {
    rssBeforeMb: mib(before),
    rssAfterMb: mib(after),
    rssSettledMb: mib(settled.rss),
    peakMb: mib(settled.peak),
    extra: {
      openMs: Math.round(openMs),
      restartedAfterCreate: database.restartedAfterCreate,
      wasmMemoryMb: mib(memory.wasmMemoryBytes),
      wasmMemoryResidentMb: wasmResident === undefined ? Number.NaN : mib(wasmResident),
      workerJsObjectsMb: mib(memory.jsHeapBytes),
      rssAfterCloseMb: mib(closed),
    },
  };
}

async function probeWasmCompile(settleMs: number): Promise<ProbeReport> {
  const wasmPath = join(REPO, "node_modules", "@electric-sql", "pglite", "dist", "pglite.wasm");
  const before = processMemory("self").rss;
  let bytes: ArrayBuffer | undefined = await Bun.file(wasmPath).arrayBuffer();
  const wasmBytes = bytes.byteLength;
  const module = await WebAssembly.compile(bytes);
  bytes = undefined;
  Bun.gc(true);
  const after = processMemory("self").rss;
  await sleep(settleMs);
  const settled = processMemory("self");
  return {
    rssBeforeMb: mib(before),
    rssAfterMb: mib(after),
    rssSettledMb: mib(settled.rss),
    peakMb: mib(settled.peak),
    extra: { wasmFileMb: mib(wasmBytes), exports: WebAssembly.Module.exports(module).length },
  };
}

const probe = option("probe");
if (probe !== undefined) {
  const settleMs = Number(option("settle-ms") ?? 5000);
  const report =
    probe === "pglite"
      ? await probePglite(option("data-dir")!, Number(option("shared-buffers-mb")), settleMs)
      : probe === "wasm-compile"
        ? await probeWasmCompile(settleMs)
        : undefined;
  if (!report) throw new Error(`unknown probe ${probe}`);
  process.stdout.write(`${JSON.stringify(report)}\n`);
  process.exit(0);
}

// --- the cases -------------------------------------------------------------------------------------

const settleS = Number(option("settle") ?? 10);
const samples = Number(option("samples") ?? 5);
const serverRepo = resolve(option("repo") ?? REPO);
const adminUrl = option("database-url") ?? DEFAULT_ADMIN_URL;
const jsonFile = option("json");
const only = option("only")?.split(",");
if (!(settleS >= 0) || !(Number.isInteger(samples) && samples >= 1)) {
  process.stderr.write("bench/memory: --settle must be >= 0 and --samples a whole number >= 1\n");
  process.exit(2);
}

interface CaseResult {
  case: string;
  what: string;
  command: string;
  /** Median of the idle readings, MiB. */
  rssMb: number;
  rssFirstMb: number;
  rssMinMb: number;
  rssMaxMb: number;
  /** VmHWM: the most the process ever held, MiB. */
  peakMb: number;
  loadAvg1m: number;
  extra?: Record<string, number | boolean | string>;
}

async function freePort(): Promise<number> {
  const listener = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = listener.port;
  listener.stop(true);
  return port;
}

async function freshPostgresDatabase(name: string): Promise<string> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Idle readings of a running process: `samples` of them, one second apart. */
async function sampleIdle(pid: number): Promise<{ readings: number[]; peak: number }> {
  const readings: number[] = [];
  let peak = 0;
  for (let i = 0; i < samples; i++) {
    if (i > 0) await sleep(SAMPLE_INTERVAL_MS);
    const memory = processMemory(pid);
    readings.push(memory.rss);
    peak = memory.peak;
  }
  return { readings, peak };
}

async function metricsOf(httpPort: number): Promise<Record<string, number>> {
  const text = await (await fetch(`http://127.0.0.1:${httpPort}/metrics`)).text();
  const wanted = ["process_resident_memory_bytes", "process_heap_bytes", "argentum_map_workers"];
  const found: Record<string, number> = {};
  for (const line of text.split("\n")) {
    const [name, value] = line.split(" ");
    if (name && wanted.includes(name) && value !== undefined) found[name] = Number(value);
  }
  return found;
}

async function waitHealthy(httpPort: number, server: { exitCode: number | null }): Promise<boolean> {
  const until = performance.now() + HEALTH_TIMEOUT_MS;
  while (performance.now() < until) {
    if (server.exitCode !== null) return false;
    try {
      if ((await fetch(`http://127.0.0.1:${httpPort}/health`)).status === 200) return true;
    } catch {
      // not listening yet
    }
    await sleep(POLL_MS);
  }
  return false;
}

interface ServerCase {
  id: string;
  what: string;
  dataDir: string;
  databaseUrl?: string;
  extraArgs?: string[];
}

async function runServer(spec: ServerCase): Promise<CaseResult> {
  const httpPort = await freePort();
  const args = ["src/main.ts", "serve", "--host", "127.0.0.1", "--tcp-port", "0", "--http-port", String(httpPort), "--data-dir", spec.dataDir, "--log-level", "warn"];
  if (spec.databaseUrl) args.push("--database-url", spec.databaseUrl);
  args.push(...(spec.extraArgs ?? []));
  const logFile = join(tmpdir(), `bench-memory-${spec.id}.log`);
  const logFd = openSync(logFile, "w");
  const server = Bun.spawn([BUN, ...args], { cwd: serverRepo, stdout: logFd, stderr: logFd, stdin: "ignore" });
  closeSync(logFd);
  try {
    const startedAt = performance.now();
    if (!(await waitHealthy(httpPort, server))) throw new Error(`${spec.id}: not healthy; log: ${readFileSync(logFile, "utf8").slice(-1500)}`);
    const readyMs = Math.round(performance.now() - startedAt);
    const atReady = processMemory(server.pid).rss;
    await sleep(settleS * 1000);
    const { readings, peak } = await sampleIdle(server.pid);
    const metrics = await metricsOf(httpPort);
    return {
      case: spec.id,
      what: spec.what,
      command: `bun ${args.map((arg) => (arg === spec.dataDir ? "$DATA_DIR" : arg === spec.databaseUrl ? "$DATABASE_URL" : arg === String(httpPort) ? "$PORT" : arg)).join(" ")}`,
      rssMb: mib(median(readings)),
      rssFirstMb: mib(atReady),
      rssMinMb: mib(Math.min(...readings)),
      rssMaxMb: mib(Math.max(...readings)),
      peakMb: mib(peak),
      loadAvg1m: oneMinuteLoad(),
      extra: {
        readyMs,
        mainJsHeapMb: mib(metrics.process_heap_bytes ?? Number.NaN),
        metricsRssMb: mib(metrics.process_resident_memory_bytes ?? Number.NaN),
        mapWorkers: metrics.argentum_map_workers ?? Number.NaN,
      },
    };
  } finally {
    server.kill("SIGTERM");
    const exited = await Promise.race([server.exited, sleep(STOP_TIMEOUT_MS).then(() => null)]);
    if (exited === null) server.kill("SIGKILL");
  }
}

async function runProbe(id: string, what: string, probeArgs: string[]): Promise<CaseResult> {
  const args = ["bench/memory.ts", "--probe", ...probeArgs, "--settle-ms", String(settleS * 1000)];
  const child = Bun.spawn([BUN, ...args], { cwd: REPO, stdout: "pipe", stderr: "inherit", stdin: "ignore" });
  const output = await new Response(child.stdout).text();
  if ((await child.exited) !== 0) throw new Error(`${id}: probe exited ${child.exitCode}`);
  const report = JSON.parse(output.trim().split("\n").at(-1)!) as ProbeReport;
  return {
    case: id,
    what,
    command: `bun ${args.map((arg) => (arg.startsWith(tmpdir()) ? "$DATA_DIR" : arg)).join(" ")}`,
    rssMb: report.rssSettledMb,
    rssFirstMb: report.rssAfterMb,
    rssMinMb: report.rssSettledMb,
    rssMaxMb: report.rssSettledMb,
    peakMb: report.peakMb,
    loadAvg1m: oneMinuteLoad(),
    extra: { rssBeforeMb: report.rssBeforeMb, deltaMb: Math.round((report.rssSettledMb - report.rssBeforeMb) * 10) / 10, ...report.extra },
  };
}

async function runBaseline(): Promise<CaseResult> {
  const child = Bun.spawn([BUN, "-e", "setInterval(() => {}, 1000)"], { stdout: "ignore", stderr: "inherit", stdin: "ignore" });
  try {
    await sleep(Math.max(2000, settleS * 1000));
    const { readings, peak } = await sampleIdle(child.pid);
    return {
      case: "bun_baseline",
      what: "bun running a script that does nothing",
      command: "bun -e 'setInterval(() => {}, 1000)'",
      rssMb: mib(median(readings)),
      rssFirstMb: mib(readings[0]!),
      rssMinMb: mib(Math.min(...readings)),
      rssMaxMb: mib(Math.max(...readings)),
      peakMb: mib(peak),
      loadAvg1m: oneMinuteLoad(),
    };
  } finally {
    child.kill();
  }
}

const workDir = mkdtempSync(join(tmpdir(), "bench-memory-"));
const pgliteDir = join(workDir, "server");
const probeDir = join(workDir, "probe");
type CaseRunner = () => Promise<CaseResult>;
const CASES: [string, CaseRunner][] = [
  ["pglite_first", () => runServer({ id: "pglite_first", what: "idle server, PGlite, first start (fresh data folder)", dataDir: pgliteDir })],
  ["pglite_later", () => runServer({ id: "pglite_later", what: "idle server, PGlite, later start (same folder)", dataDir: pgliteDir })],
  [
    "postgres",
    async () => runServer({ id: "postgres", what: "idle server, Postgres", dataDir: join(workDir, "pg"), databaseUrl: await freshPostgresDatabase("argentum_bench_memory") }),
  ],
  ["bun_baseline", runBaseline],
  ...[1, 2, 4].map((workers): [string, CaseRunner] => [
    `postgres_map_workers_${workers}`,
    async () =>
      runServer({
        id: `postgres_map_workers_${workers}`,
        what: `idle server, Postgres, --map-workers ${workers}`,
        dataDir: join(workDir, `pg${workers}`),
        databaseUrl: await freshPostgresDatabase(`argentum_bench_memory_${workers}`),
        extraArgs: ["--map-workers", String(workers)],
      }),
  ]),
  ["wasm_compile", () => runProbe("wasm_compile", "a process that only compiles pglite.wasm", ["wasm-compile"])],
  // The first two make the folder the others reopen; run them first (or alone, fresh).
  ...PROBE_SHARED_BUFFERS_MB.map((sharedBuffersMb, index): [string, CaseRunner] => {
    const id = index === 0 ? `pglite_probe_first_sb${sharedBuffersMb}` : `pglite_probe_later_sb${sharedBuffersMb}`;
    const folder = index === 0 ? "a fresh folder" : "the folder made above";
    return [id, () => runProbe(id, `opens PGlite only, ${folder}, shared_buffers ${sharedBuffersMb} MiB`, ["pglite", "--data-dir", probeDir, "--shared-buffers-mb", String(sharedBuffersMb)])];
  }),
];

const unknown = only?.filter((id) => !CASES.some(([caseId]) => caseId === id)) ?? [];
if (unknown.length > 0) {
  process.stderr.write(`bench/memory: unknown case(s) ${unknown.join(", ")}; known: ${CASES.map(([id]) => id).join(", ")}\n`);
  process.exit(2);
}

const results: CaseResult[] = [];
try {
  for (const [id, run] of CASES) {
    if (only && !only.includes(id)) continue;
    log(`${id} (load ${oneMinuteLoad()})`);
    const result = await run();
    results.push(result);
    process.stdout.write(`${JSON.stringify(result)}\n`);
  }
} finally {
  rmSync(workDir, { recursive: true, force: true });
}

/**
 * Where an idle server's memory goes, from the cases that ran (differences of idle RSS, MiB);
 * a part whose cases did not run is left out.
 */
function breakdown(cases: readonly CaseResult[]): Record<string, number> {
  const rss = (id: string) => cases.find((result) => result.case === id)?.rssMb;
  const extra = (id: string, field: string) => {
    const value = cases.find((result) => result.case === id)?.extra?.[field];
    return typeof value === "number" ? value : undefined;
  };
  const parts: Record<string, number | undefined> = {};
  const round = (value: number) => Math.round(value * 10) / 10;
  const baseline = rss("bun_baseline");
  const [one, four] = [rss("postgres_map_workers_1"), rss("postgres_map_workers_4")];
  const perWorker = one !== undefined && four !== undefined ? (four - one) / 3 : undefined;
  parts.bunRuntime = baseline;
  parts.perMapWorker = perWorker;
  if (one !== undefined && perWorker !== undefined && baseline !== undefined) parts.mainThreadOnPostgres = one - perWorker - baseline;
  parts.mainThreadJsHeap = extra("postgres", "mainJsHeapMb");
  const [later, onPostgres] = [rss("pglite_later"), rss("postgres")];
  if (later !== undefined && onPostgres !== undefined) parts.pgliteWorkerServer = later - onPostgres;
  const probe = `pglite_probe_later_sb${DEFAULT_PGLITE_SHARED_BUFFERS_MB}`;
  parts.pgliteWorkerProbe = extra(probe, "deltaMb");
  parts.pgliteCompiledWasm = extra("wasm_compile", "deltaMb");
  parts.pgliteWasmMemoryResident = extra(probe, "wasmMemoryResidentMb");
  parts.pgliteWorkerJsObjects = extra(probe, "workerJsObjectsMb");
  const big = extra("pglite_probe_later_sb128", "deltaMb");
  if (big !== undefined && parts.pgliteWorkerProbe !== undefined) parts.sharedBuffers128Over8 = big - parts.pgliteWorkerProbe;
  parts.firstStartPeakServer = cases.find((result) => result.case === "pglite_first")?.peakMb;
  return Object.fromEntries(Object.entries(parts).filter((entry): entry is [string, number] => entry[1] !== undefined && Number.isFinite(entry[1])).map(([name, value]) => [name, round(value)]));
}

const report = {
  bench: "memory",
  repo: serverRepo,
  machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? "?", memoryGb: Math.round(totalmem() / 1024 ** 3), bun: Bun.version },
  settleS,
  samples,
  cases: results,
  breakdownMb: breakdown(results),
};
process.stdout.write(`${JSON.stringify(report)}\n`);
if (jsonFile) writeFileSync(jsonFile, `${JSON.stringify(report, null, 2)}\n`);
