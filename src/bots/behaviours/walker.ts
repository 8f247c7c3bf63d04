/**
 * Random walk, like the reference benchmark: every 211 to 410 ms (uniform) or at a fixed
 * interval, pick one of the four headings and send `Walk`. The step function is shared by all
 * walkers; what a walker did is in the run's send counts (and a test's recorded sends).
 */
import type { Behaviour, BehaviourContext, TimerHandle } from "../behaviour.ts";
import { TIMER_REFUSED } from "../behaviour.ts";
import { REFERENCE_WALK_THINK, type ThinkTime } from "../think-time.ts";
import { WALK_FIELDS, WALK_PACKET } from "./packets.ts";

/** The reference's saturated crowd steps every 211 ms, the fastest walk it offers. */
export const WALKER_FIXED_INTERVAL_MS = 211;

export interface WalkerOptions {
  /** Wait between steps (default uniform 211..410 ms). */
  readonly think?: ThinkTime;
  /** A fixed step interval instead of `think`. */
  readonly intervalMs?: number;
}

/** One step: a uniform heading 1..4 (north, east, south, west), measured from its planned time. */
export function walkStep(plannedMs: number, context: BehaviourContext): void {
  context.send(WALK_PACKET, WALK_FIELDS[context.random.int(1, 4)], plannedMs);
}

export class WalkerBehaviour implements Behaviour {
  readonly name = "walker";
  readonly think: ThinkTime;
  private timer: TimerHandle = TIMER_REFUSED;

  constructor(options: WalkerOptions = {}) {
    this.think = options.intervalMs !== undefined ? { kind: "constant", ms: options.intervalMs } : (options.think ?? REFERENCE_WALK_THINK);
  }

  start(context: BehaviourContext): void {
    this.timer = context.timers.every(this.think, walkStep);
    if (this.timer === TIMER_REFUSED) context.log.warn({ actor: context.actor.id }, "walker: no timer budget, not walking");
  }

  stop(context: BehaviourContext): void {
    context.timers.cancel(this.timer);
    this.timer = TIMER_REFUSED;
  }
}
