/**
 * `argentum bots`: load testing from the same executable. Subcommands sit in one table so the
 * scenario runner (`argentum bots --target ... --scenario ...`) slots in beside
 * `bench-runtime`, the benchmark of the bot runtime alone.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { MAX_TIMERS_PER_ACTOR, parseThinkTime, runRuntimeBench, REAL_TICK_MS, REFERENCE_WALK_THINK, type RuntimeBenchOptions, type ThinkTime } from "../bots/index.ts";
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
--timers-per-actor recurring timers on one think time; every fire draws a heading and sends a
Walk into a loopback session. Prints one JSON line and writes it to --json FILE.

options:
  --actors N               actors (1..${MAX_ACTORS}, required)
  --timers-per-actor K     recurring timers per actor (1..${MAX_TIMERS_PER_ACTOR}, default 4)
  --duration S             seconds measured (default 10)
  --warmup S               seconds run before measuring (default 2)
  --think SPEC[,SPEC...]   wait between fires: constant:MS | uniform:MIN:MAX | exponential:MEAN[:MAX]
                           | normal:MEAN:SD[:MIN[:MAX]]  (default uniform:211:410, the walk pace);
                           a list gives timer i the i-th entry (cycling), e.g. a walker's mix
                           uniform:211:410,exponential:8000,constant:1000,exponential:20000
  --tick-ms MS             timer tick (default ${REAL_TICK_MS})
  --queue wheel|heap       timer queue (default wheel)
  --seed K                 seed of the plan and the actors' streams (default 1)
  --no-send                fire timers without sending (the queue and actors only)
  --json FILE              also write the JSON result to FILE

JSON keys: actors, timers, cpu_pct (% of one core over wall time), fires_per_s,
timer_late_p50_ms, timer_late_p99_ms, loop_lag_p99_ms, rss_mb, and more detail.
`;

const USAGE = `usage: argentum bots <subcommand> [options]
       argentum bots --target tcp://HOST:PORT|ws://HOST:PORT/ws --scenario NAME --bots N ...

Simulated AO20 clients for load tests, with reproducible behaviour and honest measurements.

subcommands:
  bench-runtime   benchmark the bot runtime alone (timers, actors, no network)

scenarios (--target ... --scenario ...): not implemented yet.
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
    const warmupS = numberOption(values, "warmup", 2, { min: 0, max: MAX_DURATION_S });
    const tickMs = numberOption(values, "tick-ms", REAL_TICK_MS, { min: 0.1, max: MAX_TICK_MS });
    const seed = numberOption(values, "seed", 1, { min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER, integer: true });
    for (const value of [actors, timersPerActor, durationS, warmupS, tickMs, seed]) if (typeof value === "string") return usageError(io, value, "bench-runtime");
    const queue = values.get("queue") ?? "wheel";
    if (queue !== "wheel" && queue !== "heap") return usageError(io, `--queue must be wheel or heap, got ${JSON.stringify(queue)}`, "bench-runtime");
    const thinkText = values.get("think");
    const think: ThinkTime[] = [];
    if (thinkText === undefined) think.push(REFERENCE_WALK_THINK);
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
    const file = values.get("json");
    if (file !== undefined) {
      try {
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, `${line}\n`);
      } catch (error) {
        io.err(`argentum bots bench-runtime: cannot write ${file}: ${error instanceof Error ? error.message : String(error)}\n`);
        return EXIT_FAILED;
      }
    }
    return EXIT_OK;
  },
};

/** The scenario runner's entry; it arrives with the session adapter. */
async function runScenario(_argv: readonly string[], io: CliIo): Promise<number> {
  io.err("argentum bots: scenarios: not implemented yet\n");
  return EXIT_USAGE;
}

const SUBCOMMANDS: readonly Subcommand[] = [benchRuntime];

function usageError(io: CliIo, message: string, subcommand?: string): number {
  const name = subcommand ? `bots ${subcommand}` : "bots";
  io.err(`argentum ${name}: ${message}\n(argentum ${name} --help for usage)\n`);
  return EXIT_USAGE;
}

export const botsCommand: Command = {
  name: "bots",
  summary: "load-test a server with simulated clients; bench-runtime benchmarks the bot runtime",
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
