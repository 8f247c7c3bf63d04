/**
 * Who may use the operator console: a request that carries `Authorization: Bearer <token>` with
 * the token of `--admin-token`. The comparison is of two SHA-256 digests with
 * `crypto.timingSafeEqual`, so its time says nothing of how much of a guess was right, nor of the
 * token's length. An address that fails too often is refused for a while, whatever it sends
 * then (429), so guessing is slow even before the token's length makes it hopeless.
 */
import { createHash, timingSafeEqual } from "node:crypto";

/** Failed attempts an address may make in one window before it is refused. */
export const MAX_FAILED_ATTEMPTS = 10;
/** The window of failed attempts, and how long a refused address waits at most. */
export const FAILED_ATTEMPT_WINDOW_MS = 60_000;
/** Addresses remembered at most (a flood of new addresses forgets the oldest, never grows memory). */
export const MAX_TRACKED_ADDRESSES = 10_000;

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

function digestOf(text: string): Buffer {
  return createHash("sha256").update(text, "utf8").digest();
}

/** The token of a `Bearer` Authorization header, or null for none or another scheme. */
export function bearerTokenOf(header: string | null): string | null {
  if (header === null) return null;
  return BEARER.exec(header)?.[1] ?? null;
}

/** The check of a presented token against the expected one, in constant time. */
export class TokenCheck {
  private readonly expected: Buffer;

  constructor(token: string) {
    this.expected = digestOf(token);
  }

  matches(presented: string | null): boolean {
    // A missing token is compared too, so "none" and "wrong" take the same path.
    const digest = digestOf(presented ?? "");
    return timingSafeEqual(digest, this.expected) && presented !== null;
  }
}

interface Attempts {
  failures: number;
  windowStartedAt: number;
}

/** Failed attempts per address, in fixed windows of FAILED_ATTEMPT_WINDOW_MS on an injected clock. */
export class FailedAttemptLimiter {
  private readonly byAddress = new Map<string, Attempts>();

  constructor(
    private readonly now: () => number,
    private readonly maxFailures = MAX_FAILED_ATTEMPTS,
    private readonly windowMs = FAILED_ATTEMPT_WINDOW_MS,
    private readonly maxAddresses = MAX_TRACKED_ADDRESSES,
  ) {}

  /** Milliseconds `address` must still wait, or 0 when it may try. */
  waitOf(address: string): number {
    const attempts = this.current(address);
    if (attempts === undefined || attempts.failures < this.maxFailures) return 0;
    return Math.max(1, attempts.windowStartedAt + this.windowMs - this.now());
  }

  failed(address: string): void {
    const attempts = this.current(address);
    if (attempts !== undefined) {
      attempts.failures++;
      return;
    }
    if (this.byAddress.size >= this.maxAddresses) this.forgetOldest();
    this.byAddress.set(address, { failures: 1, windowStartedAt: this.now() });
  }

  /** Addresses remembered now (tests). */
  get trackedAddresses(): number {
    return this.byAddress.size;
  }

  private current(address: string): Attempts | undefined {
    const attempts = this.byAddress.get(address);
    if (attempts === undefined) return undefined;
    if (this.now() - attempts.windowStartedAt < this.windowMs) return attempts;
    this.byAddress.delete(address);
    return undefined;
  }

  /** Maps keep insertion order: the first key is the oldest window. */
  private forgetOldest(): void {
    const oldest = this.byAddress.keys().next();
    if (!oldest.done) this.byAddress.delete(oldest.value);
  }
}

export type AuthOutcome = { kind: "ok" } | { kind: "unauthorized" } | { kind: "limited"; retryAfterSeconds: number };

/** The console's door: the token check and the limiter together. */
export class AdminAuth {
  private readonly check: TokenCheck;
  private readonly limiter: FailedAttemptLimiter;

  constructor(token: string, now: () => number, limiter?: FailedAttemptLimiter) {
    this.check = new TokenCheck(token);
    this.limiter = limiter ?? new FailedAttemptLimiter(now);
  }

  /** Whether a request from `address` with this Authorization header may go on. */
  authorize(address: string, authorization: string | null): AuthOutcome {
    const wait = this.limiter.waitOf(address);
    if (wait > 0) return { kind: "limited", retryAfterSeconds: Math.ceil(wait / 1000) };
    if (this.check.matches(bearerTokenOf(authorization))) return { kind: "ok" };
    this.limiter.failed(address);
    return { kind: "unauthorized" };
  }
}
