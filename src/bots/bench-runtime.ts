/**
 * `bots bench-runtime`: the bot runtime alone on the real clock. N actors arrive (spread over
 * the first second), each runs `timersPerActor` recurring timers on think times (by default a
 * bot's own four: walk, chat, keep-alive, an occasional action), every fire draws a heading and
 * sends `Walk` into a loopback session. Measures what the runtime costs: CPU over wall time,
 * fires per second, timer lateness, event-loop lag, RSS, and the queue's own
 * insert/cancel/expire cost on a queue of the same size.
 */
import { SeededRandom } from "../random/index.ts";
import {
  firedTimerRecord,
  REAL_TICK_MS,
  RealClock,
  RealTimerDriver,
  TimerHeap,
  TimerScheduler,
  TimerWheel,
  type TimerQueue,
  type TimerQueueKind,
} from "../time/index.ts";
import { planRun } from "./arrivals.ts";
import { TimerLoadBehaviour } from "./behaviours/timer-load.ts";
import { BotRuntime } from "./bot-runtime.ts";
import { STREAM_BENCH } from "./streams.ts";
import { LoopbackSessionPort } from "./session-port.ts";
import { formatThinkTime, REFERENCE_WALK_THINK, thinkTimeSampler, type ThinkTime } from "./think-time.ts";

export interface RuntimeBenchOptions {
  readonly actors: number;
  readonly timersPerActor: number;
  readonly durationS: number;
  /** Measurement starts after this warm-up (arrivals, JIT tiers). Default 5 s. */
  readonly warmupS?: number;
  /**
   * One think time for every timer, or one per timer slot (timer i uses entry i modulo length).
   * Default BOT_TIMER_MIX.
   */
  readonly think?: ThinkTime | readonly ThinkTime[];
  readonly tickMs?: number;
  readonly queue?: TimerQueueKind;
  readonly seed?: number;
  /** Send a Walk per fire into the loopback session (default true). */
  readonly send?: boolean;
  /** Spread of arrivals at the start, ms (default 1000, at most half the warm-up). */
  readonly arrivalSpreadMs?: number;
  /** Progress lines (e.g. to stderr). */
  readonly progress?: (line: string) => void;
}

export interface RuntimeBenchResult {
  readonly actors: number;
  readonly timers: number;
  readonly queue: TimerQueueKind;
  readonly tick_ms: number;
  readonly think: string;
  readonly send: boolean;
  readonly duration_s: number;
  readonly cpu_pct: number;
  /** The part of cpu_pct spent in the kernel (timer waits, page faults). */
  readonly cpu_sys_pct: number;
  readonly fires_per_s: number;
  /** CPU time per timer fire (whole process, all threads), ns: the number to scale by. */
  readonly cpu_ns_per_fire: number;
  readonly timer_late_p50_ms: number;
  readonly timer_late_p99_ms: number;
  readonly timer_late_max_ms: number;
  readonly loop_lag_p50_ms: number;
  readonly loop_lag_p99_ms: number;
  readonly loop_lag_max_ms: number;
  readonly tick_duration_p50_ms: number;
  readonly tick_duration_p99_ms: number;
  readonly due_per_tick_p99: number;
  readonly action_start_p99_ms: number;
  readonly rss_mb: number;
  readonly heap_mb: number;
  readonly insert_ns: number;
  readonly cancel_ns: number;
  readonly expire_ns: number;
  readonly active_actors: number;
  readonly failed_actors: number;
}

/**
 * A bot's own four timers, the benchmark's default: a walk step at the reference pace
 * (211-410 ms), a chat line (8 s mean), a 1 s keep-alive and an occasional action (20 s
 * mean). 4.4 fires per actor per second.
 */
export const BOT_TIMER_MIX: readonly ThinkTime[] = [
  REFERENCE_WALK_THINK,
  { kind: "exponential", meanMs: 8_000 },
  { kind: "constant", ms: 1_000 },
  { kind: "exponential", meanMs: 20_000 },
];
/**
 * Long enough for the arrivals (first second) and for the fire path's optimising compiles,
 * which land 2 to 4 s into a run; measuring earlier counts the compiler threads.
 */
export const DEFAULT_WARMUP_S = 5;
export const DEFAULT_ARRIVAL_SPREAD_MS = 1_000;
const MS_PER_S = 1000;
const NS_PER_MS = 1e6;
const US_PER_MS = 1000;
const BYTES_PER_MB = 1024 * 1024;

function makeQueue(kind: TimerQueueKind, tickMs: number, startMs: number, initialCapacity?: number): TimerQueue {
  return kind === "heap" ? new TimerHeap({ tickMs, startMs, initialCapacity }) : new TimerWheel({ tickMs, startMs, initialCapacity });
}

function round(value: number, digits = 3): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Per-operation cost of the queue with `population` timers pending, in ns: inserting them (storage
 * sized up front, so growth is not counted), cancelling every other one, and expiring all of them
 * with an empty callback.
 */
export function measureQueueCost(kind: TimerQueueKind, population: number, think: ThinkTime, tickMs: number, seed: number): { insert: number; cancel: number; expire: number } {
  const random = SeededRandom.create(seed, STREAM_BENCH);
  const sample = thinkTimeSampler(think);
  const count = Math.max(1, population);
  const queue = makeQueue(kind, tickMs, 0, count);
  const deadlines = new Float64Array(count);
  for (let i = 0; i < count; i++) deadlines[i] = sample(random);
  const noop = () => {};
  const ids = new Float64Array(count);
  let start = performance.now();
  for (let i = 0; i < count; i++) ids[i] = queue.insert(deadlines[i]!, noop, undefined);
  const insert = ((performance.now() - start) * NS_PER_MS) / count;
  // Cancel half (every other one), then re-insert them so expiry runs on the full population.
  const half = Math.floor(count / 2);
  start = performance.now();
  for (let i = 0; i < count; i += 2) queue.cancel(ids[i]!);
  const cancel = ((performance.now() - start) * NS_PER_MS) / Math.max(1, half);
  for (let i = 0; i < count; i += 2) queue.insert(deadlines[i]!, noop, undefined);
  const out = firedTimerRecord();
  let fired = 0;
  start = performance.now();
  const limit = Math.ceil(Math.max(...deadlines) / tickMs) + 1;
  while (queue.nextDueTick(limit) !== -1) {
    while (queue.popDue(out)) {
      out.callback(out.deadlineMs, out.arg, out.id);
      queue.finish(out, Number.NaN);
      fired++;
    }
  }
  const expire = ((performance.now() - start) * NS_PER_MS) / Math.max(1, fired);
  return { insert: round(insert, 1), cancel: round(cancel, 1), expire: round(expire, 1) };
}

/** What the load needs to run: the thread's scheduler and how the actors behave. */
export interface TimerLoadPopulation {
  readonly actors: number;
  readonly timersPerActor: number;
  readonly scheduler: TimerScheduler;
  readonly think: readonly ThinkTime[];
  readonly seed: number;
  readonly send: boolean;
  readonly arrivalSpreadMs: number;
}

/**
 * The benchmark's population on a given scheduler: a closed plan of `timer-load` actors
 * arriving over `arrivalSpreadMs`, each on a loopback session. Shared by the real-clock
 * benchmark and `bench/bots-fire-path.ts`, which drives the same load on a fake clock.
 */
export function createTimerLoad(options: TimerLoadPopulation): BotRuntime {
  const scheduler = options.scheduler;
  const planned = planRun({
    seed: options.seed,
    arrivals: { kind: "closed", actors: options.actors, spreadMs: options.arrivalSpreadMs },
    behaviours: "timer-load",
    startAtMs: scheduler.clock.now(),
  });
  if (!planned.ok) throw new RangeError(planned.error.message);
  return new BotRuntime({
    plan: planned.plan,
    scheduler,
    session: new LoopbackSessionPort({ scheduler }),
    behaviours: { "timer-load": () => new TimerLoadBehaviour({ timers: options.timersPerActor, think: options.think, send: options.send }) },
    limits: { maxTimers: Math.max(options.timersPerActor, 1), maxSendsPerS: 1_000, maxSubscriptions: 4 },
  });
}

export async function runRuntimeBench(options: RuntimeBenchOptions): Promise<RuntimeBenchResult> {
  const thinkOption = options.think ?? BOT_TIMER_MIX;
  const thinks: readonly ThinkTime[] = Array.isArray(thinkOption) ? thinkOption : [thinkOption as ThinkTime];
  const tickMs = options.tickMs ?? REAL_TICK_MS;
  const queueKind = options.queue ?? "wheel";
  const seed = options.seed ?? 1;
  const warmupS = options.warmupS ?? DEFAULT_WARMUP_S;
  const send = options.send ?? true;
  const progress = options.progress ?? (() => {});
  const timers = options.actors * options.timersPerActor;

  const clock = new RealClock();
  const scheduler = new TimerScheduler(clock, makeQueue(queueKind, tickMs, clock.now()));
  const driver = new RealTimerDriver(scheduler, clock);
  const runtime = createTimerLoad({
    actors: options.actors,
    timersPerActor: options.timersPerActor,
    scheduler,
    think: thinks,
    seed,
    send,
    // Arrivals finish within the first half of the warm-up, so the measured window has everyone.
    arrivalSpreadMs: options.arrivalSpreadMs ?? Math.min(DEFAULT_ARRIVAL_SPREAD_MS, (warmupS * MS_PER_S) / 2),
  });

  progress(`starting ${options.actors} actors x ${options.timersPerActor} timers, warm-up ${warmupS} s`);
  runtime.start();
  driver.start();
  try {
    await sleep(warmupS * MS_PER_S);
    driver.resetStats();
    scheduler.stats.lateness.reset();
    scheduler.stats.duePerTick.reset();
    runtime.metrics.actionStartDelay.reset();
    const firedBefore = scheduler.stats.fired;
    const cpuBefore = process.cpuUsage();
    const wallBefore = clock.now();
    progress(`measuring for ${options.durationS} s`);
    await sleep(options.durationS * MS_PER_S);
    const cpu = process.cpuUsage(cpuBefore);
    const wallMs = clock.now() - wallBefore;
    const fired = scheduler.stats.fired - firedBefore;
    const memory = process.memoryUsage();
    const cpuMs = (cpu.user + cpu.system) / US_PER_MS;
    const counts = runtime.stateCounts();
    runtime.drain("benchmark over");
    driver.stop();
    // The queue's own cost, on a queue of the run's size, measured after the window so its
    // garbage never lands in it. The JIT is warmed on a small queue first.
    progress(`measuring ${queueKind} insert/cancel/expire with ${timers} timers`);
    measureQueueCost(queueKind, Math.min(timers, 50_000), thinks[0]!, tickMs, seed);
    const cost = measureQueueCost(queueKind, timers, thinks[0]!, tickMs, seed);
    return {
      actors: options.actors,
      timers,
      queue: queueKind,
      tick_ms: tickMs,
      think: thinks.map(formatThinkTime).join(","),
      send,
      duration_s: round(wallMs / MS_PER_S, 2),
      cpu_pct: round((cpuMs / wallMs) * 100, 2),
      cpu_sys_pct: round((cpu.system / US_PER_MS / wallMs) * 100, 2),
      fires_per_s: Math.round((fired / wallMs) * MS_PER_S),
      cpu_ns_per_fire: Math.round((cpuMs * NS_PER_MS) / Math.max(1, fired)),
      timer_late_p50_ms: round(scheduler.stats.lateness.percentile(50)),
      timer_late_p99_ms: round(scheduler.stats.lateness.percentile(99)),
      timer_late_max_ms: round(scheduler.stats.lateness.max),
      loop_lag_p50_ms: round(driver.loopLag.percentile(50)),
      loop_lag_p99_ms: round(driver.loopLag.percentile(99)),
      loop_lag_max_ms: round(driver.loopLag.max),
      tick_duration_p50_ms: round(driver.tickDuration.percentile(50)),
      tick_duration_p99_ms: round(driver.tickDuration.percentile(99)),
      due_per_tick_p99: Math.round(scheduler.stats.duePerTick.percentile(99)),
      action_start_p99_ms: round(runtime.metrics.actionStartDelay.percentile(99)),
      rss_mb: round(memory.rss / BYTES_PER_MB, 1),
      heap_mb: round(memory.heapUsed / BYTES_PER_MB, 1),
      insert_ns: cost.insert,
      cancel_ns: cost.cancel,
      expire_ns: cost.expire,
      active_actors: counts.Active,
      failed_actors: counts.Failed,
    };
  } finally {
    runtime.drain("benchmark over");
    driver.stop();
  }
}
