/**
 * Public face of the item catalogue: typed, read-only access to object templates for the item
 * rules (inventory, equipment, item use, ground, commerce), the VB6 enumerations as named
 * constants and the numbers of items-and-economy §1. Pure: no I/O. Content types are imported
 * type-only, so this context never loads the parsers.
 *
 * Build a catalogue once per world: `itemCatalog(tables.objects)`; rules take it as an argument.
 */
export {
  ObjectType,
  ToolSubtype,
  PotionType,
  MagicEffect,
  ObjectFlag,
  DisabledSlot,
  AMULET_SUBTYPE_TARGET_USABLE,
  DONATOR_SUBTYPE_TRAVEL,
  DONATOR_SUBTYPE_AURA,
  HELMET_SUBTYPE_FULL_HEAD,
  WEAPON_TYPE_BOW,
  isSkinType,
  type ObjectTypeCode,
} from "./object-types.ts";
export {
  GOLD_OBJECT,
  GOLD_SLOT,
  MAX_WALLET_GOLD,
  BASE_INVENTORY_SLOTS,
  PATRON_TIER_INVENTORY_SLOTS,
  MAX_GOLD_PER_DROP,
  PROTECTED_GOLD_PER_LEVEL,
  SALE_DIVISOR,
  WORKER_MIN_SALE_DIVISOR,
  WORKER_SALE_DIVISOR_PER_LEVEL,
  NEWBIE_MAX_LEVEL,
  CRAFTING_GRID_SLOTS,
  KEY_RING_SLOTS,
  NO_ANIMATION,
  PATRON_HEAD_FIRST,
  SKILL_NAMES,
  Race,
  Gender,
  CharacterClass,
  FactionStatus,
} from "./constants.ts";
export {
  itemTemplateFromObject,
  parseSkillRequirement,
  isNewbieLevel,
  isBow,
  hasFlag,
  type ItemTemplate,
  type ObjectRow,
  type BodiesByRace,
  type SkillRequirement,
  type ChestEntry,
} from "./item-template.ts";
export { itemCatalog, itemCatalogFromObjects, type ItemCatalog } from "./catalog.ts";
export { EQUIPMENT_KINDS, equipmentKindOf, type EquipmentKind } from "./equipment-kind.ts";
export { ITEM_LOCALE_IDS, type ItemLocaleName } from "./locale-ids.ts";
export { fallsOnDeath, goldLostOnDeath, WALLET_GOLD_PER_LEVEL } from "./on-death.ts";
