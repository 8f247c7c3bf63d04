/**
 * The body's clocks between two looks (combat-and-progression §9, VB6 `EfectoStamina`,
 * `HambreYSed`): thirst and hunger, HP regeneration, stamina recovery or loss. Each VB6 counter
 * counts ticks only while its condition holds and acts on reaching its limit; here each counter
 * is the qualifying time (ms) accumulated towards its next step, so a map can look at a player
 * once in a while (`stepNeeds`) and get exactly the steps VB6 would have taken in between, in
 * order, with one draw per step. Conditions the map owns (dead, naked, resting, rain) are taken as
 * they are at the look; a fight is a time window, followed exactly; what the steps themselves
 * change (hunger reaching 0 stops the HP clock, full HP stops it too) is followed step by step.
 */
import type { CharacterVitals } from "../character/index.ts";
import type { Random } from "../../random/index.ts";
import type { VitalsIntervals } from "./cadence.ts";
import { hpRegenAmount, needsAfterDrop, recoveredStamina, staminaLossAmount, staminaRecoveryAmount } from "./regeneration.ts";

/**
 * Qualifying ms each counter accumulated towards its next step (VB6 `AGUACounter`, `COMCounter`,
 * `HPCounter`, `STACounter`; stamina recovery and loss share one counter, as in VB6), and the
 * monotonic time they are settled up to.
 */
export interface NeedsClocks {
  readonly thirstMs: number;
  readonly hungerMs: number;
  readonly hpMs: number;
  readonly staminaMs: number;
  readonly settledAt: number;
  /**
   * The last fight seen, as a window of monotonic ms [from, until) with no HP regeneration: each
   * new `combatUntil` opens `inCombatMs` before itself and joins the window it overlaps, so a
   * fight kept alive by hit after hit stays one window whatever the rhythm of the looks.
   */
  readonly fight: FightWindow | null;
}

export interface FightWindow {
  readonly from: number;
  readonly until: number;
}

/** Fresh clocks (a login or an arrival: VB6 counters start at 0). */
export function newNeedsClocks(now: number): NeedsClocks {
  return { thirstMs: 0, hungerMs: 0, hpMs: 0, staminaMs: 0, settledAt: now, fight: null };
}

/**
 * The clocks as they cross to another map (a transfer). Every map worker has its own monotonic
 * clock, so a time of one means nothing to another: the counters travel as they are, and the
 * times as offsets from the moment of the hand-over.
 */
export interface NeedsHandOver {
  readonly thirstMs: number;
  readonly hungerMs: number;
  readonly hpMs: number;
  readonly staminaMs: number;
  /** How long before the hand-over the clocks were last settled: that time still counts. */
  readonly unsettledMs: number;
  /** The last fight window, relative to the hand-over (negative: before it). */
  readonly fight: { readonly fromMs: number; readonly untilMs: number } | null;
}

/** The clocks of a player leaving a map at `now` (that map's clock). */
export function handOverNeeds(clocks: NeedsClocks, now: number): NeedsHandOver {
  const { thirstMs, hungerMs, hpMs, staminaMs, fight } = clocks;
  return {
    thirstMs,
    hungerMs,
    hpMs,
    staminaMs,
    unsettledMs: Math.max(0, now - clocks.settledAt),
    fight: fight === null ? null : { fromMs: fight.from - now, untilMs: fight.until - now },
  };
}

/**
 * The clocks of a player arriving at `now` (the new map's clock) with what the last map handed
 * over: they go on where they were. Anything that is not a sane duration starts them afresh.
 */
export function takeOverNeeds(handOver: NeedsHandOver, now: number): NeedsClocks {
  const duration = (ms: unknown): ms is number => typeof ms === "number" && Number.isFinite(ms) && ms >= 0;
  const { thirstMs, hungerMs, hpMs, staminaMs, unsettledMs, fight } = handOver;
  if (![thirstMs, hungerMs, hpMs, staminaMs, unsettledMs].every(duration)) return newNeedsClocks(now);
  const window = fight !== null && Number.isFinite(fight.fromMs) && Number.isFinite(fight.untilMs) ? { from: now + fight.fromMs, until: now + fight.untilMs } : null;
  return { thirstMs, hungerMs, hpMs, staminaMs, settledAt: now - unsettledMs, fight: window };
}

/** The fight window after seeing `combatUntil` (see `NeedsClocks.fight`). */
export function mergeFight(known: FightWindow | null, combatUntil: number | undefined, inCombatMs: number): FightWindow | null {
  if (combatUntil === undefined || !Number.isFinite(combatUntil)) return known;
  if (known !== null && combatUntil <= known.until) return known;
  const from = combatUntil - inCombatMs;
  if (known !== null && known.until >= from) return { from: Math.min(known.from, from), until: combatUntil };
  return { from, until: combatUntil };
}

/** What the clocks read of a player at a look. */
export interface NeedsState {
  readonly vitals: Readonly<Pick<CharacterVitals, "hp" | "maxHp" | "stamina" | "maxStamina" | "food" | "water">>;
  /** Supervivencia (skill 8). */
  readonly survival: number;
  /** Class Trabajador: recovers stamina without the `/ 1.6`. */
  readonly worker: boolean;
  /** No armour (`flags.Desnudo`): no HP regeneration, stamina drains. */
  readonly naked: boolean;
  /**
   * Monotonic ms until which the player is in combat (`Counters.EnCombate > 0`): set by each
   * attack to the attack's time + `inCombatMs`. No HP regeneration in between; both edges are
   * followed to the ms. Absent or -Infinity: never fought.
   */
  readonly combatUntil?: number;
  /** Staff (not `User` privileges): never hungry or thirsty. */
  readonly exemptFromNeeds?: boolean;
  /** `/DESCANSAR` by a campfire: faster HP and stamina, slower loss. */
  readonly resting?: boolean;
  /** Raining and not under a roof: no stamina recovery, faster loss. */
  readonly rainingOutdoors?: boolean;
  /** `GetSelfHealingBonus` (1 without modifiers). */
  readonly selfHealingBonus?: number;
}

/** One step, in the order it happened. */
export type NeedsEvent =
  | { readonly kind: "thirst"; readonly at: number; readonly water: number }
  | { readonly kind: "hunger"; readonly at: number; readonly food: number }
  | { readonly kind: "healed"; readonly at: number; readonly amount: number; readonly hp: number }
  | { readonly kind: "stamina_recovered"; readonly at: number; readonly amount: number; readonly stamina: number }
  | { readonly kind: "stamina_lost"; readonly at: number; readonly amount: number; readonly stamina: number };

export interface NeedsStep {
  readonly vitals: { readonly hp: number; readonly stamina: number; readonly food: number; readonly water: number };
  readonly clocks: NeedsClocks;
  readonly events: readonly NeedsEvent[];
}

type Counter = "thirst" | "hunger" | "hp" | "stamina";
/** Within one instant the one-second work (thirst, then hunger, as `HambreYSed`) comes first, then the GT work (`Sanar`, then stamina). */
const ORDER: readonly Counter[] = ["thirst", "hunger", "hp", "stamina"];

/**
 * Advances the clocks from `clocks.settledAt` to `now` and returns the steps taken. A dead player
 * (hp ≤ 0) takes none and its counters stand still, as VB6 skips the dead.
 */
export function stepNeeds(state: NeedsState, clocks: NeedsClocks, now: number, intervals: VitalsIntervals, random: Random): NeedsStep {
  const { maxHp, maxStamina } = state.vitals;
  let { hp, stamina, food, water } = state.vitals;
  const acc: Record<Counter, number> = { thirst: clocks.thirstMs, hunger: clocks.hungerMs, hp: clocks.hpMs, stamina: clocks.staminaMs };
  const events: NeedsEvent[] = [];
  const fight = mergeFight(clocks.fight, state.combatUntil, intervals.inCombatMs);
  const settle = (): NeedsStep => ({
    vitals: { hp, stamina, food, water },
    clocks: { thirstMs: acc.thirst, hungerMs: acc.hunger, hpMs: acc.hp, staminaMs: acc.stamina, settledAt: Math.max(now, clocks.settledAt), fight },
    events,
  });
  if (hp <= 0 || now <= clocks.settledAt) return settle();

  const resting = state.resting === true;
  const rain = state.rainingOutdoors === true;
  const exempt = state.exemptFromNeeds === true;
  // Periods of at least 1 ms, so a zero in a hand-made table cannot spin this loop.
  const atLeast1 = (ms: number) => Math.max(1, ms);
  const period: Record<Counter, number> = { thirst: atLeast1(intervals.thirstMs), hunger: atLeast1(intervals.hungerMs), hp: 1, stamina: 1 };
  const fightingAt = (at: number): boolean => fight !== null && at >= fight.from && at < fight.until;
  /** The next edge of the fight's window after `at`, or Infinity. */
  const nextFightEdge = (at: number): number => {
    if (fight === null) return Number.POSITIVE_INFINITY;
    if (at < fight.from) return fight.from;
    if (at < fight.until) return fight.until;
    return Number.POSITIVE_INFINITY;
  };
  let t = clocks.settledAt;
  const active: Record<Counter, boolean> = { thirst: false, hunger: false, hp: false, stamina: false };
  let staminaRecovers = false;
  /** Which counters tick now, and their periods (the stamina counter's depends on its mode). */
  const review = (): void => {
    const starving = food === 0 || water === 0;
    active.thirst = !exempt && water > 0;
    active.hunger = !exempt && food > 0;
    active.hp = !starving && !fightingAt(t) && !state.naked && hp < maxHp;
    period.hp = atLeast1(resting ? intervals.hpRegenRestingMs : intervals.hpRegenMs);
    staminaRecovers = !state.naked && !starving;
    if (staminaRecovers) {
      active.stamina = !rain && stamina < maxStamina;
      period.stamina = atLeast1(resting ? intervals.staminaRegenRestingMs : intervals.staminaRegenMs);
    } else {
      active.stamina = stamina > 0;
      period.stamina = atLeast1(rain ? intervals.staminaLossRainMs : resting ? intervals.staminaLossRestingMs : intervals.staminaLossMs);
    }
  };

  for (;;) {
    review();
    let wait = Number.POSITIVE_INFINITY;
    for (const counter of ORDER) if (active[counter]) wait = Math.min(wait, Math.max(0, period[counter] - acc[counter]));
    const edge = nextFightEdge(t) - t;
    if (t + Math.min(wait, edge) > now) {
      for (const counter of ORDER) if (active[counter]) acc[counter] += now - t;
      return settle();
    }
    if (edge < wait) {
      // The fight starts or ends before any step: count up to its edge, then look again.
      for (const counter of ORDER) if (active[counter]) acc[counter] += edge;
      t += edge;
      continue;
    }
    for (const counter of ORDER) if (active[counter]) acc[counter] += wait;
    t += wait;
    const due = ORDER.filter((counter) => active[counter] && acc[counter] >= period[counter]);
    for (const counter of due) {
      switch (counter) {
        case "thirst":
          water = needsAfterDrop(water);
          events.push({ kind: "thirst", at: t, water });
          break;
        case "hunger":
          food = needsAfterDrop(food);
          events.push({ kind: "hunger", at: t, food });
          break;
        case "hp": {
          // Hunger or thirst that reached 0 at this very instant stop the HP counter where it is
          // (full): it acts as soon as the player has eaten and drunk again.
          if (food === 0 || water === 0) continue;
          const amount = hpRegenAmount(maxHp, random, state.selfHealingBonus ?? 1);
          hp = Math.min(maxHp, hp + amount);
          events.push({ kind: "healed", at: t, amount, hp });
          break;
        }
        case "stamina": {
          // Likewise the shared stamina counter keeps its count when its mode just changed.
          const recovering = !state.naked && food > 0 && water > 0;
          if (recovering !== staminaRecovers) continue;
          if (recovering) {
            const amount = staminaRecoveryAmount(maxStamina, state.survival, state.worker, random);
            stamina = recoveredStamina(stamina, maxStamina, amount);
            events.push({ kind: "stamina_recovered", at: t, amount, stamina });
          } else {
            const amount = staminaLossAmount(maxStamina, state.survival, random);
            stamina = Math.max(0, stamina - amount);
            events.push({ kind: "stamina_lost", at: t, amount, stamina });
          }
          break;
        }
      }
      acc[counter] = 0;
    }
  }
}
