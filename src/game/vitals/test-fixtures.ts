/**
 * Scripted randomness for the vitals tests: a `Random` that returns exactly the numbers it
 * was given, in order, and throws when asked for one more, so a test also proves how many draws a
 * rule made.
 */
import type { Random } from "../../random/index.ts";

export interface ScriptedRandom extends Random {
  /** Draws taken so far. */
  readonly used: number;
  /** Draws still unread. */
  readonly left: number;
}

export function scripted(...values: number[]): ScriptedRandom {
  let index = 0;
  const next = (): number => {
    if (index >= values.length) throw new Error(`scripted random: draw ${index + 1} asked, only ${values.length} scripted`);
    return values[index++]!;
  };
  return {
    next,
    nextU32: () => Math.floor(next() * 2 ** 32),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
    get used() {
      return index;
    },
    get left() {
      return values.length - index;
    },
  };
}

/** The `next()` value that makes `randomInt(random, lo, hi)` return `value`. */
export function drawFor(value: number, lo: number, hi: number): number {
  if (value < lo || value > hi) throw new RangeError(`${value} is not in ${lo}..${hi}`);
  return (value - lo + 0.5) / (hi - lo + 1);
}
