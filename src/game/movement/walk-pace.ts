/**
 * Walk pacing as a generic cell-rate check (GCRA): a step is due every emission interval (the
 * stock walk interval minus a tolerance), with a few steps of slack so network jitter (several
 * steps arriving together) is not punished. A client that walks faster than that for long is
 * refused and snapped back. The VB6 server does not pace walking (its check is disabled by
 * config); we do, at the stock client's own pace, so a fair client is never refused.
 */
import { STOCK_INTERVALS_MS } from "../../protocol/index.ts";
import type { Heading } from "./headings.ts";
import { checkStep, type StepOutcome, type WalkableGrid } from "./step.ts";

/** A step refused for its terrain, its occupant, or for coming too soon after the last ones. */
export type WalkOutcome = StepOutcome | "too_fast";

export interface WalkPacing {
  /** Theoretical arrival time of the next allowed step, monotonic ms. */
  nextStepAt: number;
}

/** The AO20 walk interval (`IntervaloCaminar`) in ms, the one clients get in `Intervals`. */
export const WALK_INTERVAL_MS = STOCK_INTERVALS_MS.walkMs;
/** Share of the interval a step may come early (timer jitter, frame rounding), 0..1. */
export const WALK_TOLERANCE = 0.15;
/**
 * Steps that may arrive early, on top of the one that is due, after a network stall: a burst of
 * WALK_BURST_STEPS + 1 steps at one instant passes, the next is refused.
 */
export const WALK_BURST_STEPS = 3;

/**
 * True when a step at `nowMs` keeps to the pace; books the next step only then. `speed` is the
 * walker's movement speed multiplier (a GM's `SetSpeed`, 1 for everyone else): the stock client
 * divides its walk interval by it, so the pace is divided too.
 */
export function checkWalkPace(pacing: WalkPacing, nowMs: number, speed = 1): boolean {
  const emissionMs = (WALK_INTERVAL_MS * (1 - WALK_TOLERANCE)) / (Number.isFinite(speed) && speed > 0 ? speed : 1);
  const burstMs = emissionMs * WALK_BURST_STEPS;
  const due = Math.max(pacing.nextStepAt, nowMs);
  if (pacing.nextStepAt - nowMs > burstMs) return false;
  pacing.nextStepAt = due + emissionMs;
  return true;
}

/**
 * A walk request as the server judges it: the step rule first, then the pace. The pace is only
 * booked for a step the map allows, so bumping into a wall costs a client no walking credit.
 */
export function checkWalk(
  grid: WalkableGrid,
  x: number,
  y: number,
  heading: Heading,
  pacing: WalkPacing,
  nowMs: number,
  isOccupied?: (index: number) => boolean,
  speed = 1,
): WalkOutcome {
  const step = checkStep(grid, x, y, heading, isOccupied);
  if (step !== "ok") return step;
  return checkWalkPace(pacing, nowMs, speed) ? "ok" : "too_fast";
}
