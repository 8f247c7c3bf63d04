/**
 * A real `BotContext` on a manual clock whose sends are recorded instead of going to a session:
 * behaviours are tested through exactly the interface they get in a run.
 */
import { ManualClock } from "../time/index.ts";
import { BotContext, type MutableActorView } from "./actor-context.ts";
import type { ActorState } from "./actor-lifecycle.ts";
import type { PacketFields, ResourceLimits, SendOutcome } from "./behaviour.ts";
import { recordingLogger, type LogRecord } from "./logger.ts";
import { STREAM_ACTOR } from "./streams.ts";
import { RuntimeMetrics } from "./runtime-metrics.ts";

export interface RecordedSend {
  readonly atMs: number;
  readonly packet: string;
  readonly fields: PacketFields;
  /** NaN when the send carried no planned time. */
  readonly plannedAtMs: number;
}

export interface RecordingContextOptions {
  readonly seed?: number;
  readonly actorId?: number;
  readonly behaviour?: string;
  readonly clock?: ManualClock;
  readonly limits?: ResourceLimits;
  /** What the fake session answers (default "sent"). */
  readonly answer?: (packet: string, fields: PacketFields) => SendOutcome;
}

export interface RecordingContext {
  readonly context: BotContext;
  readonly clock: ManualClock;
  readonly sends: RecordedSend[];
  readonly logs: LogRecord[];
  readonly faults: unknown[];
  readonly metrics: RuntimeMetrics;
  /** The actor's state as the behaviour sees it; starts Active. */
  readonly actor: MutableActorView;
  /** Changes the actor's state (e.g. to check that sends are held while reconnecting). */
  setState(state: ActorState): void;
}

export function createRecordingContext(options: RecordingContextOptions = {}): RecordingContext {
  const clock = options.clock ?? new ManualClock();
  const sends: RecordedSend[] = [];
  const faults: unknown[] = [];
  const logger = recordingLogger();
  const metrics = new RuntimeMetrics();
  const actorId = options.actorId ?? 0;
  const actor: MutableActorView = { id: actorId, name: `bot${actorId}`, behaviour: options.behaviour ?? "test", state: "Active" };
  const answer = options.answer;
  const context = new BotContext({
    actor,
    scheduler: clock.timers,
    seed: options.seed ?? 1,
    stream: [STREAM_ACTOR, actorId],
    log: logger,
    metrics,
    limits: options.limits,
    sink: {
      send: (packet, fields, plannedAtMs) => {
        sends.push({ atMs: clock.now(), packet, fields, plannedAtMs });
        return answer ? answer(packet, fields) : "sent";
      },
    },
    onFault: (error) => faults.push(error),
  });
  const setState = (state: ActorState) => {
    actor.state = state;
    context.stateChanged();
  };
  return { context, clock, sends, logs: logger.records, faults, metrics, actor, setState };
}
