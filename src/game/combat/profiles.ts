/**
 * Everything the combat formulas read about a fighter, gathered once: a user's level,
 * attributes, skills, hit range, class modifiers (as VB6 holds them: `Single` where the server
 * passes them through `As Single`), equipped object templates and buffs; an NPC's npcs.dat
 * numbers. Built from the character record, the item catalogue and Balance.dat (§2, §3.2, §10b).
 */
import type { BalanceTable, ClassBalance, NpcTemplate } from "../../content/index.ts";
import type { Attributes, Equipment } from "../character/index.ts";
import { hitRangeAtLevel } from "../character-creation/index.ts";
import type { ItemCatalog, ItemTemplate } from "../items/index.ts";
import { vbSingle } from "../vb-math/index.ts";
import {
  DEFAULT_COMBAT_TOGGLES,
  DEFAULT_NPC_ATTACK_INTERVAL_MS,
  WEAPON_TYPE_BONUS_KEYS,
  type CombatToggles,
} from "./constants.ts";

/** Buffs and effects over time (`.Modifiers`); all 0 without any. §2. */
export interface CombatModifiers {
  /** `HitBonus`: added to attack power. */
  readonly hitBonus: number;
  /** `EvasionBonus`: added to evasion. */
  readonly evasionBonus: number;
  /** `DefenseBonus`: added to defence (NPC DEF, a user's absorbed damage). */
  readonly defenseBonus: number;
  /** `PhysicalDamageLinearBonus`: added to the base damage. */
  readonly physicalDamageLinearBonus: number;
  /** `PhysicalDamageBonus`: damage dealt × max(1 + this, 0). */
  readonly physicalDamageBonus: number;
  /** `PhysicalDamageReduction`: damage taken × max(1 − this, 0). */
  readonly physicalDamageReduction: number;
}

export const NO_MODIFIERS: CombatModifiers = {
  hitBonus: 0,
  evasionBonus: 0,
  defenseBonus: 0,
  physicalDamageLinearBonus: 0,
  physicalDamageBonus: 0,
  physicalDamageReduction: 0,
};

/** One class's Balance.dat modifiers as the combat code holds them. Appendix A. */
export interface CombatClassModifiers {
  /** `MODEVASION` (Double: used as read). */
  readonly evasion: number;
  /** `MODATAQUEARMAS`, `MODATAQUEPROYECTILES` (Single). */
  readonly weaponAttack: number;
  readonly projectileAttack: number;
  /** `MODDANOARMAS`, `MODDANOPROYECTILES`, `MODDANOWRESTLING` (Single). */
  readonly weaponDamage: number;
  readonly projectileDamage: number;
  readonly wrestlingDamage: number;
  /** `MODESCUDO` (Single). */
  readonly shield: number;
  /** `MODAPUNALAR`: stab damage share against users (Single). */
  readonly stab: number;
  /** `MODAPUNALARNPCMIN` / `MAX`: stab damage share range against NPCs (Single). */
  readonly stabNpcMin: number;
  readonly stabNpcMax: number;
  /** `[<Class>] <WeaponType>=n` hit bonus by `WeaponType` number (toggle `class_weapon_bonus`). */
  readonly weaponHitBonus: Readonly<Record<number, number>>;
}

/** The Balance.dat globals of the combat rules (`[BACKSTAB]`, `[EXTRA]`; all Single) and the toggles. */
export interface CombatRules {
  readonly criticalHitDamageModifier: number; // CriticalHitDmgModifier
  readonly ignoreArmorChance: number; // IgnoreArmorChance
  readonly extraBackstabChance: number; // ExtraBackstabChance
  readonly assassinStabbingChance: number; // AssasinStabbingChance
  readonly hunterStabbingChance: number; // HunterStabbingChance
  readonly bardStabbingChance: number; // BardStabbingChance
  readonly genericStabbingChance: number; // GenericStabbingChance
  readonly banditCriticalHitChance: number; // BanditCriticalHitChance
  readonly warriorLifeStealOnHitMultiplier: number; // WarriorLifeStealOnHitMultiplier
  readonly toggles: CombatToggles;
}

/** The part of a Balance.dat class row the combat rules read (the content layer's `ClassBalance` fits). */
export type CombatClassBalanceRow = Pick<
  ClassBalance,
  | "evasion"
  | "weaponAttack"
  | "projectileAttack"
  | "weaponDamage"
  | "projectileDamage"
  | "wrestlingDamage"
  | "shield"
  | "stab"
  | "stabNpcMin"
  | "stabNpcMax"
  | "hitPerLevelTo36"
  | "hitPerLevelAfter36"
> & {
  /** `[<Class>] Sword=…`: a missing key is 0. */
  readonly weaponHitBonus: Readonly<Partial<ClassBalance["weaponHitBonus"]>>;
};

/** What the combat rules read from a parsed Balance.dat (the content layer's `BalanceTable` fits). */
export interface CombatBalance {
  /** Index = class id − 1. */
  readonly classes: readonly CombatClassBalanceRow[];
  readonly globals: Pick<
    BalanceTable["globals"],
    | "criticalHitDamageModifier"
    | "ignoreArmorChance"
    | "extraBackstabChance"
    | "assassinStabbingChance"
    | "hunterStabbingChance"
    | "bardStabbingChance"
    | "genericStabbingChance"
    | "banditCriticalHitChance"
    | "warriorLifeStealOnHitMultiplier"
  >;
}

/** The rules' Balance.dat globals as VB6 holds them (every one a `Single`). */
export function combatRulesFromBalance(balance: CombatBalance, toggles: CombatToggles = DEFAULT_COMBAT_TOGGLES): CombatRules {
  const g = balance.globals;
  return {
    criticalHitDamageModifier: vbSingle(g.criticalHitDamageModifier),
    ignoreArmorChance: vbSingle(g.ignoreArmorChance),
    extraBackstabChance: vbSingle(g.extraBackstabChance),
    assassinStabbingChance: vbSingle(g.assassinStabbingChance),
    hunterStabbingChance: vbSingle(g.hunterStabbingChance),
    bardStabbingChance: vbSingle(g.bardStabbingChance),
    genericStabbingChance: vbSingle(g.genericStabbingChance),
    banditCriticalHitChance: vbSingle(g.banditCriticalHitChance),
    warriorLifeStealOnHitMultiplier: vbSingle(g.warriorLifeStealOnHitMultiplier),
    toggles,
  };
}

/** A class row as the combat code holds it: `Single` where VB6 passes it through `As Single`. */
export function combatClassModifiers(row: CombatClassBalanceRow): CombatClassModifiers {
  const weaponHitBonus: Record<number, number> = {};
  for (const [type, key] of Object.entries(WEAPON_TYPE_BONUS_KEYS)) weaponHitBonus[Number(type)] = row.weaponHitBonus[key] ?? 0;
  return {
    evasion: row.evasion,
    weaponAttack: vbSingle(row.weaponAttack),
    projectileAttack: vbSingle(row.projectileAttack),
    weaponDamage: vbSingle(row.weaponDamage),
    projectileDamage: vbSingle(row.projectileDamage),
    wrestlingDamage: vbSingle(row.wrestlingDamage),
    shield: vbSingle(row.shield),
    stab: vbSingle(row.stab),
    stabNpcMin: vbSingle(row.stabNpcMin),
    stabNpcMax: vbSingle(row.stabNpcMax),
    weaponHitBonus,
  };
}

/** A user as the combat formulas see it. */
export interface UserCombatProfile {
  readonly classId: number;
  readonly level: number;
  /** STR, AGI, INT, CHA, CON. */
  readonly attributes: Attributes;
  /** 24 skills; index 0 = skill 1. */
  readonly skills: readonly number[];
  /** `MinHIT` / `MaxHIT` of the level (`GetHitModifier` + 1 / + 2). §2. */
  readonly minHit: number;
  readonly maxHit: number;
  /** MaxHP (caps the Warrior's life steal). */
  readonly maxHp: number;
  readonly classModifiers: CombatClassModifiers;
  readonly weapon: ItemTemplate | null;
  readonly armor: ItemTemplate | null;
  readonly shield: ItemTemplate | null;
  readonly helmet: ItemTemplate | null;
  readonly ammunition: ItemTemplate | null;
  /** The ship counts only while sailing, the saddle only while mounted. */
  readonly ship: ItemTemplate | null;
  readonly saddle: ItemTemplate | null;
  readonly sailing: boolean;
  readonly mounted: boolean;
  /** `flags.Paraliza`: equipment that makes every hit on an NPC try to paralyse it. */
  readonly paralyzingHit: boolean;
  readonly modifiers: CombatModifiers;
  readonly rules: CombatRules;
}

/** The character fields a profile is built from (`CharacterRecord` fits). */
export interface CombatCharacter {
  readonly class: number;
  readonly level: number;
  readonly attributes: Attributes;
  readonly skills: readonly number[];
  readonly equipment: Partial<Pick<Equipment, "weapon" | "armor" | "shield" | "helmet" | "ammunition" | "ship" | "mount">>;
  readonly vitals?: { readonly maxHp: number };
}

export interface UserProfileOptions {
  readonly sailing?: boolean;
  readonly mounted?: boolean;
  readonly paralyzingHit?: boolean;
  readonly modifiers?: Partial<CombatModifiers>;
  readonly toggles?: CombatToggles;
  /** Overrides the MaxHP of `character.vitals` (0 when neither is given). */
  readonly maxHp?: number;
}

/** A class id outside the Balance table: a configuration fault, not a game outcome. */
export class UnknownCombatClassError extends Error {
  readonly code = "unknown_class";
  constructor(readonly classId: number) {
    super(`class ${classId} has no Balance.dat row`);
    this.name = "UnknownCombatClassError";
  }
}

/**
 * A user's combat profile. Hit range from the level (`hitRangeAtLevel`, §2); an equipped object
 * id the catalogue does not know counts as nothing equipped.
 */
export function userCombatProfile(
  character: CombatCharacter,
  catalog: ItemCatalog,
  balance: CombatBalance,
  options: UserProfileOptions = {},
): UserCombatProfile {
  const row = balance.classes[character.class - 1];
  if (row === undefined) throw new UnknownCombatClassError(character.class);
  const { minHit, maxHit } = hitRangeAtLevel(character.level, {
    hitPerLevelUpTo36: row.hitPerLevelTo36,
    hitPerLevelAfter36: row.hitPerLevelAfter36,
    // Not read by hitRangeAtLevel.
    initialManaPerIntelligence: 0,
    manaPerIntelligencePerLevel: 0,
    averageHpPerLevel: 0,
    staminaPerLevel: 0,
    skillPointsPerLevel: 0,
  });
  const equipped = (id: number | undefined): ItemTemplate | null => (id === undefined || id === 0 ? null : (catalog.get(id) ?? null));
  return {
    classId: character.class,
    level: character.level,
    attributes: character.attributes,
    skills: character.skills,
    minHit,
    maxHit,
    maxHp: options.maxHp ?? character.vitals?.maxHp ?? 0,
    classModifiers: combatClassModifiers(row),
    weapon: equipped(character.equipment.weapon),
    armor: equipped(character.equipment.armor),
    shield: equipped(character.equipment.shield),
    helmet: equipped(character.equipment.helmet),
    ammunition: equipped(character.equipment.ammunition),
    ship: equipped(character.equipment.ship),
    saddle: equipped(character.equipment.mount),
    sailing: options.sailing ?? false,
    mounted: options.mounted ?? false,
    paralyzingHit: options.paralyzingHit ?? false,
    modifiers: { ...NO_MODIFIERS, ...options.modifiers },
    rules: combatRulesFromBalance(balance, options.toggles),
  };
}

/** An NPC as the combat formulas see it (npcs.dat, §6.1). */
export interface NpcCombatProfile {
  readonly id: number;
  readonly name: string;
  /** `NpcType` (6 dragon, 19 training dummy). */
  readonly npcType: number;
  /** `MinHP`: the HP it spawns with; `MaxHP`: the HP experience is shared over. */
  readonly spawnHp: number;
  readonly maxHp: number;
  readonly minHit: number;
  readonly maxHit: number;
  /** `DEF`. */
  readonly def: number;
  /** `PoderAtaque` / `PoderEvasion`. */
  readonly attackPower: number;
  readonly evasionPower: number;
  /** `IntervaloAtaque`, 2000 ms when absent. */
  readonly attackIntervalMs: number;
  /** `Veneno`: poison level its hits may give. */
  readonly poison: number;
  /** `AfectaParalisis=1`: immune to paralysis and stun (the key's name says the opposite). */
  readonly paralysisImmune: boolean;
  readonly giveExp: number;
  readonly giveGold: number;
  readonly modifiers: CombatModifiers;
}

/** The npcs.dat fields a profile reads (the content layer's `NpcTemplate` fits). */
export type CombatNpcTemplate = Pick<
  NpcTemplate,
  | "id"
  | "name"
  | "npcType"
  | "minHp"
  | "maxHp"
  | "minHit"
  | "maxHit"
  | "def"
  | "attackPower"
  | "evasionPower"
  | "attackIntervalMs"
  | "poison"
  | "affectedByParalysis"
  | "giveExp"
  | "giveGold"
>;

export function npcCombatProfile(template: CombatNpcTemplate, modifiers: Partial<CombatModifiers> = {}): NpcCombatProfile {
  return {
    id: template.id,
    name: template.name,
    npcType: template.npcType,
    spawnHp: template.minHp,
    maxHp: template.maxHp,
    minHit: template.minHit,
    maxHit: template.maxHit,
    def: template.def,
    attackPower: template.attackPower,
    evasionPower: template.evasionPower,
    attackIntervalMs: template.attackIntervalMs > 0 ? template.attackIntervalMs : DEFAULT_NPC_ATTACK_INTERVAL_MS,
    poison: template.poison,
    paralysisImmune: template.affectedByParalysis,
    giveExp: template.giveExp,
    giveGold: template.giveGold,
    modifiers: { ...NO_MODIFIERS, ...modifiers },
  };
}
