/**
 * Password hashing in /metrics: the setting (`--password-hash`), the time of every hash and
 * verify on Bun's thread pool, and what the setting costs on this machine measured alone once at
 * start. A login storm is bounded by the last one: the bots' report puts logins/s next to it.
 */
import { describePasswordHashing, measurePasswordHashCost, type PasswordHashCost, type PasswordHashing, type PasswordHashObserver, type PasswordHashWork } from "../db/index.ts";
import type { Logger } from "../log/index.ts";
import { PASSWORD_HASH_METRIC_NAMES, type HistogramReading, type MetricsRegistry } from "../metrics/index.ts";

export { PASSWORD_HASH_METRIC_NAMES };

/** Upper bounds of the hash-time histogram, seconds: a cheap bcrypt up to a long storm queue. */
export const PASSWORD_HASH_BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60] as const;

const MS_PER_SECOND = 1_000;
const WORKS: readonly PasswordHashWork[] = ["hash", "verify", "burn"];

/**
 * Counts the hashing the database does (it is the database's PasswordHashObserver) and holds the
 * cost measured at start. Plain numbers only: /metrics reads them when scraped.
 */
export class PasswordHashMetrics implements PasswordHashObserver {
  private readonly counts = new Array<number>(PASSWORD_HASH_BUCKETS_S.length + 1).fill(0);
  private readonly byWork = new Map<PasswordHashWork, number>(WORKS.map((work) => [work, 0]));
  private sumS = 0;
  private running = 0;
  private measured: PasswordHashCost | undefined;

  constructor(readonly hashing: PasswordHashing) {}

  started(): void {
    this.running++;
  }

  finished(work: PasswordHashWork, seconds: number): void {
    this.running--;
    this.byWork.set(work, (this.byWork.get(work) ?? 0) + 1);
    this.sumS += seconds;
    let bucket = 0;
    while (bucket < PASSWORD_HASH_BUCKETS_S.length && seconds > PASSWORD_HASH_BUCKETS_S[bucket]!) bucket++;
    this.counts[bucket]!++;
  }

  /** The setting's cost measured alone, once it has been (undefined before). */
  get cost(): PasswordHashCost | undefined {
    return this.measured;
  }

  register(registry: MetricsRegistry): void {
    const names = PASSWORD_HASH_METRIC_NAMES;
    const setting = describePasswordHashing(this.hashing);
    registry.gauge(names.setting, "The password hash setting (--password-hash); always 1.", () => [{ labels: { setting, algorithm: this.hashing.algorithm }, value: 1 }]);
    registry.histogram(names.seconds, "Wall time of each password hash or verify on the thread pool, waiting for a free thread included.", (): HistogramReading => ({
      bounds: PASSWORD_HASH_BUCKETS_S,
      counts: this.counts,
      sum: this.sumS,
    }));
    registry.gauge(names.byWork, "Password hashes computed, by work: hash (a new password), verify (a login), burn (a login to no account).", () =>
      [...this.byWork].map(([work, count]) => ({ labels: { work }, value: count })),
    );
    registry.gauge(names.inFlight, "Password hashes and verifies running or waiting for a thread-pool thread.", () => this.running);
    registry.gauge(names.aloneSeconds, "One verify with nothing else hashing, measured once at start.", () =>
      this.measured ? [{ labels: {}, value: this.measured.verifyAloneS }] : [],
    );
    registry.gauge(names.cpuSeconds, "CPU time of one verify, measured once at start (unlike the wall time, other load does not stretch it).", () =>
      this.measured ? [{ labels: {}, value: this.measured.verifyCpuS }] : [],
    );
    registry.gauge(names.ceilingPerSecond, "Verifies per second with every core hashing and nothing else, measured once at start: the most logins/s the hash lets through.", () =>
      this.measured ? [{ labels: {}, value: this.measured.verifiesPerS }] : [],
    );
  }

  /**
   * Measures the setting alone (a few hashes' CPU): run it when the server has just started and
   * no player hashes yet. A failure is logged and leaves the gauges empty.
   */
  async measureAlone(log: Logger): Promise<void> {
    try {
      this.measured = await measurePasswordHashCost(this.hashing, { singleVerifies: 1 });
      log.info(
        {
          setting: describePasswordHashing(this.hashing),
          verifyAloneMs: Math.round(this.measured.verifyAloneS * MS_PER_SECOND * 10) / 10,
          verifyCpuMs: Math.round(this.measured.verifyCpuS * MS_PER_SECOND * 10) / 10,
          verifiesPerS: Math.round(this.measured.verifiesPerS * 10) / 10,
        },
        "password hash cost measured alone",
      );
    } catch (error) {
      log.warn({ err: error }, "could not measure the password hash cost");
    }
  }
}
