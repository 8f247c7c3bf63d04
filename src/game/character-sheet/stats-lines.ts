/**
 * What `/EST` (`RequestStats`) tells a player about itself: VB6 `HandleRequestStats` →
 * `SendUserStatsTxt(UserIndex, UserIndex)` (`Codigo/Modulo_UsUaRiOs.bas`), line by line in its
 * order, every line in FONTTYPE_INFO. Pure: the character and the world's tables come in.
 *
 * What VB6 shows that this server does not keep is shown as 0, each with its reason below; the
 * guild lines (1296 name, 1100 "leader") are left out because there are no guilds yet, as VB6
 * leaves them out for a character without one.
 */
import type { CharacterRecord, Equipment } from "../character/index.ts";
import { hitRangeAtLevel, type ClassBalanceRow } from "../character-creation/index.ts";
import type { ItemTemplate } from "../items/index.ts";
import { MESSAGES, type PlayerMessage } from "../messages/index.ts";

/** `e_City.cUllathorpe`: the home VB6 names when the character's own is not a valid city. */
export const FALLBACK_HOME_CITY_ID = 1;
/** Its section name, for a world without `Ciudades.dat` (VB6 names cities by section whatever the file holds). */
export const FALLBACK_HOME_CITY_NAME = "Ullathorpe";

/**
 * The character as the map holds it now. The record's `gold` and `equipment` are only written
 * back when the record leaves the map, so the caller passes the live ones (the map's
 * `{ ...player.record, ...toRecordInventory(player.inventory) }`).
 */
export type SheetCharacter = Pick<CharacterRecord, "name" | "level" | "exp" | "class" | "vitals" | "homeCity" | "gold"> & {
  readonly equipment: Pick<Equipment, "weapon" | "armor" | "shield" | "helmet">;
};

/** The `Balance.dat` numbers the sheet reads (the content layer's `BalanceTable` fits). */
export interface SheetBalance {
  /** Index = class id − 1: `GOLPE_PRE_36`, `GOLPE_POST_36` give MinHIT / MaxHIT. */
  readonly classes: readonly Pick<ClassBalanceRow, "hitPerLevelTo36" | "hitPerLevelAfter36">[];
  /** `[EXP]`, index 0 = the experience needed to leave level 1 (`ExpLevelUp`). */
  readonly expToLevelUp: readonly number[];
}

/** One `Ciudades.dat` city (the content layer's `City` fits). */
export interface SheetCity {
  readonly id: number;
  /** The section name: what VB6 shows (`CityNames`). */
  readonly name: string;
  /** `IsValidCity`: map, x and y above 0. */
  readonly valid: boolean;
}

/** The world's tables the sheet reads; each may be missing in a world without that file. */
export interface SheetWorld {
  /** The world's objects (the map's `ctx.items`): the worn weapon, armour, shield and helmet. */
  readonly items: { get(id: number): Pick<ItemTemplate, "minHit" | "maxHit" | "minDef" | "maxDef"> | undefined };
  /** `ctx.tables?.balance ?? null`. Without it the ELU reads 0 and the hit is level 1's, as VB6 reads missing keys as 0. */
  readonly balance: SheetBalance | null;
  /** `ctx.tables?.cities?.cities ?? null`. */
  readonly cities: readonly SheetCity[] | null;
}

/**
 * What this server does not keep of what `SendUserStatsTxt` shows, sent as these values:
 * - `VecesQueMoriste` (1299): deaths are not counted (no counter in the record or the database);
 * - `Faccion.FactionScore` (478): faction scores are not kept (no faction careers yet);
 * - `Stats.Creditos` (1300): no patron credits (VB6 reads them from its database first);
 * - `Stats.JineteLevel` (2078): the rider level a food raises is not kept (no mounts yet);
 * - `Counters.Pena` (1307): there is no jail, so no jail minutes.
 */
export const NOT_KEPT_STATS = {
  deaths: 0,
  factionScore: 0,
  patronCredits: 0,
  riderLevel: 0,
  jailMinutes: 0,
} as const;

/** MinHIT / MaxHIT of the character: VB6 sets them from the level at every login and level-up (`GetHitModifier` + 1 / + 2). */
export function sheetHitRange(level: number, classId: number, balance: SheetBalance | null): { minHit: number; maxHit: number } {
  const row = balance?.classes[classId - 1];
  return hitRangeAtLevel(level, {
    hitPerLevelUpTo36: row?.hitPerLevelTo36 ?? 0,
    hitPerLevelAfter36: row?.hitPerLevelAfter36 ?? 0,
    // Not read by hitRangeAtLevel.
    initialManaPerIntelligence: 0,
    manaPerIntelligencePerLevel: 0,
    averageHpPerLevel: 0,
    staminaPerLevel: 0,
    skillPointsPerLevel: 0,
  });
}

/** The home city's name as VB6 shows it: its own when valid, else Ullathorpe's (VB6 logs the bad id). */
export function homeCityName(homeCity: number, cities: readonly SheetCity[] | null): string {
  const city = cities?.find((candidate) => candidate.id === homeCity);
  if (city?.valid === true) return city.name;
  return cities?.find((candidate) => candidate.id === FALLBACK_HOME_CITY_ID)?.name ?? FALLBACK_HOME_CITY_NAME;
}

/** Every line of `/EST`, in VB6's order. An equipped object the world does not know counts as nothing worn. */
export function statsSheetLines(character: SheetCharacter, world: SheetWorld): PlayerMessage[] {
  const { vitals, equipment } = character;
  const worn = (id: number) => (id > 0 ? world.items.get(id) : undefined);
  const weapon = worn(equipment.weapon);
  const armor = worn(equipment.armor);
  const shield = worn(equipment.shield);
  const helmet = worn(equipment.helmet);
  const { minHit, maxHit } = sheetHitRange(character.level, character.class, world.balance);
  const lines: PlayerMessage[] = [
    MESSAGES.statsTitle(character.name),
    // `ExpLevelUp(ELV)`, what `UpdateUserStats` carries too (0 past the table).
    MESSAGES.statsLevel(character.level, character.exp, world.balance?.expToLevelUp[character.level - 1] ?? 0),
    MESSAGES.statsVitals(vitals.hp, vitals.maxHp, vitals.mana, vitals.maxMana, vitals.stamina, vitals.maxStamina),
    weapon ? MESSAGES.statsHitWithWeapon(minHit, maxHit, weapon.minHit, weapon.maxHit) : MESSAGES.statsHit(minHit, maxHit),
  ];
  if (!armor) lines.push(MESSAGES.statsNoBodyDefense());
  else if (shield) lines.push(MESSAGES.statsBodyDefense(armor.minDef + shield.minDef, armor.maxDef + shield.maxDef));
  else lines.push(MESSAGES.statsArmorDefense(armor.minDef, armor.maxDef));
  lines.push(
    helmet ? MESSAGES.statsHeadDefense(helmet.minDef, helmet.maxDef) : MESSAGES.statsNoHeadDefense(),
    MESSAGES.statsGold(character.gold),
    MESSAGES.statsDeaths(NOT_KEPT_STATS.deaths),
    MESSAGES.statsFactionScore(NOT_KEPT_STATS.factionScore),
    MESSAGES.statsPatronCredits(NOT_KEPT_STATS.patronCredits),
    MESSAGES.statsRiderLevel(NOT_KEPT_STATS.riderLevel),
    MESSAGES.statsJailMinutes(NOT_KEPT_STATS.jailMinutes),
    MESSAGES.statsHome(homeCityName(character.homeCity, world.cities)),
  );
  return lines;
}
