/**
 * The recorded life of one bot:
 *
 *   Planned → Scheduled → Creating → Connecting → Authenticating → Active → Draining → Closed
 *
 * plus Failed from any live state. A few extra edges exist because runs need them: a session can
 * retry (Authenticating → Connecting) or reconnect (Active → Connecting); a run that ends stops
 * actors still on their way in (Creating/Connecting/Authenticating → Draining); an actor whose
 * start never came is closed from Scheduled. Closed and Failed are final. An illegal transition
 * is refused as a value, and every accepted one is recorded with the clock's time and a reason.
 */
import type { Clock } from "../time/index.ts";

export const ACTOR_STATES = ["Planned", "Scheduled", "Creating", "Connecting", "Authenticating", "Active", "Draining", "Closed", "Failed"] as const;
export type ActorState = (typeof ACTOR_STATES)[number];

/** Allowed next states (Failed is added for every non-final state). */
const NEXT: Readonly<Record<ActorState, readonly ActorState[]>> = {
  Planned: ["Scheduled"],
  Scheduled: ["Creating", "Closed"],
  Creating: ["Connecting", "Draining"],
  Connecting: ["Authenticating", "Draining"],
  Authenticating: ["Active", "Connecting", "Draining"],
  Active: ["Draining", "Connecting"],
  Draining: ["Closed"],
  Closed: [],
  Failed: [],
};

export function isFinalState(state: ActorState): boolean {
  return state === "Closed" || state === "Failed";
}

export function canTransition(from: ActorState, to: ActorState): boolean {
  if (to === "Failed") return !isFinalState(from);
  return NEXT[from].includes(to);
}

export interface ActorTransition {
  readonly from: ActorState;
  readonly to: ActorState;
  readonly atMs: number;
  readonly reason: string;
}

export interface IllegalTransition {
  readonly code: "illegal_transition";
  readonly from: ActorState;
  readonly to: ActorState;
  readonly reason: string;
  readonly message: string;
}

export type TransitionResult = { readonly ok: true } | { readonly ok: false; readonly error: IllegalTransition };

const OK: TransitionResult = Object.freeze({ ok: true });

export class ActorLifecycle {
  private current: ActorState;
  private readonly initial: ActorState;
  // The record, as parallel arrays rather than an object per step: a run holds tens of
  // thousands of lifecycles and every full GC walks them. `history` builds the objects.
  private readonly states: ActorState[] = [];
  private readonly times: number[] = [];
  private readonly reasons: string[] = [];

  constructor(
    private readonly clock: Clock,
    initial: ActorState = "Planned",
  ) {
    this.current = initial;
    this.initial = initial;
  }

  get state(): ActorState {
    return this.current;
  }

  /** Every accepted transition, oldest first (a fresh copy). */
  get history(): readonly ActorTransition[] {
    const steps: ActorTransition[] = [];
    let from = this.initial;
    for (let i = 0; i < this.states.length; i++) {
      const to = this.states[i]!;
      steps.push({ from, to, atMs: this.times[i]!, reason: this.reasons[i]! });
      from = to;
    }
    return steps;
  }

  /** The reason of the last transition, or undefined if it never moved. */
  get lastReason(): string | undefined {
    return this.reasons.at(-1);
  }

  /** Time the actor entered its current state, or undefined if it never moved. */
  get sinceMs(): number | undefined {
    return this.times.at(-1);
  }

  get isFinal(): boolean {
    return isFinalState(this.current);
  }

  /** Moves to `to`, recording time and reason; an illegal move is refused and changes nothing. */
  transition(to: ActorState, reason: string): TransitionResult {
    const from = this.current;
    if (!canTransition(from, to)) {
      return {
        ok: false,
        error: { code: "illegal_transition", from, to, reason, message: `actor cannot go from ${from} to ${to} (${reason})` },
      };
    }
    this.current = to;
    this.states.push(to);
    this.times.push(this.clock.now());
    this.reasons.push(reason);
    return OK;
  }

  /** Fails from any live state; false when already final. */
  fail(reason: string): boolean {
    return this.transition("Failed", reason).ok;
  }
}
