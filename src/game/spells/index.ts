/**
 * Public face of the spell rules of AO20 (combat-and-progression.md §5, §6.8, §9) as pure
 * functions: the spell book, the cast flow and its refusals (with VB6's locale ids), the damage
 * and healing formulas, every effect of Hechizos.dat on users, NPCs and tiles as outcome
 * values, the altered states with expiry timestamps, taming and meditation. Randomness comes in
 * as a `Random` (one `next()` per VB6 `RandomNumber`), time as `nowMs`; nothing here changes
 * state, sends packets or reads a clock.
 *
 * Typical map-system use of a cast:
 *   selectSpell(caster, book, slot, spellOf)          → request_target | cast_now | refused
 *   clickToCast(caster, { clocks, nowMs, dx, dy, selectedSlot }) → keep `clocks` whatever follows
 *   planCast(casterProfile, spell, clicked, place)    → refused (message) | { on, manaCost, … }
 *   resolveSpellOnUser / resolveSpellOnNpc / resolveSpellOnTerrain(random, …) → refused | cast
 *   on a cast: apply it, castCosts(caster, plan), roll `skillUses` in order, send
 *   magicWords + visualsOn…(spell, …), remember the slot's cast time (cooldown)
 * States: keep `status` from the outcome; schedule `nextStatusEventMs`; on the timer run
 * `expireEffects`, `tickPoison`, `tickIncineration` and send their notices. Crossing to another
 * map (another worker's clock): `handOverEffects` when leaving, `takeOverEffects` on arrival.
 */
export {
  SpellType,
  SpellTarget,
  TargetEffectType,
  StatMode,
  AreaAffects,
  SummonMode,
  SpellClass,
  CAST_CLICK_RANGE_X,
  CAST_CLICK_RANGE_Y,
  MAX_PETS,
  SUMMON_LIFETIME_TICKS,
  SUMMON_LIFETIME_MS,
  NPC_AI_TICK_MS,
  NPC_HOLD_TICKS_PER_DURATION,
  TOUGH_CLASS_HOLD_SHARE,
  PARALYSIS_IMMUNITY_SECONDS,
  PARALYSIS_IMMUNITY_AFTER_REMOVAL_SECONDS,
  INVISIBILITY_RANDOM_BELOW,
  INVISIBILITY_RANDOM_ABOVE,
  CURSE_SECONDS,
  POISON_INTERVAL_TICKS,
  BOOST_CAP_FACTOR,
  MIN_ATTRIBUTE,
  DAMAGE_PERCENT_PER_LEVEL,
  MAGE_COMBINED_DAMAGE_SHARE,
  RESURRECTION_COST_PER_TARGET_LEVEL,
  RESURRECTION_COST_PER_CASTER_HP,
  SPELL_MESSAGE,
  STAT_SPELL_MESSAGE,
  type SpellTypeId,
  type SpellTargetId,
} from "./constants.ts";
export {
  spellInSlot,
  slotOfSpell,
  firstFreeSpellSlot,
  fullSpellBook,
  startingSpellBook,
  learnSpell,
  learnSpellFromScroll,
  moveSpell,
  spellSlotView,
  spellBookViews,
  type SpellBook,
  type LearnRefusal,
  type LearnOutcome,
  type ScrollReader,
  type ScrollRefusal,
  type ScrollOutcome,
  type MoveSpellOutcome,
  type SpellSlotView,
} from "./spell-book.ts";
export {
  isDamageSpell,
  isHealingSpell,
  magicItemOf,
  magicDamageMultiplier,
  magicDamageReductionMultiplier,
  magicHealingMultiplier,
  selfHealingMultiplier,
  spellTargetNpc,
  spellRulesFromBalance,
  NO_GEAR,
  NO_MAGIC_MODIFIERS,
  DEFAULT_SPELL_RULES,
  type SpellData,
  type MagicItem,
  type SpellGear,
  type MagicModifiers,
  type SpellVitals,
  type SpellCaster,
  type SpellTargetUser,
  type SpellTargetNpc,
  type SpellNpcTemplate,
  type SpellRules,
} from "./spell-data.ts";
export {
  percentOf,
  levelScaled,
  spellDamageOnNpc,
  spellDamageOnUser,
  userMagicResistance,
  spellHealAmount,
  npcSpellDamageOnUser,
  areaSpellTiles,
  areaDiscounted,
  areaSpellDamageOnNpc,
  areaSpellDamageOnUser,
  type SpellDamage,
  type NpcSpellCaster,
} from "./spell-damage.ts";
export {
  selectSpell,
  clickToCast,
  checkCast,
  castTargetOf,
  planCast,
  castCosts,
  spellStaminaCost,
  spellManaCost,
  spellCooldownMs,
  type CasterState,
  type SpellSelection,
  type CastClick,
  type CastClickOutcome,
  type ClickedTarget,
  type CastPlace,
  type CastRefusal,
  type CastCheck,
  type CastTarget,
  type CastPlan,
  type CastCosts,
} from "./casting.ts";
export {
  CASTER_NAME,
  TARGET_NAME,
  hpAfterDamage,
  hpAfterHeal,
  type SpellParam,
  type SpellMessage,
  type SpellSkillUse,
  type SpellRefusal,
  type LandedDamage,
  type LandedHeal,
  type SpellCastBase,
} from "./outcome.ts";
export { resolveSpellOnNpc, npcHoldMs, NPC_ATTACK_ALLOWED, type NpcAttackAnswer, type NpcSpellCast, type NpcSpellOutcome } from "./cast-on-npc.ts";
export {
  resolveSpellOnUser,
  userHoldSeconds,
  npcSpellHoldSeconds,
  type PvpAnswer,
  type UserSpellContext,
  type SpellResurrection,
  type UserSpellCast,
  type UserSpellOutcome,
} from "./cast-on-user.ts";
export {
  resolveSpellOnTerrain,
  planSummon,
  REVEAL_RADIUS,
  REVEALED_MESSAGE,
  type PetSlot,
  type SummonPlan,
  type TerrainContext,
  type TerrainSpellOutcome,
} from "./cast-on-terrain.ts";
export { magicWords, visualsOnUser, visualsOnNpc, visualsOnTerrain, type SpellVisual, type VisualAudience, type SpellLook } from "./visuals.ts";
export {
  NO_STATUS_EFFECTS,
  POISON_BITE_PERIOD_MS,
  secondsCounterMs,
  npcTicksCounterMs,
  potionTimerMs,
  immunityMs,
  firstPoisonBiteMs,
  incinerationSchedule,
  applyEffect,
  removeEffects,
  expireEffects,
  nextStatusEventMs,
  hasEffect,
  canMove,
  boostedAttribute,
  handOverEffects,
  takeOverEffects,
  type StatusHandOver,
  type StatusKind,
  type StatusEntry,
  type StatusEffects,
  type StatusSubject,
  type StatusNotice,
  type StatusApplication,
  type StatusChange,
  type StatusEnd,
  type StatusExpiry,
  type BaseAttributes,
} from "./status-effects.ts";
export { poisonBite, tickPoison, incinerationBurn, tickIncineration, type PoisonBite, type Burn } from "./over-time.ts";
export {
  tamingPoints,
  attemptTaming,
  DRUID_TAMING_DIVISOR,
  OTHER_TAMING_DIVISOR,
  TAMING_ROLL_SIDES,
  MAX_TAMING_DISTANCE,
  type Tamer,
  type TamingTarget,
  type TamingOutcome,
} from "./taming.ts";
export {
  NON_MEDITATING_CLASSES,
  DEFAULT_MEDITATION_FX,
  meditationFx,
  toggleMeditation,
  meditationTick,
  meditationBrokenByHit,
  type MeditationHit,
  type MeditationFxBand,
  type MeditationFxTable,
  type Meditator,
  type MeditationToggle,
  type MeditationTick,
} from "./meditation.ts";
