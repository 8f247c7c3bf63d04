/**
 * The few VB6 arithmetic rules the creation and level-up formulas depend on
 * (character-creation.md §0, combat-and-progression.md §0). Kept apart from the `.dat` readers so that
 * game rules do not depend on the content parsers.
 */

/** A uniform random number in [0, 1), like VB6 `Rnd`. Injected so tests are deterministic. */
export type RandomSource = () => number;

/**
 * VB6 assignment of a Double to an Integer/Long: nearest integer, ties to the even one
 * (47.5 → 48, 52.5 → 52, -2.5 → -2). Exact for every double: `value - floor` is exact.
 */
export function vbRound(value: number): number {
  const floor = Math.floor(value);
  const fraction = value - floor;
  if (fraction > 0.5) return floor + 1;
  if (fraction < 0.5) return floor + 0;
  return floor % 2 === 0 ? floor + 0 : floor + 1;
}

/** VB6 `a \ b`: integer division truncating toward zero (both operands are integers here). */
export function vbIntDiv(a: number, b: number): number {
  return Math.trunc(a / b);
}

/** VB6 `Single`: the value rounded to float32, as stored by `Public X As Single`. */
export function vbSingle(value: number): number {
  return Math.fround(value);
}

/**
 * The server's `RandomNumber(lo, hi)`: `Fix(Rnd * (hi - lo + 1)) + lo`, uniform in [lo, hi].
 * A source that misbehaves (returns 1 or more) is clamped so the result stays in range.
 */
export function randomNumber(rng: RandomSource, lo: number, hi: number): number {
  if (hi < lo) return lo;
  const value = lo + Math.floor(rng() * (hi - lo + 1));
  return value > hi ? hi : value < lo ? lo : value;
}
