/**
 * Public face of progression (combat-and-progression §7): experience from NPC damage, kills,
 * player kills and skill-ups; the level-up loop with what each level gave; skills (level caps,
 * rise by use, which action trains which skill, spending free points). Pure: numbers in, numbers
 * and outcome values out, randomness injected (`Random`, one draw per VB6 `RandomNumber`/`Rnd`).
 * The map applies the outcomes and tells the player (`src/map/systems/progression.ts`).
 */
export {
  MAX_EXP,
  SKILL_UP_EXP,
  PVP_EXP_PER_VICTIM_LEVEL,
  PENALTY_BASE_LEVELS,
  DEFAULT_EXP_SETTINGS,
  expForDamage,
  levelPenalty,
  killRemainderExp,
  pvpKillExp,
  skillUpExp,
  addExperience,
  formatThousands,
  expGainText,
  type ExpSettings,
  type NpcExpSource,
  type DamageExp,
} from "./experience.ts";
export {
  progressionRulesFromBalance,
  expToLeaveLevel,
  canLevelUp,
  checkLevelUp,
  type ProgressionRules,
  type ProgressionBalanceInput,
  type ProgressionSettings,
  type LevelingCharacter,
  type LevelGain,
  type LevelUpOutcome,
} from "./level-up.ts";
export {
  SKILL,
  MAX_SKILL_POINTS,
  SKILL_RAISE_CUTOFF,
  EXPERT_SKILL_RAISE_CUTOFF,
  WEAPON_TYPE_KNUCKLE,
  isSkillId,
  skillName,
  skillCapAtLevel,
  skillRaiseRange,
  skillRaiseChance,
  rollSkillRaise,
  skillTrainedBy,
  spendSkillPoints,
  type SkillId,
  type SkillRaiser,
  type SkillRaiseRefusal,
  type SkillRaiseOutcome,
  type TrainingWeapon,
  type SkillUse,
  type SkillSpendRefusal,
  type SkillSpendOutcome,
} from "./skills.ts";
export { MAX_LEVEL, NEWBIE_MAX_LEVEL } from "../character-creation/index.ts";
