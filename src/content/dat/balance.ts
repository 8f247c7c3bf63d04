/**
 * `Balance.dat`: class and race modifiers and global tuning (ao-data-formats §3.4,
 * character-creation §3.2; VB6 loader `LoadBalance`, ao-org/argentum-online-server
 * `Codigo/FileIO.bas`). Every value the VB6 loader reads is here, converted as VB6 converts
 * it: `Val()` into Integer fields rounds half to even, Single/Double/Currency fields keep the
 * decimal value.
 */
import { z } from "zod";
import {
  ATTRIBUTE_KEYS,
  CLASS_KEYS,
  ELEMENT_TAG_COUNT,
  MAX_LEVEL,
  RACE_KEYS,
  WEAPON_TYPE_KEYS,
} from "./catalog.ts";
import { getEntry, getSection, readIni, type IniDocument } from "./ini-reader.ts";
import { binaryDataIssue, duplicateWarnings, type DatIssue, type DatResult } from "./issues.ts";
import { vbRound, vbVal } from "./vb-val.ts";

/** Per-class modifiers (`t_ModClase`); the VB6 section each comes from is noted. */
export const ClassBalanceSchema = z.object({
  /** 1..12, `e_Class`. */
  id: z.number().int(),
  /** Balance.dat key (`Mago`, `Clerigo`, …). */
  key: z.string(),
  evasion: z.number(), // MODEVASION
  weaponAttack: z.number(), // MODATAQUEARMAS
  projectileAttack: z.number(), // MODATAQUEPROYECTILES
  weaponDamage: z.number(), // MODDANOARMAS
  projectileDamage: z.number(), // MODDANOPROYECTILES
  wrestlingDamage: z.number(), // MODDANOWRESTLING
  shield: z.number(), // MODESCUDO
  stab: z.number(), // MODAPUNALAR (default 1 when the section exists but the key does not)
  stabNpcMin: z.number(), // MODAPUNALARNPCMIN (same default)
  stabNpcMax: z.number(), // MODAPUNALARNPCMAX (same default)
  /** Average HP gained per level. */
  hpPerLevel: z.number(), // MODVIDA
  /** Starting mana factor: max mana = vbRound(INT × this). */
  initialMana: z.number(), // MANA_INICIAL
  manaPerLevel: z.number(), // MULT_MANA
  staminaPerLevel: z.number().int(), // AUMENTO_STA (Integer)
  hitPerLevelTo36: z.number().int(), // GOLPE_PRE_36 (Integer)
  hitPerLevelAfter36: z.number().int(), // GOLPE_POST_36 (Integer)
  magicResistance: z.number(), // MODRESISTENCIAMAGICA
  skillPointsPerLevel: z.number().int(), // MODSKILLPOINTS (Integer)
  /** Hit bonus per weapon type, from the section named after the class (`[Asesino] Dagger=20`). */
  weaponHitBonus: z.record(z.enum(WEAPON_TYPE_KEYS), z.number().int()),
});
export type ClassBalance = z.infer<typeof ClassBalanceSchema>;

/** Per-race attribute modifiers (`t_ModRaza`, all Integer) from `[MODRAZA]`. */
export const RaceBalanceSchema = z.object({
  /** 1..6, `e_Raza` (gnome 4, dwarf 5). */
  id: z.number().int(),
  key: z.string(),
  strength: z.number().int(),
  agility: z.number().int(),
  intelligence: z.number().int(),
  charisma: z.number().int(),
  constitution: z.number().int(),
});
export type RaceBalance = z.infer<typeof RaceBalanceSchema>;

/** Scalar globals: our name → [section, key, VB6 type (Integer = i16, Long = i32, Single/Double/Currency = num)]. */
const GLOBALS = {
  criticalHitDamageModifier: ["BACKSTAB", "CriticalHitDmgModifier", "num"],
  ignoreArmorChance: ["BACKSTAB", "IgnoreArmorChance", "num"],
  extraBackstabChance: ["BACKSTAB", "ExtraBackstabChance", "num"],
  assassinStabbingChance: ["BACKSTAB", "AssasinStabbingChance", "num"],
  hunterStabbingChance: ["BACKSTAB", "HunterStabbingChance", "num"],
  bardStabbingChance: ["BACKSTAB", "BardStabbingChance", "num"],
  genericStabbingChance: ["BACKSTAB", "GenericStabbingChance", "num"],
  banditCriticalHitChance: ["BACKSTAB", "BanditCriticalHitChance", "num"],
  manaRecoveryPercent: ["EXTRA", "PorcentajeRecuperoMana", "integer"],
  recoveryMana: ["EXTRA", "RecoveryMana", "integer"],
  manaPerSkillMultiplier: ["EXTRA", "MultiplierManaxSkills", "num"],
  manaCommonLute: ["EXTRA", "ManaCommonLute", "integer"],
  manaMagicLute: ["EXTRA", "ManaMagicLute", "integer"],
  manaElvenLute: ["EXTRA", "ManaElvenLute", "integer"],
  skillRaiseDifficulty: ["EXTRA", "DificultadSubirSkill", "integer"],
  /** HP-per-level randomness (character-creation §9). */
  hpAverageInfluence: ["EXTRA", "InfluenciaPromedioVidas", "num"],
  hpAverageImbalance: ["EXTRA", "DesbalancePromedioVidas", "num"],
  hpRange: ["EXTRA", "RangoVidas", "num"],
  hpCapMax: ["EXTRA", "CapVidaMax", "num"],
  hpCapMin: ["EXTRA", "CapVidaMin", "num"],
  requiredSpellDisplayTime: ["EXTRA", "RequiredSpellDisplayTime", "integer"],
  maxInvisibleSpellDisplayTime: ["EXTRA", "MaxInvisibleSpellDisplayTime", "integer"],
  multiShotReduction: ["EXTRA", "MultiShotReduction", "num"],
  homeTimer: ["EXTRA", "HomeTimer", "integer"],
  homeTimerAdventurer: ["EXTRA", "HomeTimerAdventurer", "integer"],
  homeTimerHero: ["EXTRA", "HomeTimerHero", "integer"],
  homeTimerLegend: ["EXTRA", "HomeTimerLegend", "integer"],
  magicSkillBonusDamageModifier: ["EXTRA", "MagicSkillBonusDamageModifier", "num"],
  magicResistanceSkillProtectionModifier: ["EXTRA", "MagicResistanceSkillProtectionModifier", "num"],
  magicResistanceSkillProtectionModifierNpc: ["EXTRA", "MagicResistanceSkillProtectionModifierNpc", "num"],
  assistDamageValidTimeMs: ["EXTRA", "AssistDamageValidTime", "long"],
  assistHelpValidTimeMs: ["EXTRA", "AssistHelpValidTime", "long"],
  hideAfterHitTimeMs: ["EXTRA", "HideAfterHitTime", "long"],
  factionReKillTimeMs: ["EXTRA", "FactionReKillTime", "long"],
  airHitReduceParalysisTime: ["EXTRA", "AirHitReductParalisisTime", "integer"],
  safeZoneFishingPercent: ["EXTRA", "PorcentajePescaSegura", "integer"],
  divineBloodHealingMultiplierBonus: ["EXTRA", "DivineBloodHealingMultiplierBonus", "num"],
  divineBloodManaCostMultiplier: ["EXTRA", "DivineBloodManaCostMultiplier", "num"],
  warriorLifeStealOnHitMultiplier: ["EXTRA", "WarriorLifeStealOnHitMultiplier", "num"],
  playerStunTimeMs: ["STUN", "PlayerStunTime", "long"],
  npcStunTimeMs: ["STUN", "NpcStunTime", "long"],
  playerImmuneTimeMs: ["STUN", "PlayerInmuneTime", "long"],
  guildCallCooldown: ["GUILD", "GuildCallCooldown", "long"],
} as const satisfies Record<string, readonly [string, string, "integer" | "long" | "num"]>;

type GlobalName = keyof typeof GLOBALS;

const globalsShape = Object.fromEntries(
  Object.entries(GLOBALS).map(([name, [, , kind]]) => [name, kind === "num" ? z.number() : z.number().int()]),
) as { [K in GlobalName]: z.ZodNumber };

export const BalanceTableSchema = z.object({
  /** Indexed by class id - 1 (12 entries, `e_Class` order). */
  classes: z.array(ClassBalanceSchema).length(CLASS_KEYS.length),
  /** Indexed by race id - 1 (6 entries, `e_Raza` order). */
  races: z.array(RaceBalanceSchema).length(RACE_KEYS.length),
  globals: z.object(globalsShape),
  /** `ExpLevelUp`: index 0 = exp needed to leave level 1; 47 entries (`[EXP] 1..47`), Long. */
  expToLevelUp: z.array(z.number().int()).length(MAX_LEVEL),
  /** `[ElementalMatrixForNpcs] Row<i>`: 4 × 4 damage multipliers (attacker row, defender column). */
  elementalMatrixForNpcs: z.array(z.array(z.number()).length(ELEMENT_TAG_COUNT)).length(ELEMENT_TAG_COUNT),
});
export type BalanceTable = z.infer<typeof BalanceTableSchema>;

/** Ranges of the VB6 integer types the fields land in, for overflow warnings. */
const INTEGER_RANGE = { integer: [-32_768, 32_767], long: [-2_147_483_648, 2_147_483_647] } as const;

/**
 * Reads a value the way `clsIniManager.GetValue(section, key, default)` does: the default only
 * when the section exists but the key does not; "" when the section is missing.
 */
function getValueWithDefault(doc: IniDocument, section: string, key: string, fallback: string): string {
  if (getSection(doc, section) === undefined) return "";
  return getEntry(doc, section, key)?.value ?? fallback;
}

/** Parses an AO20 `Balance.dat`. */
export function parseBalanceDat(bytes: Uint8Array, fileName: string): DatResult<BalanceTable> {
  const binary = binaryDataIssue(bytes, fileName);
  if (binary) return { value: null, errors: [binary], warnings: [] };
  const doc = readIni(bytes, fileName);
  if (getSection(doc, "MODRAZA") === undefined && getSection(doc, "MODVIDA") === undefined) {
    return {
      value: null,
      errors: [{ code: "not-a-table", file: fileName, message: `${fileName}: no [MODRAZA] and no [MODVIDA]; not a Balance.dat` }],
      warnings: [],
    };
  }
  const warnings: DatIssue[] = duplicateWarnings(doc);
  const num = (section: string, key: string, fallback = "") => vbVal(getValueWithDefault(doc, section, key, fallback));
  const int = (section: string, key: string, fallback = "", type: "integer" | "long" = "integer") => {
    const value = vbRound(num(section, key, fallback)) + 0;
    const [min, max] = INTEGER_RANGE[type];
    if (value < min || value > max) {
      warnings.push({
        code: "bad-value",
        file: fileName,
        section: section.toUpperCase(),
        key: key.toUpperCase(),
        message: `[${section}] ${key}=${value} overflows a VB6 ${type === "integer" ? "Integer" : "Long"} (the VB6 loader would stop here)`,
      });
    }
    return value;
  };
  const classes = CLASS_KEYS.map((key, index): ClassBalance => {
    const weaponHitBonus = Object.fromEntries(WEAPON_TYPE_KEYS.map((weapon) => [weapon, int(key, weapon)])) as Record<
      (typeof WEAPON_TYPE_KEYS)[number],
      number
    >;
    return {
      id: index + 1,
      key,
      evasion: num("MODEVASION", key),
      weaponAttack: num("MODATAQUEARMAS", key),
      projectileAttack: num("MODATAQUEPROYECTILES", key),
      weaponDamage: num("MODDANOARMAS", key),
      projectileDamage: num("MODDANOPROYECTILES", key),
      wrestlingDamage: num("MODDANOWRESTLING", key),
      shield: num("MODESCUDO", key),
      stab: num("MODAPUNALAR", key, "1"),
      stabNpcMin: num("MODAPUNALARNPCMIN", key, "1"),
      stabNpcMax: num("MODAPUNALARNPCMAX", key, "1"),
      hpPerLevel: num("MODVIDA", key),
      initialMana: num("MANA_INICIAL", key),
      manaPerLevel: num("MULT_MANA", key),
      staminaPerLevel: int("AUMENTO_STA", key),
      hitPerLevelTo36: int("GOLPE_PRE_36", key),
      hitPerLevelAfter36: int("GOLPE_POST_36", key),
      magicResistance: num("MODRESISTENCIAMAGICA", key),
      skillPointsPerLevel: int("MODSKILLPOINTS", key),
      weaponHitBonus,
    };
  });
  const races = RACE_KEYS.map((key, index): RaceBalance => {
    const [strength, agility, intelligence, charisma, constitution] = ATTRIBUTE_KEYS.map((attribute) =>
      int("MODRAZA", `${key}${attribute}`),
    ) as [number, number, number, number, number];
    if (getEntry(doc, "MODRAZA", `${key}Fuerza`) === undefined && getSection(doc, "MODRAZA") !== undefined) {
      warnings.push({
        code: "missing-value",
        file: fileName,
        section: "MODRAZA",
        key: `${key}Fuerza`.toUpperCase(),
        message: `[MODRAZA] has no ${key}* keys; the VB6 loader reads 0 for every ${key} modifier`,
      });
    }
    return { id: index + 1, key, strength, agility, intelligence, charisma, constitution };
  });
  const globals = Object.fromEntries(
    Object.entries(GLOBALS).map(([name, [section, key, kind]]) => [name, kind === "num" ? num(section, key) : int(section, key, "", kind)]),
  ) as Record<GlobalName, number>;
  const expToLevelUp: number[] = [];
  for (let level = 1; level <= MAX_LEVEL; level++) expToLevelUp.push(int("EXP", String(level), "", "long"));
  const elementalMatrixForNpcs = readElementalMatrix(doc, warnings);
  return { value: { classes, races, globals, expToLevelUp, elementalMatrixForNpcs }, errors: [], warnings };
}

/**
 * `Row<i>` = space-separated multipliers, default "1" when the section exists but the row does
 * not. Without the section VB6 gets "" and aborts with a subscript error, leaving the matrix
 * at 0; we use 1 (neutral) there instead and say so.
 */
function readElementalMatrix(doc: IniDocument, warnings: DatIssue[]): number[][] {
  const present = getSection(doc, "ElementalMatrixForNpcs") !== undefined;
  if (!present) {
    warnings.push({
      code: "missing-value",
      file: doc.fileName,
      section: "ELEMENTALMATRIXFORNPCS",
      message: "no [ElementalMatrixForNpcs]; every elemental multiplier is 1 (VB6 would leave them 0 after an error)",
    });
  }
  const matrix: number[][] = [];
  for (let row = 0; row < ELEMENT_TAG_COUNT; row++) {
    const raw = present ? getValueWithDefault(doc, "ElementalMatrixForNpcs", `Row${row + 1}`, "1") : "1";
    const parts = raw.split(" ");
    const values: number[] = [];
    for (let column = 0; column < ELEMENT_TAG_COUNT; column++) {
      const part = parts[column];
      // VB6 raises "subscript out of range" for a short row; 1 keeps the multiplier neutral.
      values.push(part === undefined ? 1 : vbVal(part));
    }
    matrix.push(values);
  }
  return matrix;
}
