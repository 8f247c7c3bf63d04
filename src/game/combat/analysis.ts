/**
 * Exact fight statistics for balance work: hit chance, the distribution of the damage of a
 * landed blow (every combination of draws enumerated through the very resolution code the game
 * runs, no sampling), and the expected blows and seconds to kill. Used by `argentum balance`.
 */
import { enumerateOutcomes } from "./dice.ts";
import type { NpcCombatProfile, UserCombatProfile } from "./profiles.ts";
import { resolveNpcAttackOnUserWith, resolveUserAttackOnNpc, resolveUserAttackOnUser } from "./resolve.ts";

export interface DamageDistribution {
  /** Damage of one landed blow → probability (summing to 1), in ascending damage order. */
  readonly probabilities: ReadonlyMap<number, number>;
  readonly min: number;
  readonly max: number;
  readonly mean: number;
  /** A stab's continuous `Rnd` was cut into cells: the numbers are very close, not exact. */
  readonly approximate: boolean;
}

/** One direction of a fight. */
export interface AttackAnalysis {
  /** Probability that a blow lands, 0..1 (the game's whole-percent chance / 100). */
  readonly hitProbability: number;
  readonly damage: DamageDistribution;
  /** HP the target starts with. */
  readonly targetHp: number;
  /** Expected landed blows to take `targetHp` (Infinity when the damage is always 0). */
  readonly expectedHitsToKill: number;
  /** Expected blows swung (landed or not). */
  readonly expectedSwingsToKill: number;
  /** Time between blows. */
  readonly intervalMs: number;
  /** Expected seconds from the first swing to the killing one: (swings − 1) × interval. */
  readonly expectedSecondsToKill: number;
}

/** Groups weighted damage values into a distribution (conditioned on the values given). */
function distributionOf(weighted: readonly { probability: number; damage: number }[], approximate: boolean): DamageDistribution {
  const total = weighted.reduce((sum, entry) => sum + entry.probability, 0);
  const byDamage = new Map<number, number>();
  for (const { probability, damage } of weighted) byDamage.set(damage, (byDamage.get(damage) ?? 0) + probability / total);
  const sorted = new Map([...byDamage.entries()].sort(([a], [b]) => a - b));
  const damages = [...sorted.keys()];
  let mean = 0;
  for (const [damage, probability] of sorted) mean += damage * probability;
  return { probabilities: sorted, min: damages[0] ?? 0, max: damages[damages.length - 1] ?? 0, mean, approximate };
}

/**
 * Expected landed blows to take `hp` HP when each blow's damage follows `damage`:
 * E(h) = (1 + Σ_{d>0} P(d)·E(h − d)) / (1 − P(0)), E(h ≤ 0) = 0. Exact (dynamic programming over HP).
 */
export function expectedHitsToKill(damage: ReadonlyMap<number, number>, hp: number): number {
  if (hp <= 0) return 0;
  const zero = damage.get(0) ?? 0;
  const positive = [...damage.entries()].filter(([d, p]) => d > 0 && p > 0);
  if (positive.length === 0 || zero >= 1) return Number.POSITIVE_INFINITY;
  const expected = new Float64Array(hp + 1);
  for (let h = 1; h <= hp; h++) {
    let sum = 1;
    for (const [d, p] of positive) sum += p * (h - d > 0 ? expected[h - d]! : 0);
    expected[h] = sum / (1 - zero);
  }
  return expected[hp]!;
}

function analysis(hitProbability: number, damage: DamageDistribution, targetHp: number, intervalMs: number): AttackAnalysis {
  const hits = expectedHitsToKill(damage.probabilities, targetHp);
  const swings = hitProbability > 0 ? hits / hitProbability : Number.POSITIVE_INFINITY;
  return {
    hitProbability,
    damage,
    targetHp,
    expectedHitsToKill: hits,
    expectedSwingsToKill: swings,
    intervalMs,
    expectedSecondsToKill: Number.isFinite(swings) ? ((swings - 1) * intervalMs) / 1000 : Number.POSITIVE_INFINITY,
  };
}

/** A target that never dies, so the enumeration measures blows, not deaths. */
const UNHURT = { hp: Number.POSITIVE_INFINITY, maxHp: Number.POSITIVE_INFINITY } as const;

/** A user striking an NPC (§3.3) every `intervalMs`; the NPC starts with its spawn HP (`MinHP`, else `MaxHP`). */
export function analyzeUserOnNpc(attacker: UserCombatProfile, npc: NpcCombatProfile, intervalMs: number, options: { ranged?: boolean } = {}): AttackAnalysis {
  const run = enumerateOutcomes((dice) => resolveUserAttackOnNpc(dice, attacker, npc, UNHURT, options));
  const hits = run.outcomes.filter((o) => o.value.kind === "hit");
  const hitProbability = hits.reduce((sum, o) => sum + o.probability, 0);
  const damage = distributionOf(
    hits.map((o) => ({ probability: o.probability, damage: o.value.kind === "hit" ? o.value.totalDamage : 0 })),
    run.approximate,
  );
  return analysis(hitProbability, damage, npc.spawnHp > 0 ? npc.spawnHp : npc.maxHp, intervalMs);
}

/** An NPC striking a user (§3.5) every `npc.attackIntervalMs`; the user starts with `victimHp`. */
export function analyzeNpcOnUser(npc: NpcCombatProfile, victim: UserCombatProfile, victimHp: number): AttackAnalysis {
  const run = enumerateOutcomes((dice) => resolveNpcAttackOnUserWith(dice, npc, victim, UNHURT));
  const hits = run.outcomes.filter((o) => o.value.kind === "hit");
  const hitProbability = hits.reduce((sum, o) => sum + o.probability, 0);
  const damage = distributionOf(
    hits.map((o) => ({ probability: o.probability, damage: o.value.kind === "hit" ? o.value.damage : 0 })),
    run.approximate,
  );
  return analysis(hitProbability, damage, victimHp, npc.attackIntervalMs);
}

/**
 * A user striking a user (§3.4) every `intervalMs`; the victim starts with `victimHp`. The
 * one-shot rule is left out: it only ever caps a blow that kills anyway.
 */
export function analyzeUserOnUser(attacker: UserCombatProfile, victim: UserCombatProfile, victimHp: number, intervalMs: number): AttackAnalysis {
  const run = enumerateOutcomes((dice) => resolveUserAttackOnUser(dice, attacker, victim, UNHURT));
  const hits = run.outcomes.filter((o) => o.value.kind === "hit");
  const hitProbability = hits.reduce((sum, o) => sum + o.probability, 0);
  const damage = distributionOf(
    hits.map((o) => ({ probability: o.probability, damage: o.value.kind === "hit" ? o.value.totalDamage : 0 })),
    run.approximate,
  );
  return analysis(hitProbability, damage, victimHp, intervalMs);
}
