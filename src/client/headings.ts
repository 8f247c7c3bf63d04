/**
 * Headings (`e_Heading`: 1 north, 2 east, 3 south, 4 west) and the one-tile steps they make.
 * Pure.
 */
import { Heading } from "../protocol/index.ts";

export type HeadingValue = Heading;

const STEP_X: readonly number[] = [0, 0, 1, 0, -1];
const STEP_Y: readonly number[] = [0, -1, 0, 1, 0];

/** True for 1..4. */
export function isHeading(value: number): value is HeadingValue {
  return value === Heading.North || value === Heading.East || value === Heading.South || value === Heading.West;
}

/** Tiles moved along x by one step towards `heading`. */
export function stepDx(heading: HeadingValue): number {
  return STEP_X[heading]!;
}

/** Tiles moved along y by one step towards `heading` (north is y - 1). */
export function stepDy(heading: HeadingValue): number {
  return STEP_Y[heading]!;
}

/**
 * The heading a move from (fromX, fromY) to (toX, toY) shows, like the stock client derives it
 * for `CharacterMove`: the horizontal component wins on a diagonal; no move keeps `fallback`.
 */
export function headingOfDelta(dx: number, dy: number, fallback: HeadingValue): HeadingValue {
  if (dx > 0) return Heading.East;
  if (dx < 0) return Heading.West;
  if (dy < 0) return Heading.North;
  if (dy > 0) return Heading.South;
  return fallback;
}

/** The collision bit that forbids entering a tile while moving towards `heading` (tile-flags.ts). */
export function blockBitFor(heading: HeadingValue): number {
  return 1 << (heading - 1);
}
