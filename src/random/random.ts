/**
 * Seeded, splittable random numbers for everything that has to replay: bot runs and the game
 * rules of map workers. The generator is xoshiro128** (32-bit state words, so it runs on plain
 * integer arithmetic in JavaScript); seeds are expanded with a SplitMix32-style mixer. Streams
 * are derived from a root seed plus a path of numbers (a bot actor's is `[STREAM_ACTOR, 17]`),
 * never from another stream's position: actor 17's choices stay the same when actor 18 is added
 * or when the arrival planner draws one more number. Each user names the first path elements of
 * its own streams (the bot runtime in `bots/streams.ts`), so different purposes never share one.
 */

/** The random source rules, behaviours and planners see. Never `Math.random`. */
export interface Random {
  /** Uniform unsigned 32-bit integer. */
  nextU32(): number;
  /** Uniform in [0, 1) with 32 bits of resolution. */
  next(): number;
  /** Uniform integer in [min, max], both inclusive (bias below 2^-32 per value). */
  int(min: number, max: number): number;
  /** Uniform element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** True with probability `p` (clamped to [0, 1]). */
  chance(p: number): boolean;
}

const TWO_POW_32 = 4294967296;
const GOLDEN_GAMMA = 0x9e3779b9;

/** A 32-bit avalanche mixer (SplitMix32 finaliser): every input bit flips about half the output bits. */
export function mix32(value: number): number {
  let z = (value + GOLDEN_GAMMA) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
  z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
  return (z ^ (z >>> 15)) >>> 0;
}

/** Folds any finite number (a seed may exceed 32 bits) into 32 bits without losing the high half. */
function fold(value: number): number {
  const integer = Math.trunc(value);
  const low = integer >>> 0;
  const high = Math.floor(integer / TWO_POW_32) >>> 0;
  return mix32(low ^ mix32(high ^ 0x5bd1e995));
}

/** The 32-bit hash of a root seed and a stream path; the same inputs give the same hash everywhere. */
export function streamHash(seed: number, path: readonly number[]): number {
  let h = fold(seed);
  for (const element of path) h = mix32(h ^ fold(element) ^ Math.imul(h, 0x27d4eb2d));
  return h;
}

/** Expands a seed and stream path into a xoshiro128** state. */
export function streamState(seed: number, path: readonly number[]): [number, number, number, number] {
  if (!Number.isFinite(seed)) throw new RangeError(`random seed must be a finite number, got ${seed}`);
  for (const element of path) {
    if (!Number.isFinite(element)) throw new RangeError(`random stream path must be finite numbers, got ${element}`);
  }
  let h = mix32(streamHash(seed, path));
  const state: [number, number, number, number] = [0, 0, 0, 0];
  for (let i = 0; i < 4; i++) {
    state[i] = h;
    h = mix32(h);
  }
  return state;
}

/**
 * xoshiro128**: period 2^128 - 1, passes BigCrush; the state is four 32-bit words. A class to
 * extend, so an owner (the bot context) can carry its stream inline: at 50k actors every
 * separate object on the timer path is one more cache miss.
 */
export class Xoshiro128 implements Random {
  private s0 = 0;
  private s1 = 0;
  private s2 = 0;
  private s3 = 0;

  constructor(state: readonly [number, number, number, number]) {
    this.setState(state);
  }

  /** One word of the state, read without advancing it (to warm the cache before a draw). */
  protected randomStateWord(): number {
    return this.s0;
  }

  protected setState(state: readonly [number, number, number, number]): void {
    this.s0 = state[0] | 0;
    this.s1 = state[1] | 0;
    this.s2 = state[2] | 0;
    this.s3 = state[3] | 0;
    // The all-zero state is the one state xoshiro cannot leave.
    if ((this.s0 | this.s1 | this.s2 | this.s3) === 0) this.s0 = GOLDEN_GAMMA;
  }

  nextU32(): number {
    // Rotations written out: this runs twice per bot timer fire, and the JIT did not always
    // inline a helper here.
    const s1 = this.s1;
    const scaled = Math.imul(s1, 5);
    const result = Math.imul((scaled << 7) | (scaled >>> 25), 9) >>> 0;
    const t = s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    const s3 = this.s3;
    this.s3 = (s3 << 11) | (s3 >>> 21);
    return result;
  }

  next(): number {
    return this.nextU32() / TWO_POW_32;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError("cannot pick from an empty list");
    return items[Math.floor(this.next() * items.length)]!;
  }

  chance(p: number): boolean {
    return this.next() < p;
  }
}

/** A named stream: root seed plus derivation path. */
export class SeededRandom extends Xoshiro128 {
  private constructor(
    /** The root seed this stream was derived from. */
    readonly seed: number,
    /** The derivation path below the root seed. */
    readonly path: readonly number[],
    state: readonly [number, number, number, number],
  ) {
    super(state);
  }

  /** The stream for `seed` and `path`, e.g. a bot's `SeededRandom.create(42, STREAM_ACTOR, actorId)`. */
  static create(seed: number, ...path: number[]): SeededRandom {
    return new SeededRandom(seed, path, streamState(seed, path));
  }

  /** A generator with its raw state words set, for known-answer tests against the reference. */
  static fromState(state: readonly [number, number, number, number]): SeededRandom {
    return new SeededRandom(0, [], state);
  }

  /** A child stream: same root seed, this path extended. Does not consume from this stream. */
  fork(...path: number[]): SeededRandom {
    return SeededRandom.create(this.seed, ...this.path, ...path);
  }
}
