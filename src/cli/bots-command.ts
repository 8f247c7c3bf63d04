/**
 * `argentum bots`: load testing from the same executable. Subcommands sit in one table so the
 * scenario runner (`argentum bots --target ... --scenario ...`) slots in beside
 * `bench-runtime`, the benchmark of the bot runtime alone.
 *
 * A scenario run exits 0 only when every bot got in and ran to the end, 1 when any failed (the
 * report groups them by cause, with remedies), 2 on bad usage. Each run draws a new run tag for
 * its bots' names here (bot code holds no randomness of its own), so runs never collide.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import {
  BOT_TIMER_MIX,
  DEFAULT_LOGIN_CONCURRENCY,
  DEFAULT_WARMUP_S,
  formatReportTable,
  formatThinkTime,
  formatFailureCauses,
  httpOriginOf,
  isScenarioName,
  ipv4Number,
  MAX_TIMERS_PER_ACTOR,
  parseMix,
  parseSourceAddresses,
  parseTarget,
  parseThinkTime,
  REAL_TICK_MS,
  runRuntimeBench,
  runScenario as runScenarioOnce,
  SCENARIO_NAMES,
  ScenarioError,
  SCENARIOS,
  SERVER_DEFAULT_MAX_CONNECTIONS_PER_IP,
  seedTag,
  SUGGESTED_SOURCE_ADDRESSES,
  tagOf,
  type BotLogger,
  type RuntimeBenchOptions,
  type ScenarioMix,
  type ScenarioReport,
  type ThinkTime,
} from "../bots/index.ts";
import type { CliIo, Command } from "./command.ts";

const EXIT_OK = 0;
const EXIT_FAILED = 1;
const EXIT_USAGE = 2;
/** Upper bounds that keep a typo from asking for a day-long run or a million timers per bot. */
const MAX_ACTORS = 1_000_000;
const MAX_DURATION_S = 86_400;
const MAX_TICK_MS = 1_000;

const BENCH_USAGE = `usage: argentum bots bench-runtime --actors N [options]

Runs the bot runtime alone on the real clock (no server, no sockets): N actors, each with
--timers-per-actor recurring timers on think times; every fire draws a heading and sends a
Walk into a loopback session. Prints one JSON line and writes it to --json FILE.

options:
  --actors N               actors (1..${MAX_ACTORS}, required)
  --timers-per-actor K     recurring timers per actor (1..${MAX_TIMERS_PER_ACTOR}, default 4)
  --duration S             seconds measured (default 10)
  --warmup S               seconds run before measuring (default ${DEFAULT_WARMUP_S})
  --think SPEC[,SPEC...]   wait between fires: constant:MS | uniform:MIN:MAX | exponential:MEAN[:MAX]
                           | normal:MEAN:SD[:MIN[:MAX]]; a list gives timer i the i-th entry
                           (cycling). Default: a bot's own four timers, walk, chat, keep-alive and
                           an occasional action: ${BOT_TIMER_MIX.map(formatThinkTime).join(",")}
                           (uniform:211:410 alone puts every timer at the walk pace)
  --tick-ms MS             timer tick (default ${REAL_TICK_MS})
  --queue wheel|heap       timer queue (default wheel)
  --seed K                 seed of the plan and the actors' streams (default 1)
  --no-send                fire timers without sending (the queue and actors only)
  --json FILE              also write the JSON result to FILE

JSON keys: actors, timers, cpu_pct (% of one core over wall time), fires_per_s,
timer_late_p50_ms, timer_late_p99_ms, loop_lag_p99_ms, rss_mb, and more detail.
`;

/** Logins a scenario may take at once, at most (each costs the server a password hash). */
const MAX_LOGIN_CONCURRENCY = 10_000;
const MAX_LOGIN_TIMEOUT_S = 3_600;

const USAGE = `usage: argentum bots <subcommand> [options]
       argentum bots --target tcp://HOST:PORT|ws://HOST:PORT/ws --scenario NAME --bots N --duration S [options]

Simulated AO20 clients for load tests, with reproducible behaviour and honest measurements.

subcommands:
  bench-runtime   benchmark the bot runtime alone (timers, actors, no network)

scenarios (--target ... --scenario NAME):
${SCENARIO_NAMES.map((name) => `  ${name.padEnd(16)}${SCENARIOS[name].summary}${SCENARIOS[name].benchSpawn === "off" ? "" : ` (server: --bench-spawn ${SCENARIOS[name].benchSpawn})`}`).join("\n")}

Each bot creates an account and a character named Bot<run tag><its number>, logs in, checks it
landed on the scenario's map, and acts. The run tag is six letters drawn anew each run (printed
in the report), so runs with the same seed never collide; the seed decides the behaviour. Once
everyone is in, --duration seconds are measured (login_storm measures the logins themselves and
ends when everyone is in). A progress line goes to stderr every second; the report is printed as
JSON and as a table on stdout, with failures grouped by cause and a remedy for each.

A server takes ${SERVER_DEFAULT_MAX_CONNECTIONS_PER_IP} connections per address by default (--max-connections-per-ip):
against a local server, more bots than that need --source-addresses ${SUGGESTED_SOURCE_ADDRESSES}
(Linux routes all of 127.0.0.0/8 to loopback). The run warns up front when bots will not fit.

exit status: 0 every bot got in and ran to the end; 1 some failed (or the run could not start);
2 bad usage.

scenario options:
  --target URL             tcp://HOST:PORT (the AO20 TCP port) or ws://HOST:PORT/ws (required)
  --scenario NAME          one of ${SCENARIO_NAMES.join(", ")} (required)
  --bots N                 bots (1..${MAX_ACTORS}, required)
  --duration S             seconds measured (default 20; login_storm: longest the storm may take)
  --seed K                 seed of the plan and every choice (default 1)
  --http-url URL           the server's HTTP address, for map documents (default: from a ws://
                           target or from --metrics-url; required for a tcp:// target otherwise)
  --metrics-url URL        the server's Prometheus /metrics (default: HTTP address + /metrics)
  --no-metrics             do not read the server's /metrics
  --source-addresses LIST  local addresses the bots' TCP connections come from, round-robin:
                           FIRST-LAST ranges and addresses, comma-separated (e.g.
                           ${SUGGESTED_SOURCE_ADDRESSES}); tcp:// targets given by IPv4 address only
  --reuse-accounts         log into the seed's own accounts (the same names every run), creating
                           the missing ones, instead of new accounts for this run
  --login-concurrency K    logins in flight at once (default ${DEFAULT_LOGIN_CONCURRENCY})
  --login-timeout S        a bot that is not in the world after S seconds fails (default 60)
  --mix W,F,C              shares of walkers, fighters and casters (mages), any scale, e.g.
                           50,30,20 (default: the scenario's own; mixed_combat 50,30,20)
  --json FILE              also write the JSON report to FILE

JSON keys: scenario, bots, offered_moves_per_s, moves_per_s, recipients_per_move, rtt_p50_ms,
rtt_p99_ms, rtt_max_ms, server_cpu_pct, server_rss_mb, failures, ok, failure_causes (cause,
label, count, example_bot, example, remedy), run_tag, accounts, source_addresses, warnings, and
detail (chat round trip, bytes received, logins per second, map queue delay, event-loop lag,
bot-side CPU); fight_spread adds attacks_per_s, attacks_sent, hits_seen, misses_seen,
kills_seen, hits_taken, deaths and targets_given_up; casters (cast_spread, mixed_combat) add
casts_per_s, cast_requests, casts_sent (damage_casts, heal_casts, paralysis_casts),
spell_hits_seen, cast_kills_seen, mana_spent, meditations, casts_refused, casts_unanswered;
every run reports bots_by_behaviour and, from /metrics, server_casts_per_s,
server_status_timer_events_per_s, server_meditation_ticks_per_s and the rest of the server's
magic counters.
`;

interface Subcommand {
  readonly name: string;
  readonly usage: string;
  run(argv: readonly string[], io: CliIo): Promise<number>;
}

/** Hostile-input option parsing: `--name value` or `--name=value`, known names only. */
function parseOptions(argv: readonly string[], valued: ReadonlySet<string>, flags: ReadonlySet<string>): { values: Map<string, string>; flags: Set<string> } | string {
  const values = new Map<string, string>();
  const seen = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith("--")) return `unexpected argument ${JSON.stringify(arg)}`;
    const eq = arg.indexOf("=");
    const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
    if (flags.has(name)) {
      if (eq !== -1) return `--${name} takes no value`;
      seen.add(name);
      continue;
    }
    if (!valued.has(name)) return `unknown option --${name}`;
    const value = eq === -1 ? argv[++i] : arg.slice(eq + 1);
    if (value === undefined || (eq === -1 && value.startsWith("--"))) return `--${name} needs a value`;
    if (values.has(name)) return `--${name} given twice`;
    values.set(name, value);
  }
  return { values, flags: seen };
}

function numberOption(values: Map<string, string>, name: string, fallback: number | undefined, check: { min: number; max: number; integer?: boolean }): number | string {
  const text = values.get(name);
  if (text === undefined) return fallback ?? `--${name} is required`;
  const value = text.trim() === "" ? Number.NaN : Number(text);
  if (!Number.isFinite(value) || (check.integer && !Number.isInteger(value)) || value < check.min || value > check.max) {
    return `--${name} must be ${check.integer ? "an integer" : "a number"} from ${check.min} to ${check.max}, got ${JSON.stringify(text)}`;
  }
  return value;
}

const benchRuntime: Subcommand = {
  name: "bench-runtime",
  usage: BENCH_USAGE,
  async run(argv, io) {
    const parsed = parseOptions(argv, new Set(["actors", "timers-per-actor", "duration", "warmup", "think", "tick-ms", "queue", "seed", "json"]), new Set(["no-send"]));
    if (typeof parsed === "string") return usageError(io, parsed, "bench-runtime");
    const { values } = parsed;
    const actors = numberOption(values, "actors", undefined, { min: 1, max: MAX_ACTORS, integer: true });
    const timersPerActor = numberOption(values, "timers-per-actor", 4, { min: 1, max: MAX_TIMERS_PER_ACTOR, integer: true });
    const durationS = numberOption(values, "duration", 10, { min: 0.01, max: MAX_DURATION_S });
    const warmupS = numberOption(values, "warmup", DEFAULT_WARMUP_S, { min: 0, max: MAX_DURATION_S });
    const tickMs = numberOption(values, "tick-ms", REAL_TICK_MS, { min: 0.1, max: MAX_TICK_MS });
    const seed = numberOption(values, "seed", 1, { min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER, integer: true });
    for (const value of [actors, timersPerActor, durationS, warmupS, tickMs, seed]) if (typeof value === "string") return usageError(io, value, "bench-runtime");
    const queue = values.get("queue") ?? "wheel";
    if (queue !== "wheel" && queue !== "heap") return usageError(io, `--queue must be wheel or heap, got ${JSON.stringify(queue)}`, "bench-runtime");
    const thinkText = values.get("think");
    const think: ThinkTime[] = [];
    if (thinkText === undefined) think.push(...BOT_TIMER_MIX);
    else {
      for (const text of thinkText.split(",")) {
        const parsedThink = parseThinkTime(text);
        if (!parsedThink.ok) return usageError(io, parsedThink.error.message, "bench-runtime");
        think.push(parsedThink.value);
      }
    }
    const options: RuntimeBenchOptions = {
      actors: actors as number,
      timersPerActor: timersPerActor as number,
      durationS: durationS as number,
      warmupS: warmupS as number,
      tickMs: tickMs as number,
      seed: seed as number,
      queue,
      think,
      send: !parsed.flags.has("no-send"),
      progress: (line) => io.err(`bots bench-runtime: ${line}\n`),
    };
    let result;
    try {
      result = await runRuntimeBench(options);
    } catch (error) {
      io.err(`argentum bots bench-runtime: failed: ${error instanceof Error ? error.message : String(error)}\n`);
      return EXIT_FAILED;
    }
    const line = JSON.stringify(result);
    io.out(`${line}\n`);
    return writeJsonOption(io, "argentum bots bench-runtime", values.get("json"), line);
  },
};

/** Writes `line` to the `--json` file when one was given (its folder made first). */
function writeJsonOption(io: CliIo, command: string, file: string | undefined, line: string): number {
  if (file === undefined) return EXIT_OK;
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${line}\n`);
  } catch (error) {
    io.err(`${command}: cannot write ${file}: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT_FAILED;
  }
  return EXIT_OK;
}

/** Warnings and errors of a run go to stderr as one line each. */
function stderrLogger(io: CliIo): BotLogger {
  const line = (level: string) => (fields: object, message?: string) => io.err(`argentum bots: ${level}: ${message ?? ""} ${JSON.stringify(fields)}\n`);
  const logger: BotLogger = { debug() {}, info() {}, warn: line("warn"), error: line("error"), child: () => logger };
  return logger;
}

function originOf(text: string, option: string): string | { error: string } {
  try {
    const url = new URL(text);
    if (url.protocol !== "http:" && url.protocol !== "https:") return { error: `${option} must be an http:// or https:// URL, got ${JSON.stringify(text)}` };
    return url.origin;
  } catch {
    return { error: `${option} is not a URL: ${JSON.stringify(text)}` };
  }
}

/** `argentum bots --target ... --scenario ...`: one scenario run, its report as JSON and a table. */
async function runScenario(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseOptions(
    argv,
    new Set(["target", "scenario", "bots", "duration", "seed", "http-url", "metrics-url", "login", "login-concurrency", "login-timeout", "source-addresses", "json", "mix"]),
    new Set(["no-metrics", "reuse-accounts"]),
  );
  if (typeof parsed === "string") return usageError(io, parsed);
  const { values, flags } = parsed;
  const targetText = values.get("target");
  if (targetText === undefined) return usageError(io, "--target is required (tcp://HOST:PORT or ws://HOST:PORT/ws)");
  const target = parseTarget(targetText);
  if (!target.ok) return usageError(io, target.error.message);
  const scenarioName = values.get("scenario");
  if (scenarioName === undefined) return usageError(io, `--scenario is required: ${SCENARIO_NAMES.join(", ")}`);
  if (!isScenarioName(scenarioName)) return usageError(io, `unknown scenario ${JSON.stringify(scenarioName)}; expected ${SCENARIO_NAMES.join(", ")}`);
  const bots = numberOption(values, "bots", undefined, { min: 1, max: MAX_ACTORS, integer: true });
  const durationS = numberOption(values, "duration", 20, { min: 0.1, max: MAX_DURATION_S });
  const seed = numberOption(values, "seed", 1, { min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER, integer: true });
  const concurrency = numberOption(values, "login-concurrency", DEFAULT_LOGIN_CONCURRENCY, { min: 1, max: MAX_LOGIN_CONCURRENCY, integer: true });
  const loginTimeoutS = numberOption(values, "login-timeout", 60, { min: 1, max: MAX_LOGIN_TIMEOUT_S });
  for (const value of [bots, durationS, seed, concurrency, loginTimeoutS]) if (typeof value === "string") return usageError(io, value);
  // Gone with run tags: every run makes new accounts unless told to reuse the seed's.
  if (values.has("login")) return usageError(io, "--login is gone: runs make new accounts (a new run tag each time); --reuse-accounts logs into the seed's accounts");
  const reuse = flags.has("reuse-accounts");

  const sourceText = values.get("source-addresses");
  let sourceAddresses: readonly string[] = [];
  if (sourceText !== undefined) {
    if (target.target.kind !== "tcp") return usageError(io, "--source-addresses applies to tcp:// targets only (WebSocket connections cannot pick their local address)");
    // Bun binds only when it connects to an address it was given: a name would silently lose it.
    if (ipv4Number(target.target.host) === undefined) return usageError(io, `--source-addresses needs the target as an IPv4 address (e.g. tcp://127.0.0.1:7667), got ${JSON.stringify(target.target.host)}`);
    const parsedSources = parseSourceAddresses(sourceText);
    if (!parsedSources.ok) return usageError(io, `--source-addresses ${parsedSources.error}`);
    sourceAddresses = parsedSources.addresses;
  }

  const httpText = values.get("http-url");
  const metricsText = values.get("metrics-url");
  if (flags.has("no-metrics") && metricsText !== undefined) return usageError(io, "--no-metrics and --metrics-url contradict each other");
  const fromHttp = httpText === undefined ? undefined : originOf(httpText, "--http-url");
  const fromMetrics = metricsText === undefined ? undefined : originOf(metricsText, "--metrics-url");
  for (const origin of [fromHttp, fromMetrics]) if (typeof origin === "object") return usageError(io, origin.error);
  const httpOrigin = (fromHttp as string | undefined) ?? (fromMetrics as string | undefined) ?? httpOriginOf(target.target);
  if (httpOrigin === undefined) return usageError(io, "a tcp:// target needs the server's HTTP address: give --http-url or --metrics-url");
  const metricsUrl = flags.has("no-metrics") ? undefined : (metricsText ?? `${httpOrigin}/metrics`);

  const scenario = SCENARIOS[scenarioName];
  const mixText = values.get("mix");
  let mix: ScenarioMix | undefined;
  if (mixText !== undefined) {
    if (scenario.walk === undefined) return usageError(io, `--mix applies to scenarios whose bots move, not ${scenario.name}`);
    const parsedMix = parseMix(mixText);
    if (!parsedMix.ok) return usageError(io, `--mix ${parsedMix.error}`);
    mix = parsedMix.mix;
  }
  const spawn = scenario.benchSpawn === "off" ? "" : ` (the server is expected to run with --bench-spawn ${scenario.benchSpawn})`;
  const runTag = reuse ? seedTag(seed as number) : tagOf(crypto.getRandomValues(new Uint32Array(1))[0]!);
  const accounts = `${reuse ? "the seed's accounts" : "new accounts"}, run tag ${runTag}`;
  const sources = sourceAddresses.length > 0 ? `, from ${sourceAddresses.length} source addresses` : "";
  io.err(`argentum bots: ${scenario.name}: ${bots} bots over ${target.target.kind} ${target.target.text}${spawn}; ${accounts}${sources}\n`);
  let report: ScenarioReport;
  try {
    report = await runScenarioOnce({
      scenario,
      bots: bots as number,
      durationS: durationS as number,
      seed: seed as number,
      target: target.target,
      httpOrigin,
      metricsUrl,
      login: reuse ? "reuse" : "create",
      runTag,
      sourceAddresses,
      loginConcurrency: concurrency as number,
      loginTimeoutMs: (loginTimeoutS as number) * 1000,
      mix,
      progress: (line) => io.err(`bots ${line}\n`),
      warn: (line) => io.err(`argentum bots: warning: ${line}\n`),
      log: stderrLogger(io),
    });
  } catch (error) {
    if (error instanceof ScenarioError) {
      io.err(`argentum bots: ${error.message}\n`);
      return error.code === "bad_options" ? EXIT_USAGE : EXIT_FAILED;
    }
    io.err(`argentum bots: the run failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return EXIT_FAILED;
  }
  const line = JSON.stringify(report);
  io.out(`${line}\n\n${formatReportTable(report)}`);
  const written = writeJsonOption(io, "argentum bots", values.get("json"), line);
  if (report.ok) return written;
  // The causes go to stderr as well: a script that keeps only stdout's JSON still shows them.
  io.err(`argentum bots: ${report.failures} of ${report.bots} bots failed (exit ${EXIT_FAILED})\n${formatFailureCauses(report.failure_causes).slice(1)}`);
  return EXIT_FAILED;
}

const SUBCOMMANDS: readonly Subcommand[] = [benchRuntime];

function usageError(io: CliIo, message: string, subcommand?: string): number {
  const name = subcommand ? `bots ${subcommand}` : "bots";
  io.err(`argentum ${name}: ${message}\n(argentum ${name} --help for usage)\n`);
  return EXIT_USAGE;
}

export const botsCommand: Command = {
  name: "bots",
  summary: "load-test a server with simulated clients (scenarios); bench-runtime benchmarks the bot runtime",
  // The top-level `--help` shows this whole text, so every subcommand's options are in it.
  usage: `${USAGE}\n${SUBCOMMANDS.map((subcommand) => subcommand.usage).join("\n")}`,
  async run(argv, io) {
    const [first, ...rest] = argv;
    const subcommand = SUBCOMMANDS.find((candidate) => candidate.name === first);
    if (subcommand) {
      if (rest.includes("--help") || rest.includes("-h")) {
        io.out(subcommand.usage);
        return EXIT_OK;
      }
      return subcommand.run(rest, io);
    }
    if (first === undefined) return usageError(io, "needs a subcommand or --target/--scenario");
    if (!first.startsWith("-")) return usageError(io, `unknown subcommand ${JSON.stringify(first)}`);
    return runScenario(argv, io);
  },
};
