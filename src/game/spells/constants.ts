/**
 * The VB6 numbers the spell rules name (ao-org/argentum-online-server `Codigo/Declares.bas`
 * `e_TipoHechizo`, `e_TargetType`, `e_TargetEffectType`, `e_Class`; `intervalos.ini`;
 * `Codigo/modMessageIDs.bas` for the locale ids), each written once. Section numbers (§) are
 * those of combat-and-progression.md.
 */
import { GAME_TICK_MS, SECOND_TICK_MS } from "../vitals/index.ts";

/** `Tipo` of Hechizos.dat (`e_TipoHechizo`). §5.1, §5.4. */
export const SpellType = {
  Properties: 1, // uPropiedades: HP, mana, stamina, hunger, thirst, AGI/STR
  Status: 2, // uEstado
  Materialize: 3, // uMaterializa
  Summon: 4, // uInvocacion
  Area: 5, // uArea
  Portal: 6, // uPortal
  Combined: 8, // uCombinados: properties + status in one
  MultiShot: 9, // uMultiShoot
  PhysicalSkill: 10, // uPhysicalSkill
} as const;
export type SpellTypeId = (typeof SpellType)[keyof typeof SpellType];

/** `Target` of Hechizos.dat (`e_TargetType`). §5.1. */
export const SpellTarget = {
  User: 1, // uUsuarios
  Npc: 2, // uNPC
  UserOrNpc: 3, // uUsuariosYnpc
  Terrain: 4, // uTerreno
  Pets: 5, // uPets
} as const;
export type SpellTargetId = (typeof SpellTarget)[keyof typeof SpellTarget];

/** `TargetEffectType` (absent in the 2024 file: 0, so no help/attack eligibility check). §5.1, §11. */
export const TargetEffectType = { None: 0, Positive: 1, Negative: 2 } as const;

/** `Sube<X>`: 1 raises the stat, 2 lowers it. §5.1. */
export const StatMode = { None: 0, Raise: 1, Lower: 2 } as const;

/** `AreaAfecta`: 1 users, 2 NPCs, 3 both. §5.3. */
export const AreaAffects = { Users: 1, Npcs: 2, Both: 3 } as const;

/** `Invoca`: 1 new creatures, 2 store / recall the tamed pets, 3 NPC-only summons. §5.4. */
export const SummonMode = { Creatures: 1, StoreOrRecallPets: 2, ForNpcs: 3 } as const;

/** The `e_Class` values the spell rules single out. §2. */
export const SpellClass = {
  Mage: 1, // Mago
  Cleric: 2, // Clerigo
  Warrior: 3, // Guerrero
  Bard: 5, // Bardo
  Druid: 6, // Druida
  Hunter: 8, // Cazador
  Worker: 9, // Trabajador
  Pirate: 10, // Pirata
  Thief: 11, // Ladron
} as const;

/** `RANGO_VISION_X` / `RANGO_VISION_Y`: a click farther than this is ignored (logged), §5.2 step 2. */
export const CAST_CLICK_RANGE_X = 15;
export const CAST_CLICK_RANGE_Y = 13;

/** `MAXMASCOTAS`: pets (tamed or summoned) per player. §5.4, §6.8. */
export const MAX_PETS = 3;
/** `IntervaloInvocacion` (GT): a summoned creature dies this many game ticks after it appears (1500 × 40 ms = 60 s). §1.1, §5.4. */
export const SUMMON_LIFETIME_TICKS = 1500;
export const SUMMON_LIFETIME_MS = SUMMON_LIFETIME_TICKS * GAME_TICK_MS;

/** `IntervaloNpcAI` (ms): NPC paralysis and immobilisation count these ticks. §1, §5.5. */
export const NPC_AI_TICK_MS = 150;
/** A spell paralyses or immobilises an NPC for `Duration × 6.5 × 6` AI ticks. §5.5. */
export const NPC_HOLD_TICKS_PER_DURATION = 6.5 * 6;
/** Warriors and Hunters stay paralysed / immobilised `Duration × 0.7` seconds (rounded half to even). §5.5. */
export const TOUGH_CLASS_HOLD_SHARE = 0.7;
/** The immunity counter Warriors, Thieves and Pirates get when a hold runs out (counted down in the same second: 2 s) and when a spell removes it. §5.5. */
export const PARALYSIS_IMMUNITY_SECONDS = 3;
export const PARALYSIS_IMMUNITY_AFTER_REMOVAL_SECONDS = 4;
/** Invisibility lasts `RandomNumber(Duration − 4, Duration + 1)` seconds. §5.5. */
export const INVISIBILITY_RANDOM_BELOW = 4;
export const INVISIBILITY_RANDOM_ABOVE = 1;
/** `Maldicion`: a curse counts 200 seconds. §5.5. */
export const CURSE_SECONDS = 200;
/** `IntervaloVeneno` (GT): poison bites every 91 game ticks (3640 ms); `Counters.Veneno = Duration` moves the first bite. §1.1, §5.5. */
export const POISON_INTERVAL_TICKS = 90;
/** A bite takes `1 + RandomNumber(3, 5) × MaxHP \ 100`. §5.5. */
export const POISON_DAMAGE_PERCENT_MIN = 3;
export const POISON_DAMAGE_PERCENT_MAX = 5;
/** `IntervaloFuego` (GT): incineration burns `RandomNumber(20, 30)` every 75 \ 4 = 18 ticks and ends past 75. §5.5. */
export const INCINERATION_INTERVAL_TICKS = 75;
export const INCINERATION_DAMAGE_MIN = 20;
export const INCINERATION_DAMAGE_MAX = 30;
/** A spell boost lifts an attribute to at most twice its base; a spell drain leaves at least `MINATRIBUTOS`. §5.4. */
export const BOOST_CAP_FACTOR = 2;
export const MIN_ATTRIBUTE = 6;
/** A spell raises damage 3 % per caster level. §5.3. */
export const DAMAGE_PERCENT_PER_LEVEL = 3;
/** NPC magic resistance above the caster's Magia counts twice. §5.3. */
export const NPC_RESISTANCE_SKILL_WEIGHT = 2;
/** `HechizoCombinados`: a Mage's damage through a combined spell is × 0.7. §5.4. */
export const MAGE_COMBINED_DAMAGE_SHARE = 0.7;
/** Area spells lose 20 % per step of `|Δ(x + y)|` between the clicked tile and the victim. §5.3. */
export const AREA_DISCOUNT_PERCENT_PER_STEP = 20;
/** Resurrection costs the caster `rnd2(targetLevel × 1.5 + casterHP × 0.45)` HP outside safe fights on unsafe maps. §5.2. */
export const RESURRECTION_COST_PER_TARGET_LEVEL = 1.5;
export const RESURRECTION_COST_PER_CASTER_HP = 0.45;

/** Second and game ticks, re-exported for the duration helpers. §1. */
export { GAME_TICK_MS, SECOND_TICK_MS };

/** Locale ids the spell rules answer with (`Codigo/modMessageIDs.bas`, `LocaleDef.bas`). */
export const SPELL_MESSAGE = {
  /** Msg77: you are dead. */
  dead: 77,
  /** Msg394: stunned, cannot cast. */
  stunned: 394,
  /** Msg587: select a spell first. */
  selectSpellFirst: 587,
  /** Msg666: the spell has no effect (NPC immune to spells, target logging out). */
  noEffect: 666,
  /** Msg2001: the NPC is for guild members only. */
  guildOnlyNpc: 2001,
  /** Msg779: a mystic force forbids magic here (`SinMagia`). */
  noMagicZone: 779,
  /** Msg780: cannot cast while mounted. */
  mounted: 780,
  /** Msg1634: the spell needs object ¬1 in the inventory. */
  needsObject: 1634,
  /** Msg1635: wait ¬1 seconds before casting this spell again. */
  cooldown: 1635,
  /** Msg1636: not enough Magia, ¬1 points needed. */
  magicSkillTooLow: 1636,
  /** Msg2116: only level ¬1 or lower may cast it. */
  levelTooHigh: 2116,
  /** Msg1637: not enough HP, ¬1 needed. */
  notEnoughHp: 1637,
  /** Msg222: not enough mana. */
  notEnoughMana: 222,
  /** Msg93: too tired (and 2129 over the caster's head). */
  tired: 93,
  noEnergyOverHead: 2129,
  /** Msg781 / 782: a Mage needs a (stronger) staff; 2250: a Druid or Bard needs an instrument. */
  needsStaff: 781,
  staffTooWeak: 782,
  needsInstrument: 2250,
  /** Msg7: the target is dead. */
  targetDead: 7,
  /** Msg8: too far. */
  tooFar: 8,
  /** Msg790 / 791 / 792: users only, NPCs only, invalid target. */
  usersOnly: 790,
  npcsOnly: 791,
  invalidTarget: 792,
  /** Msg380 / 381: you cannot attack yourself; the NPC is immune to this spell. */
  cannotAttackYourself: 380,
  npcImmuneToThis: 381,
  /** Msg378 / 379: helping criminals makes you criminal (safe on); the Army cannot help criminals. */
  helpingCriminalsNeedsSafeOff: 378,
  armyCannotHelpCriminals: 379,
  /** Msg662 / 663: the Army cannot help criminals; take the safe off to help criminals. */
  cannotHelpCriminals: 662,
  takeSafeOffToHelp: 663,
  /** Msg1906: ¬1 has no wounds to heal; Msg821: the creature has no wounds. */
  targetNotWounded: 1906,
  npcNotWounded: 821,
  /** Healing lines: 388 to the caster (`name¬amount`, "la criatura" for an NPC), 32 to the healed user, 33 when healing oneself. */
  healedTarget: 388,
  restoredByOther: 32,
  restoredSelf: 33,
  /** Msg1871: ¬1 is not poisoned; Msg815: the creature is not poisoned; Msg1870: ¬1 is already poisoned. */
  notPoisoned: 1871,
  npcNotPoisoned: 815,
  alreadyPoisoned: 1870,
  /** Msg1872 / 1873: cannot be paralysed / immobilised again so soon; Msg661: the target cannot move anyway; 475: CC immunity. */
  paralyzedTooSoon: 1872,
  immobilizedTooSoon: 1873,
  alreadyHeld: 661,
  ccImmunity: 475,
  /** Msg806 / 816: the target (NPC) is not paralysed; Msg817 only your pets or your faction's creatures. */
  targetNotParalyzed: 806,
  npcNotParalyzed: 816,
  onlyOwnPetsParalysis: 817,
  /** Invisibility refusals: 794 caster mounted, 795 target mounted, 667 leaving, 797 `SinInviOcul`, 798 / 799 already invisible. */
  invisibilityMounted: 794,
  invisibilityTargetMounted: 795,
  invisibilityWhileLeaving: 667,
  noInvisibilityZone: 797,
  alreadyInvisible: 798,
  targetAlreadyInvisible: 799,
  /** Resurrection refusals: 809 no Revive item, 810 stamina not full, 693 resurrection safe on (1874 to the target), 811 / 812 / 814 faction. */
  needsReviveItem: 809,
  needsFullStamina: 810,
  resurrectionSafeOn: 693,
  resurrectionSafeInform: 1874,
  armyRevivesOwnOnly: 811,
  takeSafeOffToRevive: 812,
  chaosRevivesOwnOnly: 814,
  /** Msg585: you have been resurrected. */
  resurrected: 585,
  /** Msg307: visible again; Msg518: the curse is over; Msg47: poisoned, cure yourself; Msg390: the poison did ¬1. */
  visibleAgain: 307,
  curseEnded: 518,
  poisonWarning: 47,
  poisonDamage: 390,
  /** Summons: 785 no creatures on this map, 787 you have no pets, 786 no pets on this map; materialise: 262 no room on the ground. */
  noSummonsHere: 785,
  noPets: 787,
  noPetsHere: 786,
  noRoomOnGround: 262,
  /** Spell book: 525 already known, 777 no room, 906 cannot understand the scroll, 904 too hungry and thirsty, 670 cannot move that way. */
  spellKnown: 525,
  bookFull: 777,
  cannotReadScroll: 906,
  tooHungryToLearn: 904,
  cannotMoveSpell: 670,
  /** Msg392 / 391: burning, cure yourself; the fire did ¬1. Msg1627: ¬1 (an NPC) took ¬2 HP from you. */
  burningWarning: 392,
  burnDamage: 391,
  npcSpellDamage: 1627,
  /** Msg756: cannot meditate mounted. */
  meditateMounted: 756,
  /** Taming (§6.8). */
  alreadyTamed: 655,
  hasMaster: 656,
  tamed: 657,
  petsWaitOutside: 658,
  tamingFailed: 659,
  tooManyPets: 660,
  creatureFighting: 717,
  notTamable: 718,
  noCreatureThere: 719,
  tamingLevelTooLow: 1321,
} as const;

/** Console lines of the stat spells (`HechizoPropUsuario`, `HechizoCombinados`): to the caster, to the target, and when one casts on oneself. */
export const STAT_SPELL_MESSAGE = {
  food: { raise: { caster: 1875, target: 1895, self: 1896 }, lower: { caster: 1897, target: 1898, self: 1899 } },
  water: { raise: { caster: 1900, target: 1901, self: 1902 }, lower: { caster: 1903, target: 1904, self: 1905 } },
  mana: { raise: { caster: 1907, target: 1908, self: 1909 }, lower: { caster: 1910, target: 1911, self: 1912 } },
  // VB6 tells a self-drain of stamina with the "restored" line (1915).
  stamina: { raise: { caster: 1913, target: 1914, self: 1915 }, lower: { caster: 1916, target: 1917, self: 1915 } },
  /** Healing through `Tipo 1` (388 / 32 / 33) and through a combined spell (1918 / 1919 / 1920). */
  heal: { caster: 388, target: 32, self: 33 },
  healCombined: { caster: 1918, target: 1919, self: 1920 },
} as const;

/** `e_ParticleEffects.PoisonGas` shown for 30 on a poison bite; FX 73 on a burn; `Resucitar` particle (250) and wave 117 on a resurrection. §5.5, §8.3. */
export const POISON_PARTICLE = 32;
export const POISON_PARTICLE_TIME = 30;
export const INCINERATION_FX = 73;
export const RESURRECTION_PARTICLE = 22;
export const RESURRECTION_PARTICLE_TIME = 250;
export const RESURRECTION_WAVE = 117;
