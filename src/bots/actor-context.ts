/**
 * The runtime's implementation of `BehaviourContext` for one actor.
 *
 * Built for the timer path at 50k actors, where every separate object touched per fire is a
 * cache miss: a behaviour's timer goes into the thread's queue as (its function, this context),
 * a recurring one re-arms in place under one id, the context is its own random stream (it
 * extends the generator), and the fields a fire or a send reads come first. No slot objects, no
 * closures per timer, nothing allocated per fire.
 */
import { streamState, Xoshiro128, type Random } from "../random/index.ts";
import type { Clock, TimerCallback, TimerFaultSink, TimerId, TimerScheduler } from "../time/index.ts";
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
import type { ActorState } from "./actor-lifecycle.ts";
import type { BotLogger } from "./logger.ts";
import { RuntimeMetrics } from "./runtime-metrics.ts";
import { thinkTimeSampler, type ThinkSampler, type ThinkTime } from "./think-time.ts";

const MS_PER_S = 1000;
const EMPTY_FIELDS: PacketFields = Object.freeze({});
/** Compiled samplers are pure functions of their spec: share one per spec object across actors. */
const SAMPLERS = new WeakMap<ThinkTime, ThinkSampler>();

/** Where sends go: the session link, a tracing wrapper, or a recorder in tests. */
export interface SendSink {
  /** `plannedAtMs` is NaN when the send carries no planned time. */
  send(packet: string, fields: PacketFields, plannedAtMs: number): SendOutcome;
  /** Reads what `send` will read (one field per cache line), so a coming send finds it cached. */
  warm?(): number;
}

export interface BotContextOptions {
  readonly actor: ActorView;
  readonly scheduler: TimerScheduler;
  /** The actor's random stream: root seed and path (e.g. `[STREAM_ACTOR, id]`). */
  readonly seed: number;
  readonly stream: readonly number[];
  readonly log: BotLogger;
  /** Where sends go; may be attached later (`attach`), sends before that say `not_active`. */
  readonly sink?: SendSink;
  readonly limits?: ResourceLimits;
  readonly metrics?: RuntimeMetrics;
  /** A behaviour callback threw: the runtime fails the actor. */
  readonly onFault?: (error: unknown) => void;
}

/** The state a standalone context reports; tests flip it to check `not_active`. */
export interface MutableActorView extends ActorView {
  state: ActorState;
}

function samplerFor(think: ThinkTime): ThinkSampler {
  let sampler = SAMPLERS.get(think);
  if (sampler === undefined) {
    sampler = thinkTimeSampler(think);
    SAMPLERS.set(think, sampler);
  }
  return sampler;
}

export class BotContext extends Xoshiro128 implements BehaviourContext, BehaviourTimers, BudgetView, TimerFaultSink {
  // Hot fields first: a send or a timer fire reads these and little else of the actor.
  private closed = false;
  /** Mirrors `actor.state === "Active"`; kept current by `stateChanged`. */
  private sendable: boolean;
  private tokens: number;
  private tokensAtMs: number;
  private readonly sendRate: number;
  private sink: SendSink | undefined;
  readonly scheduler: TimerScheduler;
  /** The last hot field: `timerWarm` reads it (see there). */
  readonly metrics: RuntimeMetrics;
  readonly clock: Clock;
  readonly actor: ActorView;
  readonly log: BotLogger;
  readonly limits: ResourceLimits;
  sendsRefused = 0;
  timersRefused = 0;
  subscriptions = 0;
  /** Queue ids of this actor's timers; one-shots that have fired are pruned lazily. */
  private readonly timerIds: TimerId[] = [];
  /** Created on the first subscription: most load actors never subscribe. */
  private handlers: Map<string, PacketHandler[]> | undefined = undefined;
  private readonly onFault: ((error: unknown) => void) | undefined;

  constructor(options: BotContextOptions) {
    super(streamState(options.seed, options.stream));
    this.actor = options.actor;
    this.sendable = options.actor.state === "Active";
    this.scheduler = options.scheduler;
    this.clock = options.scheduler.clock;
    this.log = options.log;
    this.sink = options.sink;
    this.limits = options.limits ?? DEFAULT_LIMITS;
    if (!(Number.isInteger(this.limits.maxTimers) && this.limits.maxTimers >= 0 && this.limits.maxTimers <= MAX_TIMERS_PER_ACTOR)) {
      throw new RangeError(`maxTimers must be an integer 0..${MAX_TIMERS_PER_ACTOR}, got ${this.limits.maxTimers}`);
    }
    this.sendRate = this.limits.maxSendsPerS;
    this.metrics = options.metrics ?? new RuntimeMetrics();
    this.onFault = options.onFault;
    this.tokens = this.sendRate;
    this.tokensAtMs = this.clock.now();
  }

  /** Connects sends to a session (or a tracing wrapper around one). */
  attach(sink: SendSink | undefined): void {
    this.sink = sink;
  }

  /**
   * Called by the timer wheel a batch of timers before one of this actor's fires: reads one
   * field on each cache line of the hot fields (the random state first, `tokens` in the middle,
   * `metrics` last; no two reads more than 48 bytes apart), so the lines load while other
   * actors' lines load too. Changes nothing.
   */
  timerWarm(): number {
    return this.randomStateWord() + this.tokens + (this.metrics === undefined ? 1 : 0);
  }

  /** Called by the wheel just before the batch runs: warms the send sink this context names. */
  timerWarmNext(): number {
    const sink = this.sink;
    return sink !== undefined && sink.warm !== undefined ? sink.warm() : 0;
  }

  /** The owner changed the actor's state: re-read whether sends may go out. */
  stateChanged(): void {
    this.sendable = this.actor.state === "Active";
  }

  /** The context is its own random stream (xoshiro128** seeded from `[seed, ...stream]`). */
  get random(): Random {
    return this;
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

  // --- timers ---------------------------------------------------------------------------------

  get active(): number {
    return this.prune();
  }

  get timersInUse(): number {
    return this.prune();
  }

  after(delayMs: number, fire: TimerFire): TimerHandle {
    if (!this.claim()) return TIMER_REFUSED;
    return this.keep(this.scheduler.after(delayMs, fire as TimerCallback<BotContext>, this));
  }

  at(deadlineMs: number, fire: TimerFire): TimerHandle {
    if (!this.claim()) return TIMER_REFUSED;
    return this.keep(this.scheduler.at(deadlineMs, fire as TimerCallback<BotContext>, this));
  }

  every(think: ThinkTime, fire: TimerFire, firstDelayMs?: number): TimerHandle {
    const sampler = samplerFor(think);
    if (!this.claim()) return TIMER_REFUSED;
    const first = this.clock.now() + (firstDelayMs ?? sampler(this));
    return this.keep(this.scheduler.every(first, fire as TimerCallback<BotContext>, this, sampler));
  }

  /** Cancels one of this actor's timers; a stale or foreign handle changes nothing. */
  cancel(handle: TimerHandle): boolean {
    const at = this.timerIds.indexOf(handle);
    if (at === -1) return false;
    this.timerIds[at] = this.timerIds[this.timerIds.length - 1]!;
    this.timerIds.pop();
    return this.scheduler.cancel(handle);
  }

  private claim(): boolean {
    if (!this.closed && (this.timerIds.length < this.limits.maxTimers || this.prune() < this.limits.maxTimers)) return true;
    this.timersRefused++;
    this.metrics.timersRefused++;
    return false;
  }

  private keep(id: TimerId): TimerHandle {
    this.timerIds.push(id);
    return id;
  }

  /** Drops ids of timers that are over (fired one-shots); returns how many are live. */
  private prune(): number {
    const ids = this.timerIds;
    let live = 0;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      if (this.scheduler.isPending(id)) ids[live++] = id;
    }
    ids.length = live;
    return live;
  }

  // --- messages -------------------------------------------------------------------------------

  send(packet: string, fields: PacketFields = EMPTY_FIELDS, plannedAtMs = Number.NaN): SendOutcome {
    if (this.closed) return "closed";
    const sink = this.sink;
    if (!this.sendable || sink === undefined) return "not_active";
    const now = this.scheduler.nowMs;
    const rate = this.sendRate;
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
    const outcome = sink.send(packet, fields, plannedAtMs);
    if (outcome === "sent") this.metrics.sent++;
    return outcome;
  }

  subscribe(packet: string, handler: PacketHandler): Subscription {
    if (this.closed) return { ok: false, code: "closed" };
    if (this.subscriptions >= this.limits.maxSubscriptions) return { ok: false, code: "budget_exceeded" };
    const handlers = (this.handlers ??= new Map());
    let list = handlers.get(packet);
    if (list === undefined) {
      list = [];
      handlers.set(packet, list);
    }
    list.push(handler);
    this.subscriptions++;
    let subscribed = true;
    return {
      ok: true,
      unsubscribe: () => {
        if (!subscribed) return;
        subscribed = false;
        const current = this.handlers?.get(packet);
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
    const list = this.handlers?.get(packet);
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
    for (const id of this.timerIds) this.scheduler.cancel(id);
    this.timerIds.length = 0;
    this.handlers = undefined;
    this.subscriptions = 0;
  }

  /** A timer callback of this actor threw (told by the scheduler). */
  timerFault(error: unknown): void {
    this.fault(error);
  }

  /** A behaviour callback threw: counted, and the owner decides (the runtime fails the actor). */
  fault(error: unknown): void {
    this.metrics.faults++;
    if (this.onFault) this.onFault(error);
    else this.log.error({ err: error, actor: this.actor.id }, "behaviour fault");
  }
}
