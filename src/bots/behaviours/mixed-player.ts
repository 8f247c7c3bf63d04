/**
 * A rough human: walks in bursts (a few to a couple of dozen steps at walking pace), stops to
 * look around, sometimes says something while stopped, now and then goes away for a while.
 * One timer, re-armed from each planned time, so the offered load keeps its schedule.
 */
import type { Behaviour, BehaviourContext, PacketFields, TimerHandle } from "../behaviour.ts";
import { TIMER_REFUSED } from "../behaviour.ts";
import { thinkTimeSampler, REFERENCE_WALK_THINK, type ThinkSampler, type ThinkTime } from "../think-time.ts";
import { CHATTER_LINES } from "./chatter.ts";
import { TALK_PACKET, talkFields, WALK_FIELDS, WALK_PACKET } from "./packets.ts";

export const MIXED_BURST_MIN_STEPS = 3;
export const MIXED_BURST_MAX_STEPS = 24;
/** Stop between bursts: 2.5 s on average, at least half a second. */
export const MIXED_PAUSE: ThinkTime = { kind: "normal", meanMs: 2_500, stdDevMs: 1_000, minMs: 500 };
/** Away from the keyboard: 20 s on average, at most 2 minutes. */
export const MIXED_AWAY: ThinkTime = { kind: "exponential", meanMs: 20_000, maxMs: 120_000 };
export const MIXED_CHAT_CHANCE = 0.2;
export const MIXED_AWAY_CHANCE = 0.05;
/** Keeps walking the same way with this chance, so paths look less like noise. */
export const MIXED_KEEP_HEADING_CHANCE = 0.6;

export type MixedMode = "walking" | "paused" | "away";

export class MixedPlayerBehaviour implements Behaviour {
  readonly name = "mixed";
  mode: MixedMode = "paused";
  steps = 0;
  said = 0;
  aways = 0;
  private stepsLeft = 0;
  private heading = 1;
  private timer: TimerHandle = TIMER_REFUSED;
  private context: BehaviourContext | undefined;
  private readonly walkWait: ThinkSampler = thinkTimeSampler(REFERENCE_WALK_THINK);
  private readonly pauseWait: ThinkSampler = thinkTimeSampler(MIXED_PAUSE);
  private readonly awayWait: ThinkSampler = thinkTimeSampler(MIXED_AWAY);
  private readonly lines: readonly PacketFields[] = CHATTER_LINES.map(talkFields);
  private readonly act = (plannedMs: number): void => this.onTimer(plannedMs);

  start(context: BehaviourContext): void {
    this.context = context;
    this.schedule(context.clock.now() + this.pauseWait(context.random));
  }

  stop(context: BehaviourContext): void {
    context.timers.cancel(this.timer);
    this.timer = TIMER_REFUSED;
  }

  private onTimer(plannedMs: number): void {
    const context = this.context!;
    const random = context.random;
    if (this.mode !== "walking") {
      // A pause or an absence ends: start a burst.
      this.mode = "walking";
      this.stepsLeft = random.int(MIXED_BURST_MIN_STEPS, MIXED_BURST_MAX_STEPS);
      this.heading = random.int(1, 4);
    }
    if (!random.chance(MIXED_KEEP_HEADING_CHANCE)) this.heading = random.int(1, 4);
    this.steps++;
    context.send(WALK_PACKET, WALK_FIELDS[this.heading], plannedMs);
    this.stepsLeft--;
    if (this.stepsLeft > 0) {
      this.schedule(plannedMs + this.walkWait(random));
      return;
    }
    if (random.chance(MIXED_AWAY_CHANCE)) {
      this.mode = "away";
      this.aways++;
      this.schedule(plannedMs + this.awayWait(random));
      return;
    }
    this.mode = "paused";
    if (random.chance(MIXED_CHAT_CHANCE) && context.send(TALK_PACKET, random.pick(this.lines), plannedMs) === "sent") this.said++;
    this.schedule(plannedMs + this.pauseWait(random));
  }

  private schedule(atMs: number): void {
    this.timer = this.context!.timers.at(atMs, this.act);
  }
}
