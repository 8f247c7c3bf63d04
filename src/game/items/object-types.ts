/**
 * The enumerations an object template is classified by, with the VB6 numbers
 * (ao-org/argentum-online-server `Codigo/Declares.bas`: `e_OBJType`, `e_WorkingToolSubType`,
 * `e_PotionType`, `e_MagicItemEffect`, `e_ObjFlags`, `e_InventorySlotMask`, `e_WeaponType`;
 * items-and-economy §2). The numbers are what obj.dat and the protocol carry, so they are
 * written once here and used by name everywhere else.
 */

/** `e_OBJType`: what kind of thing an object is (obj.dat `ObjType`). */
export const ObjectType = {
  /** `otUseOnce`: food. */
  Food: 1,
  Weapon: 2,
  Armor: 3,
  Tree: 4,
  GoldCoin: 5,
  Door: 6,
  Backpack: 7,
  Sign: 8,
  Key: 9,
  CastleSpawner: 10,
  Potion: 11,
  Drink: 13,
  Wood: 14,
  Shield: 16,
  Helmet: 17,
  WorkingTool: 18,
  Teleport: 19,
  Decoration: 20,
  /** `otAmulets`: amulets and other magic items. */
  Amulet: 21,
  /** Ore deposits and fish banks. */
  OreDeposit: 22,
  Mineral: 23,
  /** `otParchment`: spell scroll. */
  SpellScroll: 24,
  MusicalInstrument: 26,
  Anvil: 27,
  Forge: 28,
  /** Ingots, gems and other crafting material. */
  Material: 29,
  /** Staffs, lutes…: share the ring slot. */
  MagicalInstrument: 30,
  /** Ships and swimsuits. */
  Ship: 31,
  /** `otArrows`: ammunition. */
  Ammunition: 32,
  EmptyBottle: 33,
  FullBottle: 34,
  /** `otRingAccesory`. */
  Ring: 35,
  PassageTicket: 36,
  Map: 37,
  SkinWings: 38,
  SkinArmor: 39,
  SkinShield: 40,
  SkinHelmet: 41,
  SkinWeapon: 42,
  SkinBoat: 43,
  /** Mount saddle. */
  Saddle: 44,
  /** Recall stone (rune). */
  RecallStone: 45,
  SkinSpell: 46,
  Mail: 47,
  /** Loot box. */
  Chest: 48,
  Donator: 50,
  Quest: 51,
  FishingPool: 52,
  UsableOnTarget: 53,
  Plant: 54,
  ElementalRune: 55,
  FactionPardon: 56,
  CollectibleCard: 57,
  /** `otElse`: "any type", only as an NPC's `TipoItems`. */
  Any: 100,
} as const;
export type ObjectTypeCode = (typeof ObjectType)[keyof typeof ObjectType];

/** The skin types (38–43, 46): a separate skin inventory; NPCs never buy them. */
const SKIN_TYPES: ReadonlySet<number> = new Set([
  ObjectType.SkinWings,
  ObjectType.SkinArmor,
  ObjectType.SkinShield,
  ObjectType.SkinHelmet,
  ObjectType.SkinWeapon,
  ObjectType.SkinBoat,
  ObjectType.SkinSpell,
]);

/** True for a skin object type (`EsSkinNoComprablePorComerciante`). */
export function isSkinType(type: number): boolean {
  return SKIN_TYPES.has(type);
}

/** `e_WorkingToolSubType`: which tool a working tool (type 18) is (obj.dat `Subtipo`). */
export const ToolSubtype = {
  FishingRod: 1,
  FishingNet: 2,
  AlchemyScissors: 3,
  AlchemyCauldron: 4,
  CarpenterSaw: 5,
  FellingAxe: 6,
  SmithHammer: 7,
  Pickaxe: 8,
  SewingBox: 9,
  FishingLine: 10,
} as const;

/** `e_PotionType`: what a potion (type 11) does (obj.dat `TipoPocion`). */
export const PotionType = {
  Agility: 1,
  Strength: 2,
  Health: 3,
  Mana: 4,
  CurePoison: 5,
  CureParalysis: 6,
  Stamina: 7,
  RandomHead: 8,
  SexChange: 9,
  Invisibility: 10,
  FullRestore: 13,
  /** Not in the enum (a bare `Case 14`): warp home. */
  EscapeRune: 14,
  Divorce: 16,
  LegendaryHead: 17,
  Particles: 18,
  /** Not in the enum's live names (`SuicidePotion`): the drinker dies. */
  Black: 21,
  /** `AppliesEffectOverTime`. */
  Effect: 23,
} as const;

/** `e_MagicItemEffect`: what an amulet does while equipped (obj.dat `EfectoMagico`). */
export const MagicEffect = {
  MagicResistance: 1,
  ModifyAttribute: 2,
  ModifySkill: 3,
  RegenerateHealth: 4,
  RegenerateMana: 5,
  IncreaseDamageToNpc: 6,
  ReduceDamageToNpc: 7,
  ImmuneToNpcMagic: 9,
  Incinerate: 10,
  Paralyze: 11,
  ProtectedResources: 12,
  WalkHidden: 13,
  ProtectedInventory: 15,
  PreventMagicWords: 16,
  PreventInvisibleDetection: 17,
  ExpertPendant: 18,
  Poison: 19,
  RingOfShadows: 20,
  TalkToDead: 21,
} as const;

/** `e_MagicItemSubType`: amulet `Subtipo` 2 is used on a target. */
export const AMULET_SUBTYPE_TARGET_USABLE = 2;
/** Donator item `Subtipo` 4 is an aura (equipped, one at a time); 1 is a travel ticket. */
export const DONATOR_SUBTYPE_TRAVEL = 1;
export const DONATOR_SUBTYPE_AURA = 4;
/** Helmet `Subtipo` 2 replaces the whole head with its animation. */
export const HELMET_SUBTYPE_FULL_HEAD = 2;

/** `e_WeaponType` value of bows (obj.dat `WeaponType`). */
export const WEAPON_TYPE_BOW = 3;

/** `e_ObjFlags`: the bits `LoadOBJData` sets from `Bindable`, `UseOnSafeAreaOnly`, `JailObject`. */
export const ObjectFlag = {
  Bindable: 1,
  UseOnSafeAreaOnly: 2,
  JailObject: 4,
} as const;

/** `e_InventorySlotMask`: equipment kinds an effect may block (`flags.DisabledSlot`). */
export const DisabledSlot = {
  Weapon: 1,
  Shield: 2,
  Helmet: 4,
  Ammunition: 8,
  Armor: 16,
  MagicItem: 32,
  Tool: 64,
} as const;
