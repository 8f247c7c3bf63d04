/**
 * The runtime benchmark's actor: `timers` recurring timers on think times. Each fire draws a
 * heading from the actor's stream and, unless told not to, sends `Walk` to the session (a
 * loopback in the benchmark): the whole bot path except the network.
 */
import type { Behaviour, BehaviourContext } from "../behaviour.ts";
import { TIMER_REFUSED } from "../behaviour.ts";
import { REFERENCE_WALK_THINK, type ThinkTime } from "../think-time.ts";
import { WALK_FIELDS, WALK_PACKET } from "./packets.ts";

export interface TimerLoadOptions {
  readonly timers: number;
  /** One think time for all timers, or a list: timer i uses entry i modulo its length. */
  readonly think?: ThinkTime | readonly ThinkTime[];
  /** Send a `Walk` per fire (default true). */
  readonly send?: boolean;
}

// Shared by every actor: no per-actor closure on the hot path.
function stepAndSend(plannedMs: number, context: BehaviourContext): void {
  context.send(WALK_PACKET, WALK_FIELDS[context.random.int(1, 4)], plannedMs);
}

function stepOnly(_plannedMs: number, context: BehaviourContext): void {
  context.random.int(1, 4);
}

export class TimerLoadBehaviour implements Behaviour {
  readonly name = "timer-load";
  /** Timers the budget refused at start. */
  refused = 0;
  private readonly think: readonly ThinkTime[];
  private readonly timers: number;
  private readonly sends: boolean;

  constructor(options: TimerLoadOptions) {
    this.timers = options.timers;
    const think = options.think ?? REFERENCE_WALK_THINK;
    this.think = Array.isArray(think) ? think : [think as ThinkTime];
    if (this.think.length === 0) throw new RangeError("timer load needs at least one think time");
    this.sends = options.send ?? true;
  }

  start(context: BehaviourContext): void {
    const fire = this.sends ? stepAndSend : stepOnly;
    for (let i = 0; i < this.timers; i++) {
      if (context.timers.every(this.think[i % this.think.length]!, fire) === TIMER_REFUSED) this.refused++;
    }
  }
}
