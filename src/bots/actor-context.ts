/**
 * The runtime's implementation of `BehaviourContext` for one actor. Timers are pooled slot
 * objects re-armed in place, so a recurring timer costs no allocation and no closure per fire;
 * all of them live in the thread's one timer queue.
 */
import type { ActorState } from "./actor-lifecycle.ts";
import type {
  ActorView,
  BehaviourContext,
  BehaviourTimers,
  BudgetView,
  PacketFields,
  PacketHandler,
  ResourceLimits,
  SendOutcome,
  Subscription,
  TimerFire,
  TimerHandle,
} from "./behaviour.ts";
import { DEFAULT_LIMITS, MAX_TIMERS_PER_ACTOR, TIMER_REFUSED } from "./behaviour.ts";
import type { Clock } from "./clock.ts";
import type { BotLogger } from "./logger.ts";
import type { Random } from "./random.ts";
import { RuntimeMetrics } from "./runtime-metrics.ts";
import { thinkTimeSampler, type ThinkSampler, type ThinkTime } from "./think-time.ts";
import type { TimerScheduler } from "./timer-scheduler.ts";

const MS_PER_S = 1000;
const EMPTY_FIELDS: PacketFields = Object.freeze({});
/** Compiled samplers are pure functions of their spec: share one per spec object across actors. */
const SAMPLERS = new WeakMap<ThinkTime, ThinkSampler>();

/** Where sends go: the session link (or a recorder in tests). */
export type SendOutlet = (packet: string, fields: PacketFields, plannedAtMs: number) => SendOutcome;

export interface BotContextOptions {
  readonly actor: ActorView;
  readonly scheduler: TimerScheduler;
  readonly random: Random;
  readonly log: BotLogger;
  readonly outlet: SendOutlet;
  readonly limits?: ResourceLimits;
  readonly metrics?: RuntimeMetrics;
  /** A behaviour callback threw: the runtime fails the actor. */
  readonly onFault?: (error: unknown) => void;
}

interface TimerSlot {
  readonly owner: BotContext;
  readonly index: number;
  generation: number;
  queueId: number;
  fire: TimerFire | undefined;
  sampler: ThinkSampler | undefined;
  active: boolean;
}

/** One shared callback for every actor timer: the slot carries the rest. */
function fireSlot(slot: TimerSlot, plannedMs: number): void {
  const owner = slot.owner;
  const fire = slot.fire!;
  if (slot.sampler !== undefined) {
    // Re-arm before running, so the behaviour may cancel its own recurring timer.
    slot.queueId = owner.scheduler.at(plannedMs + slot.sampler(owner.random), fireSlot, slot);
  } else {
    owner.releaseSlot(slot);
  }
  try {
    fire(plannedMs);
  } catch (error) {
    owner.fault(error);
  }
}

export class BotContext implements BehaviourContext, BehaviourTimers, BudgetView {
  readonly clock: Clock;
  readonly random: Random;
  readonly actor: ActorView;
  readonly log: BotLogger;
  readonly scheduler: TimerScheduler;
  readonly limits: ResourceLimits;
  readonly metrics: RuntimeMetrics;
  sendsRefused = 0;
  timersRefused = 0;
  timersInUse = 0;
  subscriptions = 0;
  private closed = false;
  private readonly slots: TimerSlot[] = [];
  private readonly freeSlots: TimerSlot[] = [];
  private readonly handlers = new Map<string, PacketHandler[]>();
  private readonly outlet: SendOutlet;
  private readonly onFault: ((error: unknown) => void) | undefined;
  private tokens: number;
  private tokensAtMs: number;

  constructor(options: BotContextOptions) {
    this.actor = options.actor;
    this.scheduler = options.scheduler;
    this.clock = options.scheduler.clock;
    this.random = options.random;
    this.log = options.log;
    this.outlet = options.outlet;
    this.limits = options.limits ?? DEFAULT_LIMITS;
    if (!(Number.isInteger(this.limits.maxTimers) && this.limits.maxTimers >= 0 && this.limits.maxTimers <= MAX_TIMERS_PER_ACTOR)) {
      throw new RangeError(`maxTimers must be an integer 0..${MAX_TIMERS_PER_ACTOR}, got ${this.limits.maxTimers}`);
    }
    this.metrics = options.metrics ?? new RuntimeMetrics();
    this.onFault = options.onFault;
    this.tokens = this.limits.maxSendsPerS;
    this.tokensAtMs = this.clock.now();
  }

  get timers(): BehaviourTimers {
    return this;
  }

  get budget(): BudgetView {
    return this;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  get active(): number {
    return this.timersInUse;
  }

  // --- timers ---------------------------------------------------------------------------------

  after(delayMs: number, fire: TimerFire): TimerHandle {
    const slot = this.claimSlot(fire, undefined);
    if (slot === undefined) return TIMER_REFUSED;
    slot.queueId = this.scheduler.after(delayMs, fireSlot, slot);
    return slot.index + MAX_TIMERS_PER_ACTOR * slot.generation;
  }

  at(deadlineMs: number, fire: TimerFire): TimerHandle {
    const slot = this.claimSlot(fire, undefined);
    if (slot === undefined) return TIMER_REFUSED;
    slot.queueId = this.scheduler.at(deadlineMs, fireSlot, slot);
    return slot.index + MAX_TIMERS_PER_ACTOR * slot.generation;
  }

  every(think: ThinkTime, fire: TimerFire, firstDelayMs?: number): TimerHandle {
    let sampler = SAMPLERS.get(think);
    if (sampler === undefined) {
      sampler = thinkTimeSampler(think);
      SAMPLERS.set(think, sampler);
    }
    const slot = this.claimSlot(fire, sampler);
    if (slot === undefined) return TIMER_REFUSED;
    slot.queueId = this.scheduler.after(firstDelayMs ?? sampler(this.random), fireSlot, slot);
    return slot.index + MAX_TIMERS_PER_ACTOR * slot.generation;
  }

  cancel(handle: TimerHandle): boolean {
    if (!Number.isSafeInteger(handle) || handle < 0) return false;
    const slot = this.slots[handle % MAX_TIMERS_PER_ACTOR];
    if (slot === undefined || !slot.active || slot.generation !== Math.floor(handle / MAX_TIMERS_PER_ACTOR)) return false;
    this.scheduler.cancel(slot.queueId);
    this.releaseSlot(slot);
    return true;
  }

  /** @internal Used by the shared timer callback. */
  releaseSlot(slot: TimerSlot): void {
    slot.active = false;
    slot.fire = undefined;
    slot.sampler = undefined;
    slot.generation++;
    this.timersInUse--;
    this.freeSlots.push(slot);
  }

  private claimSlot(fire: TimerFire, sampler: ThinkSampler | undefined): TimerSlot | undefined {
    if (this.closed || this.timersInUse >= this.limits.maxTimers) {
      this.timersRefused++;
      this.metrics.timersRefused++;
      return undefined;
    }
    let slot = this.freeSlots.pop();
    if (slot === undefined) {
      slot = { owner: this, index: this.slots.length, generation: 0, queueId: -1, fire: undefined, sampler: undefined, active: false };
      this.slots.push(slot);
    }
    slot.active = true;
    slot.fire = fire;
    slot.sampler = sampler;
    this.timersInUse++;
    return slot;
  }

  // --- messages -------------------------------------------------------------------------------

  send(packet: string, fields: PacketFields = EMPTY_FIELDS, plannedAtMs = Number.NaN): SendOutcome {
    if (this.closed) return "closed";
    if (this.actor.state !== "Active") return "not_active";
    const now = this.scheduler.nowMs;
    const rate = this.limits.maxSendsPerS;
    const refilled = this.tokens + ((now - this.tokensAtMs) * rate) / MS_PER_S;
    this.tokens = refilled > rate ? rate : refilled;
    this.tokensAtMs = now;
    if (this.tokens < 1) {
      this.sendsRefused++;
      this.metrics.sendsRefused++;
      return "budget_exceeded";
    }
    this.tokens -= 1;
    if (plannedAtMs === plannedAtMs) this.metrics.actionStartDelay.record(now - plannedAtMs);
    const outcome = this.outlet(packet, fields, plannedAtMs);
    if (outcome === "sent") this.metrics.sent++;
    return outcome;
  }

  subscribe(packet: string, handler: PacketHandler): Subscription {
    if (this.closed) return { ok: false, code: "closed" };
    if (this.subscriptions >= this.limits.maxSubscriptions) return { ok: false, code: "budget_exceeded" };
    let list = this.handlers.get(packet);
    if (list === undefined) {
      list = [];
      this.handlers.set(packet, list);
    }
    list.push(handler);
    this.subscriptions++;
    let subscribed = true;
    return {
      ok: true,
      unsubscribe: () => {
        if (!subscribed) return;
        subscribed = false;
        const current = this.handlers.get(packet);
        const at = current?.indexOf(handler) ?? -1;
        if (current && at >= 0) {
          current.splice(at, 1);
          this.subscriptions--;
        }
      },
    };
  }

  /** Hands a received packet to the behaviour's handlers; returns how many ran. */
  deliver(packet: string, fields: PacketFields, receivedAtMs: number): number {
    if (this.closed) return 0;
    const list = this.handlers.get(packet);
    if (list === undefined) return 0;
    let ran = 0;
    for (const handler of list.slice()) {
      try {
        handler(fields, receivedAtMs);
        ran++;
      } catch (error) {
        this.fault(error);
        break;
      }
    }
    return ran;
  }

  // --- lifetime -------------------------------------------------------------------------------

  /** Drops every timer and subscription; later sends say `closed`. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const slot of this.slots) {
      if (!slot.active) continue;
      this.scheduler.cancel(slot.queueId);
      this.releaseSlot(slot);
    }
    this.handlers.clear();
    this.subscriptions = 0;
  }

  /** @internal A behaviour callback threw. */
  fault(error: unknown): void {
    this.metrics.faults++;
    if (this.onFault) this.onFault(error);
    else this.log.error({ err: error, actor: this.actor.id }, "behaviour fault");
  }
}

/** The state a standalone context reports; tests flip it to check `not_active`. */
export interface MutableActorView extends ActorView {
  state: ActorState;
}
