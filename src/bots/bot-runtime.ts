/**
 * Runs a plan: each actor goes through its lifecycle on the thread's timer queue, its behaviour
 * gets a context, its session comes from the injected `SessionPort`. Nothing here reads real
 * time or opens sockets; on a manual clock and a loopback session a run is an exact replay.
 */
import type { Clock, TimerScheduler } from "../time/index.ts";
import { ActorLifecycle, type ActorState, ACTOR_STATES } from "./actor-lifecycle.ts";
import { BotContext, type SendSink } from "./actor-context.ts";
import type { ArrivalSchedule, RunPlan, PlannedActor } from "./arrivals.ts";
import type { ActorView, BehaviourFactory, Behaviour, PacketFields, ResourceLimits, SendOutcome } from "./behaviour.ts";
import type { BotLogger } from "./logger.ts";
import { silentBotLogger } from "./logger.ts";
import { STREAM_ACTOR } from "./streams.ts";
import { RuntimeMetrics } from "./runtime-metrics.ts";
import type { SessionEvents, SessionLink, SessionPort } from "./session-port.ts";

export type TraceEvent =
  | { readonly atMs: number; readonly actor: number; readonly kind: "transition"; readonly from: ActorState; readonly to: ActorState; readonly reason: string }
  | { readonly atMs: number; readonly actor: number; readonly kind: "send"; readonly packet: string; readonly fields: PacketFields; readonly outcome: SendOutcome }
  | { readonly atMs: number; readonly actor: number; readonly kind: "refused"; readonly from: ActorState; readonly to: ActorState; readonly reason: string };

export interface BotRuntimeOptions {
  readonly plan: RunPlan;
  readonly scheduler: TimerScheduler;
  readonly behaviours: Readonly<Record<string, BehaviourFactory>>;
  readonly session: SessionPort;
  readonly limits?: ResourceLimits;
  readonly log?: BotLogger;
  readonly metrics?: RuntimeMetrics;
  /** Sees every transition and send, in order (tests compare traces; off by default: it costs). */
  readonly trace?: (event: TraceEvent) => void;
  /** Actor names are `${namePrefix}${id}` (default "bot"). */
  readonly namePrefix?: string;
}

/** One bot as the runtime holds it. */
export class BotActor implements ActorView {
  readonly lifecycle: ActorLifecycle;
  context: BotContext | undefined;
  behaviourInstance: Behaviour | undefined;
  link: SessionLink | undefined;
  arrivalTimer = -1;
  behaviourStarted = false;

  constructor(
    readonly id: number,
    readonly name: string,
    readonly behaviour: string,
    readonly plannedStartMs: number,
    lifecycle: ActorLifecycle,
  ) {
    this.lifecycle = lifecycle;
  }

  get state(): ActorState {
    return this.lifecycle.state;
  }
}

export class BotRuntime {
  readonly metrics: RuntimeMetrics;
  readonly actors: readonly BotActor[];
  private readonly options: BotRuntimeOptions;
  private readonly log: BotLogger;
  private started = false;

  constructor(options: BotRuntimeOptions) {
    this.options = options;
    this.log = options.log ?? silentBotLogger;
    this.metrics = options.metrics ?? new RuntimeMetrics();
    const prefix = options.namePrefix ?? "bot";
    this.actors = options.plan.actors.map(
      (planned: PlannedActor) => new BotActor(planned.id, `${prefix}${planned.id}`, planned.behaviour, planned.startAtMs, new ActorLifecycle(options.scheduler.clock)),
    );
  }

  get arrivals(): ArrivalSchedule {
    return this.options.plan.arrivals;
  }

  /** Schedules every planned arrival on the timer queue. Idempotent. */
  start(): void {
    if (this.started) return;
    this.started = true;
    const scheduler = this.options.scheduler;
    for (const actor of this.actors) {
      if (!this.move(actor, "Scheduled", `arrival planned at ${actor.plannedStartMs} ms`)) continue;
      actor.arrivalTimer = scheduler.at(actor.plannedStartMs, arrive, { runtime: this, actor });
    }
  }

  /** Ends the run: actors not yet arrived are closed, live ones drain and close their sessions. */
  drain(reason: string): void {
    for (const actor of this.actors) this.drainActor(actor, reason);
  }

  /** Actors per state. */
  stateCounts(): Record<ActorState, number> {
    const counts = Object.fromEntries(ACTOR_STATES.map((state) => [state, 0])) as Record<ActorState, number>;
    for (const actor of this.actors) counts[actor.state]++;
    return counts;
  }

  /** @internal The arrival timer of one actor fired. */
  arrive(actor: BotActor): void {
    actor.arrivalTimer = -1;
    if (!this.move(actor, "Creating", "arrival")) return;
    const factory = this.options.behaviours[actor.behaviour];
    if (factory === undefined) {
      this.move(actor, "Failed", `unknown behaviour ${JSON.stringify(actor.behaviour)}`);
      return;
    }
    const scheduler = this.options.scheduler;
    actor.context = new BotContext({
      actor,
      scheduler,
      seed: this.options.plan.seed,
      stream: [STREAM_ACTOR, actor.id],
      log: this.log,
      metrics: this.metrics,
      limits: this.options.limits,
      onFault: (error) => this.fault(actor, error),
    });
    try {
      actor.behaviourInstance = factory();
    } catch (error) {
      this.fault(actor, error);
      return;
    }
    if (!this.move(actor, "Connecting", "session opening")) return;
    const link = this.options.session.open(actor, this.sessionEvents(actor));
    if (actor.lifecycle.isFinal) {
      link.close("actor already failed");
      return;
    }
    actor.link = link;
    const trace = this.options.trace;
    // Without a trace the context talks to the link directly: one object fewer per send.
    actor.context.attach(trace ? new TracingSink(link, actor.id, scheduler.clock, trace) : link);
    if (actor.state === "Active") this.startBehaviour(actor);
  }

  /** Once per actor: after a reconnect the behaviour simply carries on (its sends resume). */
  private startBehaviour(actor: BotActor): void {
    if (actor.behaviourStarted) return;
    actor.behaviourStarted = true;
    try {
      actor.behaviourInstance?.start(actor.context!);
    } catch (error) {
      this.fault(actor, error);
    }
  }

  private sessionEvents(actor: BotActor): SessionEvents {
    return new ActorSessionEvents(this, actor);
  }

  /** @internal Session events of one actor (see `ActorSessionEvents`). */
  sessionConnected(actor: BotActor): void {
    this.move(actor, "Authenticating", "transport connected");
  }

  /** @internal */
  sessionAuthenticated(actor: BotActor): void {
    if (!this.move(actor, "Active", "in the world")) return;
    // Reported from inside `open`: the link is not attached yet; `arrive` starts it after.
    if (actor.link === undefined) return;
    this.startBehaviour(actor);
  }

  /** @internal */
  sessionReconnecting(actor: BotActor, reason: string): void {
    this.move(actor, "Connecting", `reconnecting: ${reason}`);
  }

  /** @internal */
  sessionPacket(actor: BotActor, name: string, fields: PacketFields): void {
    actor.context?.deliver(name, fields, this.options.scheduler.nowMs);
  }

  /** @internal */
  sessionClosed(actor: BotActor, reason: string): void {
    if (actor.state === "Draining") this.move(actor, "Closed", reason);
    else if (!actor.lifecycle.isFinal) this.failActor(actor, `session closed: ${reason}`);
  }

  /** @internal */
  sessionFailed(actor: BotActor, reason: string): void {
    this.failActor(actor, reason);
  }

  private drainActor(actor: BotActor, reason: string): void {
    switch (actor.state) {
      case "Planned":
        return;
      case "Scheduled":
        this.options.scheduler.cancel(actor.arrivalTimer);
        actor.arrivalTimer = -1;
        this.move(actor, "Closed", `never started: ${reason}`);
        return;
      case "Creating":
      case "Connecting":
      case "Authenticating":
      case "Active": {
        if (!this.move(actor, "Draining", reason)) return;
        const context = actor.context;
        if (context && actor.behaviourStarted && actor.behaviourInstance?.stop) {
          try {
            actor.behaviourInstance.stop(context, reason);
          } catch (error) {
            this.log.warn({ err: error, actor: actor.id }, "behaviour stop threw");
          }
        }
        context?.close();
        if (actor.link) actor.link.close(reason);
        else this.move(actor, "Closed", reason);
        return;
      }
      default:
        return;
    }
  }

  private fault(actor: BotActor, error: unknown): void {
    this.log.error({ err: error, actor: actor.id, behaviour: actor.behaviour }, "behaviour fault");
    this.failActor(actor, `behaviour fault: ${error instanceof Error ? error.message : String(error)}`);
  }

  private failActor(actor: BotActor, reason: string): void {
    if (!this.move(actor, "Failed", reason)) return;
    actor.context?.close();
    if (actor.arrivalTimer !== -1) this.options.scheduler.cancel(actor.arrivalTimer);
    const link = actor.link;
    actor.link = undefined;
    link?.close(reason);
  }

  /** Transition with tracing; a refused move is traced and logged, and reported as false. */
  private move(actor: BotActor, to: ActorState, reason: string): boolean {
    const from = actor.state;
    const result = actor.lifecycle.transition(to, reason);
    const trace = this.options.trace;
    if (!result.ok) {
      if (trace) trace({ atMs: this.options.scheduler.clock.now(), actor: actor.id, kind: "refused", from, to, reason });
      this.log.debug({ actor: actor.id, from, to, reason }, "lifecycle transition refused");
      return false;
    }
    if (trace) trace({ atMs: this.options.scheduler.clock.now(), actor: actor.id, kind: "transition", from, to, reason });
    actor.context?.stateChanged();
    return true;
  }
}

/** Reports every send to the trace, then passes it on. */
class TracingSink implements SendSink {
  constructor(
    private readonly link: SessionLink,
    private readonly actor: number,
    private readonly clock: Clock,
    private readonly trace: (event: TraceEvent) => void,
  ) {}

  send(packet: string, fields: PacketFields, plannedAtMs: number): SendOutcome {
    const outcome = this.link.send(packet, fields, plannedAtMs);
    this.trace({ atMs: this.clock.now(), actor: this.actor, kind: "send", packet, fields, outcome });
    return outcome;
  }
}

/**
 * What one actor's session reports, as one object per actor instead of a closure per event
 * (50k actors held six closures and their scope each, all of it marked by every full GC).
 */
class ActorSessionEvents implements SessionEvents {
  constructor(
    private readonly runtime: BotRuntime,
    private readonly actor: BotActor,
  ) {}

  connected(): void {
    this.runtime.sessionConnected(this.actor);
  }

  authenticated(): void {
    this.runtime.sessionAuthenticated(this.actor);
  }

  reconnecting(reason: string): void {
    this.runtime.sessionReconnecting(this.actor, reason);
  }

  packet(name: string, fields: PacketFields): void {
    this.runtime.sessionPacket(this.actor, name, fields);
  }

  closed(reason: string): void {
    this.runtime.sessionClosed(this.actor, reason);
  }

  failed(reason: string): void {
    this.runtime.sessionFailed(this.actor, reason);
  }
}

interface Arrival {
  readonly runtime: BotRuntime;
  readonly actor: BotActor;
}

function arrive(_plannedMs: number, arrival: Arrival): void {
  arrival.runtime.arrive(arrival.actor);
}
