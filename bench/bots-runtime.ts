#!/usr/bin/env bun
/**
 * The bot runtime alone at 5k, 20k and 50k actors with 4 recurring timers each (issue 6).
 *
 *   node_modules/.bin/bun bench/bots-runtime.ts [--duration 10] [--think SPEC[,SPEC...]]
 *       [--sizes 5000,20000,50000] [--queue wheel|heap] [--no-send]
 *
 * The default think times are a bot's own four timers (BOT_TIMER_MIX: a walk step every
 * 211-410 ms, chat, a 1 s keep-alive, an occasional action; 4.4 fires per actor per second).
 * `--think uniform:211:410` puts all four at the walk pace instead (12.9 fires per actor per
 * second), a stress load beyond what a bot does.
 *
 * Each size runs in its own process (a clean heap and JIT, like `argentum bots bench-runtime`)
 * and prints one JSON line; a last line checks the 50k targets (issue 17): cpu_pct <= 5 (of one
 * core), timer_late_p99_ms < 2 ticks, loop_lag_p99_ms < 5. The machine's load average is recorded,
 * because on a shared 2-core machine it moves every number.
 */
import { spawnSync } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { BOT_TIMER_MIX, formatThinkTime, runRuntimeBench, parseThinkTime, REAL_TICK_MS, type RuntimeBenchResult, type ThinkTime } from "../src/bots/index.ts";

const TARGET_ACTORS = 50_000;
const TARGET_CPU_PCT = 5;
const TARGET_LATE_TICKS = 2;
const TARGET_LOOP_LAG_MS = 5;
const TIMERS_PER_ACTOR = 4;

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const duration = Number(option("duration") ?? 10);
const thinkText = option("think") ?? BOT_TIMER_MIX.map(formatThinkTime).join(",");
const queue = option("queue") === "heap" ? "heap" : "wheel";
const send = !process.argv.includes("--no-send");
const parsed = thinkText.split(",").map(parseThinkTime);
const think: ThinkTime[] = [];
for (const entry of parsed) {
  if (!entry.ok) {
    process.stderr.write(`bench/bots-runtime: ${entry.error.message}\n`);
    process.exit(2);
  }
  think.push(entry.value);
}
if (!(duration > 0)) {
  process.stderr.write("bench/bots-runtime: --duration must be > 0\n");
  process.exit(2);
}

if (process.argv.includes("--child")) {
  const result = await runRuntimeBench({ actors: Number(option("actors")), timersPerActor: TIMERS_PER_ACTOR, durationS: duration, think, queue, send });
  process.stdout.write(`${JSON.stringify({ ...result, load_avg_1m: Math.round(loadavg()[0]! * 100) / 100 })}\n`);
  process.exit(0);
}

const sizes = (option("sizes") ?? "5000,20000,50000").split(",").map(Number);
const results: (RuntimeBenchResult & { load_avg_1m: number })[] = [];
for (const actors of sizes) {
  const child = spawnSync(
    process.execPath,
    [import.meta.path, "--child", "--actors", String(actors), "--duration", String(duration), "--think", thinkText, "--queue", queue, ...(send ? [] : ["--no-send"])],
    { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
  );
  const line = child.stdout.trim().split("\n").at(-1) ?? "";
  if (child.status !== 0 || !line.startsWith("{")) {
    process.stderr.write(`bench/bots-runtime: ${actors} actors failed (exit ${child.status})\n`);
    process.exit(1);
  }
  process.stdout.write(`${line}\n`);
  results.push(JSON.parse(line));
}

const at50k = results.find((result) => result.actors === TARGET_ACTORS);
if (at50k) {
  const tickMs = at50k.tick_ms ?? REAL_TICK_MS;
  const checks = {
    cpu_pct_at_most_5: at50k.cpu_pct <= TARGET_CPU_PCT,
    timer_late_p99_under_2_ticks: at50k.timer_late_p99_ms < TARGET_LATE_TICKS * tickMs,
    loop_lag_p99_under_5_ms: at50k.loop_lag_p99_ms < TARGET_LOOP_LAG_MS,
  };
  const summary = {
    targets_at_50k: checks,
    machine: { cpus: cpus().length, model: cpus()[0]?.model ?? "unknown" },
  };
  process.stdout.write(`${JSON.stringify(summary)}\n`);
}
