/**
 * Public face of the `.dat` tables context: the VB6-compatible INI reader and the typed game
 * tables (objects, NPCs, spells, balance, cities, map metadata) of AO20 and AO 0.13.
 * Everything here is pure (bytes in, values out) except `loadGameTables`, which reads a folder.
 */
export {
  readIni,
  getSection,
  getEntry,
  hasKey,
  getString,
  getNumber,
  getInteger,
  vbTrim,
  type IniDocument,
  type IniSection,
  type IniEntry,
  type IniDuplicate,
} from "./ini-reader.ts";
export { vbVal, vbRound, vbValInteger } from "./vb-val.ts";
export {
  decodeTextLines,
  decodeWindows1252,
  repairDoubleEncoding,
  vbUpperCase,
  type TextEncodingName,
  type DecodedText,
  type DecodedLine,
} from "./text-decoding.ts";
export type { DatIssue, DatIssueCode, DatResult } from "./issues.ts";
export {
  CLASS_KEYS,
  RACE_KEYS,
  WEAPON_TYPE_KEYS,
  CITY_SECTIONS,
  ATTRIBUTE_KEYS,
  MAX_LEVEL,
  ELEMENT_TAG_COUNT,
  classIdFromName,
  raceIdFromName,
  type ClassKey,
  type RaceKey,
  type WeaponTypeKey,
} from "./catalog.ts";
export {
  parseObjectsDat,
  OBJECT_FIELDS,
  ObjectTemplateSchema,
  ObjectTableSchema,
  type ObjectTemplate,
  type ObjectTable,
  type ObjectContentItem,
} from "./objects.ts";
export { parseAo013ObjectsDat } from "./ao013-objects.ts";
export { NpcType } from "./npc-types.ts";
export { parseNpcsDat, NPC_FIELDS, NpcTemplateSchema, NpcTableSchema, type NpcTemplate, type NpcTable } from "./npcs.ts";
export {
  parseSpellsDat,
  SPELL_FIELDS,
  SpellTemplateSchema,
  SpellTableSchema,
  type SpellTemplate,
  type SpellTable,
} from "./spells.ts";
export {
  parseBalanceDat,
  BalanceTableSchema,
  ClassBalanceSchema,
  RaceBalanceSchema,
  type BalanceTable,
  type ClassBalance,
  type RaceBalance,
} from "./balance.ts";
export {
  parseCitiesDat,
  CitiesTableSchema,
  CitySchema,
  BoatRouteSchema,
  type CitiesTable,
  type City,
  type BoatRoute,
  type MapPoint,
} from "./cities.ts";
export {
  parseMapDat,
  parseSpecialMapsDat,
  MapInfoTableSchema,
  SpecialMapsTableSchema,
  type MapInfoTable,
  type SpecialMapsTable,
} from "./map-metadata.ts";
export {
  GameTablesSchema,
  buildGameTables,
  compactGameTables,
  TABLE_SOURCES,
  type GameTables,
  type StoredGameTables,
  type GameTablesResult,
  type DataFormat,
  type TableName,
} from "./game-tables.ts";
export { loadGameTables } from "./load-game-tables.ts";
export {
  parseQuestsDat,
  crossCheckQuests,
  questById,
  QuestSchema,
  QuestTableSchema,
  MAX_ACTIVE_QUESTS,
  QUEST_CLASS_COUNT,
  type Quest,
  type QuestTable,
  type QuestCrossTables,
} from "./quests.ts";
export { parseHelpDat, HelpTableSchema, MAX_HELP_LINES, MAX_HELP_LINE_CHARS, type HelpTable } from "./help.ts";
export type { FieldKind, FieldSpec, FieldTable, FieldValues } from "./field-spec.ts";
export {
  parseStartingKitDat,
  ao20StartingKit2024,
  ao20StartingKit2024For,
  STARTING_KIT_DAT_FILE,
  AO20_2024_KIT_OBJECTS,
  AO20_2024_MALE_CLOTHES,
  AO20_2024_FEMALE_CLOTHES,
  AO20_2024_CASTER_SPELLS,
} from "./starting-kit.ts";
