/**
 * Per-connection protection: flood windows, the TS_* sequence counters and the deadlines a
 * connection must meet. Pure state machines; the gateway applies their verdicts.
 */
import { SEQUENCED_CLIENT_PACKETS } from "../protocol/index.ts";

/** The VB6 server counts frames in windows of this length (§6.5). */
export const FLOOD_WINDOW_MS = 5_000;
/** Frames a connection that has not entered the world may send per window (VB6: 100). */
export const FLOOD_LIMIT_BEFORE_LOGIN = 100;
/**
 * Frames an in-world connection may send per window. The VB6 server only logs here; we close,
 * with room for a client walking at full speed (~24 steps per window) while talking and turning.
 */
export const FLOOD_LIMIT_IN_WORLD = 400;
/** A connection must log in to an account within this time. */
export const ACCOUNT_LOGIN_TIMEOUT_MS = 30_000;
/** A logged-in account must pick or create a character within this time. */
export const CHARACTER_SELECT_TIMEOUT_MS = 10 * 60_000;

export class FloodMeter {
  private windowStart = 0;
  private count = 0;

  /** Counts one frame; false when the connection went over `limit` in the current window. */
  admit(nowMs: number, limit: number): boolean {
    if (nowMs - this.windowStart >= FLOOD_WINDOW_MS) {
      this.windowStart = nowMs;
      this.count = 0;
    }
    this.count++;
    return this.count <= limit;
  }
}

/** The actions whose client packets carry a strictly increasing i32 counter (§6.3). */
export const COUNTED_ACTIONS = SEQUENCED_CLIENT_PACKETS;
export type CountedAction = (typeof COUNTED_ACTIONS)[number];

const ACTION_INDEX = new Map<string, number>(COUNTED_ACTIONS.map((name, index) => [name, index]));

/** Last counter seen per action; reset when the client is told `logged` (it resets too). */
export class SequenceCounters {
  private readonly last = new Float64Array(COUNTED_ACTIONS.length);

  reset(): void {
    this.last.fill(0);
  }

  isCounted(packetName: string): boolean {
    return ACTION_INDEX.has(packetName);
  }

  /** True when `value` is larger than the last one for this action (and records it). */
  accept(packetName: string, value: number): boolean {
    const index = ACTION_INDEX.get(packetName);
    if (index === undefined) return true;
    if (value <= this.last[index]!) return false;
    this.last[index] = value;
    return true;
  }
}

/** Open connections per remote address, with a cap per address and in total. */
export class ConnectionLimiter {
  private readonly perAddress = new Map<string, number>();
  private total = 0;

  constructor(
    private readonly maxTotal: number,
    private readonly maxPerAddress: number,
  ) {}

  get open(): number {
    return this.total;
  }

  tryAcquire(address: string): "ok" | "server_full" | "too_many_from_address" {
    if (this.total >= this.maxTotal) return "server_full";
    const current = this.perAddress.get(address) ?? 0;
    if (current >= this.maxPerAddress) return "too_many_from_address";
    this.perAddress.set(address, current + 1);
    this.total++;
    return "ok";
  }

  release(address: string): void {
    const current = this.perAddress.get(address);
    if (current === undefined) return; // never acquired: nothing to give back

    if (current <= 1) this.perAddress.delete(address);
    else this.perAddress.set(address, current - 1);
    this.total = Math.max(0, this.total - 1);
  }
}
