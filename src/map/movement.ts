/**
 * Movement rules without state: headings, the step a heading makes, whether a tile can be
 * entered, and the walk pacing check.
 */

/** eHeading: 1 north, 2 east, 3 south, 4 west. */
export const HEADING_NORTH = 1;
export const HEADING_EAST = 2;
export const HEADING_SOUTH = 3;
export const HEADING_WEST = 4;

export type HeadingValue = 1 | 2 | 3 | 4;

export function isHeading(value: number): value is HeadingValue {
  return value === 1 || value === 2 || value === 3 || value === 4;
}

const STEP_X = [0, 0, 1, 0, -1] as const;
const STEP_Y = [0, -1, 0, 1, 0] as const;

export function stepX(heading: HeadingValue): number {
  return STEP_X[heading];
}
export function stepY(heading: HeadingValue): number {
  return STEP_Y[heading];
}

/** The heading whose bit on the destination tile forbids entering it (tile-flags.ts). */
export function blockBitFor(heading: HeadingValue): number {
  return 1 << (heading - 1);
}

/** Collision bit of navigable water (tile-flags.ts `TILE_WATER`). */
export const WATER_BIT = 0x20;
/** `e_Trigger.VALIDOPUENTE`: a bridge, walkable although the tile is water. */
export const TRIGGER_BRIDGE = 17;

/** VB6 `LegalWalk` for someone on foot: water only where a bridge crosses it. */
export function isWaterForWalker(collisionBits: number, trigger: number): boolean {
  return (collisionBits & WATER_BIT) !== 0 && trigger !== TRIGGER_BRIDGE;
}

export type WalkOutcome = "ok" | "out_of_bounds" | "blocked" | "occupied" | "too_fast";

/**
 * Walk pacing as a generic cell-rate check: a step is due every `intervalMs`, with `burstMs` of
 * slack so network jitter (several steps arriving together) is not punished. A client that
 * walks faster than that for long is refused and snapped back.
 */
export interface WalkPacing {
  /** Theoretical arrival time of the next allowed step, monotonic ms. */
  nextStepAt: number;
}

/** The AO20 walk interval (`IntervaloCaminar`), sent to clients in `Intervals`. */
export const WALK_INTERVAL_MS = 210;
/** A step may come this much earlier than its interval allows (timer jitter, frame rounding). */
export const WALK_TOLERANCE = 0.15;
/**
 * Steps that may arrive early, on top of the one that is due, after a network stall: a burst of
 * WALK_BURST_STEPS + 1 steps at one instant passes, the next is refused.
 */
export const WALK_BURST_STEPS = 3;

export function checkWalkPace(pacing: WalkPacing, nowMs: number): boolean {
  const emission = WALK_INTERVAL_MS * (1 - WALK_TOLERANCE);
  const burst = emission * WALK_BURST_STEPS;
  const due = Math.max(pacing.nextStepAt, nowMs);
  if (pacing.nextStepAt - nowMs > burst) return false;
  pacing.nextStepAt = due + emission;
  return true;
}
