/**
 * When an NPC thinks and when it may hit (combat-and-progression §1, §6.2). The AI runs on a
 * fixed tick; an NPC thinks on the first tick at or after its movement deadline, so a 380 ms
 * interval on a 150 ms tick means a think every 450 ms, and a 2000 ms attack interval checked at
 * those thinks means a hit every 2250 ms. Deadlines are plain numbers on the caller's monotonic
 * clock.
 */

/** VB6 `IntervaloNpcAI`: the AI tick. */
export const AI_TICK_MS = 150;

/** VB6 `IntervaloPermiteMoverse`: the movement deadline has passed. */
export function isThinkDue(nowMs: number, nextThinkAtMs: number): boolean {
  return nowMs >= nextThinkAtMs;
}

/** The deadline set by a think at `nowMs` (VB6: `now + IntervaloMovimiento`). */
export function nextThinkAt(nowMs: number, moveIntervalMs: number): number {
  return nowMs + moveIntervalMs;
}

/** VB6 `IntervaloPermiteAtacarNPC`: at least the attack interval since the last hit. */
export function isAttackReady(nowMs: number, nextAttackAtMs: number): boolean {
  return nowMs >= nextAttackAtMs;
}

/** The earliest next hit after one at `nowMs`. */
export function nextAttackAt(nowMs: number, attackIntervalMs: number): number {
  return nowMs + attackIntervalMs;
}

/**
 * The tick (counted from 0 at `originMs`, one every `tickMs`) on which a deadline is first met:
 * the first tick at or after it. A deadline already past gives tick 0.
 */
export function tickOfDeadline(deadlineMs: number, originMs: number, tickMs: number = AI_TICK_MS): number {
  return Math.max(0, Math.ceil((deadlineMs - originMs) / tickMs));
}
