export { Counter, Gauge, HistogramMetric, MetricsRegistry, type HistogramReading, type Labels } from "./registry.ts";
export { EventLoopLagMonitor, LAG_SAMPLE_INTERVAL_MS } from "./event-loop-lag.ts";
export { registerProcessMetrics } from "./process-metrics.ts";
export { PASSWORD_HASH_METRIC_NAMES } from "./password-hash-names.ts";
