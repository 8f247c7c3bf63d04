/**
 * Movement rules without state, shared by the map server, the browser client and the bots:
 * headings and their steps, the per-tile collision bits, the one walk-legality check
 * (`checkStep`, VB6 `LegalWalk` on foot) and the walk pacing check. Pure: no I/O, no platform
 * API, safe in the browser and in workers.
 */
export {
  Heading,
  HEADING_NORTH,
  HEADING_EAST,
  HEADING_SOUTH,
  HEADING_WEST,
  HEADINGS,
  ALL_HEADINGS_MASK,
  isHeading,
  stepX,
  stepY,
  headingOfDelta,
  headingBit,
} from "./headings.ts";
export {
  BLOCKED_NORTH,
  BLOCKED_EAST,
  BLOCKED_SOUTH,
  BLOCKED_WEST,
  BLOCKED_ALL,
  BLOCKED_GM,
  TILE_WATER,
  TILE_TREE,
  Trigger,
  blockBitFor,
  isWaterForWalker,
} from "./tile-flags.ts";
export { checkStep, tileIndex, isInsideMap, type StepOutcome, type WalkableGrid } from "./step.ts";
export { checkWalk, checkWalkPace, WALK_INTERVAL_MS, WALK_TOLERANCE, WALK_BURST_STEPS, type WalkOutcome, type WalkPacing } from "./walk-pace.ts";
