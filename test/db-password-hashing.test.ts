/**
 * Password hashing settings: both algorithms work with the cost given, hashes carry their
 * parameters (so changing the setting keeps old passwords valid) and nonsense settings are refused.
 */
import { describe, expect, test } from "bun:test";
import { DatabaseError, DEFAULT_PASSWORD_HASHING } from "../src/db/index.ts";
import { createPasswordHasher } from "../src/db/password-hashing.ts";

describe("password hashing", () => {
  test("the default is argon2id at OWASP's minimum (19 MiB, 2 passes)", async () => {
    expect(DEFAULT_PASSWORD_HASHING).toEqual({ algorithm: "argon2id", memoryCostKiB: 19_456, timeCost: 2 });
    const hash = await createPasswordHasher().hash("correct horse");
    expect(hash).toStartWith("$argon2id$v=19$m=19456,t=2,p=1$");
  });

  test("bcrypt with a chosen cost", async () => {
    const hasher = createPasswordHasher({ algorithm: "bcrypt", cost: 5 });
    const hash = await hasher.hash("correct horse");
    expect(hash).toStartWith("$2b$05$");
    expect(await hasher.verify("correct horse", hash)).toBe(true);
    expect(await hasher.verify("correct horsE", hash)).toBe(false);
  });

  test("hashes made under another setting still verify", async () => {
    const old = await createPasswordHasher({ algorithm: "bcrypt", cost: 4 }).hash("correct horse");
    const current = createPasswordHasher({ algorithm: "argon2id", memoryCostKiB: 1024, timeCost: 1 });
    expect(await current.verify("correct horse", old)).toBe(true);
  });

  test("an unreadable stored hash is a failed check, not a crash", async () => {
    const hasher = createPasswordHasher({ algorithm: "argon2id", memoryCostKiB: 1024, timeCost: 1 });
    expect(await hasher.verify("correct horse", "not a hash")).toBe(false);
    expect(await hasher.verify("correct horse", "")).toBe(false);
  });

  test("refuses settings that make no sense", () => {
    const invalid = [
      { algorithm: "bcrypt", cost: 3 },
      { algorithm: "bcrypt", cost: 32 },
      { algorithm: "bcrypt", cost: 10.5 },
      { algorithm: "argon2id", memoryCostKiB: 4, timeCost: 1 },
      { algorithm: "argon2id", memoryCostKiB: 1024, timeCost: 0 },
    ] as const;
    for (const hashing of invalid) {
      let error: unknown;
      try {
        createPasswordHasher(hashing);
      } catch (failure) {
        error = failure;
      }
      expect(error).toBeInstanceOf(DatabaseError);
      expect((error as DatabaseError).code).toBe("invalid_config");
    }
  });
});
