/**
 * When bots arrive, and which behaviour each one runs: a plan computed up front from a seed.
 * The same seed and spec give the same plan. Arrival times come from the arrivals stream in
 * order, so planning more actors never moves the earlier ones; each actor's behaviour choice
 * comes from its own stream, so adding an actor never changes another's choice.
 */
import { SeededRandom } from "../random/index.ts";
import { STREAM_ARRIVALS, STREAM_CHOICES } from "./streams.ts";

const MS_PER_S = 1000;

export type ArrivalSchedule =
  /** A closed population: every actor present from the start (optionally spread at random over `spreadMs`). */
  | { readonly kind: "closed"; readonly actors: number; readonly spreadMs?: number }
  /** Evenly spaced arrivals at a fixed rate. */
  | { readonly kind: "constant"; readonly actors: number; readonly ratePerS: number }
  /** The rate moves linearly from `fromPerS` to `toPerS` over `durationMs`, then stays at `toPerS`. */
  | { readonly kind: "ramp"; readonly actors: number; readonly fromPerS: number; readonly toPerS: number; readonly durationMs: number }
  /** A seeded Poisson process: exponential gaps with mean 1 / rate. */
  | { readonly kind: "poisson"; readonly actors: number; readonly ratePerS: number };

export interface WeightedBehaviour {
  readonly behaviour: string;
  readonly weight: number;
}

export interface PlannedActor {
  /** 0-based, also the actor's random stream number. */
  readonly id: number;
  /** Arrival time on the run's clock. */
  readonly startAtMs: number;
  readonly behaviour: string;
}

export interface RunPlan {
  readonly seed: number;
  readonly arrivals: ArrivalSchedule;
  readonly actors: readonly PlannedActor[];
}

export interface PlanError {
  readonly code: "invalid_plan";
  readonly message: string;
}

export type PlanResult = { readonly ok: true; readonly plan: RunPlan } | { readonly ok: false; readonly error: PlanError };

export interface PlanOptions {
  readonly seed: number;
  readonly arrivals: ArrivalSchedule;
  /** One behaviour name for everyone, or a weighted mix. */
  readonly behaviours: string | readonly WeightedBehaviour[];
  /** Time of the first possible arrival (default 0). */
  readonly startAtMs?: number;
}

/** Largest population a plan accepts (a plan is an array held in memory). */
export const MAX_PLANNED_ACTORS = 1_000_000;

export function validateArrivals(spec: ArrivalSchedule): PlanError | undefined {
  const bad = (message: string): PlanError => ({ code: "invalid_plan", message });
  if (!(Number.isInteger(spec.actors) && spec.actors >= 0 && spec.actors <= MAX_PLANNED_ACTORS)) {
    return bad(`actors must be an integer 0..${MAX_PLANNED_ACTORS}, got ${spec.actors}`);
  }
  const positive = (value: number) => Number.isFinite(value) && value > 0;
  switch (spec.kind) {
    case "closed":
      return spec.spreadMs === undefined || (Number.isFinite(spec.spreadMs) && spec.spreadMs >= 0) ? undefined : bad(`spread must be ms >= 0, got ${spec.spreadMs}`);
    case "constant":
    case "poisson":
      return positive(spec.ratePerS) ? undefined : bad(`${spec.kind} arrival rate must be > 0 per second, got ${spec.ratePerS}`);
    case "ramp":
      if (!(Number.isFinite(spec.fromPerS) && spec.fromPerS >= 0)) return bad(`ramp start rate must be >= 0 per second, got ${spec.fromPerS}`);
      if (!positive(spec.toPerS)) return bad(`ramp end rate must be > 0 per second, got ${spec.toPerS}`);
      return positive(spec.durationMs) ? undefined : bad(`ramp duration must be > 0 ms, got ${spec.durationMs}`);
    default:
      return bad(`unknown arrival kind ${JSON.stringify((spec as { kind: unknown }).kind)}`);
  }
}

/** Arrival offsets (ms from the start) in actor order; ascending except for a spread closed population. */
export function arrivalTimes(spec: ArrivalSchedule, seed: number): number[] {
  const problem = validateArrivals(spec);
  if (problem) throw new RangeError(problem.message);
  const random = SeededRandom.create(seed, STREAM_ARRIVALS);
  const times = new Array<number>(spec.actors);
  switch (spec.kind) {
    case "closed": {
      const spread = spec.spreadMs ?? 0;
      // Jitter drawn in actor order and not sorted, so adding an actor moves nobody else.
      for (let i = 0; i < spec.actors; i++) times[i] = spread > 0 ? random.next() * spread : 0;
      break;
    }
    case "constant": {
      const gap = MS_PER_S / spec.ratePerS;
      for (let i = 0; i < spec.actors; i++) times[i] = i * gap;
      break;
    }
    case "poisson": {
      const mean = MS_PER_S / spec.ratePerS;
      let at = 0;
      for (let i = 0; i < spec.actors; i++) {
        at += -mean * Math.log(1 - random.next());
        times[i] = at;
      }
      break;
    }
    case "ramp": {
      // Arrival k happens when the integrated rate reaches k: solve r0 t + (r1 - r0) t^2 / 2D = k.
      const r0 = spec.fromPerS / MS_PER_S;
      const r1 = spec.toPerS / MS_PER_S;
      const duration = spec.durationMs;
      const slope = (r1 - r0) / duration;
      const rampArrivals = r0 * duration + (slope * duration * duration) / 2;
      for (let k = 0; k < spec.actors; k++) {
        if (k <= rampArrivals) {
          times[k] = slope === 0 ? k / r0 : (-r0 + Math.sqrt(r0 * r0 + 2 * slope * k)) / slope;
        } else {
          times[k] = duration + (k - rampArrivals) / r1;
        }
      }
      break;
    }
  }
  return times;
}

/** Builds the plan: arrival times plus one behaviour per actor, all from the seed. */
export function planRun(options: PlanOptions): PlanResult {
  const fail = (message: string): PlanResult => ({ ok: false, error: { code: "invalid_plan", message } });
  if (!Number.isFinite(options.seed)) return fail(`seed must be a finite number, got ${options.seed}`);
  const problem = validateArrivals(options.arrivals);
  if (problem) return { ok: false, error: problem };
  const mix: readonly WeightedBehaviour[] = typeof options.behaviours === "string" ? [{ behaviour: options.behaviours, weight: 1 }] : options.behaviours;
  if (mix.length === 0) return fail("the behaviour mix is empty");
  for (const entry of mix) {
    if (!(Number.isFinite(entry.weight) && entry.weight >= 0)) return fail(`behaviour ${entry.behaviour} has weight ${entry.weight}; weights must be >= 0`);
  }
  const totalWeight = mix.reduce((sum, entry) => sum + entry.weight, 0);
  if (!(totalWeight > 0)) return fail("the behaviour weights add up to 0");
  const startAtMs = options.startAtMs ?? 0;
  const times = arrivalTimes(options.arrivals, options.seed);
  const actors: PlannedActor[] = times.map((offset, id) => ({
    id,
    startAtMs: startAtMs + offset,
    behaviour: mix.length === 1 ? mix[0]!.behaviour : chooseWeighted(mix, totalWeight, SeededRandom.create(options.seed, STREAM_CHOICES, id).next()),
  }));
  return { ok: true, plan: { seed: options.seed, arrivals: options.arrivals, actors } };
}

function chooseWeighted(mix: readonly WeightedBehaviour[], total: number, draw: number): string {
  let threshold = draw * total;
  for (const entry of mix) {
    if (threshold < entry.weight) return entry.behaviour;
    threshold -= entry.weight;
  }
  return mix.at(-1)!.behaviour;
}
