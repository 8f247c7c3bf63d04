/**
 * Password hashing through Bun.password (runs on Bun's thread pool, not the event loop).
 *
 * The cost is a trade between brute-force resistance and login storms: after a restart every
 * player logs in at once. Measured on the 2-core dev machine (Bun 1.4.5), one verify costs
 * ~30 ms with the default below and ~125 ms with Bun's own default (64 MiB); 20 verifies in
 * parallel took 313 ms vs 1,118 ms, so 2,000 logins queue for ~30 s vs ~110 s.
 * Hashes carry their algorithm and parameters, so changing the setting later keeps old
 * passwords working.
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

export function createPasswordHasher(hashing: PasswordHashing = DEFAULT_PASSWORD_HASHING): PasswordHasher {
  const options = toBunOptions(hashing);
  let dummyHash: Promise<string> | undefined;
  const verify = async (password: string, hash: string) => {
    try {
      return await Bun.password.verify(password, hash);
    } catch {
      return false;
    }
  };
  return {
    hash: (password) => Bun.password.hash(password, options),
    verify,
    async burnVerify(password) {
      dummyHash ??= Bun.password.hash("argentum-no-such-account", options);
      await verify(password, await dummyHash);
    },
  };
}
