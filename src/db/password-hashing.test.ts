import { describe, expect, test } from "bun:test";
import { loadConfig } from "../config/index.ts";
import { createPasswordHasher, DEFAULT_PASSWORD_HASHING, describePasswordHashing, measurePasswordHashCost, type PasswordHashing, type PasswordHashObserver, type PasswordHashWork } from "./password-hashing.ts";

/** The hashing `--password-hash TEXT` gives the server. */
function setting(text: string): PasswordHashing {
  const loaded = loadConfig(["--password-hash", text], {});
  if (!loaded.ok) throw loaded.error;
  return loaded.config.passwordHash;
}

/** Records what the hasher tells its observer. */
function recorder(): PasswordHashObserver & { readonly done: [PasswordHashWork, number][]; running: number } {
  const done: [PasswordHashWork, number][] = [];
  return {
    done,
    running: 0,
    started() {
      this.running++;
    },
    finished(work, seconds) {
      this.running--;
      done.push([work, seconds]);
    },
  };
}

describe("password hashing", () => {
  test("a password hashed under one --password-hash verifies after the setting changed, either way", async () => {
    const settings = ["argon2id:m=1024,t=1", "bcrypt:4", "argon2id:m=2048,t=2"].map(setting);
    for (const before of settings) {
      const stored = await createPasswordHasher(before).hash("ñandú12 correct horse");
      for (const after of settings) {
        const hasher = createPasswordHasher(after);
        expect(await hasher.verify("ñandú12 correct horse", stored)).toBe(true);
        expect(await hasher.verify("ñandú12 correct horsE", stored)).toBe(false);
      }
    }
  });

  test("a hash carries the setting it was made with", async () => {
    expect(await createPasswordHasher(setting("argon2id:m=1024,t=1")).hash("x")).toStartWith("$argon2id$v=19$m=1024,t=1,p=1$");
    expect(await createPasswordHasher(setting("bcrypt:5")).hash("x")).toStartWith("$2b$05$");
  });

  test("the observer hears every thread-pool call with its time, failures and the no-account burn included", async () => {
    const observed = recorder();
    const hasher = createPasswordHasher(setting("argon2id:m=1024,t=1"), observed);
    const stored = await hasher.hash("secret");
    expect(await hasher.verify("secret", stored)).toBe(true);
    expect(await hasher.verify("secret", "not a hash")).toBe(false);
    await hasher.burnVerify("secret");
    await hasher.burnVerify("secret");
    // The burn's own hash is made once, then each burn is one verify.
    expect(observed.done.map(([work]) => work)).toEqual(["hash", "verify", "verify", "hash", "burn", "burn"]);
    expect(observed.done.every(([, seconds]) => seconds >= 0 && seconds < 10)).toBe(true);
    expect(observed.running).toBe(0);
  });

  test("describes a setting in the text of --password-hash, which reads back to it", () => {
    expect(describePasswordHashing(DEFAULT_PASSWORD_HASHING)).toBe("argon2id:m=19456,t=2");
    expect(describePasswordHashing({ algorithm: "bcrypt", cost: 10 })).toBe("bcrypt:10");
    for (const text of ["argon2id:m=65536,t=3", "bcrypt:12"]) expect(describePasswordHashing(setting(text))).toBe(text);
  });

  test("measuring a setting alone: the fastest single verify, then verifies/s with the pool kept full", async () => {
    let nowMs = 0;
    let cpuMs = 0;
    const clocks = { now: () => (nowMs += 10), cpuNow: () => (cpuMs += 3) };
    const cost = await measurePasswordHashCost(setting("argon2id:m=1024,t=1"), { singleVerifies: 2, inFlight: 2, verifies: 5, ...clocks });
    // Each reading of the clock is 10 ms later: a verify alone reads it twice (10 ms), the 5 verifies too;
    // the CPU clock is read before and after the two single verifies: 3 ms for two, 1.5 ms each.
    expect(cost).toEqual({ verifyAloneS: 0.01, verifyCpuS: 0.0015, verifiesPerS: 500, inFlight: 2, verifies: 5 });
    const real = await measurePasswordHashCost(setting("bcrypt:4"), { singleVerifies: 1, inFlight: 2 });
    expect(real.verifies).toBe(4);
    expect(real.verifyAloneS).toBeGreaterThan(0);
    expect(real.verifyCpuS).toBeGreaterThan(0);
    expect(real.verifiesPerS).toBeGreaterThan(0);
  });
});
