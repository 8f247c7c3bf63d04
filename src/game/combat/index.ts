/**
 * Public face of the combat rules: melee and ranged fights of AO20 (combat-and-progression.md
 * §1.1, §2, §3, §4) as pure functions. Profiles gather what the formulas read (character record
 * + item catalogue + Balance.dat, or npcs.dat); chances and damage formulas are plain functions;
 * `resolve…` functions play one blow drawing from an injected `Random` in the original's order
 * and return what happened as a value; `…Allowed` / `begin…` answer the combo locks and the
 * stamina cost. Nothing here changes state, sends packets or reads a clock.
 *
 * Typical map-system use for a melee blow on the NPC in front:
 *   const start = beginMelee(random, { clocks, nowMs, stamina, weapon: attacker.weapon });
 *   if (!start.ok) → message for start.reason (timers: start.clocks)
 *   const outcome = resolveUserMeleeOnNpc(random, attacker, npc, { hp }, { onSkillUse });
 */
export {
  CombatSkill,
  WeaponType,
  CombatClass,
  BodyPart,
  DEFAULT_COMBAT_INTERVALS,
  DEFAULT_COMBAT_TOGGLES,
  DEFAULT_NPC_ATTACK_INTERVAL_MS,
  MAX_ATTACK_DISTANCE,
  SHOT_RANGE_X,
  SHOT_RANGE_Y,
  ATTACK_STAMINA_MIN,
  type CombatSkillId,
  type BodyPartId,
  type CombatIntervals,
  type CombatToggles,
} from "./constants.ts";
export {
  diceFromRandom,
  enumerateOutcomes,
  rollSupport,
  UNIT_DRAW_CELLS,
  MAX_ENUMERATED_PATHS,
  EnumerationTooLargeError,
  type Dice,
  type Enumeration,
  type WeightedOutcome,
} from "./dice.ts";
export {
  userCombatProfile,
  npcCombatProfile,
  combatRulesFromBalance,
  combatClassModifiers,
  NO_MODIFIERS,
  UnknownCombatClassError,
  type UserCombatProfile,
  type NpcCombatProfile,
  type CombatCharacter,
  type CombatNpcTemplate,
  type CombatBalance,
  type CombatClassBalanceRow,
  type CombatClassModifiers,
  type CombatModifiers,
  type CombatRules,
  type UserProfileOptions,
} from "./profiles.ts";
export {
  weaponSkill,
  skillTrainedByHit,
  attackPower,
  weaponTypeHitBonus,
  userEvasion,
  shieldEvasion,
  userHitChanceOnNpc,
  userHitChanceOnUser,
  npcHitChanceOnUser,
  blockChanceAgainstNpc,
  blockChanceAgainstUser,
  canCriticalHit,
  canStab,
  criticalHitChance,
  stabChance,
  clampChance,
  skillOf,
} from "./chances.ts";
export {
  hitRange,
  userBaseDamage,
  armorPenetration,
  userDamageOnNpc,
  npcDamageOnUser,
  userDamageOnUser,
  classDamageModifier,
  physicalDamageMultiplier,
  physicalDamageReductionMultiplier,
  type TargetKind,
  type ArmorPenetration,
  type UserDamageOnNpc,
  type NpcDamageOnUser,
  type UserDamageOnUser,
} from "./damage.ts";
export {
  resolveUserAttackOnNpc,
  resolveUserMeleeOnNpc,
  resolveNpcAttackOnUserWith,
  resolveNpcMeleeOnUser,
  resolveUserAttackOnUser,
  resolveUserMeleeOnUser,
  unequipChance,
  unequippedSlotFor,
  NPC_PARALYSIS_AI_TICKS,
  STUNNING_SUBTYPE,
  type CombatHooks,
  type DamageExtra,
  type ParalysisResult,
  type NpcTargetState,
  type UserTargetState,
  type UserAttackOptions,
  type UserOnUserOptions,
  type UserAttackOnNpcOutcome,
  type NpcAttackOnUserOutcome,
  type UserAttackOnUserOutcome,
  type UnequippedSlot,
} from "./resolve.ts";
export {
  FRESH_COMBAT_CLOCKS,
  meleeAllowed,
  castAllowed,
  shotAllowed,
  useAfterMeleeAllowed,
  spendAttackStamina,
  canMeleeWith,
  beginMelee,
  beginMeleeWith,
  type CombatClocks,
  type CombatLock,
  type LockCheck,
  type StaminaSpend,
  type AttackRequest,
  type MeleeStart,
} from "./gates.ts";
export {
  checkAmmunition,
  beginShot,
  beginShotWith,
  checkShotTarget,
  withinAttackDistance,
  distance,
  ammunitionAfterShot,
  resolveUserShotOnNpc,
  resolveUserShotOnUser,
  type AmmunitionCheck,
  type ShotStart,
  type ShotRequest,
  type ShotTargetCheck,
  type AmmunitionUse,
} from "./ranged.ts";
export {
  npcHitChanceOnNpc,
  npcDamageOnNpc,
  resolveNpcMeleeOnNpc,
  type NpcDamageOnNpc,
  type NpcAttackOnNpcOutcome,
} from "./npc-on-npc.ts";
export {
  analyzeUserOnNpc,
  analyzeNpcOnUser,
  analyzeUserOnUser,
  expectedHitsToKill,
  type DamageDistribution,
  type AttackAnalysis,
} from "./analysis.ts";
