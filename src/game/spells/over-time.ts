/**
 * The states that hurt while they last (§5.5): poison (`EfectoVeneno`, every 91 game ticks,
 * never ends by itself) and incineration (`EfectoIncineramiento`, 4 – 5 burns). Each due bite or
 * burn is one value with its draw, the damage and what to tell; the map applies the HP loss
 * (which may kill) and keeps the new state.
 */
import type { Random } from "../../random/index.ts";
import { randomInt } from "../../random/index.ts";
import { vbIntDiv } from "../vb-math/index.ts";
import {
  INCINERATION_DAMAGE_MAX,
  INCINERATION_DAMAGE_MIN,
  INCINERATION_FX,
  POISON_DAMAGE_PERCENT_MAX,
  POISON_DAMAGE_PERCENT_MIN,
  POISON_PARTICLE,
  POISON_PARTICLE_TIME,
  SPELL_MESSAGE,
} from "./constants.ts";
import { POISON_BITE_PERIOD_MS, type StatusEffects } from "./status-effects.ts";

/** One poison bite: `1 + RandomNumber(3, 5) × MaxHP \ 100` (one draw). */
export interface PoisonBite {
  readonly percent: number;
  readonly damage: number;
  /** Msg47 then (with `ChatCombate`) Msg390 with the damage to the poisoned; the `PoisonGas` particle to the area. */
  readonly messages: readonly number[];
  readonly particle: number;
  readonly particleTime: number;
}

/** `EfectoVeneno`'s bite; it also cancels a pending logout. */
export function poisonBite(random: Random, maxHp: number): PoisonBite {
  const percent = randomInt(random, POISON_DAMAGE_PERCENT_MIN, POISON_DAMAGE_PERCENT_MAX);
  return {
    percent,
    damage: 1 + vbIntDiv(percent * maxHp, 100),
    messages: [SPELL_MESSAGE.poisonWarning, SPELL_MESSAGE.poisonDamage],
    particle: POISON_PARTICLE,
    particleTime: POISON_PARTICLE_TIME,
  };
}

/** The bites due by `nowMs` (one per elapsed period, in order) and the state with its next bite. */
export function tickPoison(random: Random, effects: StatusEffects, nowMs: number, maxHp: number): { effects: StatusEffects; bites: PoisonBite[] } {
  const poison = effects.poisoned;
  if (poison === undefined || poison.nextBiteAtMs === null || poison.nextBiteAtMs > nowMs) return { effects, bites: [] };
  const bites: PoisonBite[] = [];
  let next = poison.nextBiteAtMs;
  while (next <= nowMs) {
    bites.push(poisonBite(random, maxHp));
    next += POISON_BITE_PERIOD_MS;
  }
  return { effects: { ...effects, poisoned: { ...poison, nextBiteAtMs: next } }, bites };
}

/** One burn: `RandomNumber(20, 30)`, FX 73 on the burning one, Msg392 and (with `ChatCombate`) Msg391. */
export interface Burn {
  readonly damage: number;
  readonly fx: number;
  readonly messages: readonly number[];
}

export function incinerationBurn(random: Random): Burn {
  return {
    damage: randomInt(random, INCINERATION_DAMAGE_MIN, INCINERATION_DAMAGE_MAX),
    fx: INCINERATION_FX,
    messages: [SPELL_MESSAGE.burningWarning, SPELL_MESSAGE.burnDamage],
  };
}

/** The burns due by `nowMs`; the state keeps the ones still to come (its end is `expireEffects`'). */
export function tickIncineration(random: Random, effects: StatusEffects, nowMs: number): { effects: StatusEffects; burns: Burn[] } {
  const fire = effects.incinerated;
  if (fire === undefined) return { effects, burns: [] };
  const due = fire.burnsAtMs.filter((at) => at <= nowMs);
  if (due.length === 0) return { effects, burns: [] };
  const burns = due.map(() => incinerationBurn(random));
  return { effects: { ...effects, incinerated: { ...fire, burnsAtMs: fire.burnsAtMs.filter((at) => at > nowMs) } }, burns };
}
