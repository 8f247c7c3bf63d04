/**
 * Password hashing through Bun.password (runs on Bun's thread pool, not the event loop).
 *
 * The cost is a trade between brute-force resistance and login storms: after a restart every
 * player logs in at once. Measured on the 2-core dev machine (Bun 1.4.5), one verify costs
 * ~30 ms with the default below and ~125 ms with Bun's own default (64 MiB); 20 verifies in
 * parallel took 313 ms vs 1,118 ms, so 2,000 logins queue for ~30 s vs ~110 s.
 * Hashes carry their algorithm and parameters, so changing the setting later keeps old
 * passwords working. The server's setting is `--password-hash` (src/config); `bench/password-hash.ts`
 * measures a setting alone on the machine at hand.
 */
import { DatabaseError } from "./database-error.ts";

export type PasswordHashing =
  | {
      algorithm: "argon2id";
      /** Memory per hash in KiB. */
      memoryCostKiB: number;
      /** Passes over that memory. */
      timeCost: number;
    }
  | {
      algorithm: "bcrypt";
      /** log2 of the rounds, 4..31. */
      cost: number;
    };

/** OWASP's minimum argon2id setting (19 MiB, 2 passes): ~30 ms per hash on the dev machine. */
export const DEFAULT_PASSWORD_HASHING: PasswordHashing = { algorithm: "argon2id", memoryCostKiB: 19_456, timeCost: 2 };

const MIN_ARGON2_MEMORY_KIB = 8;
const MIN_BCRYPT_COST = 4;
const MAX_BCRYPT_COST = 31;

/** What one call on the thread pool did: make a hash, check one, or burn a check's time (no account). */
export type PasswordHashWork = "hash" | "verify" | "burn";

/**
 * Told the wall time of every hash computed on Bun's thread pool, in seconds. It includes the wait
 * for a free pool thread, so under a login storm it grows with the queue, not with the setting.
 */
export interface PasswordHashObserver {
  started(work: PasswordHashWork): void;
  finished(work: PasswordHashWork, seconds: number): void;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password and for a stored hash that cannot be read. */
  verify(password: string, hash: string): Promise<boolean>;
  /** Spends the time of one verify without an account, so "no such account" is not faster than "wrong password". */
  burnVerify(password: string): Promise<void>;
}

function toBunOptions(hashing: PasswordHashing): Parameters<typeof Bun.password.hash>[1] {
  if (hashing.algorithm === "bcrypt") {
    if (!Number.isInteger(hashing.cost) || hashing.cost < MIN_BCRYPT_COST || hashing.cost > MAX_BCRYPT_COST) {
      throw new DatabaseError("invalid_config", `bcrypt cost must be an integer from ${MIN_BCRYPT_COST} to ${MAX_BCRYPT_COST}, got ${hashing.cost}`);
    }
    return { algorithm: "bcrypt", cost: hashing.cost };
  }
  if (!Number.isInteger(hashing.memoryCostKiB) || hashing.memoryCostKiB < MIN_ARGON2_MEMORY_KIB) {
    throw new DatabaseError("invalid_config", `argon2id memory cost must be an integer of at least ${MIN_ARGON2_MEMORY_KIB} KiB, got ${hashing.memoryCostKiB}`);
  }
  if (!Number.isInteger(hashing.timeCost) || hashing.timeCost < 1) {
    throw new DatabaseError("invalid_config", `argon2id time cost must be a positive integer, got ${hashing.timeCost}`);
  }
  return { algorithm: "argon2id", memoryCost: hashing.memoryCostKiB, timeCost: hashing.timeCost };
}

const MS_PER_SECOND = 1_000;

export function createPasswordHasher(hashing: PasswordHashing = DEFAULT_PASSWORD_HASHING, observer?: PasswordHashObserver): PasswordHasher {
  const options = toBunOptions(hashing);
  let dummyHash: Promise<string> | undefined;
  /** Runs one thread-pool call, telling the observer how long it took (failures included). */
  const timed = async <T>(work: PasswordHashWork, call: () => Promise<T>): Promise<T> => {
    if (!observer) return call();
    observer.started(work);
    const startedAt = performance.now();
    try {
      return await call();
    } finally {
      observer.finished(work, (performance.now() - startedAt) / MS_PER_SECOND);
    }
  };
  const check = async (work: PasswordHashWork, password: string, hash: string) => {
    try {
      return await timed(work, () => Bun.password.verify(password, hash));
    } catch {
      return false;
    }
  };
  return {
    hash: (password) => timed("hash", () => Bun.password.hash(password, options)),
    verify: (password, hash) => check("verify", password, hash),
    async burnVerify(password) {
      dummyHash ??= timed("hash", () => Bun.password.hash("argentum-no-such-account", options));
      await check("burn", password, await dummyHash);
    },
  };
}

/** The setting in the text form of `--password-hash` (`argon2id:m=19456,t=2`, `bcrypt:10`). */
export function describePasswordHashing(hashing: PasswordHashing): string {
  return hashing.algorithm === "bcrypt" ? `bcrypt:${hashing.cost}` : `argon2id:m=${hashing.memoryCostKiB},t=${hashing.timeCost}`;
}

const MICROSECONDS_PER_MS = 1_000;

function processCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / MICROSECONDS_PER_MS;
}

/** What one setting costs on this machine when nothing else hashes. */
export interface PasswordHashCost {
  /** The fastest of `singleVerifies` verifies run one at a time, seconds. */
  readonly verifyAloneS: number;
  /**
   * Process CPU per verify over those single verifies, seconds: the work itself, which other
   * load on the machine does not stretch (it does stretch `verifyAloneS`). Measured on an idle
   * process; other threads working at the time add to it.
   */
  readonly verifyCpuS: number;
  /** Verifies completed per second with `inFlight` of them always running on the thread pool. */
  readonly verifiesPerS: number;
  readonly inFlight: number;
  readonly verifies: number;
}

export interface MeasureHashCostOptions {
  /** Verifies one at a time; the fastest counts (the first may pay for warming the pool). */
  readonly singleVerifies?: number;
  /** Verifies kept running at once for the throughput part; default the CPU count. */
  readonly inFlight?: number;
  /** Verifies in the throughput part; default two per slot in flight. */
  readonly verifies?: number;
  /** Wall clock, ms. */
  readonly now?: () => number;
  /** This process's CPU time so far, ms (all threads). */
  readonly cpuNow?: () => number;
}

/**
 * Measures one setting alone: one verify's latency, then verifies/s with the thread pool kept
 * full, which is the most logins per second the hash lets through on this machine. Spends
 * (1 + singleVerifies + verifies) hashes of CPU; run it while nothing else hashes.
 */
export async function measurePasswordHashCost(hashing: PasswordHashing, options: MeasureHashCostOptions = {}): Promise<PasswordHashCost> {
  const bunOptions = toBunOptions(hashing);
  const now = options.now ?? (() => performance.now());
  const cpuNow = options.cpuNow ?? processCpuMs;
  const singleVerifies = Math.max(1, options.singleVerifies ?? 2);
  const inFlight = Math.max(1, options.inFlight ?? (navigator.hardwareConcurrency || 1));
  const verifies = Math.max(inFlight, options.verifies ?? inFlight * 2);
  const password = "argentum-hash-cost";
  const hash = await Bun.password.hash(password, bunOptions);
  let fastestMs = Number.POSITIVE_INFINITY;
  const cpuStartedAt = cpuNow();
  for (let i = 0; i < singleVerifies; i++) {
    const startedAt = now();
    await Bun.password.verify(password, hash);
    fastestMs = Math.min(fastestMs, now() - startedAt);
  }
  const cpuMs = (cpuNow() - cpuStartedAt) / singleVerifies;
  let started = 0;
  const lane = async () => {
    while (started < verifies) {
      started++;
      await Bun.password.verify(password, hash);
    }
  };
  const startedAt = now();
  await Promise.all(Array.from({ length: inFlight }, lane));
  const wallMs = now() - startedAt;
  return { verifyAloneS: fastestMs / MS_PER_SECOND, verifyCpuS: cpuMs / MS_PER_SECOND, verifiesPerS: wallMs > 0 ? (verifies * MS_PER_SECOND) / wallMs : Number.NaN, inFlight, verifies };
}
