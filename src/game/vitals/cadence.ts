/**
 * How often the body's clocks run (combat-and-progression §1, §9), as durations in ms so a map can
 * schedule them with timestamps. VB6 counts ticks of two clocks: the game-events tick (GT, 40 ms)
 * for regeneration and the one-second tick (S) for hunger and thirst, with the idiom
 * `If counter < N Then counter += 1 Else act: counter = 0`, which acts every N + 1 ticks.
 */
import { vbRound } from "../vb-math/index.ts";

/** `GAME_EVENTS_INTERVAL_MS`: the game-events tick (GT). */
export const GAME_TICK_MS = 40;
/** The VB `Timer` behind `PasarSegundo` (S). */
export const SECOND_TICK_MS = 1000;

/** The period of a VB6 counter of limit `n` on a clock of `tickMs`: it acts every `n + 1` ticks. */
export function counterPeriodMs(n: number, tickMs: number): number {
  return (n + 1) * tickMs;
}

/** `IntervaloEnCombate`: seconds a fight keeps a player "in combat" (no HP regeneration). */
export const IN_COMBAT_SECONDS = 10;
/** What `inCombatUntil` is set to after a fight: now + this. */
export const IN_COMBAT_MS = IN_COMBAT_SECONDS * SECOND_TICK_MS;

/** The `intervalos.ini` numbers the body's clocks read, in the file's own units. */
export interface VitalsIntervalSettings {
  /** `SanaIntervaloSinDescansar` / `SanaIntervaloDescansar` (GT). */
  readonly hpRegen: number;
  readonly hpRegenResting: number;
  /** `StaminaIntervaloSinDescansar` / `StaminaIntervaloDescansar` (GT). */
  readonly staminaRegen: number;
  readonly staminaRegenResting: number;
  /** `IntervaloPerderStamina` (GT; halved in the rain outdoors, doubled resting). */
  readonly staminaLoss: number;
  /** `IntervaloSed` / `IntervaloHambre`: the file's values, divided by 25 at load into S ticks. */
  readonly thirst: number;
  readonly hunger: number;
  /** `IntervaloMeditar` (GT). */
  readonly meditation: number;
  /** `IntervaloEnCombate` (S): how long an attack keeps a player in combat. */
  readonly inCombat: number;
}

/** The repo's `intervalos.ini`. */
export const AO20_INTERVAL_SETTINGS: VitalsIntervalSettings = {
  hpRegen: 200,
  hpRegenResting: 50,
  staminaRegen: 10,
  staminaRegenResting: 5,
  staminaLoss: 40,
  thirst: 4000,
  hunger: 4500,
  meditation: 10,
  inCombat: IN_COMBAT_SECONDS,
};

/** `IntervaloSed` and `IntervaloHambre` are divided by this when loaded (VB6 `LoadIntervalos`). */
export const NEEDS_INTERVAL_DIVISOR = 25;
/** Meditation starts paying once its warm-up counter passes this many GT (`TiempoInicioMeditar > 20`). */
export const MEDITATION_WARMUP_TICKS = 20;

/** Every period of the body's clocks, in ms. */
export interface VitalsIntervals {
  readonly hpRegenMs: number;
  readonly hpRegenRestingMs: number;
  readonly staminaRegenMs: number;
  readonly staminaRegenRestingMs: number;
  readonly staminaLossMs: number;
  /** Raining and outdoors: the loss counter's limit is halved. */
  readonly staminaLossRainMs: number;
  /** Resting: the loss counter's limit is doubled. */
  readonly staminaLossRestingMs: number;
  readonly thirstMs: number;
  readonly hungerMs: number;
  /** First mana of a meditation, then one every `meditationTickMs` (`DoMeditar`). */
  readonly meditationFirstTickMs: number;
  readonly meditationTickMs: number;
  /** A fight lasts this long after the last attack (`EnCombate` counts down once a second). */
  readonly inCombatMs: number;
}

/**
 * The periods of these settings. The GT counters act every N + 1 ticks; meditation's counter
 * is compared with `>=` after its increment, so it acts every N ticks, the first time once the
 * warm-up is over too.
 */
export function vitalsIntervals(settings: VitalsIntervalSettings = AO20_INTERVAL_SETTINGS): VitalsIntervals {
  // VB6 passes `Intervalo * 0.5` and `* 2` into an Integer parameter: rounded half to even.
  const half = vbRound(settings.staminaLoss * 0.5);
  const secondsOf = (value: number) => Math.trunc(value / NEEDS_INTERVAL_DIVISOR);
  const firstMeditationTicks = Math.max(settings.meditation, MEDITATION_WARMUP_TICKS + 1);
  return {
    hpRegenMs: counterPeriodMs(settings.hpRegen, GAME_TICK_MS),
    hpRegenRestingMs: counterPeriodMs(settings.hpRegenResting, GAME_TICK_MS),
    staminaRegenMs: counterPeriodMs(settings.staminaRegen, GAME_TICK_MS),
    staminaRegenRestingMs: counterPeriodMs(settings.staminaRegenResting, GAME_TICK_MS),
    staminaLossMs: counterPeriodMs(settings.staminaLoss, GAME_TICK_MS),
    staminaLossRainMs: counterPeriodMs(half, GAME_TICK_MS),
    staminaLossRestingMs: counterPeriodMs(settings.staminaLoss * 2, GAME_TICK_MS),
    thirstMs: counterPeriodMs(secondsOf(settings.thirst), SECOND_TICK_MS),
    hungerMs: counterPeriodMs(secondsOf(settings.hunger), SECOND_TICK_MS),
    meditationFirstTickMs: firstMeditationTicks * GAME_TICK_MS,
    meditationTickMs: settings.meditation * GAME_TICK_MS,
    inCombatMs: settings.inCombat * SECOND_TICK_MS,
  };
}

/** The AO20 periods: HP 8040 ms (2040 resting), stamina 440 ms, loss 1640 ms, thirst 161 s, hunger 181 s. */
export const AO20_VITALS_INTERVALS: VitalsIntervals = vitalsIntervals();
