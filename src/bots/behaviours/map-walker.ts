/**
 * A walker that knows the map: every step (211..410 ms uniform like the reference benchmark, or
 * a fixed interval) it asks its session which headings are legal right now (terrain, known
 * characters, exits) and picks one of those at random, so almost every `Walk` it sends is one the
 * server accepts. With nothing legal (no map yet, mid-transfer, boxed in) it skips the step.
 * Optionally it talks now and then, for the chat round trip.
 */
import { headingBit, HEADINGS } from "../../game/movement/index.ts";
import type { Behaviour, BehaviourContext, PacketFields, TimerHandle } from "../behaviour.ts";
import { TIMER_REFUSED } from "../behaviour.ts";
import { REFERENCE_WALK_THINK, type ThinkTime } from "../think-time.ts";
import { CHATTER_LINES } from "./chatter.ts";
import { TALK_PACKET, talkFields, WALK_FIELDS, WALK_PACKET } from "./packets.ts";

/** What the walker needs from its session: see `WalkView` in ao20-session.ts. */
export interface LegalSteps {
  legalHeadings(allowExits: boolean): number;
}

/** Finds an actor's view; called once when the behaviour starts. */
export type LegalStepsSource = (actorId: number) => LegalSteps | undefined;

export interface MapWalkerOptions {
  readonly views: LegalStepsSource;
  /** Wait between steps (default uniform 211..410 ms). */
  readonly think?: ThinkTime;
  /** Step onto exit tiles too (map transfers). Default false. */
  readonly allowExits?: boolean;
  /** Talk on this think time; no talking without it. */
  readonly chatThink?: ThinkTime;
  /** Counts steps skipped because nothing was legal. */
  readonly onSkip?: () => void;
}

const CHAT_LINES: readonly PacketFields[] = CHATTER_LINES.map(talkFields);

/** The heading of the `k`-th (0-based) set bit in a heading set (`headingBit`); 0 when there is none. */
function nthHeading(mask: number, k: number): number {
  for (const heading of HEADINGS) {
    if ((mask & headingBit(heading)) !== 0) {
      if (k === 0) return heading;
      k--;
    }
  }
  return 0;
}

const POPCOUNT4 = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];

export class MapWalkerBehaviour implements Behaviour {
  readonly name = "map-walker";
  steps = 0;
  skipped = 0;
  said = 0;
  private view: LegalSteps | undefined;
  private walkTimer: TimerHandle = TIMER_REFUSED;
  private chatTimer: TimerHandle = TIMER_REFUSED;
  private readonly think: ThinkTime;
  private readonly allowExits: boolean;

  constructor(private readonly options: MapWalkerOptions) {
    this.think = options.think ?? REFERENCE_WALK_THINK;
    this.allowExits = options.allowExits ?? false;
  }

  private readonly step = (plannedMs: number, context: BehaviourContext): void => {
    const mask = this.view?.legalHeadings(this.allowExits) ?? 0;
    if (mask === 0) {
      this.skipped++;
      this.options.onSkip?.();
      return;
    }
    const heading = nthHeading(mask, context.random.int(0, POPCOUNT4[mask]! - 1));
    if (context.send(WALK_PACKET, WALK_FIELDS[heading], plannedMs) === "sent") this.steps++;
  };

  private readonly talk = (plannedMs: number, context: BehaviourContext): void => {
    if (context.send(TALK_PACKET, context.random.pick(CHAT_LINES), plannedMs) === "sent") this.said++;
  };

  start(context: BehaviourContext): void {
    this.view = this.options.views(context.actor.id);
    this.walkTimer = context.timers.every(this.think, this.step);
    if (this.walkTimer === TIMER_REFUSED) context.log.warn({ actor: context.actor.id }, "map walker: no timer budget, not walking");
    if (this.options.chatThink) this.chatTimer = context.timers.every(this.options.chatThink, this.talk);
  }

  stop(context: BehaviourContext): void {
    context.timers.cancel(this.walkTimer);
    context.timers.cancel(this.chatTimer);
    this.walkTimer = TIMER_REFUSED;
    this.chatTimer = TIMER_REFUSED;
  }
}
