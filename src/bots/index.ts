/**
 * The bot load runtime: injected clocks, one timer queue per thread, seeded randomness, arrival
 * plans, the actor lifecycle, behaviours and their context, measurements, and the runtime
 * benchmark. Transport and protocol live elsewhere; a session adapter plugs in through
 * `SessionPort`.
 */
export {
  Ao20SessionPort,
  BotSession,
  COUNTED_CLIENT_PACKETS,
  DEFAULT_LOGIN_TIMEOUT_MS,
  DEFAULT_NEW_CHARACTER,
  TRANSFER_WAIT_MS,
  type Ao20SessionOptions,
  type LoginMode,
  type NewCharacterSpec,
  type WalkView,
} from "./ao20-session.ts";
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
export { BOT_TIMER_MIX, createTimerLoad, DEFAULT_WARMUP_S, measureQueueCost, runRuntimeBench, type RuntimeBenchOptions, type RuntimeBenchResult, type TimerLoadPopulation } from "./bench-runtime.ts";
export { botCredentials, lettersOf, runTag, type BotCredentials } from "./bot-identity.ts";
export { BotActor, BotRuntime, type BotRuntimeOptions, type TraceEvent } from "./bot-runtime.ts";
export { RealClock, type Clock } from "./clock.ts";
export { Counters, Histogram, DEFAULT_PRECISION_BITS, DEFAULT_RESOLUTION, type HistogramOptions, type HistogramSummary } from "./histogram.ts";
export { processUsage, type HostProbe, type HostUsage } from "./host.ts";
export { AREA_BLOCK_TILES, blockOf, MapView, MapViews, MAX_VIEW_CHAR_INDEX, posKey, stepKey, type Mover } from "./map-view.ts";
export { fetchJson, MapCatalog, type JsonGetter, type MapLoadResult } from "./map-catalog.ts";
export { PendingSteps, PENDING_STEP_CAPACITY, PENDING_STEP_MAX_AGE_MS } from "./pending-steps.ts";
export { RunLedger } from "./run-ledger.ts";
export { formatReportTable, type ScenarioReport } from "./scenario-report.ts";
export {
  ARRIVAL_SPREAD_MS,
  connectTransport,
  DEFAULT_GRACE_MS,
  DEFAULT_LOGIN_CONCURRENCY,
  DEFAULT_LOGIN_PHASE_LIMIT_S,
  PROGRESS_INTERVAL_MS,
  runScenario,
  SCENARIO_TICK_MS,
  ScenarioError,
  type ScenarioRunOptions,
} from "./scenario-runner.ts";
export { ARENA_MAP, isScenarioName, OPEN_FIELD_MAP, SCENARIO_CHAT_THINK, SCENARIO_NAMES, SCENARIOS, type ScenarioName, type ScenarioSpec } from "./scenarios.ts";
export { fetchText, MAX_METRICS_BYTES, parsePrometheusText, readServerSnapshot, snapshotOf, type MetricSample, type MetricsGetter, type ServerSnapshot } from "./server-metrics.ts";
export { connectTcp, MAX_TCP_PENDING_BYTES } from "./tcp-transport.ts";
export { httpOriginOf, parseTarget, type BotTransport, type TargetError, type TransportConnector, type TransportEvents, type TransportTarget } from "./transport.ts";
export { ALL_HEADINGS_MASK, headingBit, stepTile, WalkGrid } from "./walk-grid.ts";
export { connectWebSocket } from "./ws-transport.ts";
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
