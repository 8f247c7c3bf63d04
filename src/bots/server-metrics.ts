/**
 * What the bots read from the server's Prometheus `/metrics`: a tolerant parser of the text
 * exposition format (hostile input: a bad line is skipped, never thrown on) and a snapshot of the
 * series a scenario report uses.
 */
import { PER_ADDRESS_CAP_METRIC, TOTAL_CAP_METRIC } from "./connection-budget.ts";

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
    intents: sum(samples, "argentum_map_intents_total"),
    queueDelayMaxS: max(samples, "argentum_map_queue_delay_seconds"),
    mainLagP99S: sum(samples, "argentum_event_loop_lag_seconds", (labels) => labels.thread === "main" && Number(labels.quantile) === 0.99),
    mainLagMaxS: sum(samples, "argentum_event_loop_lag_seconds", (labels) => labels.thread === "main" && Number(labels.quantile) === 1),
    workerLagMaxS: max(samples, "argentum_event_loop_lag_worker_seconds"),
    maxConnectionsPerIp: sum(samples, PER_ADDRESS_CAP_METRIC),
    maxConnections: sum(samples, TOTAL_CAP_METRIC),
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
