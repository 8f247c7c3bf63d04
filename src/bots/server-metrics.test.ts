import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { MetricsRegistry } from "../metrics/index.ts";
import { PER_ADDRESS_CAP_METRIC, TOTAL_CAP_METRIC } from "./connection-budget.ts";
import { histogramQuantileBetween, magicBetween, npcAiBetween, parsePrometheusText, passwordHashBetween, PASSWORD_HASH_METRICS, readServerSnapshot, snapshotOf, type HistogramBucket, type PasswordHashSnapshot } from "./server-metrics.ts";

/** A registry with the series the server exports, rendered by the server's own renderer. */
function serverLikeText(): string {
  const registry = new MetricsRegistry();
  registry.gauge("process_cpu_seconds_total", "cpu", () => 12.5);
  registry.gauge("process_resident_memory_bytes", "rss", () => 300 * 1024 * 1024);
  registry.gauge("argentum_players_online", "players", () => 998);
  registry.gauge("argentum_event_loop_lag_seconds", "lag", () => [
    { labels: { thread: "main", quantile: 0.5 }, value: 0.001 },
    { labels: { thread: "main", quantile: 0.99 }, value: 0.031 },
    { labels: { thread: "main", quantile: 1 }, value: 0.25 },
  ]);
  registry.gauge("argentum_event_loop_lag_worker_seconds", "worker lag", () => [
    { labels: { thread: "map-worker-0" }, value: 0.02 },
    { labels: { thread: "map-worker-1" }, value: 0.064 },
  ]);
  registry.gauge("argentum_map_queue_delay_seconds", "queue", () => [
    { labels: { worker: 0 }, value: 0.035 },
    { labels: { worker: 1 }, value: 0.002 },
  ]);
  const packetsIn = registry.counter("argentum_packets_in_total", "in");
  packetsIn.inc({ name: "Walk" }, 4321);
  packetsIn.inc({ name: "Talk" }, 7);
  registry.gauge("argentum_packets_out_total", "out", () => [
    { labels: { name: "CharacterMove" }, value: 99_000 },
    { labels: { name: "CharacterCreate" }, value: 1_000 },
  ]);
  registry.gauge("argentum_bytes_out_total", "bytes", () => 1e6);
  registry.gauge("argentum_outbound_writes_total", "writes", () => 2_500);
  registry.counter("odd_labels", 'help with "quotes"').inc({ path: 'a"b\\c\nd' }, 1);
  return registry.render();
}

describe("server metrics", () => {
  test("reads the series a report needs from the server's own rendering", () => {
    const snapshot = snapshotOf(parsePrometheusText(serverLikeText()), 1_000);
    expect(snapshot).toEqual({
      atMs: 1_000,
      cpuSeconds: 12.5,
      rssBytes: 300 * 1024 * 1024,
      playersOnline: 998,
      walksIn: 4321,
      // Never sent yet: no series, and that means 0.
      posUpdatesOut: 0,
      characterMovesOut: 99_000,
      bytesOut: 1e6,
      // Every packet kind, and the flush's socket writes.
      framesOut: 100_000,
      socketWrites: 2_500,
      intents: Number.NaN,
      queueDelayMaxS: 0.035,
      mainLagP99S: 0.031,
      mainLagMaxS: 0.25,
      workerLagMaxS: 0.064,
      // Caps the server does not export: unknown (the run assumes its defaults).
      maxConnectionsPerIp: Number.NaN,
      maxConnections: Number.NaN,
      // A server without the NPC AI series: unknown.
      npcAi: {
        reportAtS: Number.NaN,
        ticks: Number.NaN,
        thinks: Number.NaN,
        steps: Number.NaN,
        attacks: Number.NaN,
        pathSearches: Number.NaN,
        pathExpansions: Number.NaN,
        cpuSeconds: Number.NaN,
        lateness: [],
        latenessMaxS: Number.NaN,
        tickMaxS: Number.NaN,
        npcsAlive: Number.NaN,
        npcsOnPlayerMaps: Number.NaN,
        npcsThinking: Number.NaN,
        mapsRunning: Number.NaN,
      },
      // Nor the magic series.
      magic: {
        reportAtS: Number.NaN,
        castRequests: Number.NaN,
        castsResolved: Number.NaN,
        castsRefused: Number.NaN,
        statusTimersArmed: Number.NaN,
        statusTimerEvents: Number.NaN,
        meditationsStarted: Number.NaN,
        meditationTicks: Number.NaN,
      },
      // Nor the password-hash series.
      passwordHash: { setting: null, aloneS: Number.NaN, cpuS: Number.NaN, ceilingPerS: Number.NaN, count: Number.NaN, sumS: Number.NaN },
    });
    const odd = parsePrometheusText(serverLikeText()).find((sample) => sample.name === "odd_labels");
    expect(odd?.labels).toEqual({ path: 'a"b\\c\nd' });
  });

  test("the connection caps, when the server exports them", () => {
    const registry = new MetricsRegistry();
    registry.gauge(PER_ADDRESS_CAP_METRIC, "per address", () => 3);
    registry.gauge(TOTAL_CAP_METRIC, "total", () => 200);
    const snapshot = snapshotOf(parsePrometheusText(registry.render()), 0);
    expect([snapshot.maxConnectionsPerIp, snapshot.maxConnections]).toEqual([3, 200]);
  });

  test("hostile text: bad lines are skipped, nothing throws", () => {
    const samples = parsePrometheusText(["# HELP x y", "good 1", "bad{unterminated 2", "novalue", "x{a=\"1\"} notanumber", "y{a=\"1\",b=\"2\"} 3 1700000000", "z +Inf", ""].join("\n"));
    expect(samples.map((sample) => [sample.name, sample.value])).toEqual([
      ["good", 1],
      ["y", 3],
      ["z", Number.POSITIVE_INFINITY],
    ]);
    fc.assert(fc.property(fc.string({ maxLength: 500 }), (text) => void parsePrometheusText(text)));
    expect(Number.isNaN(snapshotOf([], 0).walksIn)).toBe(true);
  });

  test("a server that cannot be read gives the reason", async () => {
    const down = await readServerSnapshot("http://x/metrics", async () => {
      throw new Error("ECONNREFUSED");
    }, 0);
    expect(down).toEqual({ ok: false, error: "GET http://x/metrics: ECONNREFUSED" });
    const missing = await readServerSnapshot("http://x/metrics", async () => ({ status: 404, text: async () => "" }), 0);
    expect(missing).toEqual({ ok: false, error: "GET http://x/metrics: HTTP 404" });
  });

  test("the NPC AI quantiles interpolate inside the bucket, between two reads of the cumulative histogram", () => {
    const read = (counts: number[]): HistogramBucket[] => [0.01, 0.02, 0.05, Number.POSITIVE_INFINITY].map((le, i) => ({ le, count: counts[i]! }));
    const start = read([10, 10, 10, 10]);
    // 100 new ticks: 50 at or below 10 ms, 40 in (10, 20], 9 in (20, 50], 1 above.
    const end = read([60, 100, 109, 110]);
    expect(histogramQuantileBetween(start, end, 0.5)).toBeCloseTo(0.01, 9);
    expect(histogramQuantileBetween(start, end, 0.7)).toBeCloseTo(0.015, 9);
    expect(histogramQuantileBetween(start, end, 0.99)).toBeCloseTo(0.05, 9);
    // Above the last finite bound: that bound.
    expect(histogramQuantileBetween(read([0, 0, 0, 0]), read([0, 0, 0, 5]), 0.99)).toBe(0.05);
    // Nothing in between, or buckets that differ: unknown.
    expect(Number.isNaN(histogramQuantileBetween(end, end, 0.99))).toBe(true);
    expect(Number.isNaN(histogramQuantileBetween(start.slice(1), end, 0.99))).toBe(true);
  });

  test("the NPC AI fields of a report: rates over the time between the workers' reports", () => {
    const snapshot = (at: number, scale: number) => ({
      reportAtS: at,
      ticks: 100 * scale,
      thinks: 400 * scale,
      steps: 50 * scale,
      attacks: 5 * scale,
      pathSearches: 30 * scale,
      pathExpansions: 3_000 * scale,
      cpuSeconds: 0.2 * scale,
      lateness: [
        { le: 0.05, count: 99 * scale },
        { le: Number.POSITIVE_INFINITY, count: 100 * scale },
      ],
      latenessMaxS: 0.07,
      tickMaxS: 0.002,
      npcsAlive: 9_000,
      npcsOnPlayerMaps: 4_000,
      npcsThinking: 3_000,
      mapsRunning: 500,
    });
    const fields = npcAiBetween(snapshot(1_000, 1), snapshot(1_010, 3), 0.09, 0.0031);
    expect(fields).toMatchObject({
      npc_ai_span_s: 10,
      npc_ai_ticks_per_s: 20,
      npc_thinks_per_s: 80,
      npc_steps_per_s: 10,
      npc_attacks_per_s: 1,
      npc_path_searches_per_s: 6,
      npc_path_expansions_per_s: 600,
      npc_ai_cpu_ms_per_s: 40,
      npc_ai_cpu_pct: 4,
      npc_ai_us_per_think: 500,
      npc_ai_tick_max_ms: 3.1,
      npc_ai_lateness_p99_ms: 50,
      npc_ai_lateness_max_ms: 90,
      npcs_alive: 9_000,
      npcs_on_player_maps: 4_000,
      npcs_thinking: 3_000,
      npc_ai_maps_running: 500,
    });
    // No report between the two reads, or no reads: no rates.
    expect(npcAiBetween(snapshot(1_000, 1), snapshot(1_000, 1), Number.NaN)).toMatchObject({ npc_ai_ticks_per_s: null, npc_ai_cpu_pct: null, npc_ai_lateness_p99_ms: null, npc_ai_lateness_max_ms: null });
    expect(npcAiBetween(undefined, undefined, Number.NaN)).toMatchObject({ npc_ai_ticks_per_s: null, npcs_alive: null });
    expect(npcAiBetween({ ...snapshot(1_000, 1), reportAtS: Number.NaN }, snapshot(1_010, 3), Number.NaN)).toMatchObject({ npc_ai_span_s: null, npc_ai_ticks_per_s: null, npc_ai_us_per_think: null });
  });

  test("the magic fields of a report: casts, status timers and meditation ticks per second between the workers' reports", () => {
    const snapshot = (at: number, scale: number) => ({
      reportAtS: at,
      castRequests: 120 * scale,
      castsResolved: 100 * scale,
      castsRefused: 10 * scale,
      statusTimersArmed: 40 * scale,
      statusTimerEvents: 30 * scale,
      meditationsStarted: 5 * scale,
      meditationTicks: 200 * scale,
    });
    expect(magicBetween(snapshot(1_000, 1), snapshot(1_010, 3))).toEqual({
      server_cast_requests_per_s: 24,
      server_casts_per_s: 20,
      server_casts_refused_per_s: 2,
      server_status_timers_armed_per_s: 8,
      server_status_timer_events_per_s: 6,
      server_meditations_started_per_s: 1,
      server_meditation_ticks_per_s: 40,
    });
    expect(magicBetween(snapshot(1_000, 1), snapshot(1_000, 2)).server_casts_per_s).toBeNull();
    expect(magicBetween(undefined, snapshot(1_010, 3)).server_status_timer_events_per_s).toBeNull();
    expect(magicBetween({ ...snapshot(1_000, 1), reportAtS: Number.NaN }, snapshot(1_010, 3)).server_meditation_ticks_per_s).toBeNull();
  });
});

describe("password hashing against the logins", () => {
  /** The series as the server renders them: the setting, its cost alone, the hash-time histogram. */
  function hashingText(count: number, sumS: number, measured = true): string {
    const registry = new MetricsRegistry();
    registry.gauge(PASSWORD_HASH_METRICS.setting, "setting", () => [{ labels: { setting: "argon2id:m=19456,t=2", algorithm: "argon2id" }, value: 1 }]);
    registry.gauge(PASSWORD_HASH_METRICS.aloneSeconds, "alone", () => (measured ? 0.031 : []));
    registry.gauge(PASSWORD_HASH_METRICS.cpuSeconds, "cpu", () => (measured ? 0.03 : []));
    registry.gauge(PASSWORD_HASH_METRICS.ceilingPerSecond, "ceiling", () => (measured ? 62.5 : []));
    registry.histogram(PASSWORD_HASH_METRICS.seconds, "seconds", () => ({ bounds: [0.05, 1], counts: [0, count, 0], sum: sumS }));
    return registry.render();
  }

  test("a read carries the setting, the cost measured alone and the hashes so far", () => {
    expect(snapshotOf(parsePrometheusText(hashingText(40, 12)), 0).passwordHash).toEqual({ setting: "argon2id:m=19456,t=2", aloneS: 0.031, cpuS: 0.03, ceilingPerS: 62.5, count: 40, sumS: 12 });
    // Before the server has measured itself: the setting, and no cost yet.
    expect(snapshotOf(parsePrometheusText(hashingText(0, 0, false)), 0).passwordHash).toEqual({ setting: "argon2id:m=19456,t=2", aloneS: Number.NaN, cpuS: Number.NaN, ceilingPerS: Number.NaN, count: 0, sumS: 0 });
  });

  /** The reads a report takes the hashing from: when, the server's CPU so far, and the hashing. */
  const read = (atMs: number, cpuSeconds: number, passwordHash: PasswordHashSnapshot) => ({ atMs, cpuSeconds, passwordHash });

  test("logins/s next to the ceiling; the storm's hashes per second, their mean time, their share of a login and of its CPU", () => {
    const start = snapshotOf(parsePrometheusText(hashingText(10, 1)), 0).passwordHash;
    const end = snapshotOf(parsePrometheusText(hashingText(510, 301)), 0).passwordHash;
    // 500 hashes in 10 s, 300 s of hashing: 600 ms each; logins took 750 ms on average; the
    // server spent 25 s of CPU on them: 50 ms a login, of which the hash is 30 ms (31 ms wall alone).
    expect(passwordHashBetween(read(0, 100, start), read(10_000, 125, end), { perS: 50, meanMs: 750 })).toEqual({
      password_hash: "argon2id:m=19456,t=2",
      hash_alone_ms: 31,
      hash_cpu_ms: 30,
      hash_ceiling_per_s: 62.5,
      logins_of_hash_ceiling: 0.8,
      server_hashes_per_s: 50,
      hash_mean_ms: 600,
      hash_share_of_login: 0.8,
      server_cpu_ms_per_hash: 50,
      hash_share_of_cpu: 0.6,
    });
  });

  test("what cannot be known is null: no reads, no hashes in the window, no ceiling yet, no logins", () => {
    expect(passwordHashBetween(undefined, undefined, { perS: 40, meanMs: 700 })).toEqual({
      password_hash: null,
      hash_alone_ms: null,
      hash_cpu_ms: null,
      hash_ceiling_per_s: null,
      logins_of_hash_ceiling: null,
      server_hashes_per_s: null,
      hash_mean_ms: null,
      hash_share_of_login: null,
      server_cpu_ms_per_hash: null,
      hash_share_of_cpu: null,
    });
    const idle: PasswordHashSnapshot = { setting: "bcrypt:10", aloneS: 0.05, cpuS: 0.05, ceilingPerS: 40, count: 7, sumS: 0.4 };
    // A walking window after the logins: no hashing in it, the ceiling still shown.
    expect(passwordHashBetween(read(0, 1, idle), read(25_000, 30, idle), { perS: Number.NaN, meanMs: Number.NaN })).toMatchObject({
      hash_ceiling_per_s: 40,
      logins_of_hash_ceiling: null,
      server_hashes_per_s: 0,
      hash_mean_ms: null,
      hash_share_of_login: null,
      server_cpu_ms_per_hash: null,
      hash_share_of_cpu: null,
    });
    const unmeasured: PasswordHashSnapshot = { ...idle, aloneS: Number.NaN, cpuS: Number.NaN, ceilingPerS: Number.NaN, count: 17, sumS: 1.4 };
    expect(passwordHashBetween(read(0, 1, idle), read(10_000, 2, unmeasured), { perS: 1, meanMs: 200 })).toMatchObject({
      hash_alone_ms: null,
      hash_ceiling_per_s: null,
      logins_of_hash_ceiling: null,
      server_hashes_per_s: 1,
      hash_mean_ms: 100,
      hash_share_of_login: 0.5,
      server_cpu_ms_per_hash: 100,
      hash_share_of_cpu: null,
    });
  });
});
