import { describe, expect, test } from "bun:test";
import { AdminAuth, bearerTokenOf, FAILED_ATTEMPT_WINDOW_MS, FailedAttemptLimiter, MAX_FAILED_ATTEMPTS, TokenCheck } from "./auth.ts";

const TOKEN = "a-very-long-console-token-0123456789";

describe("bearerTokenOf", () => {
  test("the token of a Bearer header, any case of the scheme; null for none, another scheme or junk", () => {
    expect(bearerTokenOf(`Bearer ${TOKEN}`)).toBe(TOKEN);
    expect(bearerTokenOf(`bearer   ${TOKEN}  `)).toBe(TOKEN);
    expect(bearerTokenOf(null)).toBeNull();
    expect(bearerTokenOf("")).toBeNull();
    expect(bearerTokenOf(`Basic ${btoa("a:b")}`)).toBeNull();
    expect(bearerTokenOf("Bearer")).toBeNull();
    expect(bearerTokenOf("Bearer two words")).toBeNull();
  });
});

describe("TokenCheck", () => {
  test("only the exact token matches: not a prefix, a longer one, another case, empty or none", () => {
    const check = new TokenCheck(TOKEN);
    expect(check.matches(TOKEN)).toBe(true);
    for (const wrong of [TOKEN.slice(0, -1), `${TOKEN}x`, TOKEN.toUpperCase(), "", null]) expect(check.matches(wrong)).toBe(false);
  });

  test("the comparison is of fixed-length digests, so a guess of any length is compared without throwing", () => {
    const check = new TokenCheck(TOKEN);
    expect(check.matches("x".repeat(10_000))).toBe(false);
    expect(check.matches("é".repeat(33))).toBe(false);
  });
});

describe("FailedAttemptLimiter", () => {
  test("an address is refused after MAX_FAILED_ATTEMPTS failures within the window, and may try again when it ends", () => {
    let now = 1_000;
    const limiter = new FailedAttemptLimiter(() => now);
    for (let i = 0; i < MAX_FAILED_ATTEMPTS; i++) {
      expect(limiter.waitOf("10.0.0.1")).toBe(0);
      limiter.failed("10.0.0.1");
    }
    expect(limiter.waitOf("10.0.0.1")).toBe(FAILED_ATTEMPT_WINDOW_MS);
    // Another address is not affected.
    expect(limiter.waitOf("10.0.0.2")).toBe(0);
    now += FAILED_ATTEMPT_WINDOW_MS - 1;
    expect(limiter.waitOf("10.0.0.1")).toBe(1);
    now += 1;
    expect(limiter.waitOf("10.0.0.1")).toBe(0);
  });

  test("memory is bounded: past the most addresses it remembers, the oldest is forgotten", () => {
    const limiter = new FailedAttemptLimiter(() => 0, 2, 60_000, 3);
    for (const address of ["a", "b", "c", "d"]) limiter.failed(address);
    expect(limiter.trackedAddresses).toBe(3);
    limiter.failed("d");
    expect(limiter.waitOf("d")).toBeGreaterThan(0);
    expect(limiter.waitOf("a")).toBe(0);
  });
});

describe("AdminAuth", () => {
  test("ok with the token; unauthorized without or with a wrong one; limited after too many failures, even with the right token", () => {
    let now = 0;
    const auth = new AdminAuth(TOKEN, () => now);
    expect(auth.authorize("1.2.3.4", `Bearer ${TOKEN}`)).toEqual({ kind: "ok" });
    expect(auth.authorize("1.2.3.4", null)).toEqual({ kind: "unauthorized" });
    for (let i = 1; i < MAX_FAILED_ATTEMPTS; i++) expect(auth.authorize("1.2.3.4", "Bearer guess").kind).toBe("unauthorized");
    expect(auth.authorize("1.2.3.4", `Bearer ${TOKEN}`)).toEqual({ kind: "limited", retryAfterSeconds: FAILED_ATTEMPT_WINDOW_MS / 1000 });
    // Successes do not count against an address.
    for (let i = 0; i < MAX_FAILED_ATTEMPTS * 2; i++) expect(auth.authorize("5.6.7.8", `Bearer ${TOKEN}`).kind).toBe("ok");
    now += FAILED_ATTEMPT_WINDOW_MS;
    expect(auth.authorize("1.2.3.4", `Bearer ${TOKEN}`)).toEqual({ kind: "ok" });
  });
});
