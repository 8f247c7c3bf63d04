#!/usr/bin/env bun
/**
 * The scenario benchmark suite (issue 6): each run starts a fresh server process, runs one
 * scenario against it with `argentum bots` (a child process, exactly the command an operator
 * types), stops the server with SIGTERM (it must exit 0), and prints one JSON line. At the end it
 * rewrites the generated part of docs/benchmarks.md (between the `bench:begin` / `bench:end`
 * markers) with the machine, the commands and the tables.
 *
 *   node_modules/.bin/bun bench/scenarios.ts [--only ID[,ID...]] [--duration 25] [--scale 1]
 *       [--database-url postgres://postgres@127.0.0.1:5432/test] [--no-doc]
 *
 * Runs (ids): hot_spread_grid, hot_spread_global (AoI grid vs global, 1,000 bots on map 4),
 * world_spread_ao20 (2,000 bots over the imported AO20 maps), login_storm_postgres (2,000 bots),
 * login_storm_postgres_5000 (issue 17: 5,000 bots, the report puts logins/s next to the hash ceiling),
 * and the NPC runs of issue 15, on the AO20 world loaded whole (`--load-all-maps`: every map's
 * NPCs spawned at start): world_spread_npcs_ao20 (2,000 walkers) and fight_spread_ao20 (2,000
 * fighters, each hunting the nearest NPC); and the magic runs of issue 16 on the same world:
 * mixed_combat_ao20 (2,000 bots: about 50 % walkers, 30 % fighters, 20 % mages casting at NPCs)
 * and cast_spread_ao20 (2,000 mages); mixed_combat_default (500 bots of the same mix on the
 * default world, whose mages also cast a paralysis). `--repeat N` runs each selected run N times and prints
 * the medians of the headline numbers (a JSON line per run id) after the runs.
 * `--scale 0.1` runs a tenth of the bots (a quick check of the suite itself; the doc is only
 * written at scale 1). The Postgres run uses its own database, `argentum_bench`, dropped and
 * created on the server of --database-url, so it never touches what tests use.
 *
 * Not part of `npm test`: about 5-7 minutes on the 2-core machine for the issue 6 runs, about
 * 2.5 minutes per 2,000-bot AO20 round, most of it logins (every login hashes a password with
 * argon2id on the server).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, openSync, closeSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join, resolve } from "node:path";
import postgres from "postgres";
import type { ScenarioReport } from "../src/bots/index.ts";

const REPO = resolve(import.meta.dir, "..");
const BUN = process.execPath;
const DOC = join(REPO, "docs", "benchmarks.md");
const SHARED_DATA = resolve(REPO, process.env.AO_SHARED_DATA ?? "../shared/data");
const DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/test";
const BENCH_DATABASE = "argentum_bench";
const HEALTH_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 30_000;
const POLL_MS = 200;
const BEGIN = "<!-- bench:begin -->";
const END = "<!-- bench:end -->";

/** Targets of issue 6. */
const TARGET_CONFIRMED_RATIO = 0.9;
const TARGET_RTT_P99_MS = 50;
const TARGET_WORLD_MOVES_PER_S = 5_553;
/** Targets of issue 17: the fan-out's efficiency and the confirmed share at hot_spread 1,000. */
const TARGET_MOVES_PER_CPU_S = 1_000_000;
const TARGET_CONFIRMED_RATIO_17 = 0.95;
/** Target of issue 15: the NPC AI ticks run at most this late at p99. */
const TARGET_NPC_AI_LATENESS_P99_MS = 50;

type Database = "pglite" | "postgres";

interface RunSpec {
  readonly id: string;
  readonly scenario: "hot_spread" | "world_spread" | "login_storm" | "fight_spread" | "mixed_combat" | "cast_spread";
  readonly bots: number;
  readonly aoi: "grid" | "global";
  readonly database: Database;
  readonly world: "default" | "ao20";
  readonly benchSpawn: string;
  readonly seed: number;
  readonly transport: "tcp";
  /** `--load-all-maps`: every map (and its NPCs) loaded at start, not on first entry. */
  readonly loadAllMaps?: boolean;
  /** `--duration` of the bots, s, whatever the suite's; a login storm's is its login-phase limit. */
  readonly durationS?: number;
}

const RUNS: readonly RunSpec[] = [
  { id: "hot_spread_grid", scenario: "hot_spread", bots: 1000, aoi: "grid", database: "pglite", world: "default", benchSpawn: "4", seed: 1, transport: "tcp" },
  // Issue 17: the same crowd on Postgres, for the resident memory without the embedded database.
  { id: "hot_spread_grid_postgres", scenario: "hot_spread", bots: 1000, aoi: "grid", database: "postgres", world: "default", benchSpawn: "4", seed: 1, transport: "tcp" },
  { id: "hot_spread_global", scenario: "hot_spread", bots: 1000, aoi: "global", database: "pglite", world: "default", benchSpawn: "4", seed: 2, transport: "tcp" },
  { id: "world_spread_ao20", scenario: "world_spread", bots: 2000, aoi: "grid", database: "pglite", world: "ao20", benchSpawn: "spread", seed: 3, transport: "tcp" },
  { id: "login_storm_postgres", scenario: "login_storm", bots: 2000, aoi: "grid", database: "postgres", world: "default", benchSpawn: "off", seed: 4, transport: "tcp" },
  // Issue 17: 5,000 logins on Postgres; at 12-40 logins/s (the argon2id hash on two cores) they need up to ~7 min, 900 s leaves room.
  { id: "login_storm_postgres_5000", scenario: "login_storm", bots: 5000, aoi: "grid", database: "postgres", world: "default", benchSpawn: "off", seed: 17, transport: "tcp", durationS: 900 },
  // Issue 15: every NPC of the AO20 maps spawned, 2,000 walkers spread over the maps.
  { id: "world_spread_npcs_ao20", scenario: "world_spread", bots: 2000, aoi: "grid", database: "pglite", world: "ao20", benchSpawn: "spread", seed: 6, transport: "tcp", loadAllMaps: true },
  // Combat load: every bot walks to the nearest NPC in sight and attacks it at the melee pace.
  { id: "fight_spread_ao20", scenario: "fight_spread", bots: 2000, aoi: "grid", database: "pglite", world: "ao20", benchSpawn: "spread", seed: 5, transport: "tcp", loadAllMaps: true },
  // Issue 16: walkers, fighters and mages (50/30/20), the mages casting at NPCs, meditating, healing.
  { id: "mixed_combat_ao20", scenario: "mixed_combat", bots: 2000, aoi: "grid", database: "pglite", world: "ao20", benchSpawn: "spread", seed: 7, transport: "tcp", loadAllMaps: true },
  // Every bot a mage: the most casting 2,000 bots put on the server.
  { id: "cast_spread_ao20", scenario: "cast_spread", bots: 2000, aoi: "grid", database: "pglite", world: "ao20", benchSpawn: "spread", seed: 8, transport: "tcp", loadAllMaps: true },
  // The default world's mages know a paralysis (Atadura): the same mix on its 5 maps, so holds
  // and their status timers run too (a new AO20 mage has none to cast).
  { id: "mixed_combat_default", scenario: "mixed_combat", bots: 500, aoi: "grid", database: "pglite", world: "default", benchSpawn: "spread", seed: 9, transport: "tcp" },
];

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const durationS = Number(option("duration") ?? 25);
const scale = Number(option("scale") ?? 1);
const repeat = Number(option("repeat") ?? 1);
const only = option("only")?.split(",");
const databaseUrl = option("database-url") ?? DEFAULT_DATABASE_URL;
// The generated block holds one run of each id: repeated runs print medians, the doc is written by hand.
const writeDoc = !process.argv.includes("--no-doc") && scale === 1 && repeat === 1;
if (!(durationS > 0) || !(scale > 0 && scale <= 1) || !(Number.isInteger(repeat) && repeat >= 1)) {
  process.stderr.write("bench/scenarios: --duration must be > 0, --scale in (0, 1] and --repeat a whole number >= 1\n");
  process.exit(2);
}
const unknown = only?.filter((id) => !RUNS.some((run) => run.id === id)) ?? [];
if (unknown.length > 0) {
  process.stderr.write(`bench/scenarios: unknown run(s) ${unknown.join(", ")}; known: ${RUNS.map((run) => run.id).join(", ")}\n`);
  process.exit(2);
}

function log(line: string): void {
  process.stderr.write(`bench/scenarios: ${line}\n`);
}

async function freePort(): Promise<number> {
  const listener = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = listener.port;
  listener.stop(true);
  return port;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolvePromise) => setTimeout(resolvePromise, ms));
}

/** `postgres://user@host:port/db` with another database name. */
function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.href;
}

async function freshPostgresDatabase(): Promise<string> {
  const admin = postgres(withDatabase(databaseUrl, "postgres"), { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${BENCH_DATABASE} WITH (FORCE)`);
    await admin.unsafe(`CREATE DATABASE ${BENCH_DATABASE}`);
  } finally {
    await admin.end();
  }
  return withDatabase(databaseUrl, BENCH_DATABASE);
}

let ao20Pack: string | undefined;
function importAo20(workDir: string): string | undefined {
  if (ao20Pack) return ao20Pack;
  const maps = join(SHARED_DATA, "ao20", "Mapas");
  const dat = join(SHARED_DATA, "ao20", "Dat");
  if (!existsSync(maps) || !existsSync(dat)) {
    const message = `AO20 data missing under ${SHARED_DATA} (set AO_SHARED_DATA)`;
    if (process.env.CI === "true") throw new Error(message);
    log(`skipping the AO20 runs: ${message}`);
    return undefined;
  }
  const out = join(workDir, "ao20-pack");
  const args = ["src/main.ts", "import", "--maps", maps, "--dat", dat, "--out", out];
  log(`importing AO20: bun ${args.join(" ")}`);
  const started = performance.now();
  const result = Bun.spawnSync([BUN, ...args], { cwd: REPO, stdout: "ignore", stderr: "pipe" });
  if (result.exitCode !== 0) throw new Error(`import failed (exit ${result.exitCode}): ${result.stderr.toString().slice(-2000)}`);
  log(`imported in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  ao20Pack = out;
  return out;
}

interface RunResult {
  readonly spec: RunSpec;
  readonly bots: number;
  readonly serverCommand: string;
  readonly botsCommand: string;
  readonly report: ScenarioReport;
  readonly serverExitCode: number | null;
  readonly serverStopS: number;
  readonly loadAvgBefore: number;
  /** The 1-minute load average right after the bots finished (the run's own load included). */
  readonly loadAvgAfter: number;
  readonly wallS: number;
}

function shellQuote(args: readonly string[]): string {
  // `$NAME` placeholders stand for paths the reader picks; they stay unquoted.
  return args.map((arg) => (/^[\w@%+=:,./-]+$/.test(arg) || /^\$[A-Z0-9_]+$/.test(arg) ? arg : `'${arg.replace(/'/g, "'\\''")}'`)).join(" ");
}

async function runOne(spec: RunSpec, workDir: string): Promise<RunResult | undefined> {
  const started = performance.now();
  const bots = Math.max(1, Math.round(spec.bots * scale));
  const dataDir = mkdtempSync(join(workDir, `${spec.id}-`));
  const tcpPort = await freePort();
  const httpPort = await freePort();
  const serverArgs = [
    "src/main.ts",
    "serve",
    "--host",
    "127.0.0.1",
    "--tcp-port",
    String(tcpPort),
    "--http-port",
    String(httpPort),
    "--data-dir",
    dataDir,
    "--log-level",
    "warn",
    "--bench-spawn",
    spec.benchSpawn,
    "--aoi",
    spec.aoi,
    "--max-connections",
    "100000",
    "--max-connections-per-ip",
    "100000",
    "--login-timeout-seconds",
    "600",
  ];
  if (spec.world === "ao20") {
    const pack = importAo20(workDir);
    if (!pack) return undefined;
    serverArgs.push("--world", pack);
  }
  if (spec.loadAllMaps) serverArgs.push("--load-all-maps");
  if (spec.database === "postgres") serverArgs.push("--database-url", await freshPostgresDatabase());
  const serverLog = join(workDir, `${spec.id}-server.log`);
  const logFd = openSync(serverLog, "w");
  log(`${spec.id}: starting server: bun ${shellQuote(serverArgs)}`);
  const server = Bun.spawn([BUN, ...serverArgs], { cwd: REPO, stdout: logFd, stderr: logFd, stdin: "ignore" });
  closeSync(logFd);
  try {
    const healthy = await waitHealthy(httpPort, server);
    if (!healthy) throw new Error(`${spec.id}: server not healthy within ${HEALTH_TIMEOUT_MS} ms; log: ${readFileSync(serverLog, "utf8").slice(-2000)}`);
    const jsonFile = join(workDir, `${spec.id}.json`);
    const botsArgs = [
      "src/main.ts",
      "bots",
      "--target",
      `tcp://127.0.0.1:${tcpPort}`,
      "--http-url",
      `http://127.0.0.1:${httpPort}`,
      "--scenario",
      spec.scenario,
      "--bots",
      String(bots),
      "--duration",
      String(spec.durationS ?? (spec.scenario === "login_storm" ? Math.max(durationS, 300) : durationS)),
      "--seed",
      String(spec.seed),
      "--login-timeout",
      "600",
      "--json",
      jsonFile,
    ];
    const loadAvgBefore = Math.round(loadavg()[0]! * 100) / 100;
    log(`${spec.id}: bun ${shellQuote(botsArgs)}`);
    const child = Bun.spawn([BUN, ...botsArgs], { cwd: REPO, stdout: "ignore", stderr: "inherit", stdin: "ignore" });
    const code = await child.exited;
    const loadAvgAfter = Math.round(loadavg()[0]! * 100) / 100;
    // Exit 1 with a report means some bots failed: the tables show it (by cause). Anything else broke.
    if ((code !== 0 && code !== 1) || !existsSync(jsonFile)) throw new Error(`${spec.id}: argentum bots exited ${code}`);
    const report = JSON.parse(readFileSync(jsonFile, "utf8")) as ScenarioReport;
    const stopStarted = performance.now();
    server.kill("SIGTERM");
    const exit = await Promise.race([server.exited, sleep(STOP_TIMEOUT_MS).then(() => null)]);
    const serverStopS = (performance.now() - stopStarted) / 1000;
    if (exit === null) {
      server.kill("SIGKILL");
      log(`${spec.id}: server did not stop within ${STOP_TIMEOUT_MS} ms of SIGTERM`);
    } else if (exit !== 0) {
      log(`${spec.id}: server exited ${exit} after SIGTERM (expected 0); log tail: ${readFileSync(serverLog, "utf8").slice(-1500)}`);
    }
    return {
      spec,
      bots,
      serverCommand: `bun ${shellQuote(serverArgs.map((arg) => (arg === dataDir ? "$DATA_DIR" : arg === ao20Pack ? "$AO20_PACK" : arg)))}`,
      botsCommand: `bun ${shellQuote(botsArgs.map((arg) => (arg === jsonFile ? `${spec.id}.json` : arg)))}`,
      report,
      serverExitCode: exit,
      serverStopS,
      loadAvgBefore,
      loadAvgAfter,
      wallS: (performance.now() - started) / 1000,
    };
  } finally {
    if (server.exitCode === null && !server.killed) server.kill("SIGKILL");
    await server.exited.catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function waitHealthy(httpPort: number, server: { exitCode: number | null }): Promise<boolean> {
  const until = performance.now() + HEALTH_TIMEOUT_MS;
  while (performance.now() < until) {
    if (server.exitCode !== null) return false;
    try {
      const response = await fetch(`http://127.0.0.1:${httpPort}/health`);
      if (response.status === 200) return true;
    } catch {
      // not listening yet
    }
    await sleep(POLL_MS);
  }
  return false;
}

// --- the doc ------------------------------------------------------------------------------------

function num(value: number | null | undefined, digits = 1): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "-";
  return value.toLocaleString("en-US", { maximumFractionDigits: digits });
}

function pct(value: number | null | undefined): string {
  return value === null || value === undefined ? "-" : `${num(value * 100, 1)} %`;
}

function verdict(ok: boolean | undefined): string {
  return ok === undefined ? "not run" : ok ? "**met**" : "**missed**";
}

function generated(results: readonly RunResult[], machine: Record<string, string>): string {
  const by = (id: string) => results.find((result) => result.spec.id === id);
  const lines: string[] = [];
  lines.push(`Generated by \`node_modules/.bin/bun bench/scenarios.ts\` on ${machine.date}.`, "");
  lines.push("### Machine", "");
  lines.push("| | |", "|---|---|");
  for (const [key, value] of Object.entries(machine)) if (key !== "date") lines.push(`| ${key} | ${value} |`);
  lines.push("");
  lines.push("### Commands", "");
  lines.push("Each run: a fresh server (`$DATA_DIR` a new temp dir), then the bots in their own process, then SIGTERM to the server.", "");
  lines.push("```sh");
  for (const result of results) {
    lines.push(`# ${result.spec.id}`, result.serverCommand, result.botsCommand, "");
  }
  if (results.some((result) => result.spec.world === "ao20")) {
    lines.push("# $AO20_PACK was made by", "bun src/main.ts import --maps $AO_SHARED_DATA/ao20/Mapas --dat $AO_SHARED_DATA/ao20/Dat --out $AO20_PACK");
  }
  lines.push("```", "");

  lines.push("### Results", "");
  lines.push(
    "| run | bots (in) | window s | offered moves/s | confirmed moves/s | confirmed | observable | server moves/s | recipients/move | move rtt p50 / p99 / max ms | refused / ambiguous | server cpu % | server RSS MB | bots cpu % | failures |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|---:|---:|---:|---:|",
  );
  for (const { spec, report } of results) {
    lines.push(
      `| ${spec.id} | ${num(report.bots, 0)} (${num(report.bots_active, 0)}) | ${num(report.duration_s, 1)} | ${num(report.offered_moves_per_s)} | ${num(report.moves_per_s)} | ${pct(report.confirmed_ratio)} | ${pct(report.observable_ratio)} | ${num(report.server_moves_per_s)} | ${num(report.recipients_per_move)} | ${num(report.rtt_p50_ms)} / ${num(report.rtt_p99_ms)} / ${num(report.rtt_max_ms)} | ${num(report.moves_refused, 0)} / ${num(report.moves_ambiguous, 0)} | ${num(report.server_cpu_pct)} | ${num(report.server_rss_mb, 0)} | ${num(report.bots_cpu_pct)} | ${num(report.failures, 0)} |`,
    );
  }
  lines.push("");

  lines.push("### Targets", "");
  lines.push("| target | measured | verdict |", "|---|---|---|");
  const hot = by("hot_spread_grid")?.report;
  lines.push(`| hot_spread 1,000 bots: moves confirmed >= 90 % of offered | ${hot ? pct(hot.confirmed_ratio) : "-"} | ${verdict(hot ? (hot.confirmed_ratio ?? 0) >= TARGET_CONFIRMED_RATIO : undefined)} |`);
  lines.push(`| hot_spread 1,000 bots: move round trip p99 <= 50 ms | ${hot ? `${num(hot.rtt_p99_ms)} ms` : "-"} | ${verdict(hot ? (hot.rtt_p99_ms ?? Infinity) <= TARGET_RTT_P99_MS : undefined)} |`);
  lines.push(
    `| hot_spread 1,000 bots: >= 1.0 M CharacterMove frames per server CPU-second, >= 95 % confirmed | ${hot ? `${num((hot.server_character_moves_per_cpu_s ?? Number.NaN) / 1e6, 3)} M, ${pct(hot.confirmed_ratio)}` : "-"} | ${verdict(hot ? (hot.server_character_moves_per_cpu_s ?? 0) >= TARGET_MOVES_PER_CPU_S && (hot.confirmed_ratio ?? 0) >= TARGET_CONFIRMED_RATIO_17 : undefined)} |`,
  );
  const world = by("world_spread_ao20")?.report;
  lines.push(
    `| world_spread 2,000 bots over AO20: >= 5,553 moves/s | server ${world ? num(world.server_moves_per_s) : "-"} moves/s (bots saw ${world ? num(world.moves_per_s) : "-"}/s of ${world ? num(world.offered_moves_per_s) : "-"}/s offered) | ${verdict(world ? (world.server_moves_per_s ?? 0) >= TARGET_WORLD_MOVES_PER_S : undefined)} |`,
  );
  for (const id of ["world_spread_npcs_ao20", "fight_spread_ao20"]) {
    const npcs = by(id)?.report;
    lines.push(
      `| ${id} 2,000 bots over AO20, every NPC spawned: >= 5,553 moves/s | server ${npcs ? num(npcs.server_moves_per_s) : "-"} moves/s | ${verdict(npcs ? (npcs.server_moves_per_s ?? 0) >= TARGET_WORLD_MOVES_PER_S : undefined)} |`,
      `| ${id}: NPC AI tick lateness p99 <= 50 ms | ${npcs ? `${num(npcs.npc_ai_lateness_p99_ms)} ms` : "-"} | ${verdict(npcs && npcs.npc_ai_lateness_p99_ms !== null ? npcs.npc_ai_lateness_p99_ms <= TARGET_NPC_AI_LATENESS_P99_MS : undefined)} |`,
    );
  }
  const storm = by("login_storm_postgres")?.report;
  lines.push(
    `| login_storm 2,000 bots on Postgres: all in, no failures | ${storm ? `${num(storm.logins, 0)} in, ${num(storm.failures, 0)} failed, ${num(storm.logins_per_s)} logins/s` : "-"} | ${verdict(storm ? storm.logins === storm.bots && storm.failures === 0 : undefined)} |`,
  );
  const storm5000 = by("login_storm_postgres_5000")?.report;
  lines.push(
    `| login_storm 5,000 bots on Postgres: all in, no failures | ${storm5000 ? `${num(storm5000.logins, 0)} in, ${num(storm5000.failures, 0)} failed, ${num(storm5000.logins_per_s)} logins/s (hash ceiling ${num(storm5000.hash_ceiling_per_s)}/s)` : "-"} | ${verdict(storm5000 ? storm5000.logins === storm5000.bots && storm5000.failures === 0 : undefined)} |`,
  );
  lines.push("");

  const grid = by("hot_spread_grid")?.report;
  const global = by("hot_spread_global")?.report;
  if (grid || global) {
    lines.push("### AoI `grid` vs `global`, 1,000 bots on map 4", "");
    lines.push("| | grid | global |", "|---|---:|---:|");
    const row = (label: string, pick: (report: ScenarioReport) => string) => lines.push(`| ${label} | ${grid ? pick(grid) : "-"} | ${global ? pick(global) : "-"} |`);
    row("offered / confirmed moves/s", (r) => `${num(r.offered_moves_per_s)} / ${num(r.moves_per_s)}`);
    row("confirmed share", (r) => pct(r.confirmed_ratio));
    row("recipients per move", (r) => num(r.recipients_per_move));
    row("CharacterMove frames sent by the server /s", (r) => num(r.server_character_moves_out_per_s, 0));
    row("CharacterMove frames per server CPU-second", (r) => num(r.server_character_moves_per_cpu_s, 0));
    row("socket writes /s, frames per write", (r) => `${num(r.server_socket_writes_per_s, 0)}, ${num(r.server_frames_per_write)}`);
    row("server bytes out /s", (r) => `${num((r.server_bytes_out_per_s ?? Number.NaN) / 1e6, 2)} MB`);
    row("move rtt p50 / p99 / max ms", (r) => `${num(r.rtt_p50_ms)} / ${num(r.rtt_p99_ms)} / ${num(r.rtt_max_ms)}`);
    row("server cpu % (of one core)", (r) => num(r.server_cpu_pct));
    row("map queue delay max ms", (r) => num(r.map_queue_delay_max_ms));
    row("server lag main p99 / max, worker max ms", (r) => `${num(r.event_loop_lag_p99_ms)} / ${num(r.event_loop_lag_max_ms)}, ${num(r.worker_lag_max_ms)}`);
    row("bots cpu %, bots received MB/s", (r) => `${num(r.bots_cpu_pct)}, ${num((r.bytes_received_per_s ?? Number.NaN) / 1e6, 2)}`);
    row("failures", (r) => num(r.failures, 0));
    lines.push("");
  }

  const fights = results.filter((result) => result.report.attacks_per_s !== null && result.report.attacks_per_s !== undefined);
  if (fights.length > 0) {
    lines.push("### Combat", "");
    lines.push(
      "| run | bots (in) | attacks/s | attacks | hits seen | misses seen | kills seen | hit by NPCs | deaths | targets given up | moves offered/s | server cpu % | failures |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    );
    for (const { spec, report } of fights) {
      lines.push(
        `| ${spec.id} | ${num(report.bots, 0)} (${num(report.bots_active, 0)}) | ${num(report.attacks_per_s)} | ${num(report.attacks_sent, 0)} | ${num(report.hits_seen, 0)} | ${num(report.misses_seen, 0)} | ${num(report.kills_seen, 0)} | ${num(report.hits_taken, 0)} | ${num(report.deaths, 0)} | ${num(report.targets_given_up, 0)} | ${num(report.offered_moves_per_s)} | ${num(report.server_cpu_pct)} | ${num(report.failures, 0)} |`,
      );
    }
    lines.push("");
  }

  const magic = results.filter((result) => result.report.casts_per_s !== null && result.report.casts_per_s !== undefined);
  if (magic.length > 0) {
    lines.push("### Magic", "");
    lines.push(
      "| run | bots by behaviour | casts/s (bots) | damage / heal / paralysis | spell hits / kills seen | mana spent | meditations | refused / unanswered | server casts/s (refused/s) | status timers armed / fired per s | meditation ticks/s | deaths |",
      "|---|---|---:|---|---|---:|---:|---|---|---|---:|---:|",
    );
    for (const { spec, report: r } of magic) {
      const mix = Object.entries(r.bots_by_behaviour ?? {})
        .map(([name, count]) => `${name} ${count}`)
        .join(", ");
      lines.push(
        `| ${spec.id} | ${mix} | ${num(r.casts_per_s)} | ${num(r.damage_casts, 0)} / ${num(r.heal_casts, 0)} / ${num(r.paralysis_casts, 0)} | ${num(r.spell_hits_seen, 0)} / ${num(r.cast_kills_seen, 0)} | ${num(r.mana_spent, 0)} | ${num(r.meditations, 0)} | ${num(r.casts_refused, 0)} / ${num(r.casts_unanswered, 0)} | ${num(r.server_casts_per_s)} (${num(r.server_casts_refused_per_s)}) | ${num(r.server_status_timers_armed_per_s)} / ${num(r.server_status_timer_events_per_s)} | ${num(r.server_meditation_ticks_per_s)} | ${num(r.deaths, 0)} |`,
      );
    }
    lines.push("");
  }

  const ai = results.filter((result) => result.report.npc_ai_ticks_per_s !== null && result.report.npc_ai_ticks_per_s !== undefined);
  if (ai.length > 0) {
    lines.push("### NPC AI", "");
    lines.push(
      "| run | NPCs alive / on player maps / thinking | AI maps | ticks/s | thinks/s | steps/s | attacks/s | path searches/s | expansions/s | AI cpu ms/s (% of a core) | µs/think | longest tick ms | tick lateness p50 / p99 / max ms |",
      "|---|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---|",
    );
    for (const { spec, report: r } of ai) {
      lines.push(
        `| ${spec.id} | ${num(r.npcs_alive, 0)} / ${num(r.npcs_on_player_maps, 0)} / ${num(r.npcs_thinking, 0)} | ${num(r.npc_ai_maps_running, 0)} | ${num(r.npc_ai_ticks_per_s)} | ${num(r.npc_thinks_per_s)} | ${num(r.npc_steps_per_s)} | ${num(r.npc_attacks_per_s)} | ${num(r.npc_path_searches_per_s)} | ${num(r.npc_path_expansions_per_s, 0)} | ${num(r.npc_ai_cpu_ms_per_s)} (${num(r.npc_ai_cpu_pct, 2)} %) | ${num(r.npc_ai_us_per_think)} | ${num(r.npc_ai_tick_max_ms, 2)} | ${num(r.npc_ai_lateness_p50_ms)} / ${num(r.npc_ai_lateness_p99_ms)} / ${num(r.npc_ai_lateness_max_ms)} |`,
      );
    }
    lines.push("");
  }

  lines.push("### Where the time goes", "");
  lines.push(
    "| run | server cpu % | map queue delay max ms | server lag p99 / max ms | worker lag max ms | bots cpu % | bots send late p99 ms | bots loop lag p99 / max ms | chat rtt p50 / p99 ms | received MB/s |",
    "|---|---:|---:|---|---:|---:|---:|---|---|---:|",
  );
  for (const { spec, report } of results) {
    lines.push(
      `| ${spec.id} | ${num(report.server_cpu_pct)} | ${num(report.map_queue_delay_max_ms)} | ${num(report.event_loop_lag_p99_ms)} / ${num(report.event_loop_lag_max_ms)} | ${num(report.worker_lag_max_ms)} | ${num(report.bots_cpu_pct)} | ${num(report.bots_send_late_p99_ms)} | ${num(report.bots_loop_lag_p99_ms)} / ${num(report.bots_loop_lag_max_ms)} | ${num(report.chat_rtt_p50_ms)} / ${num(report.chat_rtt_p99_ms)} | ${num((report.bytes_received_per_s ?? Number.NaN) / 1e6, 2)} |`,
    );
  }
  lines.push("");

  lines.push("### Logins", "");
  lines.push("| run | bots | logged in | failed | logins/s | hash alone: ms, ceiling /s | login p50 / p99 ms | login phase s | maps at login | wrong map | failures by cause |", "|---|---:|---:|---:|---:|---|---|---:|---:|---:|---|");
  for (const { spec, report } of results) {
    const reasons = report.failure_causes.map((group) => `${group.count}× ${group.label}`).join("; ");
    lines.push(
      `| ${spec.id} | ${num(report.bots, 0)} | ${num(report.logins, 0)} | ${num(report.failures, 0)} | ${num(report.logins_per_s)} | ${num(report.hash_alone_ms)}, ${num(report.hash_ceiling_per_s)} | ${num(report.login_p50_ms, 0)} / ${num(report.login_p99_ms, 0)} | ${num(report.login_phase_s)} | ${num(report.maps_at_login, 0)} | ${num(report.wrong_map, 0)} | ${reasons || "-"} |`,
    );
  }
  lines.push("");
  lines.push("Server stop after SIGTERM: " + results.map((result) => `${result.spec.id} exit ${result.serverExitCode ?? "none (killed)"} in ${num(result.serverStopS, 1)} s`).join("; ") + ".", "");
  lines.push("Load average (1 min) before / right after each run: " + results.map((result) => `${result.spec.id} ${result.loadAvgBefore} / ${result.loadAvgAfter}`).join(", ") + ".");
  return lines.join("\n");
}

function updateDoc(block: string): void {
  const skeleton = `# Benchmarks\n\n${BEGIN}\n${END}\n`;
  const current = existsSync(DOC) ? readFileSync(DOC, "utf8") : skeleton;
  const begin = current.indexOf(BEGIN);
  const end = current.indexOf(END);
  const base = begin >= 0 && end > begin ? current : `${current.trimEnd()}\n\n${BEGIN}\n${END}\n`;
  const b = base.indexOf(BEGIN);
  const e = base.indexOf(END);
  writeFileSync(DOC, `${base.slice(0, b + BEGIN.length)}\n${block}\n${base.slice(e)}`);
}

/** The headline numbers a repeated run is summarised by. */
const MEDIAN_KEYS = [
  "offered_moves_per_s",
  "moves_per_s",
  "confirmed_ratio",
  "server_moves_per_s",
  "rtt_p50_ms",
  "rtt_p99_ms",
  "server_cpu_pct",
  "bots_cpu_pct",
  "map_queue_delay_max_ms",
  "worker_lag_max_ms",
  "attacks_per_s",
  "casts_per_s",
  "spell_hits_seen",
  "mana_spent",
  "meditations",
  "deaths",
  "server_cast_requests_per_s",
  "server_casts_per_s",
  "server_casts_refused_per_s",
  "server_status_timers_armed_per_s",
  "server_status_timer_events_per_s",
  "server_meditations_started_per_s",
  "server_meditation_ticks_per_s",
  "npc_ai_ticks_per_s",
  "npc_thinks_per_s",
  "npc_steps_per_s",
  "npc_attacks_per_s",
  "npc_path_searches_per_s",
  "npc_path_expansions_per_s",
  "npc_ai_cpu_ms_per_s",
  "npc_ai_cpu_pct",
  "npc_ai_us_per_think",
  "npc_ai_tick_max_ms",
  "npc_ai_lateness_p50_ms",
  "npc_ai_lateness_p99_ms",
  "npc_ai_lateness_max_ms",
  "npcs_alive",
  "npcs_on_player_maps",
  "npcs_thinking",
  "failures",
] as const satisfies readonly (keyof ScenarioReport)[];

function medians(reports: readonly ScenarioReport[]): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const key of MEDIAN_KEYS) {
    const values = reports
      .map((report) => report[key])
      .filter((value): value is number => typeof value === "number" && Number.isFinite(value))
      .sort((a, b) => a - b);
    const mid = values.length >> 1;
    out[key] = values.length === 0 ? null : values.length % 2 === 1 ? values[mid]! : (values[mid - 1]! + values[mid]!) / 2;
  }
  return out;
}

// --- main ---------------------------------------------------------------------------------------

const workDir = mkdtempSync(join(tmpdir(), "argentum-bench-scenarios-"));
const results: RunResult[] = [];
const suiteStarted = performance.now();
try {
  for (const spec of RUNS) {
    if (only && !only.includes(spec.id)) continue;
    const repeats: RunResult[] = [];
    for (let round = 1; round <= repeat; round++) {
      let result: RunResult | undefined;
      try {
        result = await runOne(spec, workDir);
      } catch (error) {
        log(`${spec.id} failed: ${error instanceof Error ? error.message : String(error)}`);
        process.stdout.write(`${JSON.stringify({ run: spec.id, error: error instanceof Error ? error.message : String(error) })}\n`);
        process.exitCode = 1;
        continue;
      }
      if (!result) break;
      repeats.push(result);
      process.stdout.write(
        `${JSON.stringify({ run: spec.id, ...(repeat > 1 ? { round } : {}), aoi: spec.aoi, database: spec.database, world: spec.world, load_all_maps: spec.loadAllMaps === true, server_exit_code: result.serverExitCode, load_avg_1m: result.loadAvgBefore, load_avg_1m_after: result.loadAvgAfter, wall_s: Math.round(result.wallS), ...result.report, timeline: undefined })}\n`,
      );
    }
    if (repeats.length === 0) continue;
    results.push(repeats[0]!);
    if (repeat > 1) process.stdout.write(`${JSON.stringify({ run: spec.id, rounds: repeats.length, medians: medians(repeats.map((result) => result.report)) })}\n`);
  }
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
const machine = {
  date: new Date().toISOString().slice(0, 10),
  cpus: `${cpus().length} × ${cpus()[0]?.model ?? "unknown"}`,
  memory: `${Math.round(totalmem() / 1024 ** 3)} GiB`,
  bun: Bun.version,
  "suite wall time": `${Math.round((performance.now() - suiteStarted) / 1000)} s`,
  note: "server, bots and other engineers' work share the two cores",
};
process.stdout.write(`${JSON.stringify({ suite: "scenarios", runs: results.length, wall_s: Math.round((performance.now() - suiteStarted) / 1000), machine })}\n`);
if (writeDoc && results.length > 0) {
  updateDoc(generated(results, machine));
  log(`wrote ${DOC}`);
}
