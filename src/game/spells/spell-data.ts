/**
 * What the spell rules read: a spell's Hechizos.dat fields (§5.1, the content layer's
 * `SpellTemplate` fits), the caster (character record, equipped gear, buffs) and the target
 * (a user or an NPC). Plain data; the map builds these from its entities.
 */
import type { SpellTemplate } from "../../content/index.ts";
import type { ItemTemplate } from "../items/index.ts";
import { vbSingle } from "../vb-math/index.ts";
import { NO_STATUS_EFFECTS, type StatusEffects } from "./status-effects.ts";

/** The Hechizos.dat fields the rules read (`SpellTemplate` fits). */
export type SpellData = Pick<
  SpellTemplate,
  | "id"
  | "name"
  | "spellType"
  | "target"
  | "targetEffectType"
  | "autoCast"
  | "areaAffects"
  | "areaRadius"
  | "manaRequired"
  | "staminaRequired"
  | "staminaPercentRequired"
  | "hpRequired"
  | "minSkill"
  | "maxLevelCasteable"
  | "cooldown"
  | "requiredObject"
  | "magicPowerNeeded"
  | "worksOnDead"
  | "hpMode"
  | "minHp"
  | "maxHp"
  | "manaMode"
  | "minMana"
  | "maxMana"
  | "staminaMode"
  | "minStamina"
  | "maxStamina"
  | "hungerMode"
  | "minHunger"
  | "maxHunger"
  | "thirstMode"
  | "minThirst"
  | "maxThirst"
  | "agilityMode"
  | "minAgility"
  | "maxAgility"
  | "strengthMode"
  | "minStrength"
  | "maxStrength"
  | "invisibility"
  | "paralyzes"
  | "immobilizes"
  | "removesParalysis"
  | "removesStupidity"
  | "removesPartialInvisibility"
  | "curesPoison"
  | "poisonLevel"
  | "curses"
  | "removesCurse"
  | "revives"
  | "blinds"
  | "stupefies"
  | "burns"
  | "mimics"
  | "healing"
  | "durationSeconds"
  | "speed"
  | "antiMagicResistance"
  | "summonMode"
  | "summonNpc"
  | "summonCount"
  | "materializeObject"
  | "materializeAmount"
  | "wav"
  | "fxGrh"
  | "loops"
  | "particle"
  | "travelParticle"
  | "particleTime"
  | "effectOverTimeId"
>;

/** `SubeHP=2`: a damage spell (`eDoDamage`). */
export function isDamageSpell(spell: Pick<SpellData, "hpMode">): boolean {
  return spell.hpMode === 2;
}

/** `SubeHP=1`: a healing spell (`eDoHeal`). */
export function isHealingSpell(spell: Pick<SpellData, "hpMode">): boolean {
  return spell.hpMode === 1;
}

/** An equipped object as the spell rules see it: magic damage, penetration, staff power, `Revive`, `MaderaElfica`. */
export interface MagicItem {
  /** `MagicDamageBonus` (percent). */
  readonly magicDamageBonus: number;
  /** `MagicAbsoluteBonus` (flat; absent in the 2024 obj.dat). */
  readonly magicAbsoluteBonus: number;
  /** `MagicPenetration` (percent of resistance ignored). */
  readonly magicPenetration: number;
  /** `MagicPower` of a staff, instrument or ring. */
  readonly power: number;
  /** `Revive=1`: lets a non-Cleric resurrect. */
  readonly revives: boolean;
  /** `MaderaElfica > 0` on a weapon or ring: halves spell cooldowns. */
  readonly elvenWood: boolean;
}

/**
 * A catalogue object as a `MagicItem`. The item template carries magic damage and power; the
 * other fields are not in it yet and come from `extra` (default none).
 */
export function magicItemOf(template: Pick<ItemTemplate, "magicDamageBonus" | "power">, extra: Partial<MagicItem> = {}): MagicItem {
  return {
    magicDamageBonus: template.magicDamageBonus,
    magicAbsoluteBonus: 0,
    magicPenetration: 0,
    power: template.power,
    revives: false,
    elvenWood: false,
    ...extra,
  };
}

/** The three places magic damage comes from, in the order VB6 adds them (§5.3). */
export interface SpellGear {
  readonly weapon: MagicItem | null;
  readonly amulet: MagicItem | null;
  /** `EquippedRingAccesory`: a ring or a magical instrument (lute, flute). */
  readonly ring: MagicItem | null;
}

export const NO_GEAR: SpellGear = { weapon: null, amulet: null, ring: null };

/** `.Modifiers` that touch magic (buffs, effects over time); all 0 without any. §2. */
export interface MagicModifiers {
  readonly magicDamageBonus: number;
  readonly magicDamageReduction: number;
  readonly magicHealingBonus: number;
  readonly selfHealingBonus: number;
}

export const NO_MAGIC_MODIFIERS: MagicModifiers = { magicDamageBonus: 0, magicDamageReduction: 0, magicHealingBonus: 0, selfHealingBonus: 0 };

/** `GetMagicDamageModifier` (Single): damage dealt × max(1 + bonus, 0). */
export function magicDamageMultiplier(modifiers: MagicModifiers): number {
  return vbSingle(Math.max(1 + modifiers.magicDamageBonus, 0));
}

/** `GetMagicDamageReduction` (Single): damage taken × max(1 − reduction, 0). */
export function magicDamageReductionMultiplier(modifiers: MagicModifiers): number {
  return vbSingle(Math.max(1 - modifiers.magicDamageReduction, 0));
}

/** `GetMagicHealingBonus` (Single): healing given × max(1 + bonus, 0). */
export function magicHealingMultiplier(modifiers: MagicModifiers): number {
  return vbSingle(Math.max(1 + modifiers.magicHealingBonus, 0));
}

/** `GetSelfHealingBonus` (Single): healing received × max(1 + bonus, 0). */
export function selfHealingMultiplier(modifiers: MagicModifiers): number {
  return vbSingle(Math.max(1 + modifiers.selfHealingBonus, 0));
}

/** Current and maximum HP, mana and stamina, hunger and thirst. */
export interface SpellVitals {
  readonly hp: number;
  readonly maxHp: number;
  readonly mana: number;
  readonly maxMana: number;
  readonly stamina: number;
  readonly maxStamina: number;
  readonly food: number;
  readonly water: number;
}

/** A user casting. */
export interface SpellCaster {
  /** `e_Class`, level, skills (index 0 = skill 1). */
  readonly classId: number;
  readonly level: number;
  readonly skills: readonly number[];
  readonly vitals: SpellVitals;
  readonly dead: boolean;
  readonly mounted: boolean;
  readonly gear: SpellGear;
  readonly modifiers: MagicModifiers;
  /** Object numbers in the inventory (`NecesitaObj`). */
  readonly inventoryObjects: readonly number[];
  /** `Faccion.Status` and the safe toggle (`flags.Seguro`), for helping other players. */
  readonly factionStatus: number;
  readonly safeMode: boolean;
}

/** A user being the target (possibly the caster itself). */
export interface SpellTargetUser {
  readonly classId: number;
  readonly level: number;
  readonly skills: readonly number[];
  readonly vitals: SpellVitals;
  /** Base (stored) STR and AGI, and the current ones (a boost raises the current). */
  readonly baseStrength: number;
  readonly baseAgility: number;
  readonly strength: number;
  readonly agility: number;
  readonly dead: boolean;
  readonly mounted: boolean;
  /** `Counters.Saliendo`: logging out. */
  readonly leaving: boolean;
  /** `flags.SeguroResu`: refuses resurrection by others. */
  readonly resurrectionSafe: boolean;
  readonly factionStatus: number;
  /** `ResistenciaMagica` of the equipped armour, ring, shield and helmet (0 for empty slots). */
  readonly magicResistanceItems: readonly number[];
  /** `MODRESISTENCIAMAGICA` of the class (Balance.dat; 0 for every class in both files). */
  readonly classMagicResistance: number;
  readonly modifiers: MagicModifiers;
  readonly status: StatusEffects;
}

/** An NPC being the target (npcs.dat, §6.1). */
export interface SpellTargetNpc {
  readonly hp: number;
  readonly maxHp: number;
  /** `MagicResistance`, `MagicDef` (percent), `DEFm` (flat). */
  readonly magicResistance: number;
  readonly magicDefense: number;
  readonly magicDef: number;
  /** `AfectaParalisis=1`: immune to paralysis and immobilisation. */
  readonly paralysisImmune: boolean;
  /** `ImmuneToSpells` (not in the 2024 data). */
  readonly immuneToSpells: boolean;
  /** `Snd2`: played when a damage spell lands. */
  readonly sound2: number;
  readonly modifiers: MagicModifiers;
  readonly status: StatusEffects;
  /** Whose pet it is, as seen from the caster: none, the caster's own, another player's. */
  readonly master: "none" | "caster" | "other";
  /** Same faction as the caster's Army / Legion (`Faccion`), or a pet of a same-faction player. */
  readonly sameFaction: boolean;
}

/** The npcs.dat fields an NPC target reads (the content layer's `NpcTemplate` fits). */
export interface SpellNpcTemplate {
  readonly magicResistance: number;
  readonly magicDefense: number;
  readonly magicDef: number;
  readonly affectedByParalysis: boolean;
  readonly sound2: number;
}

/** An NPC target from its template and its live HP. */
export function spellTargetNpc(
  template: SpellNpcTemplate,
  live: { readonly hp: number; readonly maxHp: number; readonly status?: StatusEffects },
  extra: Partial<Pick<SpellTargetNpc, "immuneToSpells" | "modifiers" | "master" | "sameFaction">> = {},
): SpellTargetNpc {
  return {
    hp: live.hp,
    maxHp: live.maxHp,
    magicResistance: template.magicResistance,
    magicDefense: template.magicDefense,
    magicDef: template.magicDef,
    paralysisImmune: template.affectedByParalysis,
    immuneToSpells: extra.immuneToSpells ?? false,
    sound2: template.sound2,
    modifiers: extra.modifiers ?? NO_MAGIC_MODIFIERS,
    status: live.status ?? NO_STATUS_EFFECTS,
    master: extra.master ?? "none",
    sameFaction: extra.sameFaction ?? false,
  };
}

/** Toggles and Balance.dat numbers the spell formulas read. */
export interface SpellRules {
  /** Toggle `mr-magic-bonus-damage`: the Resistencia skill adds to magic resistance. */
  readonly skillMagicResistance: boolean;
  /** `MagicResistanceSkillProtectionModifier` (0.03 today, absent = 0 in 2024). */
  readonly magicResistanceSkillProtection: number;
  /** Toggle `remove-staff-requirements` (off: `MagicPowerNeeded` is checked). */
  readonly removeStaffRequirements: boolean;
  /** `IntervaloNpcAI`: NPC hold counters run on it. */
  readonly npcAiTickMs: number;
}

export const DEFAULT_SPELL_RULES: SpellRules = {
  skillMagicResistance: true,
  magicResistanceSkillProtection: 0,
  removeStaffRequirements: false,
  npcAiTickMs: 150,
};

/** A Balance.dat's `[EXTRA] MagicResistanceSkillProtectionModifier` into the rules. */
export function spellRulesFromBalance(balance: { readonly globals: { readonly magicResistanceSkillProtectionModifier: number } }, rules: Partial<SpellRules> = {}): SpellRules {
  return { ...DEFAULT_SPELL_RULES, magicResistanceSkillProtection: balance.globals.magicResistanceSkillProtectionModifier, ...rules };
}
