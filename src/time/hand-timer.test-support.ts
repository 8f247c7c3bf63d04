/**
 * A hand-driven `CadenceTimer` for tests: `endOfTurn` callbacks run on `endTurn()`, `after`
 * callbacks when `advance` passes their time.
 */
import type { CadenceTimer } from "./flush-cadence.ts";

export class HandTimer implements CadenceTimer {
  turnEnd: (() => void)[] = [];
  timers: { at: number; callback: () => void }[] = [];

  constructor(public nowMs: number) {}

  now = () => this.nowMs;
  endOfTurn = (callback: () => void) => void this.turnEnd.push(callback);
  after = (ms: number, callback: () => void) => void this.timers.push({ at: this.nowMs + ms, callback });

  endTurn(): void {
    const due = this.turnEnd;
    this.turnEnd = [];
    for (const callback of due) callback();
  }

  advance(ms: number): void {
    this.nowMs += ms;
    const due = this.timers.filter((timer) => timer.at <= this.nowMs);
    this.timers = this.timers.filter((timer) => timer.at > this.nowMs);
    for (const timer of due) timer.callback();
  }
}
