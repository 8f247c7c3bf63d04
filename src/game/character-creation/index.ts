/**
 * Public face of the character-creation rules (AO20 `ConnectNewUser` and friends, see
 * /work/shared/docs/character-creation.md): pure functions and constant tables, no I/O.
 * Name uniqueness and the per-account character count are the database's job (§2.3, §1 step 2).
 *
 * Decisions on the doc's §11 ambiguities:
 *  1. Kit: a property of the world (`StartingKit`: per class, entries with their slot, object or
 *     random choice of objects, amount, worn flag, races and genders; gold; spells), carried in
 *     its pack; no kit = nothing, as VB6 without `EquipamientoInicial.dat`. No default kit: the
 *     §5.2 reference kit (`REFERENCE_STARTER_KIT`, `LEGACY_STARTER_KIT`) names today's obj.dat
 *     numbers and stays a reference; `starterKitFromIni`/`starterKitToIni` read and write the
 *     VB6 file format and `startingKitFromStarterKit` lays such a file out slot by slot.
 *  2. Creation cities are data (`CreationRules.creationCityIds`, default the VB6 list
 *     1, 2, 5, 7, 8, 9, 10); with both AO20 `Ciudades.Dat` files only 1, 2, 5 qualify.
 *  3. Class outside 1..12 is refused (`bad_class`, plain close) instead of becoming Bandit.
 *  4. The stamina roll is copied: stored `stamina` is 40 or 60, `maxStamina` is 60 (what every
 *     login recomputes at level 1).
 *  5. Both Balance.dat editions load through `creationRulesFromTables`; missing keys read as 0
 *     (the 2024 dark elf has +0 everywhere); today's file is the canonical one in tests.
 *  6. Attributes are computed at creation and carried in `NewCharacter.attributes` (the shared
 *     record stores them). A login that wants VB6's "recompute from Balance.dat" calls
 *     `startingAttributes` again; that choice belongs to the login/persistence layer.
 *  7, 8. `newUser` and capacity-before-creation are session concerns, not handled here.
 *  9. Staff names: optional `deps.isReservedName` refuses them for other accounts (box 1778).
 * 10. Spells: common spells fill slots 1…, class spells overwrite from slot 1.
 * 11. The forbidden list is data (`CreationRules.forbiddenNames`).
 * 12. INI duplicates and LF files are the content layer's job (first occurrence wins).
 */
export {
  createCharacter,
  creationFailure,
  CREATION_MESSAGE_IDS,
  MAX_CHARACTERS_PER_ACCOUNT,
  MESSAGE_TOO_MANY_CHARACTERS_FROM_IP,
  MESSAGE_SERVER_FULL,
  MESSAGE_ACCOUNT_ALREADY_ONLINE,
  MESSAGE_ACCOUNT_ONLINE_LIMIT,
  MESSAGE_SERVER_STAFF_ONLY,
  MESSAGE_CANNOT_LOAD_CHARACTER,
  MESSAGE_CHARACTER_ERROR,
  MESSAGE_WELCOME_NEW_CHARACTER,
  type CharacterCreationRequest,
  type CharacterCreationDeps,
  type CreationFailureReason,
  type CreationFailure,
  type CreationOutcome,
} from "./create-character.ts";
export {
  validateCharacterName,
  isNameForbidden,
  forbiddenNamesFromLines,
  forbiddenNamesFromText,
  NAME_MIN_LENGTH,
  NAME_MAX_LENGTH,
  type NameCheck,
  type NameProblem,
} from "./name-rules.ts";
export {
  RACES,
  GENDERS,
  CLASSES,
  CITIES,
  RACE_IDS,
  GENDER_IDS,
  CLASS_IDS,
  CITY_IDS,
  AO20_CREATION_CITY_IDS,
  RACE_HUMAN,
  RACE_ELF,
  RACE_DROW,
  RACE_GNOME,
  RACE_DWARF,
  RACE_ORC,
  GENDER_MALE,
  GENDER_FEMALE,
  isRaceId,
  isGenderId,
  isClassId,
  isCityId,
  raceInfo,
  genderInfo,
  classInfo,
  cityInfo,
  type RaceId,
  type GenderId,
  type ClassId,
  type CityId,
  type RaceInfo,
  type GenderInfo,
  type ClassInfo,
  type CityInfo,
} from "./ids.ts";
export {
  AO20_HEAD_RANGES,
  AO20_NAKED_BODIES,
  NO_EQUIPMENT_ANIMATION,
  headRangesFor,
  isValidHead,
  nakedBody,
  armorBody,
  type HeadRange,
  type HeadRanges,
  type BodiesByRace,
  type ArmorBodies,
} from "./appearance.ts";
export {
  BASE_ATTRIBUTE,
  STARTING_FREE_SKILL_POINTS,
  MAX_FOOD,
  MAX_WATER,
  STARTING_LEVEL,
  STARTING_HEADING,
  MIN_HIT_OFFSET,
  MAX_HIT_OFFSET,
  MAX_LEVEL,
  NEWBIE_MAX_LEVEL,
  STAMINA_PER_ROLL_UNIT,
  AGILITY_PER_STAMINA_ROLL_UNIT,
  MIN_STAMINA_ROLL_UNITS,
  BASE_MAX_STAMINA,
  HIT_LEVEL_BREAKPOINT,
  HP_REFERENCE_CONSTITUTION,
  HP_PER_CONSTITUTION_POINT,
  STRENGTH,
  AGILITY,
  INTELLIGENCE,
  CHARISMA,
  CONSTITUTION,
  startingAttributes,
  startingHp,
  startingMana,
  staminaRollUnits,
  rollStartingStamina,
  startingStaminaDistribution,
  maxManaAtLevel,
  maxStaminaAtLevel,
  hitModifierAtLevel,
  hitRangeAtLevel,
  averageHpGain,
  expectedMaxHpAtLevel,
  rollHpGain,
  expToLevelUp,
  applyLevelUps,
  type ClassBalance,
  type HpVariance,
  type LevelState,
  type LevelRules,
  type LevelUpResult,
} from "./stats.ts";
export {
  LEGACY_STARTER_KIT,
  REFERENCE_STARTER_KIT,
  AO20_STARTER_ARMOR_BODIES,
  KIT_COMMON_SECTION,
  kitClassSection,
  starterKitFromIni,
  starterKitToIni,
  type KitItem,
  type KitSet,
  type StarterKit,
  type KitProblem,
  type IniValueLookup,
} from "./starter-kit.ts";
export * as starterObjects from "./starter-objects.ts";
export {
  EMPTY_STARTING_KIT,
  KIT_MAX_SLOT,
  KIT_MAX_AMOUNT,
  KIT_MAX_CHOICES,
  KIT_MAX_ENTRIES,
  ARMOR_OBJECT_TYPE,
  uniformStartingKit,
  startingKitFromStarterKit,
  startingKitObjects,
  startingKitArmors,
  kitEntryApplies,
  resolveStartingKit,
  checkStartingKit,
  type KitEntry,
  type ClassStartingKit,
  type StartingKit,
  type ResolvedKit,
  type ResolvedKitItem,
  type KitWorld,
  type KitIssue,
} from "./starting-kit.ts";
export {
  cityPosition,
  isValidCreationCity,
  selectableCreationCities,
  checkCreationRules,
  CreationRulesError,
  type CityPosition,
  type BalanceRules,
  type CreationRules,
  type CreationRulesProblem,
} from "./rules.ts";
export {
  resolveSpawnTile,
  spawnRing,
  SPAWN_SEARCH_MAX_RADIUS,
  MAP_MIN_COORD,
  MAP_MAX_COORD,
  WALK_MIN_X,
  WALK_MAX_X,
  WALK_MIN_Y,
  WALK_MAX_Y,
  type SpawnTileView,
  type SpawnResolution,
} from "./spawn.ts";
export { vbRound, vbIntDiv, vbSingle, randomNumber, type RandomSource } from "../vb-math/index.ts";
export {
  creationRulesFromTables,
  balanceRulesFromTable,
  armorBodiesFromObjects,
  type CreationTables,
  type BalanceTableInput,
  type ClassBalanceRow,
  type RaceBalanceRow,
  type CityRow,
  type ArmorObjectRow,
} from "./from-tables.ts";
