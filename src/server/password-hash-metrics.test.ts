/**
 * Password hashing in /metrics: the database's hasher reports each call here, the series render
 * under the names the bots' report reads, and the cost measured alone appears once measured.
 */
import { describe, expect, test } from "bun:test";
import { parsePrometheusText, PASSWORD_HASH_METRICS, passwordHashBetween, snapshotOf } from "../bots/index.ts";
import { silentLogger } from "../log/index.ts";
import { MetricsRegistry } from "../metrics/index.ts";
import { PASSWORD_HASH_METRIC_NAMES, PasswordHashMetrics } from "./password-hash-metrics.ts";

const CHEAP = { algorithm: "argon2id", memoryCostKiB: 1024, timeCost: 1 } as const;

function registered(metrics: PasswordHashMetrics): MetricsRegistry {
  const registry = new MetricsRegistry();
  metrics.register(registry);
  return registry;
}

describe("password hash metrics", () => {
  test("the server's names are the ones the bots read", () => {
    expect(PASSWORD_HASH_METRIC_NAMES).toEqual(PASSWORD_HASH_METRICS);
  });

  test("each call lands in its bucket and its work; the bots read the setting and the sums", () => {
    const metrics = new PasswordHashMetrics(CHEAP);
    const registry = registered(metrics);
    const before = snapshotOf(parsePrometheusText(registry.render()), 0).passwordHash;
    expect(before).toEqual({ setting: "argon2id:m=1024,t=1", aloneS: Number.NaN, cpuS: Number.NaN, ceilingPerS: Number.NaN, count: 0, sumS: 0 });
    for (const [work, seconds] of [["hash", 0.03], ["verify", 0.03], ["verify", 0.7], ["burn", 45], ["verify", 120]] as const) {
      metrics.started();
      metrics.finished(work, seconds);
    }
    metrics.started();
    const text = registry.render();
    expect(text).toContain('argentum_password_hash_info{setting="argon2id:m=1024,t=1",algorithm="argon2id"} 1');
    expect(text).toContain('argentum_password_hash_seconds_bucket{le="0.05"} 2');
    expect(text).toContain('argentum_password_hash_seconds_bucket{le="1"} 3');
    expect(text).toContain('argentum_password_hash_seconds_bucket{le="60"} 4');
    expect(text).toContain('argentum_password_hash_seconds_bucket{le="+Inf"} 5');
    expect(text).toContain('argentum_password_hashes_total{work="verify"} 3');
    expect(text).toContain('argentum_password_hashes_total{work="burn"} 1');
    expect(text).toContain("argentum_password_hashes_in_flight 1");
    // No cost measured yet: the gauges have no series rather than a made-up value.
    expect(text).not.toContain("\nargentum_password_hash_alone_seconds ");
    expect(text).not.toContain("\nargentum_password_hash_ceiling_per_second ");
    expect(text).not.toContain("\nargentum_password_hash_cpu_seconds ");
    const after = snapshotOf(parsePrometheusText(text), 10_000).passwordHash;
    expect(after).toMatchObject({ count: 5, sumS: 165.76 });
    const window = passwordHashBetween({ atMs: 0, cpuSeconds: 1, passwordHash: before }, { atMs: 10_000, cpuSeconds: 2, passwordHash: after }, { perS: 0.5, meanMs: 40_000 });
    expect(window).toMatchObject({ server_hashes_per_s: 0.5, hash_mean_ms: 33_152, hash_ceiling_per_s: null, server_cpu_ms_per_hash: 200 });
  });

  test("measured alone, the verify time and the ceiling appear in /metrics and reach the report", async () => {
    const metrics = new PasswordHashMetrics({ algorithm: "bcrypt", cost: 4 });
    const registry = registered(metrics);
    await metrics.measureAlone(silentLogger());
    const cost = metrics.cost!;
    expect(cost.verifyAloneS).toBeGreaterThan(0);
    expect(cost.verifiesPerS).toBeGreaterThan(0);
    const read = snapshotOf(parsePrometheusText(registry.render()), 0);
    expect(read.passwordHash).toMatchObject({ setting: "bcrypt:4", aloneS: cost.verifyAloneS, cpuS: cost.verifyCpuS, ceilingPerS: cost.verifiesPerS });
    expect(passwordHashBetween(read, read, { perS: cost.verifiesPerS / 2, meanMs: 100 }).logins_of_hash_ceiling).toBe(0.5);
  });
});
