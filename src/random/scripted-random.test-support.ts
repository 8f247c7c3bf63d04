/**
 * Test support for every context's rule tests: a `Random` that plays a script and throws when
 * asked for one draw more, so a test also proves how many draws a rule made. A draw is a raw
 * `next()` in [0, 1), or `[lo, hi, value]`: the `next()` that makes `randomInt(random, lo, hi)`
 * (VB6 `RandomNumber`) give `value`. A face of `src/random` for tests (src/faces.test.ts).
 */
import type { Random } from "./random.ts";

/** One scripted draw: a raw `next()` in [0, 1), or `[lo, hi, value]` for `RandomNumber(lo, hi) = value`. */
export type Draw = number | readonly [lo: number, hi: number, value: number];

export interface ScriptedRandom extends Random {
  /** Draws taken so far. */
  readonly used: number;
  /** Draws still unread. */
  readonly left: number;
  /** Appends more draws to read. */
  push(...draws: Draw[]): void;
}

/** The `next()` value that makes `randomInt(random, lo, hi)` return `value`. */
export function drawFor(value: number, lo: number, hi: number): number {
  if (value < lo || value > hi) throw new RangeError(`RandomNumber(${lo}, ${hi}) cannot give ${value}`);
  return (value - lo + 0.5) / (hi - lo + 1);
}

const nextOf = (draw: Draw): number => (typeof draw === "number" ? draw : drawFor(draw[2], draw[0], draw[1]));

/** A `Random` whose `next()` returns the script in order (every other draw reads `next()` once). */
export function scriptedRandom(...draws: Draw[]): ScriptedRandom {
  const queue = draws.map(nextOf);
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
    push: (...more) => void queue.push(...more.map(nextOf)),
    get used() {
      return index;
    },
    get left() {
      return queue.length - index;
    },
  };
}

/** The same script for rules that draw through `randomInt` only: any other draw throws, naming `rules`. */
export function randomIntOnly(rules: string, ...draws: Draw[]): ScriptedRandom {
  const refuse = (): never => {
    throw new Error(`${rules} draw through randomInt only`);
  };
  return Object.assign(scriptedRandom(...draws), { nextU32: refuse, int: refuse, pick: refuse, chance: refuse });
}
