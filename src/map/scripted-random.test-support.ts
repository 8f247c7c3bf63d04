/**
 * Test support: a `Random` for the map harness (`world({ random })`) that returns exactly the
 * numbers it was given and throws when asked for one more, so a map test also proves how many
 * draws the systems made.
 */
import type { Random } from "../random/index.ts";

export interface ScriptedRandom extends Random {
  readonly used: number;
  readonly left: number;
  /** Appends more numbers to read. */
  push(...values: number[]): void;
}

export function scriptedRandom(...values: number[]): ScriptedRandom {
  const queue = [...values];
  let index = 0;
  const next = (): number => {
    if (index >= queue.length) throw new Error(`scripted random: draw ${index + 1} asked, only ${queue.length} scripted`);
    return queue[index++]!;
  };
  return {
    next,
    nextU32: () => Math.floor(next() * 2 ** 32),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
    push: (...more) => void queue.push(...more),
    get used() {
      return index;
    },
    get left() {
      return queue.length - index;
    },
  };
}

/** The `next()` value that makes `randomInt(random, lo, hi)` return `value`. */
export function drawFor(value: number, lo: number, hi: number): number {
  if (value < lo || value > hi) throw new RangeError(`${value} is not in ${lo}..${hi}`);
  return (value - lo + 0.5) / (hi - lo + 1);
}
