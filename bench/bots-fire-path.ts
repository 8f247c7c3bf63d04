#!/usr/bin/env bun
/**
 * The cost of one timer fire of the bot runtime, on a fake clock: the same population as
 * `bench/bots-runtime.ts` (BOT_TIMER_MIX, loopback sessions), driven 10 ms at a time through
 * `TimerScheduler.runDue`, with no event loop and no native timer. A diagnostic for changes to
 * the fire path: on the real clock, runs minutes apart differ by up to 25 %, which hides a 10 %
 * change; here the fires are the same every run (same seed, same count) and only their cost moves.
 *
 *   node_modules/.bin/bun bench/bots-fire-path.ts [--actors 50000] [--seconds 6]
 *       [--mode burst|sleep] [--burst-ms 10] [--no-send] [--timers 4] [--think SPEC[,SPEC...]]
 *
 * `burst` runs the 10 ms bursts back to back: the cost with the caches as warm as the working set
 * allows. `sleep` sleeps between bursts like the real driver does, so each burst starts cold.
 * Prints one JSON line: fires, ns per fire inside `runDue` and process CPU ns per fire.
 */
import { BOT_TIMER_MIX, createTimerLoad, parseThinkTime, TimerScheduler, TimerWheel, type Clock, type ThinkTime } from "../src/bots/index.ts";

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

const actors = Number(option("actors", "50000"));
const seconds = Number(option("seconds", "6"));
const mode = option("mode", "sleep");
const burstMs = Number(option("burst-ms", "10"));
const send = !process.argv.includes("--no-send");
const timersPerActor = Number(option("timers", "4"));
const thinkText = option("think", "");
const think: ThinkTime[] = [];
for (const text of thinkText === "" ? [] : thinkText.split(",")) {
  const parsed = parseThinkTime(text);
  if (!parsed.ok) {
    process.stderr.write(`bench/bots-fire-path: ${parsed.error.message}\n`);
    process.exit(2);
  }
  think.push(parsed.value);
}
if (!(Number.isInteger(actors) && actors > 0) || !(Number.isInteger(timersPerActor) && timersPerActor > 0) || !(seconds > 0) || !(burstMs >= 1) || (mode !== "burst" && mode !== "sleep")) {
  process.stderr.write("bench/bots-fire-path: --actors N>0, --timers N>0, --seconds S>0, --burst-ms >= 1, --mode burst|sleep\n");
  process.exit(2);
}

/** Fake time: moves only when this script says so. */
class SteppedClock implements Clock {
  readonly deterministic = true;
  nowMs = 0;
  now(): number {
    return this.nowMs;
  }
}

const WARMUP_S = 3;
const clock = new SteppedClock();
const scheduler = new TimerScheduler(clock, new TimerWheel({ tickMs: 10, startMs: 0 }));
const runtime = createTimerLoad({ actors, timersPerActor, scheduler, think: think.length > 0 ? think : BOT_TIMER_MIX, seed: 1, send, arrivalSpreadMs: 1_000 });
runtime.start();

function burst(): number {
  clock.nowMs += burstMs;
  return scheduler.runDue(clock.nowMs);
}

for (let at = 0; at < WARMUP_S * 1000; at += burstMs) burst();
const bursts = Math.round((seconds * 1000) / burstMs);
let fired = 0;
let insideMs = 0;
const cpuBefore = process.cpuUsage();
for (let i = 0; i < bursts; i++) {
  const start = performance.now();
  fired += burst();
  insideMs += performance.now() - start;
  if (mode === "sleep") Bun.sleepSync(Math.max(1, burstMs - 1));
}
const cpu = process.cpuUsage(cpuBefore);
process.stdout.write(
  `${JSON.stringify({
    actors,
    timers_per_actor: timersPerActor,
    mode,
    burst_ms: burstMs,
    send,
    fires: fired,
    ns_per_fire_inside: Math.round((insideMs * 1e6) / Math.max(1, fired)),
    cpu_ns_per_fire: Math.round(((cpu.user + cpu.system) * 1000) / Math.max(1, fired)),
    active_actors: runtime.stateCounts().Active,
  })}\n`,
);
