/**
 * The bot load runtime: arrival plans, the actor lifecycle, behaviours and their context,
 * measurements, and the runtime benchmark. Time and timers come from `time/`, seeded randomness
 * from `random/`; both are re-exported here so the CLI, the benches and the tests keep one import.
 * Transport and protocol live elsewhere; a session adapter plugs in through `SessionPort`.
 */
export { mix32, SeededRandom, streamHash, streamState, Xoshiro128, type Random } from "../random/index.ts";
export {
  Counters,
  DEFAULT_PRECISION_BITS,
  DEFAULT_RESOLUTION,
  DRIVER_SLICE_MS,
  firedTimerRecord,
  Histogram,
  MANUAL_TICK_MS,
  ManualClock,
  nativeTimeout,
  REAL_TICK_MS,
  RealClock,
  RealTimerDriver,
  ReentrantTimerRunError,
  TIMER_SLOT_SPACE,
  TimerCapacityError,
  TimerHeap,
  TimerScheduler,
  TimerWheel,
  type Clock,
  type FiredTimer,
  type HistogramOptions,
  type HistogramSummary,
  type ManualClockOptions,
  type NativeTimer,
  type RealTimerDriverOptions,
  type TimerCallback,
  type TimerFaultSink,
  type TimerHeapOptions,
  type TimerId,
  type TimerInterval,
  type TimerQueue,
  type TimerQueueKind,
  type TimerSchedulerOptions,
  type TimerStats,
  type TimerWheelOptions,
} from "../time/index.ts";
export {
  Ao20SessionPort,
  BotSession,
  COUNTED_CLIENT_PACKETS,
  DEFAULT_LOGIN_TIMEOUT_MS,
  DEFAULT_NEW_CHARACTER,
  TRANSFER_WAIT_MS,
  type Ao20SessionOptions,
  type CombatView,
  type LoginMode,
  type NewCharacterSpec,
  type SpellView,
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
export { botCredentials, isRunTag, lettersOf, RUN_TAG_LETTERS, RUN_TAGS, seedTag, tagOf, type BotCredentials } from "./bot-identity.ts";
export { BotActor, BotRuntime, type BotRuntimeOptions, type TraceEvent } from "./bot-runtime.ts";
export {
  connectionWarnings,
  PER_ADDRESS_CAP_METRIC,
  SERVER_DEFAULT_MAX_CONNECTIONS,
  SERVER_DEFAULT_MAX_CONNECTIONS_PER_IP,
  serverLimits,
  TOTAL_CAP_METRIC,
} from "./connection-budget.ts";
export {
  CAUSES,
  classifyFailure,
  describeFailure,
  FAILURE_CAUSES,
  foldText,
  groupFailures,
  perAddressRemedy,
  SOURCE_NOT_BOUND,
  SUGGESTED_SOURCE_ADDRESSES,
  type FailedBot,
  type FailureCause,
  type FailureGroup,
  type FailureSignal,
  type FailureStage,
  type RemedyContext,
  type ServerLimit,
} from "./failure-causes.ts";
export { processUsage, type HostProbe, type HostUsage } from "./host.ts";
export { MapView, MapViews, MAX_VIEW_CHAR_INDEX, posKey, stepKey, type Mover } from "./map-view.ts";
export { fetchJson, MapCatalog, type JsonGetter, type MapLoadResult } from "./map-catalog.ts";
export { PendingSteps, PENDING_STEP_CAPACITY, PENDING_STEP_MAX_AGE_MS } from "./pending-steps.ts";
export { RunLedger } from "./run-ledger.ts";
export { formatFailureCauses, formatReportTable, type ScenarioReport } from "./scenario-report.ts";
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
export { ARENA_MAP, isScenarioName, MAGE_CLASS, MIXED_COMBAT_MIX, mixProblem, OPEN_FIELD_MAP, parseMix, SCENARIO_CHAT_THINK, SCENARIO_NAMES, SCENARIOS, type ScenarioMix, type ScenarioName, type ScenarioSpec } from "./scenarios.ts";
export { formatIpv4, ipv4Number, isLoopbackHost, MAX_SOURCE_ADDRESSES, parseSourceAddresses, sourceAddressFor, type SourceAddressResult } from "./source-addresses.ts";
export { fetchText, MAGIC_METRICS, magicBetween, MAX_METRICS_BYTES, parsePrometheusText, readServerSnapshot, snapshotOf, type MagicSnapshot, type MetricSample, type MetricsGetter, type ServerSnapshot } from "./server-metrics.ts";
export { PASSWORD_HASH_METRICS, passwordHashBetween, type LoginPace, type PasswordHashSnapshot } from "./server-metrics.ts";
export { connectTcp, MAX_TCP_PENDING_BYTES } from "./tcp-transport.ts";
export { httpOriginOf, parseTarget, type BotTransport, type TargetError, type TransportConnector, type TransportEvents, type TransportTarget } from "./transport.ts";
export { stepTile, WalkGrid } from "./walk-grid.ts";
export { connectWebSocket } from "./ws-transport.ts";
export { recordingLogger, silentBotLogger, type BotLogger, type LogLevel, type LogRecord } from "./logger.ts";
export { createRecordingContext, type RecordedSend, type RecordingContext, type RecordingContextOptions } from "./recording-context.ts";
export { RuntimeMetrics } from "./runtime-metrics.ts";
export { LoopbackSessionPort, type LoopbackOptions, type SessionEvents, type SessionLink, type SessionPort } from "./session-port.ts";
export { STREAM_ACTOR, STREAM_ARRIVALS, STREAM_BENCH, STREAM_CHOICES } from "./streams.ts";
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
