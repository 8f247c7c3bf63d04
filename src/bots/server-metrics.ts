/**
 * What the bots read from the server's Prometheus `/metrics`: a tolerant parser of the text
 * exposition format (hostile input: a bad line is skipped, never thrown on) and a snapshot of the
 * series a scenario report uses.
 */
import { PASSWORD_HASH_METRIC_NAMES } from "../metrics/index.ts";
import { PER_ADDRESS_CAP_METRIC, TOTAL_CAP_METRIC } from "./connection-budget.ts";
import type { MagicReportFields, NpcAiReportFields, PasswordHashReportFields } from "./scenario-report.ts";

/** One sample: metric name, labels, value. */
export interface MetricSample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

/** Longest metrics document read (a server with thousands of maps still stays far below). */
export const MAX_METRICS_BYTES = 8 * 1024 * 1024;

const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})?\s+(\S+)(\s+\S+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*,?\s*/y;

function unescapeLabel(value: string): string {
  return value.replace(/\\(.)/g, (_match, char: string) => (char === "n" ? "\n" : char));
}

function parseValue(text: string): number {
  switch (text) {
    case "+Inf":
      return Number.POSITIVE_INFINITY;
    case "-Inf":
      return Number.NEGATIVE_INFINITY;
    case "NaN":
      return Number.NaN;
    default: {
      const value = Number(text);
      return text.trim() === "" ? Number.NaN : value;
    }
  }
}

/** Parses the text format; comments and malformed lines are skipped. */
export function parsePrometheusText(text: string): MetricSample[] {
  const samples: MetricSample[] = [];
  for (const raw of text.slice(0, MAX_METRICS_BYTES).split("\n")) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const match = LINE.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    const labelText = match[3];
    if (labelText !== undefined && labelText !== "") {
      LABEL.lastIndex = 0;
      let ok = true;
      while (LABEL.lastIndex < labelText.length) {
        const at = LABEL.lastIndex;
        const label = LABEL.exec(labelText);
        if (!label || label.index !== at) {
          ok = false;
          break;
        }
        labels[label[1]!] = unescapeLabel(label[2]!);
      }
      if (!ok) continue;
    }
    const value = parseValue(match[4]!);
    if (Number.isNaN(value) && match[4] !== "NaN") continue;
    samples.push({ name: match[1]!, labels, value });
  }
  return samples;
}

/** The series a scenario report needs, read once. NaN when the server does not export one. */
export interface ServerSnapshot {
  readonly atMs: number;
  readonly cpuSeconds: number;
  readonly rssBytes: number;
  readonly playersOnline: number;
  readonly walksIn: number;
  readonly posUpdatesOut: number;
  readonly characterMovesOut: number;
  readonly bytesOut: number;
  /** Frames of every kind the map workers delivered. */
  readonly framesOut: number;
  /** Connection writes of the outbound flush (one socket write or corked WebSocket batch each). */
  readonly socketWrites: number;
  readonly intents: number;
  /** Worst queue wait of an intent batch over the workers' last report, seconds. */
  readonly queueDelayMaxS: number;
  /** Main thread event-loop lag p99 over the last minute, seconds. */
  readonly mainLagP99S: number;
  /** Main thread event-loop lag, worst over the last minute, seconds. */
  readonly mainLagMaxS: number;
  /** Worst event-loop lag over the map workers' last report, seconds. */
  readonly workerLagMaxS: number;
  /** The server's caps, when it exports them (connection-budget.ts names the gauges). */
  readonly maxConnectionsPerIp: number;
  readonly maxConnections: number;
  /** The NPC AI, summed over the map workers (NaN when the server does not export it): */
  readonly npcAi: NpcAiSnapshot;
  /** Spells, status timers and meditation, summed over the map workers (NaN when not exported): */
  readonly magic: MagicSnapshot;
  /** Password hashing: the setting, its cost measured alone at start, the hashes so far. */
  readonly passwordHash: PasswordHashSnapshot;
}

/** The password-hash series of one read (NaN, or null for the setting, when not exported). */
export interface PasswordHashSnapshot {
  /** `--password-hash` as text, e.g. `argon2id:m=19456,t=2`. */
  readonly setting: string | null;
  /** One verify with nothing else hashing, measured by the server at start, seconds. */
  readonly aloneS: number;
  /** The CPU time of that verify, seconds. */
  readonly cpuS: number;
  /** Verifies/s with every core hashing, measured by the server at start. */
  readonly ceilingPerS: number;
  /** Hashes and verifies done so far, and their summed wall time (thread-pool queue included). */
  readonly count: number;
  readonly sumS: number;
}

/** The server's names for the password-hash series (one table in src/metrics, written by server/password-hash-metrics.ts). */
export const PASSWORD_HASH_METRICS = PASSWORD_HASH_METRIC_NAMES;

/** The magic series of one read, as of the map workers' last report (`reportAtS`, Unix seconds). */
export interface MagicSnapshot {
  readonly reportAtS: number;
  readonly castRequests: number;
  readonly castsResolved: number;
  readonly castsRefused: number;
  readonly statusTimersArmed: number;
  readonly statusTimerEvents: number;
  readonly meditationsStarted: number;
  readonly meditationTicks: number;
}

/** The server's names for the magic series (server/magic-metrics.ts; a server test checks they match). */
export const MAGIC_METRICS = {
  castRequests: "argentum_spell_cast_requests_total",
  castsResolved: "argentum_spell_casts_total",
  castsRefused: "argentum_spell_casts_refused_total",
  statusTimersArmed: "argentum_status_timers_armed_total",
  statusTimerEvents: "argentum_status_timer_events_total",
  meditationsStarted: "argentum_meditations_started_total",
  meditationTicks: "argentum_meditation_ticks_total",
} as const;

/**
 * The NPC AI series of one read. Its counters are as of the map workers' last report, at
 * `reportAtS` (Unix seconds): rates divide by the time between two reports.
 */
export interface NpcAiSnapshot {
  readonly reportAtS: number;
  readonly ticks: number;
  readonly thinks: number;
  readonly steps: number;
  readonly attacks: number;
  readonly pathSearches: number;
  readonly pathExpansions: number;
  readonly cpuSeconds: number;
  /** Cumulative tick-lateness buckets (upper bound in seconds, +Inf last), in bound order. */
  readonly lateness: readonly HistogramBucket[];
  /** Worst tick lateness over the workers' last report interval, seconds. */
  readonly latenessMaxS: number;
  /** Longest single AI tick over the workers' last report interval, seconds. */
  readonly tickMaxS: number;
  readonly npcsAlive: number;
  readonly npcsOnPlayerMaps: number;
  readonly npcsThinking: number;
  readonly mapsRunning: number;
}

export interface HistogramBucket {
  readonly le: number;
  readonly count: number;
}

/** The server's names for the NPC AI series (server/npc-ai-metrics.ts). */
export const NPC_AI_METRICS = {
  reportAt: "argentum_map_worker_report_timestamp_seconds",
  ticks: "argentum_npc_ai_ticks_total",
  thinks: "argentum_npc_ai_thinks_total",
  steps: "argentum_npc_ai_steps_total",
  attacks: "argentum_npc_ai_attacks_total",
  pathSearches: "argentum_npc_ai_path_searches_total",
  pathExpansions: "argentum_npc_ai_path_expansions_total",
  cpuSeconds: "argentum_npc_ai_cpu_seconds_total",
  lateness: "argentum_npc_ai_tick_lateness_seconds",
  latenessMax: "argentum_npc_ai_tick_lateness_max_seconds",
  tickMax: "argentum_npc_ai_tick_duration_max_seconds",
  npcsAlive: "argentum_npcs_alive",
  npcsOnPlayerMaps: "argentum_npcs_on_player_maps",
  npcsThinking: "argentum_npcs_thinking",
  mapsRunning: "argentum_npc_ai_maps_running",
} as const;

/** A histogram's cumulative `_bucket` series, sorted by bound. */
function buckets(samples: readonly MetricSample[], name: string): HistogramBucket[] {
  const bucketName = `${name}_bucket`;
  const found: HistogramBucket[] = [];
  for (const sample of samples) {
    if (sample.name !== bucketName || sample.labels.le === undefined) continue;
    const le = sample.labels.le === "+Inf" ? Number.POSITIVE_INFINITY : Number(sample.labels.le);
    if (!Number.isNaN(le)) found.push({ le, count: sample.value });
  }
  return found.sort((a, b) => a.le - b.le);
}

/**
 * The q-quantile (0..1) of what a cumulative histogram gained between two reads, interpolated
 * linearly inside its bucket as Prometheus' `histogram_quantile` does: the lowest bucket from 0,
 * and the overflow bucket answers its lower bound (the highest finite one). NaN without samples
 * in between, or when the two reads do not have the same buckets.
 */
export function histogramQuantileBetween(start: readonly HistogramBucket[], end: readonly HistogramBucket[], q: number): number {
  if (end.length === 0 || start.length !== end.length) return Number.NaN;
  const counts = end.map((bucket, i) => (start[i]!.le === bucket.le ? bucket.count - start[i]!.count : Number.NaN));
  const total = counts[counts.length - 1]!;
  if (!(total > 0)) return Number.NaN;
  const rank = q * total;
  for (let i = 0; i < end.length; i++) {
    if (counts[i]! < rank) continue;
    const upper = end[i]!.le;
    const lower = i === 0 ? 0 : end[i - 1]!.le;
    if (upper === Number.POSITIVE_INFINITY) return lower;
    const below = i === 0 ? 0 : counts[i - 1]!;
    const inBucket = counts[i]! - below;
    return inBucket > 0 ? lower + ((upper - lower) * (rank - below)) / inBucket : upper;
  }
  return Number.NaN;
}

function sum(samples: readonly MetricSample[], name: string, where?: (labels: Readonly<Record<string, string>>) => boolean): number {
  let total = 0;
  let found = false;
  for (const sample of samples) {
    if (sample.name !== name || (where && !where(sample.labels))) continue;
    total += sample.value;
    found = true;
  }
  return found ? total : Number.NaN;
}

function max(samples: readonly MetricSample[], name: string): number {
  let best = Number.NaN;
  for (const sample of samples) {
    if (sample.name === name && !(sample.value <= best)) best = sample.value;
  }
  return best;
}

/** A counter the server has not incremented yet has no series: that is 0, not unknown. */
function counter(samples: readonly MetricSample[], name: string, where?: (labels: Readonly<Record<string, string>>) => boolean): number {
  const value = sum(samples, name, where);
  return Number.isNaN(value) && samples.some((sample) => sample.name === name || sample.name.startsWith("argentum_")) ? 0 : value;
}

export function snapshotOf(samples: readonly MetricSample[], atMs: number): ServerSnapshot {
  return {
    atMs,
    cpuSeconds: sum(samples, "process_cpu_seconds_total"),
    rssBytes: sum(samples, "process_resident_memory_bytes"),
    playersOnline: sum(samples, "argentum_players_online"),
    walksIn: counter(samples, "argentum_packets_in_total", (labels) => labels.name === "Walk"),
    posUpdatesOut: counter(samples, "argentum_packets_out_total", (labels) => labels.name === "PosUpdate"),
    characterMovesOut: counter(samples, "argentum_packets_out_total", (labels) => labels.name === "CharacterMove"),
    bytesOut: sum(samples, "argentum_bytes_out_total"),
    framesOut: counter(samples, "argentum_packets_out_total"),
    socketWrites: sum(samples, "argentum_outbound_writes_total"),
    intents: sum(samples, "argentum_map_intents_total"),
    queueDelayMaxS: max(samples, "argentum_map_queue_delay_seconds"),
    mainLagP99S: sum(samples, "argentum_event_loop_lag_seconds", (labels) => labels.thread === "main" && Number(labels.quantile) === 0.99),
    mainLagMaxS: sum(samples, "argentum_event_loop_lag_seconds", (labels) => labels.thread === "main" && Number(labels.quantile) === 1),
    workerLagMaxS: max(samples, "argentum_event_loop_lag_worker_seconds"),
    maxConnectionsPerIp: sum(samples, PER_ADDRESS_CAP_METRIC),
    maxConnections: sum(samples, TOTAL_CAP_METRIC),
    npcAi: {
      reportAtS: sum(samples, NPC_AI_METRICS.reportAt),
      ticks: sum(samples, NPC_AI_METRICS.ticks),
      thinks: sum(samples, NPC_AI_METRICS.thinks),
      steps: sum(samples, NPC_AI_METRICS.steps),
      attacks: sum(samples, NPC_AI_METRICS.attacks),
      pathSearches: sum(samples, NPC_AI_METRICS.pathSearches),
      pathExpansions: sum(samples, NPC_AI_METRICS.pathExpansions),
      cpuSeconds: sum(samples, NPC_AI_METRICS.cpuSeconds),
      lateness: buckets(samples, NPC_AI_METRICS.lateness),
      latenessMaxS: max(samples, NPC_AI_METRICS.latenessMax),
      tickMaxS: max(samples, NPC_AI_METRICS.tickMax),
      npcsAlive: sum(samples, NPC_AI_METRICS.npcsAlive),
      npcsOnPlayerMaps: sum(samples, NPC_AI_METRICS.npcsOnPlayerMaps),
      npcsThinking: sum(samples, NPC_AI_METRICS.npcsThinking),
      mapsRunning: sum(samples, NPC_AI_METRICS.mapsRunning),
    },
    magic: {
      reportAtS: sum(samples, NPC_AI_METRICS.reportAt),
      castRequests: sum(samples, MAGIC_METRICS.castRequests),
      castsResolved: sum(samples, MAGIC_METRICS.castsResolved),
      castsRefused: sum(samples, MAGIC_METRICS.castsRefused),
      statusTimersArmed: sum(samples, MAGIC_METRICS.statusTimersArmed),
      statusTimerEvents: sum(samples, MAGIC_METRICS.statusTimerEvents),
      meditationsStarted: sum(samples, MAGIC_METRICS.meditationsStarted),
      meditationTicks: sum(samples, MAGIC_METRICS.meditationTicks),
    },
    passwordHash: {
      setting: samples.find((sample) => sample.name === PASSWORD_HASH_METRICS.setting)?.labels.setting ?? null,
      aloneS: sum(samples, PASSWORD_HASH_METRICS.aloneSeconds),
      cpuS: sum(samples, PASSWORD_HASH_METRICS.cpuSeconds),
      ceilingPerS: sum(samples, PASSWORD_HASH_METRICS.ceilingPerSecond),
      count: sum(samples, `${PASSWORD_HASH_METRICS.seconds}_count`),
      sumS: sum(samples, `${PASSWORD_HASH_METRICS.seconds}_sum`),
    },
  };
}

/** Fetches `/metrics` text (injected: tests, fetch). */
export type MetricsGetter = (url: string) => Promise<{ readonly status: number; readonly text: () => Promise<string> }>;

export const fetchText: MetricsGetter = async (url) => {
  const response = await fetch(url);
  return { status: response.status, text: () => response.text() };
};

/** Reads a snapshot; undefined (with the reason in `error`) when the server cannot be read. */
export async function readServerSnapshot(url: string, get: MetricsGetter, atMs: number): Promise<{ ok: true; snapshot: ServerSnapshot } | { ok: false; error: string }> {
  try {
    const response = await get(url);
    if (response.status !== 200) return { ok: false, error: `GET ${url}: HTTP ${response.status}` };
    return { ok: true, snapshot: snapshotOf(parsePrometheusText(await response.text()), atMs) };
  } catch (error) {
    return { ok: false, error: `GET ${url}: ${error instanceof Error ? error.message : String(error)}` };
  }
}

function rounded(value: number, digits: number): number | null {
  if (!Number.isFinite(value)) return null;
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/**
 * The report's NPC AI fields between two reads of /metrics (the window's edges): rates over the
 * time between the map workers' reports each read carries, the lateness quantiles of the ticks
 * in between, the population at the end. `latenessMaxS` and `tickMaxS` are the worst
 * per-interval maxima seen while sampling the window (NaN: none).
 */
export function npcAiBetween(start: NpcAiSnapshot | undefined, end: NpcAiSnapshot | undefined, latenessMaxS: number, tickMaxS = Number.NaN): NpcAiReportFields {
  // A read before the workers' first report has no report time (NaN): nothing to divide by.
  const spanS = start && end && start.reportAtS > 0 ? end.reportAtS - start.reportAtS : Number.NaN;
  const perS = (pick: (snapshot: NpcAiSnapshot) => number, digits = 1) => (start && end && spanS > 0 ? rounded((pick(end) - pick(start)) / spanS, digits) : null);
  const cpuS = start && end && spanS > 0 ? end.cpuSeconds - start.cpuSeconds : Number.NaN;
  const thinks = start && end ? end.thinks - start.thinks : Number.NaN;
  const lateness = (q: number) => (start && end && spanS > 0 ? rounded(histogramQuantileBetween(start.lateness, end.lateness, q) * 1000, 2) : null);
  return {
    npc_ai_span_s: spanS > 0 ? rounded(spanS, 2) : null,
    npc_ai_ticks_per_s: perS((s) => s.ticks),
    npc_thinks_per_s: perS((s) => s.thinks),
    npc_steps_per_s: perS((s) => s.steps),
    npc_attacks_per_s: perS((s) => s.attacks),
    npc_path_searches_per_s: perS((s) => s.pathSearches),
    npc_path_expansions_per_s: perS((s) => s.pathExpansions),
    npc_ai_cpu_ms_per_s: rounded((cpuS / spanS) * 1000, 3),
    npc_ai_cpu_pct: rounded((cpuS / spanS) * 100, 3),
    npc_ai_us_per_think: thinks > 0 ? rounded((cpuS / thinks) * 1e6, 2) : null,
    npc_ai_tick_max_ms: rounded(tickMaxS * 1000, 3),
    npc_ai_lateness_p50_ms: lateness(0.5),
    npc_ai_lateness_p99_ms: lateness(0.99),
    npc_ai_lateness_max_ms: rounded(latenessMaxS * 1000, 2),
    npcs_alive: end ? rounded(end.npcsAlive, 0) : null,
    npcs_on_player_maps: end ? rounded(end.npcsOnPlayerMaps, 0) : null,
    npcs_thinking: end ? rounded(end.npcsThinking, 0) : null,
    npc_ai_maps_running: end ? rounded(end.mapsRunning, 0) : null,
  };
}

/**
 * The report's magic fields between two reads of /metrics (the window's edges): rates over the
 * time between the map workers' reports each read carries, as for the NPC AI. Null without two
 * reports in between, or from a server that does not export the series.
 */
export function magicBetween(start: MagicSnapshot | undefined, end: MagicSnapshot | undefined): MagicReportFields {
  const spanS = start && end && start.reportAtS > 0 ? end.reportAtS - start.reportAtS : Number.NaN;
  const perS = (pick: (snapshot: MagicSnapshot) => number) => (start && end && spanS > 0 ? rounded((pick(end) - pick(start)) / spanS, 1) : null);
  return {
    server_cast_requests_per_s: perS((s) => s.castRequests),
    server_casts_per_s: perS((s) => s.castsResolved),
    server_casts_refused_per_s: perS((s) => s.castsRefused),
    server_status_timers_armed_per_s: perS((s) => s.statusTimersArmed),
    server_status_timer_events_per_s: perS((s) => s.statusTimerEvents),
    server_meditations_started_per_s: perS((s) => s.meditationsStarted),
    server_meditation_ticks_per_s: perS((s) => s.meditationTicks),
  };
}

/** The bots' side of the logins a report compares with the hashing. */
export interface LoginPace {
  /** Logins per second of the run (first connect to last login). */
  readonly perS: number;
  /** Mean time of one login as a bot saw it, ms. */
  readonly meanMs: number;
}

/**
 * The report's password-hash fields: the logins/s of the run next to what the server's hash lets
 * through alone (its ceiling, measured by the server at start), and the hashing between two reads
 * of /metrics (the window's edges; for a login storm, the storm): hashes per second, their mean
 * wall time (queue for a pool thread included) and that time as a share of a login's mean, and
 * the server's CPU per hash, which in a storm is the CPU of one login.
 */
export function passwordHashBetween(
  start: Pick<ServerSnapshot, "atMs" | "cpuSeconds" | "passwordHash"> | undefined,
  end: Pick<ServerSnapshot, "atMs" | "cpuSeconds" | "passwordHash"> | undefined,
  logins: LoginPace,
): PasswordHashReportFields {
  const hashing = end?.passwordHash;
  const ceiling = hashing?.ceilingPerS ?? Number.NaN;
  const spanS = start && end ? (end.atMs - start.atMs) / 1000 : Number.NaN;
  const hashes = start && end ? end.passwordHash.count - start.passwordHash.count : Number.NaN;
  const meanMs = hashes > 0 ? ((end!.passwordHash.sumS - start!.passwordHash.sumS) / hashes) * 1000 : Number.NaN;
  const cpuMsPerHash = hashes > 0 ? ((end!.cpuSeconds - start!.cpuSeconds) / hashes) * 1000 : Number.NaN;
  const aloneMs = (hashing?.aloneS ?? Number.NaN) * 1000;
  const cpuMs = (hashing?.cpuS ?? Number.NaN) * 1000;
  return {
    password_hash: hashing?.setting ?? null,
    hash_alone_ms: rounded(aloneMs, 2),
    hash_cpu_ms: rounded(cpuMs, 2),
    hash_ceiling_per_s: rounded(ceiling, 1),
    logins_of_hash_ceiling: ceiling > 0 ? rounded(logins.perS / ceiling, 3) : null,
    server_hashes_per_s: spanS > 0 ? rounded(hashes / spanS, 1) : null,
    hash_mean_ms: rounded(meanMs, 1),
    hash_share_of_login: logins.meanMs > 0 ? rounded(meanMs / logins.meanMs, 3) : null,
    server_cpu_ms_per_hash: rounded(cpuMsPerHash, 1),
    hash_share_of_cpu: cpuMsPerHash > 0 ? rounded(cpuMs / cpuMsPerHash, 3) : null,
  };
}
