/**
 * How the combat rules draw: every VB6 `RandomNumber` and `Rnd` goes through a `Dice`, one draw
 * per call, in the order the original draws (§0, §3.8). Two implementations: `diceFromRandom`
 * plays a real game from an injected `Random`, and `enumerateOutcomes` replays a rule over every
 * possible draw to give its exact distribution (what `argentum balance` prints).
 */
import { randomInt, type Random } from "../../random/index.ts";

export interface Dice {
  /** `RandomNumber(lo, hi)`: one draw. */
  int(lo: number, hi: number): number;
  /** `RandomNumber(lo, hi) <= threshold`: one draw; the enumerator only branches two ways. */
  intAtMost(lo: number, hi: number, threshold: number): boolean;
  /** `Rnd`: one draw in [0, 1). */
  unit(): number;
}

/** Dice that play from `random` exactly as VB6 `RandomNumber` / `Rnd` (one `next()` per call). */
export function diceFromRandom(random: Random): Dice {
  return {
    int: (lo, hi) => randomInt(random, lo, hi),
    intAtMost: (lo, hi, threshold) => randomInt(random, lo, hi) <= threshold,
    unit: () => random.next(),
  };
}

/**
 * The values `RandomNumber(lo, hi)` can give, all equally likely: lo..hi; for reversed bounds
 * what `Fix(Rnd * (hi - lo + 1)) + lo` gives (lo when they are one apart, else hi + 2..lo).
 */
export function rollSupport(lo: number, hi: number): { first: number; count: number } {
  if (hi >= lo) return { first: lo, count: hi - lo + 1 };
  if (hi === lo - 1) return { first: lo, count: 1 };
  return { first: hi + 2, count: lo - hi - 1 };
}

/** How finely `enumerateOutcomes` cuts a continuous `Rnd` draw (midpoints of equal cells). */
export const UNIT_DRAW_CELLS = 1000;

/** One outcome of a rule and its probability. */
export interface WeightedOutcome<T> {
  readonly probability: number;
  readonly value: T;
}

export interface Enumeration<T> {
  readonly outcomes: readonly WeightedOutcome<T>[];
  /** True when a continuous `Rnd` draw was cut into cells (the probabilities are then very close, not exact). */
  readonly approximate: boolean;
}

/** Upper bound on the paths a rule may take, so a mistaken table cannot hang the enumerator. */
export const MAX_ENUMERATED_PATHS = 2_000_000;

/** A rule with more combinations of draws than `MAX_ENUMERATED_PATHS` (absurdly wide hit or defence ranges). */
export class EnumerationTooLargeError extends RangeError {
  readonly code = "enumeration_too_large";
  constructor(limit: number) {
    super(`more than ${limit} combinations of draws`);
    this.name = "EnumerationTooLargeError";
  }
}

/**
 * Every outcome of `rule` with its probability, by replaying it once per combination of draws
 * (depth first). `RandomNumber` branches over its values, `intAtMost` over yes/no, `Rnd` over
 * `UNIT_DRAW_CELLS` midpoints. The rule must be pure apart from its dice.
 */
export function enumerateOutcomes<T>(rule: (dice: Dice) => T, maxPaths: number = MAX_ENUMERATED_PATHS): Enumeration<T> {
  const outcomes: WeightedOutcome<T>[] = [];
  let approximate = false;
  // Each pending path: the branch taken at each draw so far, and that prefix's probability.
  const pending: { path: number[]; probability: number }[] = [{ path: [], probability: 1 }];
  let paths = 0;
  while (pending.length > 0) {
    const { path, probability: prefixProbability } = pending.pop()!;
    if (++paths > maxPaths) throw new EnumerationTooLargeError(maxPaths);
    let depth = 0;
    let probability = prefixProbability;
    const taken = [...path];
    /** Picks the branch at this draw: replays the path, or takes branch 0 and queues the rest. */
    const choose = (weights: readonly number[]): number => {
      if (depth < path.length) return taken[depth++]!;
      let first = -1;
      for (let branch = 0; branch < weights.length; branch++) {
        if (weights[branch]! <= 0) continue;
        if (first < 0) first = branch;
        else pending.push({ path: [...taken.slice(0, depth), branch], probability: probability * weights[branch]! });
      }
      taken[depth++] = first;
      probability *= weights[first]!;
      return first;
    };
    // Prefix probabilities already include the branches replayed, so only new draws multiply.
    const dice: Dice = {
      int(lo, hi) {
        const { first, count } = rollSupport(lo, hi);
        return first + choose(new Array<number>(count).fill(1 / count));
      },
      intAtMost(lo, hi, threshold) {
        const { first, count } = rollSupport(lo, hi);
        const yes = Math.min(count, Math.max(0, Math.floor(threshold) - first + 1));
        return choose([yes / count, (count - yes) / count]) === 0;
      },
      unit() {
        approximate = true;
        return (choose(new Array<number>(UNIT_DRAW_CELLS).fill(1 / UNIT_DRAW_CELLS)) + 0.5) / UNIT_DRAW_CELLS;
      },
    };
    outcomes.push({ value: rule(dice), probability });
  }
  return { outcomes, approximate };
}
