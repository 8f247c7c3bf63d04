/**
 * `CreationRules`: every table character creation reads, as one typed plain object. The
 * content layer builds it from `Balance.dat` + `Ciudades.Dat` (+ kit, forbidden names, armor
 * bodies) with `creationRulesFromTables`; a default world can build it from its own tables.
 */
import type { Attributes } from "../character/index.ts";
import { armorBody, type ArmorBodies, type BodiesByRace, type HeadRanges } from "./appearance.ts";
import { CLASS_IDS, GENDER_IDS, RACE_IDS, type ClassId, type RaceId } from "./ids.ts";
import { checkStartingKit, kitEntryApplies, type StartingKit } from "./starting-kit.ts";
import type { ClassBalance, HpVariance } from "./stats.ts";

/** A city's home tile (Ciudades.Dat `Mapa`, `X`, `Y`). 0 = missing in the file. */
export interface CityPosition {
  readonly map: number;
  readonly x: number;
  readonly y: number;
}

/** The `Balance.dat` part of the rules. */
export interface BalanceRules {
  /** `[MODRAZA]` modifiers per race, in the `Attributes` order (STR, AGI, INT, CHA, CON). */
  readonly raceModifiers: Readonly<Record<RaceId, Attributes>>;
  readonly classes: Readonly<Record<ClassId, ClassBalance>>;
  /** `[EXP]`: index = level 1..47, exp needed to leave that level; index 0 unused (0). */
  readonly expToLevelUp: readonly number[];
  readonly hpVariance: HpVariance;
}

export interface CreationRules {
  readonly balance: BalanceRules;
  /** Home tile per city id (1..10); a city is valid when map, x and y are all > 0. */
  readonly cities: ReadonlyMap<number, CityPosition>;
  /**
   * City ids a new character may choose (besides being valid). AO20 hard-codes
   * `AO20_CREATION_CITY_IDS`; decision §11.2: it is data here so a world picks its own.
   */
  readonly creationCityIds: readonly number[];
  readonly heads: HeadRanges;
  readonly nakedBodies: BodiesByRace;
  /** Body graphics per armor object number, for the kit's worn items. */
  readonly armorBodies: ReadonlyMap<number, ArmorBodies>;
  /** The world's starting kit (`EMPTY_STARTING_KIT` when the world has none). */
  readonly startingKit: StartingKit;
  /** Lower-cased forbidden names (`NombresInvalidos.txt`, see `forbiddenNamesFromLines`). */
  readonly forbiddenNames: ReadonlySet<string>;
}

/** A configuration fault found by `checkCreationRules`. */
export interface CreationRulesProblem {
  readonly code: "missing_race" | "missing_class" | "kit_too_large" | "too_many_spells" | "bad_kit" | "unknown_armor" | "no_creation_city" | "missing_heads";
  readonly message: string;
}

/** A fault in the rules themselves (not in a player's request): thrown, with a code. */
export class CreationRulesError extends Error {
  readonly code: CreationRulesProblem["code"];
  constructor(problem: CreationRulesProblem, options?: { cause?: unknown }) {
    super(problem.message, options);
    this.name = "CreationRulesError";
    this.code = problem.code;
  }
}

/** Valid city (VB6 `IsValidCity`): known id with map, x and y all > 0. */
export function cityPosition(rules: Pick<CreationRules, "cities">, cityId: number): CityPosition | undefined {
  const city = rules.cities.get(cityId);
  return city !== undefined && city.map > 0 && city.x > 0 && city.y > 0 ? city : undefined;
}

/** VB6 `IsValidCharacterCreationCity`: valid and in the creation list. */
export function isValidCreationCity(rules: Pick<CreationRules, "cities" | "creationCityIds">, cityId: number): boolean {
  return rules.creationCityIds.includes(cityId) && cityPosition(rules, cityId) !== undefined;
}

/** The city ids a new character can actually choose with these rules (1, 2, 5 with AO20 data). */
export function selectableCreationCities(rules: Pick<CreationRules, "cities" | "creationCityIds">): number[] {
  return rules.creationCityIds.filter((id) => cityPosition(rules, id) !== undefined);
}

/**
 * Boot-time sanity check of a rule set; an empty list means `createCharacter` cannot hit a
 * configuration fault. Catches what VB6 would turn into runtime errors or a body-0 character:
 * missing race/class rows, a kit that fills a slot out of range (`kit_too_large`), more spells
 * than spell slots, any other kit fault of `checkStartingKit` (`bad_kit`), a worn kit item with
 * no armor body for a race and gender it is given to, no selectable city, an empty head range.
 */
export function checkCreationRules(rules: CreationRules): CreationRulesProblem[] {
  const problems: CreationRulesProblem[] = [];
  for (const race of RACE_IDS) {
    if (rules.balance.raceModifiers[race]?.length !== 5) problems.push({ code: "missing_race", message: `race ${race} has no modifiers` });
    for (const gender of GENDER_IDS) {
      const ranges = rules.heads[race]?.[gender === 1 ? "male" : "female"] ?? [];
      if (!ranges.some((r) => r.first <= r.last)) problems.push({ code: "missing_heads", message: `race ${race} gender ${gender} has no heads` });
    }
  }
  for (const cls of CLASS_IDS) {
    if (rules.balance.classes[cls] === undefined) problems.push({ code: "missing_class", message: `class ${cls} has no balance row` });
  }
  for (const issue of checkStartingKit(rules.startingKit)) {
    const code = issue.code === "bad_slot" || issue.code === "too_many_entries" ? "kit_too_large" : issue.code === "too_many_spells" ? "too_many_spells" : "bad_kit";
    problems.push({ code, message: `starting kit, ${issue.entry}: ${issue.message}` });
  }
  const reported = new Set<string>();
  for (const cls of CLASS_IDS) {
    for (const entry of rules.startingKit.byClass[cls]?.items ?? []) {
      if (!entry.equipped) continue;
      for (const object of entry.objects) {
        const bodies = rules.armorBodies.get(object);
        const missing = RACE_IDS.some((race) => GENDER_IDS.some((gender) => kitEntryApplies(entry, race, gender) && (bodies === undefined || armorBody(bodies, race, gender) <= 0)));
        if (!missing || reported.has(`${cls}:${object}`)) continue;
        reported.add(`${cls}:${object}`);
        problems.push({ code: "unknown_armor", message: `class ${cls} wears object ${object}, which has no body for every race and gender it is given to` });
      }
    }
  }
  if (selectableCreationCities(rules).length === 0) problems.push({ code: "no_creation_city", message: "no creation city has a map position" });
  return problems;
}
