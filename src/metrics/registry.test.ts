import { describe, expect, test } from "bun:test";
import { Counter, Gauge, MetricsRegistry } from "./registry.ts";

describe("Prometheus text exposition", () => {
  test("a counter without labels: HELP, TYPE, sample, trailing newline", () => {
    const registry = new MetricsRegistry();
    const frames = registry.counter("ao_frames_sent_total", "Frames written to clients.");
    frames.inc();
    frames.inc({}, 41);
    expect(registry.render()).toBe(["# HELP ao_frames_sent_total Frames written to clients.", "# TYPE ao_frames_sent_total counter", "ao_frames_sent_total 42", ""].join("\n"));
    expect(frames.get()).toBe(42);
  });

  test("metrics render in registration order; series in first-use order; a metric with no series still declares itself", () => {
    const registry = new MetricsRegistry();
    const opened = registry.counter("ao_connections_opened_total", "Connections accepted.");
    registry.counter("ao_never_used_total", "Nothing yet.");
    const players = registry.gauge("ao_players", "Players in the world.");
    opened.inc({ transport: "ws" });
    opened.inc({ transport: "tcp" }, 3);
    opened.inc({ transport: "ws" });
    players.set(7);
    expect(registry.render()).toBe(
      [
        "# HELP ao_connections_opened_total Connections accepted.",
        "# TYPE ao_connections_opened_total counter",
        'ao_connections_opened_total{transport="ws"} 2',
        'ao_connections_opened_total{transport="tcp"} 3',
        "# HELP ao_never_used_total Nothing yet.",
        "# TYPE ao_never_used_total counter",
        "# HELP ao_players Players in the world.",
        "# TYPE ao_players gauge",
        "ao_players 7",
        "",
      ].join("\n"),
    );
  });

  test("label values escape backslash, double quote and newline; HELP escapes backslash and newline only", () => {
    const registry = new MetricsRegistry();
    const counter = registry.counter("ao_odd_total", 'Help with a \\ backslash,\na newline and "quotes".');
    counter.inc({ path: 'C:\\ao\\"mapa"\nuno' });
    expect(registry.render()).toBe(
      [
        '# HELP ao_odd_total Help with a \\\\ backslash,\\na newline and "quotes".',
        "# TYPE ao_odd_total counter",
        'ao_odd_total{path="C:\\\\ao\\\\\\"mapa\\"\\nuno"} 1',
        "",
      ].join("\n"),
    );
  });

  test("several labels render as given; numbers as decimal text; UTF-8 passes through", () => {
    const registry = new MetricsRegistry();
    const counter = registry.counter("ao_packets_total", "Packets.");
    counter.inc({ map: 1, name: "Ñandú 🐉", dir: "in" }, 5);
    expect(registry.render().split("\n")[2]).toBe('ao_packets_total{map="1",name="Ñandú 🐉",dir="in"} 5');
  });

  test("label order does not make a new series", () => {
    const counter = new Counter("ao_x_total", "x");
    counter.inc({ a: "1", b: "2" });
    counter.inc({ b: "2", a: "1" }, 2);
    expect(counter.get({ b: "2", a: "1" })).toBe(3);
    expect(counter.render().split("\n").slice(2)).toEqual(['ao_x_total{a="1",b="2"} 3']);
  });

  test("bind(): a hot-path handle on one series", () => {
    const registry = new MetricsRegistry();
    const counter = registry.counter("ao_walks_total", "Walk intents.");
    const accepted = counter.bind({ outcome: "ok" });
    accepted.inc();
    accepted.inc(2);
    counter.inc({ outcome: "ok" });
    counter.inc({ outcome: "too_fast" });
    expect(counter.get({ outcome: "ok" })).toBe(4);
    expect(counter.get({ outcome: "too_fast" })).toBe(1);
    expect(counter.get({ outcome: "blocked" })).toBe(0);
    expect(registry.render()).toContain('ao_walks_total{outcome="ok"} 4\nao_walks_total{outcome="too_fast"} 1\n');
  });

  test("gauges: set, add, reset", () => {
    const gauge = new Gauge("ao_queue_bytes", "Bytes queued.");
    gauge.set(10, { conn: "a" });
    gauge.add(-4, { conn: "a" });
    gauge.add(2.5, { conn: "b" });
    expect(gauge.get({ conn: "a" })).toBe(6);
    expect(gauge.render()).toBe(["# HELP ao_queue_bytes Bytes queued.", "# TYPE ao_queue_bytes gauge", 'ao_queue_bytes{conn="a"} 6', 'ao_queue_bytes{conn="b"} 2.5'].join("\n"));
    gauge.reset();
    expect(gauge.get({ conn: "a" })).toBe(0);
    expect(gauge.render()).toBe(["# HELP ao_queue_bytes Bytes queued.", "# TYPE ao_queue_bytes gauge"].join("\n"));
  });

  test("read-callback gauges are read at every scrape", () => {
    const registry = new MetricsRegistry();
    let online = 3;
    registry.gauge("ao_online", "Players online.", () => online);
    const perMap = new Map([
      [1, 10],
      [34, 2],
    ]);
    registry.gauge("ao_map_players", "Players per map.", () => [...perMap].map(([map, value]) => ({ labels: { map }, value })));
    expect(registry.render()).toBe(
      ["# HELP ao_online Players online.", "# TYPE ao_online gauge", "ao_online 3", "# HELP ao_map_players Players per map.", "# TYPE ao_map_players gauge", 'ao_map_players{map="1"} 10', 'ao_map_players{map="34"} 2', ""].join(
        "\n",
      ),
    );
    online = 4;
    perMap.delete(34);
    expect(registry.render()).toBe(
      ["# HELP ao_online Players online.", "# TYPE ao_online gauge", "ao_online 4", "# HELP ao_map_players Players per map.", "# TYPE ao_map_players gauge", 'ao_map_players{map="1"} 10', ""].join("\n"),
    );
  });

  test("special values: NaN, +Inf, -Inf; fractions and large numbers as JavaScript prints them", () => {
    const gauge = new Gauge("ao_v", "v");
    gauge.set(Number.NaN, { k: "nan" });
    gauge.set(Number.POSITIVE_INFINITY, { k: "pinf" });
    gauge.set(Number.NEGATIVE_INFINITY, { k: "ninf" });
    gauge.set(0.125, { k: "frac" });
    gauge.set(-3, { k: "neg" });
    gauge.set(1e21, { k: "big" });
    expect(gauge.render().split("\n").slice(2)).toEqual(['ao_v{k="nan"} NaN', 'ao_v{k="pinf"} +Inf', 'ao_v{k="ninf"} -Inf', 'ao_v{k="frac"} 0.125', 'ao_v{k="neg"} -3', 'ao_v{k="big"} 1e+21']);
  });

  test("a name registered twice is an error", () => {
    const registry = new MetricsRegistry();
    registry.counter("ao_dup", "first");
    expect(() => registry.gauge("ao_dup", "second")).toThrow("metric ao_dup registered twice");
  });

  test("an empty registry renders an empty document", () => {
    expect(new MetricsRegistry().render()).toBe("\n");
  });
});

describe("regressions", () => {
  test("label sets whose values contain separators stay apart", () => {
    const registry = new MetricsRegistry();
    const counter = registry.counter("x_total", "x");
    counter.inc({ a: "1,b=2" });
    counter.inc({ a: "1", b: "2" });
    expect(counter.get({ a: "1,b=2" })).toBe(1);
    expect(counter.get({ a: "1", b: "2" })).toBe(1);
    expect(registry.render().split("\n").filter((line) => line.startsWith("x_total"))).toHaveLength(2);
  });
});

describe("histograms", () => {
  test("render cumulative buckets with le labels, +Inf, _sum and _count, read at scrape time", () => {
    const registry = new MetricsRegistry();
    let counts = [1, 0, 2, 1];
    registry.histogram("ao_tick_lateness_seconds", "Lateness.", () => ({ bounds: [0.005, 0.01, 0.05], counts, sum: 0.123 }));
    expect(registry.render()).toBe(
      [
        "# HELP ao_tick_lateness_seconds Lateness.",
        "# TYPE ao_tick_lateness_seconds histogram",
        'ao_tick_lateness_seconds_bucket{le="0.005"} 1',
        'ao_tick_lateness_seconds_bucket{le="0.01"} 1',
        'ao_tick_lateness_seconds_bucket{le="0.05"} 3',
        'ao_tick_lateness_seconds_bucket{le="+Inf"} 4',
        "ao_tick_lateness_seconds_sum 0.123",
        "ao_tick_lateness_seconds_count 4",
        "",
      ].join("\n"),
    );
    counts = [0, 0, 0, 0];
    expect(registry.render()).toContain('ao_tick_lateness_seconds_bucket{le="+Inf"} 0');
  });
});

describe("sample (the operator console's read)", () => {
  test("a metric's series as a scrape reads them now, counters and computed gauges alike; none for an unknown name", () => {
    const registry = new MetricsRegistry();
    const packets = registry.counter("packets_total", "Packets.");
    packets.inc({ name: "Walk" }, 3);
    packets.inc({ name: "Talk" });
    let players = 2;
    registry.gauge("players", "Players.", () => players);
    expect(registry.sample("packets_total")).toEqual([
      { labels: { name: "Walk" }, value: 3 },
      { labels: { name: "Talk" }, value: 1 },
    ]);
    players = 5;
    expect(registry.sample("players")).toEqual([{ labels: {}, value: 5 }]);
    expect(registry.sample("nothing")).toEqual([]);
  });
});
