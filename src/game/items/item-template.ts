/**
 * One object template as the item rules read it: obj.dat values after VB6 `LoadOBJData`
 * (ao-org/argentum-online-server `Codigo/FileIO.bas`), which reads some keys only for some
 * object types. The content layer keeps every key for every object; this view applies the
 * per-type reading, so a `Real=1` on an amulet or an `Anim` on a backpack counts for nothing
 * here, exactly as on the VB6 server (items-and-economy §2).
 */
import type { ObjectTemplate } from "../../content/dat/index.ts";
import { NEWBIE_MAX_LEVEL, Race, SKILL_NAMES } from "./constants.ts";
import { ObjectFlag, ObjectType, WEAPON_TYPE_BOW } from "./object-types.ts";

/**
 * What the rules accept as an object: a parsed obj.dat entry (`ObjectTemplate` of the content
 * layer), or any part of one with its id (tests build a few fields; missing ones read as 0,
 * "" or false like a missing key).
 */
export type ObjectRow = Partial<ObjectTemplate> & { readonly id: number };

/** A body graphic per race for men and women (0 = not set), from `Ropaje<Race>` keys. */
export interface BodiesByRace {
  readonly male: Readonly<Record<number, number>>;
  readonly female: Readonly<Record<number, number>>;
}

/** `SkillRequerido=<skill name>-<points>`: skill number (1-based `e_Skill`) and points. */
export interface SkillRequirement {
  readonly skill: number;
  readonly points: number;
}

/** A chest entry (`Item<i>`, `Cantidad<i>`, `Drop<i>`). */
export interface ChestEntry {
  readonly objectId: number;
  readonly amount: number;
  /** Chest subtype 3: percent written in `Drop<i>`; the odds are 1 in `101 - dropChance`. */
  readonly dropChance: number;
}

/** The fields of an object the item rules use, VB6 names in comments. */
export interface ItemTemplate {
  readonly id: number;
  readonly name: string;
  /** `ObjType` (see `ObjectType`). */
  readonly type: number;
  /** `Subtipo`. */
  readonly subType: number;
  /** `Valor`: price. */
  readonly value: number;
  readonly grhIndex: number;
  /** `Crucial`: NPC stock behaviour (§7.2). */
  readonly crucial: number;
  /** `Newbie=1`: only newbies may use it; newbies may not drop it; NPCs neither buy nor pay. */
  readonly newbie: boolean;
  /** `Texto`: what a sign says (the stock client shows its own copy; `ShowSignal` when not empty). */
  readonly text: string;
  /** `VGrande` (VB6 `GrhSecundario`): a sign's big picture. */
  readonly bigGrhIndex: number;
  /** `Intirable`: non-GMs cannot drop it. */
  readonly cannotDrop: boolean;
  /** `Instransferible`: cannot be dropped, traded or sold. */
  readonly untradeable: boolean;
  /** `Destruye`: destroyed when dropped; not sellable. */
  readonly destroyOnDrop: boolean;
  /** `NoSeCae`: kept on death. */
  readonly noDropOnDeath: boolean;
  /** `QuestID` of a quest object (`ObjType=51`): using it offers that quest (quests.md §9); 0 = none. */
  readonly questId?: number;
  /** `Agarrable` (1 = can NOT be picked up; map fixtures). */
  readonly fixedInPlace: boolean;
  /** `ObjFlags` (`ObjectFlag` bits). */
  readonly flags: number;
  /** `MinELV`. */
  readonly minLevel: number;
  /** `MaxLEV` (0 = no limit). */
  readonly maxLevel: number;
  /** Class ids listed in `CP1`…`CP12`: may not use it. */
  readonly forbiddenClasses: readonly number[];
  /** Race ids listed in `RP1`…`RP6`: may not use it. */
  readonly forbiddenRaces: readonly number[];
  /** Races of the `RazaHumana`…`RazaOrca` allow-list; empty = every race. */
  readonly allowedRaces: readonly number[];
  /** `Hombre=1` / `Mujer=1`. */
  readonly maleOnly: boolean;
  readonly femaleOnly: boolean;
  /** `Real` / `Caos` (read for weapons, armour, shields, helmets, instruments, saddles). */
  readonly royal: number;
  readonly chaos: number;
  /** `LeadersOnly` (same types). */
  readonly leadersOnly: boolean;
  /** `Jerarquia`: faction rewards needed (Q7). */
  readonly hierarchy: number;
  /** `SkillRequerido`, or null. */
  readonly requiredSkill: SkillRequirement | null;
  /** `NumRopaje`: body, cart or backpack graphic. */
  readonly body: number;
  /** `Ropaje<Race>` overrides. */
  readonly bodies: BodiesByRace;
  /** `RazaAltos` / `RazaBajos`: saddle bodies for tall and short races. */
  readonly bodyTall: number;
  readonly bodyShort: number;
  /** `Anim` where VB6 reads it: weapon anim (weapons, tools), `ShieldAnim`, `CascoAnim`. */
  readonly anim: number;
  /** `CreaGRH`: aura shown while equipped ("" = none). */
  readonly aura: string;
  /** `SndAura`: equip sound. */
  readonly auraSound: number;
  /** `SND1`. */
  readonly sound: number;
  /** `MagicDamageBonus`, `ResistenciaMagica` (the latter for armour, shields, helmets, rings). */
  readonly magicDamageBonus: number;
  readonly magicResistance: number;
  /** Weapons: `DosManos`, `Proyectil`, `Municiones`, `WeaponType`. */
  readonly twoHanded: boolean;
  readonly projectile: number;
  readonly usesAmmunition: boolean;
  /** `Municiones`: the ammunition `Subtipo` a ranged weapon needs (0 = none: a throwing weapon). */
  readonly ammunitionSubtype: number;
  readonly weaponType: number;
  /**
   * `ProjectileType` (weapons, ammunition): the picture of the flying arrow or thrown weapon
   * (`CreateProjectile`; 0 = none drawn). The ammunition's counts for a weapon that takes some.
   */
  readonly projectileType: number;
  /** `CreaWav`: the sound a weapon that takes ammunition makes on every shot (0 = none). */
  readonly shotSound: number;
  /** `MinHitToNPC` / `MaxHitToNPC` (weapons, ammunition): the hit range against NPCs when set. */
  readonly minHitToNpc: number;
  readonly maxHitToNpc: number;
  /** `Apuñala` (weapons): can stab. */
  readonly stabs: boolean;
  /** Weapons: `MinArmorPenetrationFlat`, `MaxArmorPenetrationFlat`, `ArmorPenetrationPercent`, `ExtraCritAndStabChance`. */
  readonly minArmorPenetrationFlat: number;
  readonly maxArmorPenetrationFlat: number;
  readonly armorPenetrationPercent: number;
  readonly extraCritAndStabChance: number;
  /** `BowCategory` / `ArrowCategory`. */
  readonly bowCategory: number;
  readonly arrowCategory: number;
  /** `MinHIT` / `MaxHIT` where VB6 reads them; `MINDEF` / `MAXDEF`. */
  readonly minHit: number;
  readonly maxHit: number;
  readonly minDef: number;
  readonly maxDef: number;
  /** `EfectoMagico`, `QueAtributo`, `QueSkill`, `CuantoAumento`. */
  readonly magicEffect: number;
  readonly effectAttribute: number;
  readonly effectSkill: number;
  readonly effectAmount: number;
  /** `MinHam` (food), `MinAgu` (drink), `MinST`. */
  readonly hunger: number;
  readonly thirst: number;
  readonly stamina: number;
  /** Potions: `TipoPocion`, `MinModificador`, `MaxModificador`, `Porcentaje`, `DuracionEfecto` (s). */
  readonly potionType: number;
  readonly minModifier: number;
  readonly maxModifier: number;
  readonly percentage: number;
  readonly effectDuration: number;
  /** `CD` (ms) and `CDType`: cooldown group. */
  readonly cooldown: number;
  readonly cooldownType: number;
  /** `ApplyEffectId`. */
  readonly applyEffectId: number;
  /** `JineteLevel`. */
  readonly riderLevel: number;
  /** `HechizoIndex`: spell a scroll teaches. */
  readonly spellIndex: number;
  /** Bottles: `IndexAbierta` (an empty bottle becomes), `IndexCerrada` (a full one becomes). */
  readonly openIndex: number;
  readonly closedIndex: number;
  /** Doors: `Cerrada=1` (closed), `Llave=1` (locked), `IndexCerradaLlave` (its locked state); doors and keys: `Clave` (the code a key and its door share). */
  readonly closed: boolean;
  readonly locked: boolean;
  readonly lockedIndex: number;
  readonly keyCode: number;
  /** `Power` (tools) or `MagicPower` (weapons, rings, magical instruments). */
  readonly power: number;
  /** `RepairTo`. */
  readonly repairTo: number;
  /** `MinSkill`. */
  readonly minSkill: number;
  /** `ElementalTags`. */
  readonly elementalTags: number;
  /** `VidaUtil`: a new ground pile of this object holds this amount (resources). */
  readonly lifetime: number;
  /** `CreaParticula` ("particle:time:permanent:onFloor"), `CreaFX`. */
  readonly particle: string;
  readonly fx: number;
  /** Chests: the entries (`Item<i>`…) and, for subtype 2, how many random picks (`CantEntrega`). */
  readonly chestItems: readonly ChestEntry[];
  readonly chestDeliverCount: number;
}

/** Types for which `LoadOBJData` reads `Real`, `Caos` and `LeadersOnly`. */
const FACTION_TYPES: ReadonlySet<number> = new Set([
  ObjectType.Weapon,
  ObjectType.Armor,
  ObjectType.Shield,
  ObjectType.Helmet,
  ObjectType.MusicalInstrument,
  ObjectType.Saddle,
  ObjectType.SkinArmor,
  ObjectType.SkinShield,
  ObjectType.SkinHelmet,
  ObjectType.SkinWeapon,
]);
/** Types for which `Anim` is read (as weapon, shield or helmet anim). */
const ANIM_TYPES: ReadonlySet<number> = new Set([
  ObjectType.Weapon,
  ObjectType.WorkingTool,
  ObjectType.Shield,
  ObjectType.Helmet,
  ObjectType.SkinWeapon,
  ObjectType.SkinShield,
  ObjectType.SkinHelmet,
]);
/** Types for which `ResistenciaMagica` is read. */
const MAGIC_RESISTANCE_TYPES: ReadonlySet<number> = new Set([
  ObjectType.Armor,
  ObjectType.Shield,
  ObjectType.Helmet,
  ObjectType.Ring,
  ObjectType.SkinArmor,
  ObjectType.SkinShield,
  ObjectType.SkinHelmet,
]);
/** Types for which `MinHIT` / `MaxHIT` are read. */
const HIT_TYPES: ReadonlySet<number> = new Set([
  ObjectType.Weapon,
  ObjectType.SkinWeapon,
  ObjectType.Ship,
  ObjectType.SkinBoat,
  ObjectType.Saddle,
  ObjectType.Ammunition,
  ObjectType.UsableOnTarget,
]);
/** Types whose `MagicPower` is their power. */
const MAGIC_POWER_TYPES: ReadonlySet<number> = new Set([ObjectType.Weapon, ObjectType.SkinWeapon, ObjectType.Ring, ObjectType.MagicalInstrument]);

const num = (value: number | undefined): number => (typeof value === "number" && Number.isFinite(value) ? value : 0);

/** VB6 `Tilde`: upper case without the accents of Spanish vowels. */
function tilde(text: string): string {
  return text.toUpperCase().replace(/Á/g, "A").replace(/É/g, "E").replace(/Í/g, "I").replace(/Ó/g, "O").replace(/Ú/g, "U");
}

/**
 * `SkillRequerido=<name>-<points>` as `LoadOBJData` reads it: the name matched against
 * `SkillsNames` with `Tilde`, the points with `Val`. An unknown name is no requirement (VB6 would
 * run past the end of its array and abort the whole load).
 */
export function parseSkillRequirement(raw: string): SkillRequirement | null {
  if (raw === "") return null;
  const [name = "", points = ""] = raw.split("-");
  if (name === "") return null;
  const wanted = tilde(name);
  const index = SKILL_NAMES.findIndex((skill) => tilde(skill) === wanted);
  if (index < 0) return null;
  const value = Number.parseFloat(points.trim());
  return { skill: index + 1, points: Number.isFinite(value) ? Math.trunc(value) : 0 };
}

/** Builds the rules' view of one object (per-type reading of `LoadOBJData`). */
export function itemTemplateFromObject(row: ObjectRow): ItemTemplate {
  const type = num(row.objType);
  const faction = FACTION_TYPES.has(type);
  const isWeapon = type === ObjectType.Weapon || type === ObjectType.SkinWeapon;
  const isPotion = type === ObjectType.Potion;
  const allowedRaces: number[] = [];
  const allow: [number, number | undefined][] = [
    [Race.Human, row.raceHuman],
    [Race.Elf, row.raceElf],
    [Race.Drow, row.raceDrow],
    [Race.Gnome, row.raceGnome],
    [Race.Dwarf, row.raceDwarf],
    [Race.Orc, row.raceOrc],
  ];
  // VB6 tests the sum of the six keys, then `> 0` for the character's own race.
  const allowSum = allow.reduce((sum, [, value]) => sum + num(value), 0);
  if (allowSum !== 0) for (const [race, value] of allow) if (num(value) > 0) allowedRaces.push(race);
  let flags = 0;
  if (num(row.bindable) > 0) flags |= ObjectFlag.Bindable;
  if (num(row.safeAreaOnly) > 0) flags |= ObjectFlag.UseOnSafeAreaOnly;
  if (num(row.jailObject) > 0) flags |= ObjectFlag.JailObject;
  return {
    id: row.id,
    name: row.name ?? "",
    type,
    subType: num(row.subType),
    value: num(row.value),
    grhIndex: num(row.grhIndex),
    crucial: num(row.crucial),
    newbie: row.newbie === true,
    text: row.text ?? "",
    bigGrhIndex: num(row.bigGrhIndex),
    cannotDrop: row.cannotDrop === true,
    untradeable: row.untradeable === true,
    destroyOnDrop: row.destroyOnDrop === true,
    noDropOnDeath: row.noDropOnDeath === true,
    questId: num(row.questId),
    fixedInPlace: row.fixedInPlace === true,
    flags,
    minLevel: num(row.minLevel),
    maxLevel: num(row.maxLevel),
    forbiddenClasses: row.forbiddenClasses ?? [],
    forbiddenRaces: row.forbiddenRaces ?? [],
    allowedRaces,
    maleOnly: row.maleOnly === true,
    femaleOnly: row.femaleOnly === true,
    royal: faction ? num(row.royal) : 0,
    chaos: faction ? num(row.chaos) : 0,
    leadersOnly: faction && row.leadersOnly === true,
    hierarchy: num(row.hierarchy),
    requiredSkill: parseSkillRequirement(row.requiredSkill ?? ""),
    body: num(row.body),
    bodies: {
      male: {
        [Race.Human]: num(row.bodyHumanMale),
        [Race.Elf]: num(row.bodyElfMale),
        [Race.Drow]: num(row.bodyDrowMale),
        [Race.Gnome]: num(row.bodyGnomeMale),
        [Race.Dwarf]: num(row.bodyDwarfMale),
        [Race.Orc]: num(row.bodyOrcMale),
      },
      female: {
        [Race.Human]: num(row.bodyHumanFemale),
        [Race.Elf]: num(row.bodyElfFemale),
        [Race.Drow]: num(row.bodyDrowFemale),
        [Race.Gnome]: num(row.bodyGnomeFemale),
        [Race.Dwarf]: num(row.bodyDwarfFemale),
        [Race.Orc]: num(row.bodyOrcFemale),
      },
    },
    bodyTall: num(row.raceTall),
    bodyShort: num(row.raceShort),
    anim: ANIM_TYPES.has(type) ? num(row.anim) : 0,
    aura: row.createsGrh ?? "",
    auraSound: num(row.auraSound),
    sound: num(row.sound1),
    magicDamageBonus: num(row.magicDamageBonus),
    magicResistance: MAGIC_RESISTANCE_TYPES.has(type) ? num(row.magicResistance) : 0,
    twoHanded: isWeapon && row.twoHanded === true,
    projectile: isWeapon || type === ObjectType.UsableOnTarget ? num(row.projectile) : 0,
    usesAmmunition: type === ObjectType.Weapon && num(row.ammunition) !== 0,
    ammunitionSubtype: isWeapon ? num(row.ammunition) : 0,
    weaponType: isWeapon ? num(row.weaponType) : 0,
    projectileType: num(row.projectileType),
    shotSound: num(row.createsWav),
    minHitToNpc: isWeapon || type === ObjectType.Ammunition ? num(row.minHitToNpc) : 0,
    maxHitToNpc: isWeapon || type === ObjectType.Ammunition ? num(row.maxHitToNpc) : 0,
    stabs: isWeapon && row.stabs === true,
    minArmorPenetrationFlat: isWeapon ? num(row.minArmorPenetrationFlat) : 0,
    maxArmorPenetrationFlat: isWeapon ? num(row.maxArmorPenetrationFlat) : 0,
    armorPenetrationPercent: isWeapon ? num(row.armorPenetrationPercent) : 0,
    extraCritAndStabChance: isWeapon ? num(row.extraCritAndStabChance) : 0,
    bowCategory: num(row.bowCategory),
    arrowCategory: num(row.arrowCategory),
    minHit: HIT_TYPES.has(type) ? num(row.minHit) : 0,
    maxHit: HIT_TYPES.has(type) ? num(row.maxHit) : 0,
    minDef: num(row.minDef),
    maxDef: num(row.maxDef),
    magicEffect: num(row.magicEffect),
    effectAttribute: num(row.effectAttribute),
    effectSkill: num(row.effectSkill),
    effectAmount: num(row.effectAmount),
    hunger: num(row.hunger),
    thirst: num(row.thirst),
    stamina: num(row.stamina),
    potionType: isPotion ? num(row.potionType) : 0,
    minModifier: isPotion ? num(row.minModifier) : 0,
    maxModifier: isPotion ? num(row.maxModifier) : 0,
    percentage: isPotion || isWeapon || type === ObjectType.Shield || type === ObjectType.SkinShield ? num(row.percentage) : 0,
    effectDuration: isPotion ? num(row.effectDuration) : 0,
    cooldown: num(row.cooldown),
    cooldownType: num(row.cooldownType),
    applyEffectId: num(row.applyEffectId),
    riderLevel: num(row.riderLevel),
    spellIndex: num(row.spellIndex),
    openIndex: type === ObjectType.Door || type === ObjectType.EmptyBottle || type === ObjectType.FullBottle ? num(row.openIndex) : 0,
    closedIndex: type === ObjectType.Door || type === ObjectType.EmptyBottle || type === ObjectType.FullBottle ? num(row.closedIndex) : 0,
    closed: type === ObjectType.Door && row.closed === true,
    locked: type === ObjectType.Door && row.locked === true,
    lockedIndex: type === ObjectType.Door ? num(row.lockedIndex) : 0,
    keyCode: type === ObjectType.Door || type === ObjectType.Key ? num(row.keyCode) : 0,
    power: type === ObjectType.WorkingTool ? num(row.power) : MAGIC_POWER_TYPES.has(type) ? num(row.magicPower) : 0,
    repairTo: num(row.repairTo),
    minSkill: num(row.minSkill),
    elementalTags: num(row.elementalTags),
    lifetime: num(row.lifetime),
    particle: row.createsParticle ?? "",
    fx: num(row.createsFx),
    chestItems: type === ObjectType.Chest ? (row.items ?? []).map((item) => ({ objectId: item.objIndex, amount: item.amount, dropChance: item.dropChance })) : [],
    chestDeliverCount: type === ObjectType.Chest ? num(row.chestDeliverCount) : 0,
  };
}

/** `EsNewbie`: level at most `NEWBIE_MAX_LEVEL`. */
export function isNewbieLevel(level: number): boolean {
  return level <= NEWBIE_MAX_LEVEL;
}

/**
 * A bow: `WeaponType` 3 (`eBow`). The 2024 data predates `WeaponType` (no object sets it), so a
 * weapon without a type that shoots (`Proyectil=1`) and needs ammunition (`Municiones=1`) also
 * counts — otherwise no arrow could ever be equipped with that data.
 */
export function isBow(item: ItemTemplate): boolean {
  if (item.type !== ObjectType.Weapon) return false;
  if (item.weaponType === WEAPON_TYPE_BOW) return true;
  return item.weaponType === 0 && item.projectile === 1 && item.usesAmmunition;
}

/** True when the object carries the `ObjectFlag` bit. */
export function hasFlag(item: ItemTemplate, flag: number): boolean {
  return (item.flags & flag) !== 0;
}
