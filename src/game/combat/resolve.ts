/**
 * One blow from start to end, as a value: who hit, where, for how much, and what else happened.
 * Each resolution draws in exactly the original's order (§3.8 for a user on an NPC; §3.4 and
 * §3.5 for the others), so a scripted `Random` replays a VB6 fight number for number. The map
 * system applies the outcome (HP, packets, experience); nothing here changes state.
 */
import type { Random } from "../../random/index.ts";
import { vbRound } from "../vb-math/index.ts";
import {
  backBonusChance,
  blockChanceAgainstNpc,
  blockChanceAgainstUser,
  canCriticalHit,
  canStab,
  clampChance,
  criticalHitChance,
  npcHitChanceOnUser,
  skillOf,
  skillTrainedByHit,
  stabChance,
  userHitChanceOnNpc,
  userHitChanceOnUser,
  weaponSkill,
} from "./chances.ts";
import {
  BANDIT_UNEQUIP_PER_SKILL,
  BANDIT_UNEQUIP_PER_SKILL_WITHOUT_BONUS,
  BodyPart,
  CombatClass,
  CombatSkill,
  MEDITATION_BREAK_DIVISOR_MIN,
  MEDITATION_BREAK_FACTOR,
  MEDITATION_BREAK_ROLL_MAX,
  NPC_CRITICAL_SHARE,
  NPC_POISON_BELOW,
  PARALYSIS_INTERVAL,
  PARALYSIS_ROLL_SIDES,
  THIEF_UNEQUIP_CHANCE,
  WeaponType,
  type BodyPartId,
  type CombatSkillId,
} from "./constants.ts";
import {
  npcDamageOnUser,
  physicalDamageMultiplier,
  physicalDamageReductionMultiplier,
  userDamageOnNpc,
  userDamageOnUser,
} from "./damage.ts";
import { diceFromRandom, type Dice } from "./dice.ts";
import type { NpcCombatProfile, UserCombatProfile } from "./profiles.ts";

/** AI ticks an NPC stays paralysed after a paralysing hit: `rnd2(IntervaloParalizado / 3 × 7)` = 47. §3.3. */
export const NPC_PARALYSIS_AI_TICKS = vbRound((PARALYSIS_INTERVAL / 3) * 7);
/** `Subtipo` of a weapon (or its ammunition) that may stun an NPC on a ranged hit. §3.3. */
export const STUNNING_SUBTYPE = 2;

/**
 * Where the original calls `SubirSkill`, the resolution calls `onSkillUse`, so the caller rolls
 * the skill-up (which draws) at its place in the order: right after a successful hit roll for
 * the weapon skill, after a stab attempt for Apuñalar, after a block for Defensa, at the end of
 * an NPC's attack for Tácticas.
 */
export interface CombatHooks {
  readonly onSkillUse?: (who: "attacker" | "victim", skill: CombatSkillId) => void;
}

/** A critical hit or a stab on top of the blow. §3.3, §3.4. */
export interface DamageExtra {
  readonly kind: "critical" | "stab";
  /** The extra damage (0 when the roll succeeded but the formula gave nothing). */
  readonly amount: number;
}

/** What a paralysing weapon's `RandomNumber(1, 4)` did: null when it was not rolled. §3.3. */
export type ParalysisResult = "paralyzed" | "immune" | "no_effect" | null;

export interface NpcTargetState {
  readonly hp: number;
  readonly paralyzed?: boolean;
}

export type UserAttackOnNpcOutcome =
  | { readonly kind: "miss"; readonly hitChance: number }
  | {
      readonly kind: "hit";
      readonly hitChance: number;
      /** The skill `SubirSkillDeArmaActual` trains (passed to `onSkillUse`). */
      readonly trainedSkill: CombatSkillId;
      readonly paralysis: ParalysisResult;
      readonly baseDamage: number;
      /** NPC DEF + DefenseBonus after penetration. */
      readonly defense: number;
      /** Penetration roll: null when not rolled, else whether it came up, and the armour it ignored. */
      readonly penetrationTriggered: boolean | null;
      readonly penetration: number;
      /** Damage after defence and multipliers, before the extra. */
      readonly damage: number;
      /** The extra rolled for (critical for a Bandit with knuckles, else stab), null when none could be. */
      readonly extraAttempted: "critical" | "stab" | null;
      readonly extra: DamageExtra | null;
      /** What the NPC loses. */
      readonly totalDamage: number;
      /** Warrior life steal (toggle `healers_and_tanks`): HP healed (often 0), null for other classes. */
      readonly lifeSteal: number | null;
      readonly hpAfter: number;
      readonly killed: boolean;
      /** Ranged stun roll: null when not rolled, else whether the NPC is stunned. */
      readonly stunned: boolean | null;
    };

export interface UserAttackOptions {
  /** A shot (§4) rather than a melee blow (§3): only the stun differs. */
  readonly ranged?: boolean;
  readonly hooks?: CombatHooks;
}

/**
 * §3.3 + §3.8: a user's melee blow (or shot) on an NPC. Draws: hit `RandomNumber(1,100)` → on a
 * hit: `onSkillUse` → paralysis `RandomNumber(1,4)` (paralysing weapon, NPC not paralysed) →
 * user roll → weapon → ammunition → ship/saddle → penetration (+ flat roll) → critical or stab
 * (+ `Rnd`) → `onSkillUse(Apuñalar)` → ranged stun when the NPC survives. The stamina roll comes
 * before (see `beginMelee`); the NPC's death rolls come after (map system).
 */
export function resolveUserAttackOnNpc(
  dice: Dice,
  attacker: UserCombatProfile,
  npc: NpcCombatProfile,
  target: NpcTargetState,
  options: UserAttackOptions = {},
): UserAttackOnNpcOutcome {
  const hitChance = userHitChanceOnNpc(attacker, npc);
  if (!dice.intAtMost(1, 100, hitChance)) return { kind: "miss", hitChance };
  const trainedSkill = skillTrainedByHit(attacker.weapon);
  options.hooks?.onSkillUse?.("attacker", trainedSkill);

  let paralysis: ParalysisResult = null;
  if (attacker.paralyzingHit && !target.paralyzed) {
    if (dice.int(1, PARALYSIS_ROLL_SIDES) !== 1) paralysis = "no_effect";
    else paralysis = npc.paralysisImmune ? "immune" : "paralyzed";
  }

  const blow = userDamageOnNpc(dice, attacker, npc);
  const { toggles } = attacker.rules;
  const lifeSteal =
    toggles.healersAndTanks && attacker.classId === CombatClass.Warrior
      ? Math.min(vbRound(blow.damage * attacker.rules.warriorLifeStealOnHitMultiplier), attacker.maxHp)
      : null;

  let extraAttempted: "critical" | "stab" | null = null;
  let extra: DamageExtra | null = null;
  if (canCriticalHit(attacker)) {
    extraAttempted = "critical";
    if (dice.intAtMost(1, 100, criticalHitChance(attacker))) {
      // A third of the base damage (before DEF), through both physical multipliers.
      let amount = vbRound(blow.baseDamage * NPC_CRITICAL_SHARE);
      amount = vbRound(amount * physicalDamageMultiplier(attacker.modifiers));
      amount = vbRound(amount * physicalDamageReductionMultiplier(npc.modifiers));
      extra = { kind: "critical", amount };
    }
  } else if (canStab(attacker)) {
    extraAttempted = "stab";
    if (dice.intAtMost(1, 100, stabChance(attacker))) {
      const { stabNpcMin, stabNpcMax } = attacker.classModifiers;
      extra = { kind: "stab", amount: vbRound(blow.damage * (dice.unit() * (stabNpcMax - stabNpcMin) + stabNpcMin)) };
    }
    options.hooks?.onSkillUse?.("attacker", CombatSkill.Stabbing);
  }

  const totalDamage = blow.damage + (extra !== null && extra.amount > 0 ? extra.amount : 0);
  const hpAfter = target.hp - totalDamage;
  const killed = hpAfter <= 0;
  let stunned: boolean | null = null;
  if (!killed && options.ranged) {
    // The hitting object: the ammunition of a weapon that takes some, else the weapon.
    const weapon = attacker.weapon;
    const hitting = weapon === null ? null : weapon.ammunitionSubtype === 0 ? weapon : attacker.ammunition;
    if (hitting !== null && hitting.subType === STUNNING_SUBTYPE && !npc.paralysisImmune) {
      stunned = dice.int(1, 100) < hitting.percentage;
    }
  }
  return {
    kind: "hit",
    hitChance,
    trainedSkill,
    paralysis,
    baseDamage: blow.baseDamage,
    defense: blow.defense,
    penetrationTriggered: blow.penetration.triggered,
    penetration: blow.penetration.amount,
    damage: blow.damage,
    extraAttempted,
    extra,
    totalDamage,
    lifeSteal,
    hpAfter: Math.max(hpAfter, 0),
    killed,
    stunned,
  };
}

/** `resolveUserAttackOnNpc` for a melee blow, drawing from `random`. §3.3, §3.8. */
export function resolveUserMeleeOnNpc(
  random: Random,
  attacker: UserCombatProfile,
  npc: NpcCombatProfile,
  target: NpcTargetState,
  hooks?: CombatHooks,
): UserAttackOnNpcOutcome {
  return resolveUserAttackOnNpc(diceFromRandom(random), attacker, npc, target, hooks === undefined ? {} : { hooks });
}

export interface UserTargetState {
  readonly hp: number;
  /** MaxHP (the one-shot rule of §3.4 needs it). */
  readonly maxHp: number;
  readonly meditating?: boolean;
}

export type NpcAttackOnUserOutcome =
  | {
      readonly kind: "miss";
      readonly hitChance: number;
      /** Null when no block roll was made. */
      readonly blockChance: number | null;
      readonly blocked: boolean;
    }
  | {
      readonly kind: "hit";
      readonly hitChance: number;
      readonly bodyPart: BodyPartId;
      readonly rawDamage: number;
      readonly absorbed: number;
      readonly damage: number;
      readonly hpAfter: number;
      readonly killed: boolean;
      /** Null when the victim was not meditating; else whether the blow ended the meditation. */
      readonly meditationBroken: boolean | null;
      /** Null for an NPC without `Veneno`; else whether the victim is poisoned (level `npc.poison`). */
      readonly poisoned: boolean | null;
    };

/**
 * §3.5 NpcAtacaUser from the roll on (the interval and the tile checks are the AI's): hit
 * `RandomNumber(1,100)` → on a miss with a shield of `Porcentaje` > 0: block roll → with such a
 * shield `onSkillUse(victim, Defensa)` → on a hit: NPC roll, ship, saddle, body part, helmet or
 * armour + shield → meditation `RandomNumber(0,5)` → poison `RandomNumber(1,100)` →
 * `onSkillUse(victim, Tácticas)`.
 */
export function resolveNpcAttackOnUserWith(
  dice: Dice,
  npc: NpcCombatProfile,
  victim: UserCombatProfile,
  target: UserTargetState,
  hooks: CombatHooks = {},
): NpcAttackOnUserOutcome {
  const hitChance = npcHitChanceOnUser(npc, victim);
  const hit = dice.intAtMost(1, 100, hitChance);
  const shieldBlocks = victim.shield !== null && victim.shield.percentage > 0;
  let blockChance: number | null = null;
  let blocked = false;
  if (shieldBlocks) {
    if (!hit) {
      blockChance = blockChanceAgainstNpc(victim);
      if (blockChance !== null) blocked = dice.intAtMost(1, 100, blockChance);
    }
    hooks.onSkillUse?.("victim", CombatSkill.Defense);
  }
  if (!hit) {
    hooks.onSkillUse?.("victim", CombatSkill.Tactics);
    return { kind: "miss", hitChance, blockChance, blocked };
  }
  const blow = npcDamageOnUser(dice, npc, victim);
  const hpAfter = Math.max(target.hp - blow.damage, 0);
  let meditationBroken: boolean | null = null;
  if (target.meditating) {
    const divisor = dice.int(0, MEDITATION_BREAK_ROLL_MAX) + MEDITATION_BREAK_DIVISOR_MIN;
    const intelligence = victim.attributes[2];
    const meditation = skillOf(victim, CombatSkill.Meditation);
    const threshold = Math.trunc((((((hpAfter / 100) * intelligence * meditation) / 100) * MEDITATION_BREAK_FACTOR) / divisor));
    meditationBroken = blow.damage > threshold;
  }
  const poisoned = npc.poison > 0 ? dice.int(1, 100) < NPC_POISON_BELOW : null;
  hooks.onSkillUse?.("victim", CombatSkill.Tactics);
  return {
    kind: "hit",
    hitChance,
    bodyPart: blow.bodyPart,
    rawDamage: blow.rawDamage,
    absorbed: blow.absorbed,
    damage: blow.damage,
    hpAfter,
    killed: hpAfter <= 0,
    meditationBroken,
    poisoned,
  };
}

/** `resolveNpcAttackOnUserWith`, drawing from `random`. §3.5. */
export function resolveNpcMeleeOnUser(
  random: Random,
  npc: NpcCombatProfile,
  victim: UserCombatProfile,
  target: UserTargetState,
  hooks?: CombatHooks,
): NpcAttackOnUserOutcome {
  return resolveNpcAttackOnUserWith(diceFromRandom(random), npc, victim, target, hooks);
}

/** The equipment a lucky Bandit or Thief knocks off. §3.4. */
export type UnequippedSlot = "helmet" | "weapon" | "shield";

export type UserAttackOnUserOutcome =
  | {
      readonly kind: "miss";
      readonly hitChance: number;
      /** Rolled after every miss (0 without a shield of `Porcentaje` > 0). */
      readonly blockChance: number;
      readonly blocked: boolean;
    }
  | {
      readonly kind: "hit";
      /** 100 for a precise hit (`GolpeCertero`), which makes no roll. */
      readonly hitChance: number;
      readonly trainedSkill: CombatSkillId;
      readonly bodyPart: BodyPartId;
      readonly baseDamage: number;
      readonly defense: number;
      readonly penetrationTriggered: boolean | null;
      readonly penetration: number;
      readonly damage: number;
      readonly extraAttempted: "critical" | "stab" | null;
      readonly extra: DamageExtra | null;
      /** Whether the attacker rolled to unequip the victim, and what came off (null: nothing). */
      readonly unequipRolled: boolean;
      readonly unequipped: UnequippedSlot | null;
      /** The one-shot rule capped the damage at the victim's HP. */
      readonly oneShot: boolean;
      readonly totalDamage: number;
      readonly hpAfter: number;
      readonly killed: boolean;
    };

export interface UserOnUserOptions extends UserAttackOptions {
  /** `GolpeCertero`: the precise-hit spell makes this blow hit without a roll. */
  readonly preciseHit?: boolean;
  /** Same heading and at most 1 tile apart: `ExtraBackstabChance` for the extras. */
  readonly fromBehind?: boolean;
}

/** §3.4 PuedeDesequiparDeUnGolpe + ProbabilidadDesequipar: chance in percent, null when the attacker cannot unequip. */
export function unequipChance(attacker: UserCombatProfile): number | null {
  const weapon = attacker.weapon;
  if (weapon !== null && weapon.weaponType !== WeaponType.Knuckle) return null;
  if (attacker.classId === CombatClass.Thief) return THIEF_UNEQUIP_CHANCE;
  if (attacker.classId !== CombatClass.Bandit) return null;
  const perPoint = attacker.rules.toggles.banditUnequipBonus ? BANDIT_UNEQUIP_PER_SKILL : BANDIT_UNEQUIP_PER_SKILL_WITHOUT_BONUS;
  return vbRound(perPoint * skillOf(attacker, weaponSkill(weapon)));
}

/** §3.4 DesequiparObjetoDeUnGolpe: by body part, with fallbacks; null when the victim wears none of them. */
export function unequippedSlotFor(victim: UserCombatProfile, bodyPart: BodyPartId): UnequippedSlot | null {
  const has: Record<UnequippedSlot, boolean> = { helmet: victim.helmet !== null, weapon: victim.weapon !== null, shield: victim.shield !== null };
  const order: readonly UnequippedSlot[] =
    bodyPart === BodyPart.Head
      ? ["helmet", "weapon", "shield"]
      : bodyPart === BodyPart.LeftLeg || bodyPart === BodyPart.RightLeg
        ? ["shield", "weapon", "helmet"]
        : ["weapon", "shield", "helmet"];
  return order.find((slot) => has[slot]) ?? null;
}

/**
 * §3.4 UsuarioImpacto + UserDamageToUser (legality and distance are checked before; see
 * `withinAttackDistance`). Draws: hit `RandomNumber(1,100)` (none for a precise hit) → on a hit
 * `onSkillUse(attacker, weapon skill)`; on a miss the block roll (always) and, when blocked,
 * `onSkillUse(victim, Defensa)` → base damage → body part(s) → worn defence → ship/saddle →
 * penetration → critical or stab roll (`onSkillUse(Apuñalar)` after a stab attempt) → unequip
 * roll. The on-hit effects of `UserDañoEspecial` (poison, paralysis…) come after and are not
 * modelled here.
 */
export function resolveUserAttackOnUser(
  dice: Dice,
  attacker: UserCombatProfile,
  victim: UserCombatProfile,
  target: UserTargetState,
  options: UserOnUserOptions = {},
): UserAttackOnUserOutcome {
  const hooks = options.hooks ?? {};
  const hitChance = options.preciseHit ? 100 : userHitChanceOnUser(attacker, victim, target.meditating ?? false);
  const hit = options.preciseHit || dice.intAtMost(1, 100, hitChance);
  if (!hit) {
    const blockChance = blockChanceAgainstUser(victim);
    const blocked = dice.intAtMost(1, 100, blockChance);
    if (blocked) hooks.onSkillUse?.("victim", CombatSkill.Defense);
    return { kind: "miss", hitChance, blockChance, blocked };
  }
  const trainedSkill = skillTrainedByHit(attacker.weapon);
  hooks.onSkillUse?.("attacker", trainedSkill);
  const blow = userDamageOnUser(dice, attacker, victim);
  const back = backBonusChance(attacker, options.fromBehind ?? false);

  let extraAttempted: "critical" | "stab" | null = null;
  let extra: DamageExtra | null = null;
  if (canCriticalHit(attacker)) {
    extraAttempted = "critical";
    if (dice.intAtMost(1, 100, clampChance(criticalHitChance(attacker) + back))) {
      extra = { kind: "critical", amount: vbRound(blow.damage * attacker.rules.criticalHitDamageModifier) };
    }
  } else if (canStab(attacker)) {
    extraAttempted = "stab";
    if (dice.intAtMost(1, 100, clampChance(stabChance(attacker) + back))) {
      extra = { kind: "stab", amount: vbRound(blow.damage * attacker.classModifiers.stab) };
    }
    hooks.onSkillUse?.("attacker", CombatSkill.Stabbing);
  }

  const chance = unequipChance(attacker);
  let unequipped: UnequippedSlot | null = null;
  if (chance !== null && dice.intAtMost(1, 100, chance)) unequipped = unequippedSlotFor(victim, blow.bodyPart);

  let totalDamage = blow.damage;
  let oneShot = false;
  if (extra !== null && extra.amount > 0) {
    totalDamage += extra.amount;
    // One-shot rule: from full HP, a blow with an extra that reaches MaxHP takes exactly what is left.
    if (target.hp === target.maxHp && totalDamage >= target.maxHp) {
      totalDamage = target.hp;
      oneShot = true;
    }
  }
  const hpAfter = target.hp - totalDamage;
  return {
    kind: "hit",
    hitChance,
    trainedSkill,
    bodyPart: blow.bodyPart,
    baseDamage: blow.baseDamage,
    defense: blow.defense,
    penetrationTriggered: blow.penetration.triggered,
    penetration: blow.penetration.amount,
    damage: blow.damage,
    extraAttempted,
    extra,
    unequipRolled: chance !== null,
    unequipped,
    oneShot,
    totalDamage,
    hpAfter: Math.max(hpAfter, 0),
    killed: hpAfter <= 0,
  };
}

/** `resolveUserAttackOnUser` for a melee blow, drawing from `random`. §3.4. */
export function resolveUserMeleeOnUser(
  random: Random,
  attacker: UserCombatProfile,
  victim: UserCombatProfile,
  target: UserTargetState,
  options: Omit<UserOnUserOptions, "ranged"> = {},
): UserAttackOnUserOutcome {
  return resolveUserAttackOnUser(diceFromRandom(random), attacker, victim, target, options);
}
