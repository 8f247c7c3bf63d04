/**
 * Every metric the server registers, read from its source: the calls `.counter(name, …)`,
 * `.gauge(name, …)` and `.histogram(name, …)` in `src/` (tests left out), their name a string
 * literal or an entry of a name table (`const names = MAGIC_METRIC_NAMES; … names.castRequests`).
 *
 * Read from the source, not from a running server's /metrics, because no one process exports
 * them all: a cluster gateway, a map node and `argentum serve` each register their own (the
 * gateway's and the map node's are private functions of serve-process.ts and
 * map-node-process.ts), a map node needs Postgres and NATS to start, and a world takes seconds
 * to load. The scan takes milliseconds and sees every role. What it cannot read (a name built at
 * run time, a table it cannot find) it lists in `unread`, so a test fails instead of the scan
 * silently missing a metric.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

export type MetricType = "counter" | "gauge" | "histogram";

export interface MetricRegistration {
  readonly name: string;
  readonly type: MetricType;
  /** The registering file, relative to the repository. */
  readonly file: string;
}

export interface MetricScan {
  readonly registrations: readonly MetricRegistration[];
  /** Registration calls whose name the scan could not read, as `file: call`. */
  readonly unread: readonly string[];
  /** Label names each registering file writes (`labels: { … }`, `.inc({ … })`, `.bind({ … })`). */
  readonly labelsByFile: ReadonlyMap<string, ReadonlySet<string>>;
}

const REGISTRATION = /\.(counter|gauge|histogram)\(\s*([^,)]+?)\s*,/g;
/** `export const SOME_NAMES = { key: "value", … }`: a table of metric names. */
const NAME_TABLE = /export const ([A-Z][A-Z0-9_]*)\s*=\s*\{([^}]*)\}/g;
const TABLE_ENTRY = /([A-Za-z_]\w*)\s*:\s*"([^"]+)"/g;
const TABLE_ALIAS = /const ([A-Za-z_]\w*)\s*=\s*([A-Z][A-Z0-9_]*)\s*;/g;
/** Object literals that carry a series' labels: `labels: {…}` and the counters' `inc`/`bind` arguments. */
const LABEL_OBJECT = /(?:\blabels\s*:\s*|\.(?:inc|bind)\(\s*)\{([^}]*)\}/g;
const LABEL_KEY = /(?:^|,)\s*([A-Za-z_]\w*)\s*(?=:|,|$)/g;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules") continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (name.endsWith(".ts") && !name.endsWith(".d.ts") && !name.includes(".test.") && !name.includes(".test-support.")) out.push(path);
  }
  return out;
}

/** Scans `repoRoot/src` for metric registrations. */
export function scanMetricRegistrations(repoRoot: string): MetricScan {
  const files = sourceFiles(join(repoRoot, "src")).map((path) => ({ path: relative(repoRoot, path), text: readFileSync(path, "utf8") }));
  const tables = new Map<string, Map<string, string>>();
  for (const { text } of files) {
    for (const [, table, body] of text.matchAll(NAME_TABLE)) tables.set(table!, new Map([...body!.matchAll(TABLE_ENTRY)].map(([, key, value]) => [key!, value!])));
  }
  const registrations: MetricRegistration[] = [];
  const unread: string[] = [];
  const labelsByFile = new Map<string, Set<string>>();
  for (const { path, text } of files) {
    const aliases = new Map([...text.matchAll(TABLE_ALIAS)].map(([, alias, table]) => [alias!, table!]));
    let registers = false;
    for (const [call, type, argument] of text.matchAll(REGISTRATION)) {
      const name = nameOf(argument!, aliases, tables);
      if (name === undefined) unread.push(`${path}: ${call}`);
      else registrations.push({ name, type: type as MetricType, file: path });
      registers = true;
    }
    if (!registers) continue;
    const labels = new Set<string>();
    for (const [, body] of text.matchAll(LABEL_OBJECT)) for (const [, key] of body!.matchAll(LABEL_KEY)) labels.add(key!);
    labelsByFile.set(path, labels);
  }
  return { registrations, unread, labelsByFile };
}

function nameOf(argument: string, aliases: ReadonlyMap<string, string>, tables: ReadonlyMap<string, ReadonlyMap<string, string>>): string | undefined {
  const literal = /^"([a-zA-Z_:][a-zA-Z0-9_:]*)"$/.exec(argument)?.[1];
  if (literal) return literal;
  const entry = /^([A-Za-z_]\w*)\.([A-Za-z_]\w*)$/.exec(argument);
  if (!entry) return undefined;
  return tables.get(aliases.get(entry[1]!) ?? entry[1]!)?.get(entry[2]!);
}

/** The series names a registration exports: a histogram's `_bucket`, `_sum` and `_count`, or the name itself. */
export function seriesNames(registration: MetricRegistration): string[] {
  return registration.type === "histogram" ? ["_bucket", "_sum", "_count"].map((suffix) => `${registration.name}${suffix}`) : [registration.name];
}
