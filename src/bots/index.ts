/**
 * The bot load runtime: injected clocks, one timer queue per thread, seeded randomness, arrival
 * plans, the actor lifecycle, behaviours and their context, measurements, and the runtime
 * benchmark. Transport and protocol live elsewhere; a session adapter plugs in through
 * `SessionPort`.
 */
export { ACTOR_STATES, ActorLifecycle, canTransition, isFinalState } from "./actor-lifecycle.ts";
export type { ActorState, ActorTransition, IllegalTransition, TransitionResult } from "./actor-lifecycle.ts";
export { BotContext, type BotContextOptions, type MutableActorView, type SendSink } from "./actor-context.ts";
export { arrivalTimes, MAX_PLANNED_ACTORS, planRun, validateArrivals } from "./arrivals.ts";
export type { ArrivalSchedule, PlanError, PlanOptions, PlanResult, PlannedActor, RunPlan, WeightedBehaviour } from "./arrivals.ts";
export { DEFAULT_LIMITS, MAX_TIMERS_PER_ACTOR, TIMER_REFUSED } from "./behaviour.ts";
export type {
  ActorView,
  Behaviour,
  BehaviourContext,
  BehaviourFactory,
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
export * from "./behaviours/index.ts";
export { DEFAULT_WARMUP_S, measureQueueCost, runRuntimeBench, type RuntimeBenchOptions, type RuntimeBenchResult } from "./bench-runtime.ts";
export { BotActor, BotRuntime, type BotRuntimeOptions, type TraceEvent } from "./bot-runtime.ts";
export { RealClock, type Clock } from "./clock.ts";
export { Counters, Histogram, DEFAULT_PRECISION_BITS, DEFAULT_RESOLUTION, type HistogramOptions, type HistogramSummary } from "./histogram.ts";
export { recordingLogger, silentBotLogger, type BotLogger, type LogLevel, type LogRecord } from "./logger.ts";
export { ManualClock, MANUAL_TICK_MS, type ManualClockOptions } from "./manual-clock.ts";
export { mix32, SeededRandom, streamHash, streamState, STREAM_ACTOR, STREAM_ARRIVALS, STREAM_BENCH, STREAM_CHOICES, Xoshiro128, type Random } from "./random.ts";
export { DRIVER_SLICE_MS, nativeTimeout, RealTimerDriver, REAL_TICK_MS, type NativeTimer, type RealTimerDriverOptions } from "./real-driver.ts";
export { createRecordingContext, type RecordedSend, type RecordingContext, type RecordingContextOptions } from "./recording-context.ts";
export { RuntimeMetrics } from "./runtime-metrics.ts";
export { LoopbackSessionPort, type LoopbackOptions, type SessionEvents, type SessionLink, type SessionPort } from "./session-port.ts";
export {
  formatThinkTime,
  meanThinkTimeMs,
  parseThinkTime,
  REFERENCE_WALK_MAX_MS,
  REFERENCE_WALK_MIN_MS,
  REFERENCE_WALK_THINK,
  sampleThinkTime,
  thinkTimeSampler,
  validateThinkTime,
} from "./think-time.ts";
export type { ThinkSampler, ThinkTime, ThinkTimeError } from "./think-time.ts";
export { TimerHeap, type TimerHeapOptions } from "./timer-heap.ts";
export {
  firedTimerRecord,
  TimerCapacityError,
  TIMER_SLOT_SPACE,
  type FiredTimer,
  type TimerCallback,
  type TimerId,
  type TimerInterval,
  type TimerQueue,
  type TimerQueueKind,
} from "./timer-queue.ts";
export { ReentrantTimerRunError, TimerScheduler, type TimerFaultSink, type TimerSchedulerOptions, type TimerStats } from "./timer-scheduler.ts";
export { TimerWheel, type TimerWheelOptions } from "./timer-wheel.ts";
