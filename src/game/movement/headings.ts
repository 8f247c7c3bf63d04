/**
 * Headings (AO `eHeading`: 1 north, 2 east, 3 south, 4 west) and the one-tile step each makes.
 * The numbers are the protocol's (`Walk`, `ChangeHeading`, `CharacterCreate` carry them as a u8),
 * so the values are taken from the protocol's constant instead of being written a second time.
 * Rows grow southwards: north is y - 1.
 */
import { Heading } from "../../protocol/index.ts";

export { Heading };

export const HEADING_NORTH = Heading.North;
export const HEADING_EAST = Heading.East;
export const HEADING_SOUTH = Heading.South;
export const HEADING_WEST = Heading.West;

/** The four headings in `eHeading` order. */
export const HEADINGS: readonly Heading[] = Object.freeze([HEADING_NORTH, HEADING_EAST, HEADING_SOUTH, HEADING_WEST]);

/** Tiles moved along x / y by one step, indexed by heading (index 0 unused). */
const STEP_X: readonly number[] = [0, 0, 1, 0, -1];
const STEP_Y: readonly number[] = [0, -1, 0, 1, 0];

/** True for 1..4: the only values a client may send as a heading. */
export function isHeading(value: number): value is Heading {
  return value === HEADING_NORTH || value === HEADING_EAST || value === HEADING_SOUTH || value === HEADING_WEST;
}

/** Tiles moved along x by one step towards `heading`. */
export function stepX(heading: Heading): number {
  return STEP_X[heading]!;
}

/** Tiles moved along y by one step towards `heading` (north is y - 1). */
export function stepY(heading: Heading): number {
  return STEP_Y[heading]!;
}

/**
 * The heading a move by (dx, dy) shows, the way the stock client derives it for `CharacterMove`:
 * the horizontal component wins on a diagonal; no move keeps `fallback`.
 */
export function headingOfDelta(dx: number, dy: number, fallback: Heading): Heading {
  if (dx > 0) return HEADING_EAST;
  if (dx < 0) return HEADING_WEST;
  if (dy < 0) return HEADING_NORTH;
  if (dy > 0) return HEADING_SOUTH;
  return fallback;
}

/**
 * Bit of `heading` in a set of headings: `1 << (heading - 1)`. It is also the collision bit that
 * forbids entering a tile moving that way (`blockBitFor`), because the map bits follow the same
 * north, east, south, west order.
 */
export function headingBit(heading: Heading): number {
  return 1 << (heading - 1);
}

/** A set of headings holding all four. */
export const ALL_HEADINGS_MASK = 0b1111;
