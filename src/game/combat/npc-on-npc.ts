/**
 * One NPC's blow on another (combat-and-progression §3.5, last paragraph; VB6
 * `Codigo/SistemaCombate.bas` `NpcImpactoNpc`, `NpcDamageNpc`, `NpcDamageToNpc`): what a pet does
 * to the creature its master fights, and what that creature does back.
 *
 * The hit chance reads the bare `PoderAtaque` and `PoderEvasion` (no `HitBonus` or `EvasionBonus`,
 * unlike an NPC's blow on a user). The damage is `RandomNumber(MinHIT, MaxHIT)` plus the attacker's
 * linear bonus, minus the victim's `DefenseBonus` and `DEF`, at least 0 — that is the number VB6
 * shows in `CharAtaca` — and then the two physical multipliers (each product rounded into the
 * Long) give what the victim loses.
 */
import type { Random } from "../../random/index.ts";
import { vbRound, vbSingle } from "../vb-math/index.ts";
import { BASE_HIT_CHANCE, HIT_CHANCE_PER_POWER_POINT, NPC_HIT_CHANCE_MAX, NPC_HIT_CHANCE_MIN } from "./constants.ts";
import { physicalDamageMultiplier, physicalDamageReductionMultiplier } from "./damage.ts";
import { diceFromRandom, type Dice } from "./dice.ts";
import type { NpcCombatProfile } from "./profiles.ts";

/**
 * `NpcImpactoNpc`: `clamp(50 + (PoderAtaque − PoderEvasion) · 0.4, 10, 90)` through VB6's Single
 * `Maximo`/`Minimo`, into a Long (half to even).
 */
export function npcHitChanceOnNpc(attacker: NpcCombatProfile, victim: NpcCombatProfile): number {
  const raw = BASE_HIT_CHANCE + (attacker.attackPower - victim.evasionPower) * HIT_CHANCE_PER_POWER_POINT;
  const single = vbSingle(raw);
  return vbRound(single < NPC_HIT_CHANCE_MIN ? NPC_HIT_CHANCE_MIN : single > NPC_HIT_CHANCE_MAX ? NPC_HIT_CHANCE_MAX : single);
}

/** An NPC's damage on an NPC: what `CharAtaca` shows, and what the victim loses after the multipliers. */
export interface NpcDamageOnNpc {
  /** `NpcDamageNpc`: roll + linear bonus − DefenseBonus − DEF, at least 0. */
  readonly shown: number;
  /** `NpcDamageToNpc`: `shown` × the attacker's `PhysicalDamageBonus` × the victim's reduction, each rounded. */
  readonly damage: number;
}

/** `NpcDamageNpc` then `NpcDamageToNpc`: one draw, `RandomNumber(MinHIT, MaxHIT)`. */
export function npcDamageOnNpc(dice: Dice, attacker: NpcCombatProfile, victim: NpcCombatProfile): NpcDamageOnNpc {
  const rolled = dice.int(attacker.minHit, attacker.maxHit);
  const shown = Math.max(0, rolled + attacker.modifiers.physicalDamageLinearBonus - victim.modifiers.defenseBonus - victim.def);
  let damage = vbRound(shown * physicalDamageMultiplier(attacker.modifiers));
  damage = vbRound(damage * physicalDamageReductionMultiplier(victim.modifiers));
  return { shown, damage };
}

/** What one NPC's blow on another did. */
export type NpcAttackOnNpcOutcome =
  | { readonly kind: "miss"; readonly hitChance: number }
  | {
      readonly kind: "hit";
      readonly hitChance: number;
      /** The number `CharAtaca` carries. */
      readonly shown: number;
      /** HP the victim loses. */
      readonly damage: number;
      readonly hpAfter: number;
      readonly killed: boolean;
    };

/**
 * `NpcPerformAttackNpc`'s roll and damage: `RandomNumber(1, 100) ≤ hitChance`, then on a hit the
 * damage roll. Two draws on a hit, one on a miss.
 */
export function resolveNpcMeleeOnNpc(random: Random, attacker: NpcCombatProfile, victim: NpcCombatProfile, target: { readonly hp: number }): NpcAttackOnNpcOutcome {
  const dice = diceFromRandom(random);
  const hitChance = npcHitChanceOnNpc(attacker, victim);
  if (!dice.intAtMost(1, 100, hitChance)) return { kind: "miss", hitChance };
  const blow = npcDamageOnNpc(dice, attacker, victim);
  const hpAfter = Math.max(0, target.hp - blow.damage);
  return { kind: "hit", hitChance, shown: blow.shown, damage: blow.damage, hpAfter, killed: hpAfter <= 0 };
}
