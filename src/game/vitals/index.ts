/**
 * Public face of the body's rules (combat-and-progression §1, §8.1, §8.3, §9): the clocks of
 * hunger, thirst, HP and stamina as durations in ms, the amount of each regeneration step, the
 * clocks stepped between two looks (`stepNeeds`), the mana of a meditation tick, and dying and
 * resurrection as outcomes. Pure; randomness injected. The map runs it
 * (`src/map/systems/vitals.ts`).
 */
export {
  GAME_TICK_MS,
  SECOND_TICK_MS,
  IN_COMBAT_SECONDS,
  IN_COMBAT_MS,
  NEEDS_INTERVAL_DIVISOR,
  MEDITATION_WARMUP_TICKS,
  AO20_INTERVAL_SETTINGS,
  AO20_VITALS_INTERVALS,
  counterPeriodMs,
  vitalsIntervals,
  type VitalsIntervalSettings,
  type VitalsIntervals,
} from "./cadence.ts";
export {
  NEEDS_DROP,
  MAX_NEEDS,
  HP_REGEN_MIN_PERCENT,
  HP_REGEN_MAX_PERCENT,
  STAMINA_HARD_CAP,
  STAMINA_GAIN_DIVISOR,
  STAMINA_LOSS_BASE,
  STAMINA_LOSS_FACTOR,
  hpRegenAmount,
  staminaLuck,
  staminaRecoveryAmount,
  recoveredStamina,
  staminaLossAmount,
  needsAfterDrop,
  meditationManaPerTick,
  type MeditationRates,
} from "./regeneration.ts";
export {
  newNeedsClocks,
  handOverNeeds,
  takeOverNeeds,
  mergeFight,
  stepNeeds,
  type NeedsHandOver,
  type NeedsClocks,
  type FightWindow,
  type NeedsState,
  type NeedsEvent,
  type NeedsStep,
} from "./needs.ts";
export {
  GHOST_BODY,
  GHOST_HEAD,
  GALLEON_PIRATE_KEEP_PERCENT,
  deathOutcome,
  vitalsAfterDeath,
  vitalsAfterPriestResurrection,
  isDead,
  type DeathCircumstances,
  type FallingSlot,
  type DeathOutcome,
} from "./death.ts";
