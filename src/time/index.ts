/**
 * Injected monotonic time and timers. Code that has to replay (bots, a map worker's game rules)
 * reads time only through a `Clock`: `ManualClock` in tests and replays moves only when told,
 * `RealClock` reads `performance.now()` and says it is not deterministic.
 *
 * One `TimerScheduler` per thread holds every timer of that thread in one `TimerQueue` (the
 * `TimerWheel`; `TimerHeap` is the simple reference). In tests the manual clock runs it as it
 * advances; on real time `RealTimerDriver` runs it from ONE native timer, never one per timer.
 *
 * The queue's contract (timer-queue.ts has the details):
 * - a deadline rounds up to a tick: a timer never fires early, and about one tick late at most
 *   when the thread keeps up;
 * - nothing fires in the pass that scheduled it (a zero delay means the next tick);
 * - same tick: insertion order; earlier ticks first;
 * - ids carry a generation: cancelling a fired, cancelled or stale id is false and never hits the
 *   timer that reused the slot;
 * - a recurring timer keeps one id for life, is re-filed at `planned + interval(arg)` (open loop)
 *   and may cancel itself from its own callback.
 *
 * `Histogram` and `Counters` are here because the scheduler and the driver measure themselves
 * (lateness, timers per tick, loop lag) with them.
 */
export { RealClock, type Clock } from "./clock.ts";
export { FlushCadence, MAX_CADENCE_INTERVAL_MS, REAL_CADENCE_TIMER, type CadenceTimer, type FlushCadenceOptions } from "./flush-cadence.ts";
export { Counters, DEFAULT_PRECISION_BITS, DEFAULT_RESOLUTION, Histogram, type HistogramOptions, type HistogramSummary } from "./histogram.ts";
export { ManualClock, MANUAL_TICK_MS, type ManualClockOptions } from "./manual-clock.ts";
export { DRIVER_SLICE_MS, nativeTimeout, REAL_TICK_MS, RealTimerDriver, type NativeTimer, type RealTimerDriverOptions } from "./real-driver.ts";
export { TimerHeap, type TimerHeapOptions } from "./timer-heap.ts";
export {
  firedTimerRecord,
  TIMER_SLOT_SPACE,
  TimerCapacityError,
  type FiredTimer,
  type TimerCallback,
  type TimerId,
  type TimerInterval,
  type TimerQueue,
  type TimerQueueKind,
} from "./timer-queue.ts";
export { ReentrantTimerRunError, TimerScheduler, type TimerFaultSink, type TimerSchedulerOptions, type TimerStats } from "./timer-scheduler.ts";
export { TimerWheel, type TimerWarmable, type TimerWheelOptions } from "./timer-wheel.ts";
