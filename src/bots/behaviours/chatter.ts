/** Talks now and then: a `Talk` with one of a few short lines, waits drawn from a think time. */
import type { Behaviour, BehaviourContext, PacketFields, TimerHandle } from "../behaviour.ts";
import { TIMER_REFUSED } from "../behaviour.ts";
import type { ThinkTime } from "../think-time.ts";
import { TALK_PACKET, talkFields } from "./packets.ts";

/** A player in a town says something every few seconds; 8 s mean, never more than a minute apart. */
export const CHATTER_THINK: ThinkTime = { kind: "exponential", meanMs: 8_000, maxMs: 60_000 };
/** Our own filler lines (Spanish, as on AO servers). */
export const CHATTER_LINES: readonly string[] = ["hola", "alguien para party?", "vendo pociones", "donde queda el banco?", "buenas!", "gg"];

export interface ChatterOptions {
  readonly think?: ThinkTime;
  readonly lines?: readonly string[];
}

export class ChatterBehaviour implements Behaviour {
  readonly name = "chatter";
  readonly think: ThinkTime;
  said = 0;
  private readonly lines: readonly PacketFields[];
  private timer: TimerHandle = TIMER_REFUSED;
  private context: BehaviourContext | undefined;
  private readonly talk = (plannedMs: number): void => {
    const context = this.context!;
    if (context.send(TALK_PACKET, context.random.pick(this.lines), plannedMs) === "sent") this.said++;
  };

  constructor(options: ChatterOptions = {}) {
    this.think = options.think ?? CHATTER_THINK;
    const lines = options.lines ?? CHATTER_LINES;
    if (lines.length === 0) throw new RangeError("a chatter needs at least one line");
    this.lines = lines.map(talkFields);
  }

  start(context: BehaviourContext): void {
    this.context = context;
    this.timer = context.timers.every(this.think, this.talk);
  }

  stop(context: BehaviourContext): void {
    context.timers.cancel(this.timer);
    this.timer = TIMER_REFUSED;
  }
}
