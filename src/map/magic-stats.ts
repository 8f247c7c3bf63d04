/**
 * What the spells, the altered states and meditation of one map worker did, for /metrics: casts
 * asked for and resolved, the per-entity status timers armed and fired, the meditation mana
 * ticks. One object per worker, shared by every map it hosts (like `NpcAiStats`); the worker
 * sends the counts since its last report to the gateway and resets them (`take`), the gateway
 * adds them up (world/magic-totals.ts).
 *
 * Counters only: one addition where each thing happens, nothing read back on the map.
 */

/** The counts of one report interval (or, summed, since start). */
export interface MagicCounts {
  /** `CastSpell` packets handled (a selection; most then wait for the click). */
  castRequests: number;
  /** Casts that went on to their effect (`LanzarHechizo` past `PuedeLanzar` and the target checks). */
  castsResolved: number;
  /** Casts refused by `PuedeLanzar` or the target checks (mana, skill, target, cooldown…). */
  castsRefused: number;
  /** Status timers armed: a new or moved deadline of an entity's one status timer. */
  statusTimersArmed: number;
  /** Status timers that fired (an expiry, a poison bite or a burn due). */
  statusTimerEvents: number;
  /** Meditations started (`Meditate` that turned it on). */
  meditationsStarted: number;
  /** Meditation mana ticks run. */
  meditationTicks: number;
}

export function emptyMagicCounts(): MagicCounts {
  return { castRequests: 0, castsResolved: 0, castsRefused: 0, statusTimersArmed: 0, statusTimerEvents: 0, meditationsStarted: 0, meditationTicks: 0 };
}

export class MagicStats {
  private counts: MagicCounts = emptyMagicCounts();

  /** The counts so far (the systems add to them). */
  get current(): MagicCounts {
    return this.counts;
  }

  /** The counts since the last call, then zero. */
  take(): MagicCounts {
    const taken = this.counts;
    this.counts = emptyMagicCounts();
    return taken;
  }
}
