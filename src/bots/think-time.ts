/**
 * Think times: how long a simulated player waits between actions. Specs are plain data (they go
 * in plans, CLI flags and reports); `thinkTimeSampler` turns one into a function drawing from an
 * injected random source, so the same seed gives the same waits.
 */
import type { Random } from "../random/index.ts";

export type ThinkTime =
  | { readonly kind: "constant"; readonly ms: number }
  /** Continuous uniform in [minMs, maxMs). */
  | { readonly kind: "uniform"; readonly minMs: number; readonly maxMs: number }
  /** Memoryless waits with the given mean; optionally capped. */
  | { readonly kind: "exponential"; readonly meanMs: number; readonly maxMs?: number }
  /** Gaussian waits, clamped to [minMs, maxMs] (minMs defaults to 0: a wait is never negative). */
  | { readonly kind: "normal"; readonly meanMs: number; readonly stdDevMs: number; readonly minMs?: number; readonly maxMs?: number };

/** The reference benchmark's random walk: a step every 211 to 410 ms. */
export const REFERENCE_WALK_MIN_MS = 211;
export const REFERENCE_WALK_MAX_MS = 410;
export const REFERENCE_WALK_THINK: ThinkTime = { kind: "uniform", minMs: REFERENCE_WALK_MIN_MS, maxMs: REFERENCE_WALK_MAX_MS };

/** Draws one wait in milliseconds. */
export type ThinkSampler = (random: Random) => number;

export interface ThinkTimeError {
  readonly code: "invalid_think_time";
  readonly message: string;
}

const TWO_PI = 2 * Math.PI;

/** Checks a spec; returns the problem, or undefined when it is usable. */
export function validateThinkTime(spec: ThinkTime): ThinkTimeError | undefined {
  const bad = (message: string): ThinkTimeError => ({ code: "invalid_think_time", message });
  const nonNegative = (value: number | undefined) => value === undefined || (Number.isFinite(value) && value >= 0);
  switch (spec.kind) {
    case "constant":
      return nonNegative(spec.ms) ? undefined : bad(`constant think time must be a finite ms >= 0, got ${spec.ms}`);
    case "uniform":
      if (!nonNegative(spec.minMs) || !nonNegative(spec.maxMs)) return bad(`uniform bounds must be finite ms >= 0, got ${spec.minMs}..${spec.maxMs}`);
      return spec.maxMs >= spec.minMs ? undefined : bad(`uniform max ${spec.maxMs} is below min ${spec.minMs}`);
    case "exponential":
      if (!(Number.isFinite(spec.meanMs) && spec.meanMs > 0)) return bad(`exponential mean must be a finite ms > 0, got ${spec.meanMs}`);
      return nonNegative(spec.maxMs) ? undefined : bad(`exponential cap must be a finite ms >= 0, got ${spec.maxMs}`);
    case "normal":
      if (!nonNegative(spec.meanMs) || !nonNegative(spec.stdDevMs)) return bad(`normal mean and deviation must be finite ms >= 0, got ${spec.meanMs}, ${spec.stdDevMs}`);
      if (!nonNegative(spec.minMs) || !nonNegative(spec.maxMs)) return bad(`normal bounds must be finite ms >= 0`);
      if (spec.maxMs !== undefined && spec.maxMs < (spec.minMs ?? 0)) return bad(`normal max ${spec.maxMs} is below min ${spec.minMs ?? 0}`);
      return undefined;
    default:
      return bad(`unknown think time kind ${JSON.stringify((spec as { kind: unknown }).kind)}`);
  }
}

/**
 * Compiles a spec into a sampler (one closure per spec, none per draw). Throws a RangeError for
 * an invalid spec: callers validate input first with `validateThinkTime` or `parseThinkTime`.
 */
export function thinkTimeSampler(spec: ThinkTime): ThinkSampler {
  const problem = validateThinkTime(spec);
  if (problem) throw new RangeError(problem.message);
  switch (spec.kind) {
    case "constant": {
      const ms = spec.ms;
      return () => ms;
    }
    case "uniform": {
      const min = spec.minMs;
      const width = spec.maxMs - spec.minMs;
      return (random) => min + width * random.next();
    }
    case "exponential": {
      const mean = spec.meanMs;
      const cap = spec.maxMs ?? Number.POSITIVE_INFINITY;
      // 1 - u lies in (0, 1], so the logarithm is finite.
      return (random) => Math.min(cap, -mean * Math.log(1 - random.next()));
    }
    case "normal": {
      const { meanMs, stdDevMs } = spec;
      const min = spec.minMs ?? 0;
      const max = spec.maxMs ?? Number.POSITIVE_INFINITY;
      // Box-Muller, using one of the pair: keeps the sampler stateless, so replay needs only the stream.
      return (random) => {
        const radius = Math.sqrt(-2 * Math.log(1 - random.next()));
        const value = meanMs + stdDevMs * radius * Math.cos(TWO_PI * random.next());
        return value < min ? min : value > max ? max : value;
      };
    }
  }
}

/** Draws one wait; convenient outside hot paths (compile with `thinkTimeSampler` inside them). */
export function sampleThinkTime(spec: ThinkTime, random: Random): number {
  return thinkTimeSampler(spec)(random);
}

/** The theoretical mean of a spec, ignoring caps and clamps (for reports and rate estimates). */
export function meanThinkTimeMs(spec: ThinkTime): number {
  switch (spec.kind) {
    case "constant":
      return spec.ms;
    case "uniform":
      return (spec.minMs + spec.maxMs) / 2;
    case "exponential":
    case "normal":
      return spec.meanMs;
  }
}

export type ParseResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ThinkTimeError };

/**
 * Parses the CLI form: `constant:250`, `uniform:211:410`, `exponential:1000[:max]` (or `exp:`),
 * `normal:300:50[:min[:max]]`. Input is untrusted: every problem comes back as a value.
 */
export function parseThinkTime(text: string): ParseResult<ThinkTime> {
  const parts = text.trim().split(":");
  const kind = parts[0]?.toLowerCase();
  const numbers = parts.slice(1).map((part) => (part.trim() === "" ? Number.NaN : Number(part)));
  const fail = (message: string): ParseResult<ThinkTime> => ({ ok: false, error: { code: "invalid_think_time", message } });
  if (numbers.some((value) => !Number.isFinite(value))) return fail(`think time ${JSON.stringify(text)}: every value after the kind must be a number of ms`);
  const arity = (min: number, max: number) => numbers.length >= min && numbers.length <= max;
  let spec: ThinkTime;
  switch (kind) {
    case "constant":
      if (!arity(1, 1)) return fail(`think time ${JSON.stringify(text)}: expected constant:MS`);
      spec = { kind: "constant", ms: numbers[0]! };
      break;
    case "uniform":
      if (!arity(2, 2)) return fail(`think time ${JSON.stringify(text)}: expected uniform:MIN:MAX`);
      spec = { kind: "uniform", minMs: numbers[0]!, maxMs: numbers[1]! };
      break;
    case "exp":
    case "exponential":
      if (!arity(1, 2)) return fail(`think time ${JSON.stringify(text)}: expected exponential:MEAN[:MAX]`);
      spec = numbers.length === 2 ? { kind: "exponential", meanMs: numbers[0]!, maxMs: numbers[1]! } : { kind: "exponential", meanMs: numbers[0]! };
      break;
    case "normal": {
      if (!arity(2, 4)) return fail(`think time ${JSON.stringify(text)}: expected normal:MEAN:STDDEV[:MIN[:MAX]]`);
      const base = { kind: "normal" as const, meanMs: numbers[0]!, stdDevMs: numbers[1]! };
      spec =
        numbers.length === 4
          ? { ...base, minMs: numbers[2]!, maxMs: numbers[3]! }
          : numbers.length === 3
            ? { ...base, minMs: numbers[2]! }
            : base;
      break;
    }
    default:
      return fail(`think time ${JSON.stringify(text)}: kind must be constant, uniform, exponential or normal`);
  }
  const problem = validateThinkTime(spec);
  return problem ? { ok: false, error: problem } : { ok: true, value: spec };
}

/** The CLI form of a spec (inverse of `parseThinkTime`). */
export function formatThinkTime(spec: ThinkTime): string {
  switch (spec.kind) {
    case "constant":
      return `constant:${spec.ms}`;
    case "uniform":
      return `uniform:${spec.minMs}:${spec.maxMs}`;
    case "exponential":
      return spec.maxMs === undefined ? `exponential:${spec.meanMs}` : `exponential:${spec.meanMs}:${spec.maxMs}`;
    case "normal": {
      const tail = spec.maxMs !== undefined ? `:${spec.minMs ?? 0}:${spec.maxMs}` : spec.minMs !== undefined ? `:${spec.minMs}` : "";
      return `normal:${spec.meanMs}:${spec.stdDevMs}${tail}`;
    }
  }
}
