/**
 * The original server's `RandomNumber(lo, hi)` for ported game rules, drawn from an injected
 * stream instead of VB6 `Rnd`, so a rule's outcomes replay from the seed.
 */
import type { Random } from "./random.ts";

/**
 * A uniform integer in [min, max], both inclusive: VB6 `Fix(Rnd * (max - min + 1)) + min`,
 * formula and all. Always one draw, whatever the bounds, so a rule consumes its stream the same
 * way on every path. Reversed bounds give what the original gave (`min` when they are one or two
 * apart) rather than an error, since ported rules may rely on it. Bounds must be safe integers:
 * VB6 would have rounded them into its `Long` parameters, and a fraction here is a porting bug.
 */
export function randomInt(random: Random, min: number, max: number): number {
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max)) {
    throw new RangeError(`randomInt bounds must be safe integers, got ${min} and ${max}`);
  }
  // `Fix` truncates toward zero; for min <= max it is the floor, for reversed bounds it is not.
  return min + Math.trunc(random.next() * (max - min + 1));
}
