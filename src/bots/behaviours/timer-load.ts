/**
 * The runtime benchmark's actor: `timers` recurring timers on one think time. Each fire draws a
 * heading from the actor's stream and, unless told not to, sends `Walk` to the session (a
 * loopback in the benchmark): the whole bot path except the network.
 */
import type { Behaviour, BehaviourContext } from "../behaviour.ts";
import { TIMER_REFUSED } from "../behaviour.ts";
import { REFERENCE_WALK_THINK, type ThinkTime } from "../think-time.ts";
import { WALK_FIELDS, WALK_PACKET } from "./packets.ts";

export interface TimerLoadOptions {
  readonly timers: number;
  readonly think?: ThinkTime;
  /** Send a `Walk` per fire (default true). */
  readonly send?: boolean;
}

export class TimerLoadBehaviour implements Behaviour {
  readonly name = "timer-load";
  fires = 0;
  refused = 0;
  private context: BehaviourContext | undefined;
  private readonly think: ThinkTime;
  private readonly timers: number;
  private readonly sends: boolean;
  private readonly fire = (plannedMs: number): void => {
    const context = this.context!;
    this.fires++;
    const heading = context.random.int(1, 4);
    if (this.sends) context.send(WALK_PACKET, WALK_FIELDS[heading], plannedMs);
  };

  constructor(options: TimerLoadOptions) {
    this.timers = options.timers;
    this.think = options.think ?? REFERENCE_WALK_THINK;
    this.sends = options.send ?? true;
  }

  start(context: BehaviourContext): void {
    this.context = context;
    for (let i = 0; i < this.timers; i++) {
      if (context.timers.every(this.think, this.fire) === TIMER_REFUSED) this.refused++;
    }
  }
}
