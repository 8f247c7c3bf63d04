/**
 * A small Prometheus registry: counters and gauges with labels, rendered in the text
 * exposition format (version 0.0.4). Hot paths only add to numbers in a map; rendering
 * happens when /metrics is scraped.
 */

export type Labels = Readonly<Record<string, string | number>>;

type MetricType = "counter" | "gauge" | "histogram";

interface Series {
  labels: Labels;
  value: number;
}

abstract class Metric {
  protected readonly series = new Map<string, Series>();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly type: MetricType,
  ) {}

  protected entry(labels: Labels): Series {
    const key = labelKey(labels);
    let found = this.series.get(key);
    if (!found) {
      found = { labels, value: 0 };
      this.series.set(key, found);
    }
    return found;
  }

  /** Values computed when scraped (gauges read from state) override this in `collect`. */
  collect(): Iterable<Series> {
    return this.series.values();
  }

  render(): string {
    const lines = [`# HELP ${this.name} ${escapeHelp(this.help)}`, `# TYPE ${this.name} ${this.type}`];
    for (const { labels, value } of this.collect()) lines.push(`${this.name}${renderLabels(labels)} ${formatValue(value)}`);
    return lines.join("\n");
  }
}

export class Counter extends Metric {
  constructor(name: string, help: string) {
    super(name, help, "counter");
  }
  inc(labels: Labels = {}, amount = 1): void {
    this.entry(labels).value += amount;
  }
  get(labels: Labels = {}): number {
    return this.series.get(labelKey(labels))?.value ?? 0;
  }
  /** One labelled series to keep and bump on a hot path without building label keys. */
  bind(labels: Labels): { inc(amount?: number): void } {
    const series = this.entry(labels);
    return {
      inc(amount = 1) {
        series.value += amount;
      },
    };
  }
}

export class Gauge extends Metric {
  constructor(
    name: string,
    help: string,
    private readonly read?: () => Iterable<Series> | number,
  ) {
    super(name, help, "gauge");
  }
  set(value: number, labels: Labels = {}): void {
    this.entry(labels).value = value;
  }
  add(amount: number, labels: Labels = {}): void {
    this.entry(labels).value += amount;
  }
  /** Drops every labelled series, e.g. before a reader refills per-map values. */
  reset(): void {
    this.series.clear();
  }
  get(labels: Labels = {}): number {
    return this.series.get(labelKey(labels))?.value ?? 0;
  }
  override collect(): Iterable<Series> {
    if (!this.read) return this.series.values();
    const value = this.read();
    return typeof value === "number" ? [{ labels: {}, value }] : value;
  }
}

/**
 * A histogram read from state when scraped: `counts[i]` samples at or below `bounds[i]` and above
 * the bound before (not cumulative), then one more count for everything above the last bound.
 */
export interface HistogramReading {
  readonly bounds: readonly number[];
  readonly counts: readonly number[];
  readonly sum: number;
}

/** Rendered as Prometheus renders one: cumulative `_bucket{le=…}` series, `_sum` and `_count`. */
export class HistogramMetric extends Metric {
  constructor(
    name: string,
    help: string,
    private readonly read: () => HistogramReading,
  ) {
    super(name, help, "histogram");
  }

  override render(): string {
    const { bounds, counts, sum } = this.read();
    const lines = [`# HELP ${this.name} ${escapeHelp(this.help)}`, `# TYPE ${this.name} ${this.type}`];
    let cumulative = 0;
    for (let i = 0; i < bounds.length; i++) {
      cumulative += counts[i] ?? 0;
      lines.push(`${this.name}_bucket${renderLabels({ le: formatValue(bounds[i]!) })} ${formatValue(cumulative)}`);
    }
    cumulative += counts[bounds.length] ?? 0;
    lines.push(`${this.name}_bucket{le="+Inf"} ${formatValue(cumulative)}`, `${this.name}_sum ${formatValue(sum)}`, `${this.name}_count ${formatValue(cumulative)}`);
    return lines.join("\n");
  }
}

export class MetricsRegistry {
  private readonly metrics = new Map<string, Metric>();

  counter(name: string, help: string): Counter {
    return this.add(new Counter(name, help));
  }

  /** A gauge set by code, or read from state at scrape time when `read` is given. */
  gauge(name: string, help: string, read?: () => Iterable<Series> | number): Gauge {
    return this.add(new Gauge(name, help, read));
  }

  /** A histogram read from state at scrape time. */
  histogram(name: string, help: string, read: () => HistogramReading): HistogramMetric {
    return this.add(new HistogramMetric(name, help, read));
  }

  /** The series of metric `name` as a scrape would read them now (empty when no such metric): for the operator console. */
  sample(name: string): readonly { readonly labels: Labels; readonly value: number }[] {
    const metric = this.metrics.get(name);
    return metric ? [...metric.collect()].map(({ labels, value }) => ({ labels, value })) : [];
  }

  render(): string {
    return `${[...this.metrics.values()].map((metric) => metric.render()).join("\n")}\n`;
  }

  private add<M extends Metric>(metric: M): M {
    if (this.metrics.has(metric.name)) throw new Error(`metric ${metric.name} registered twice`);
    this.metrics.set(metric.name, metric);
    return metric;
  }
}

function labelKey(labels: Labels): string {
  const keys = Object.keys(labels);
  if (keys.length === 0) return "";
  // JSON keeps label sets apart even when values contain separators.
  return JSON.stringify(keys.sort().map((key) => [key, String(labels[key])]));
}

function renderLabels(labels: Labels): string {
  const keys = Object.keys(labels);
  if (keys.length === 0) return "";
  return `{${keys.map((key) => `${key}="${escapeLabel(String(labels[key]))}"`).join(",")}}`;
}

function escapeLabel(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/"/g, '\\"');
}

function escapeHelp(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/\n/g, "\\n");
}

function formatValue(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (value === Infinity) return "+Inf";
  if (value === -Infinity) return "-Inf";
  return String(value);
}
