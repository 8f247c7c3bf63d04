/**
 * Builds `CreationRules` from the parsed data tables (`Balance.dat`, `Ciudades.Dat`, optionally
 * `obj.dat`, `NombresInvalidos.txt`) and the world's starting kit. The inputs are typed
 * structurally, with only the fields creation reads, so the game rules do not import the
 * content parsers: `BalanceTable` and the city table of `src/content/dat` fit as they are.
 */
import type { Attributes } from "../character/index.ts";
import { AO20_HEAD_RANGES, AO20_NAKED_BODIES, type ArmorBodies, type BodiesByRace, type HeadRanges } from "./appearance.ts";
import { AO20_CREATION_CITY_IDS, CLASS_IDS, RACE_IDS, type ClassId, type RaceId } from "./ids.ts";
import type { BalanceRules, CityPosition, CreationRules } from "./rules.ts";
import { EMPTY_STARTING_KIT, type StartingKit } from "./starting-kit.ts";
import type { ClassBalance } from "./stats.ts";
import { vbSingle } from "../vb-math/index.ts";

/** The per-class `Balance.dat` numbers creation and level-up read. */
export interface ClassBalanceRow {
  readonly hpPerLevel: number; // MODVIDA
  readonly initialMana: number; // MANA_INICIAL
  readonly manaPerLevel: number; // MULT_MANA
  readonly staminaPerLevel: number; // AUMENTO_STA
  readonly hitPerLevelTo36: number; // GOLPE_PRE_36
  readonly hitPerLevelAfter36: number; // GOLPE_POST_36
  readonly skillPointsPerLevel: number; // MODSKILLPOINTS
}

/** `[MODRAZA]` modifiers of one race. */
export interface RaceBalanceRow {
  readonly strength: number;
  readonly agility: number;
  readonly intelligence: number;
  readonly charisma: number;
  readonly constitution: number;
}

/** What creation needs from a parsed `Balance.dat` (the content layer's `BalanceTable` fits). */
export interface BalanceTableInput {
  /** Index = class id − 1. */
  readonly classes: readonly ClassBalanceRow[];
  /** Index = race id − 1. */
  readonly races: readonly RaceBalanceRow[];
  readonly globals: {
    readonly hpRange: number; // RangoVidas
    readonly hpAverageInfluence: number; // InfluenciaPromedioVidas
    readonly hpAverageImbalance: number; // DesbalancePromedioVidas
    readonly hpCapMax: number; // CapVidaMax
    readonly hpCapMin: number; // CapVidaMin
  };
  /** Index 0 = exp needed to leave level 1. */
  readonly expToLevelUp: readonly number[];
}

/** One city's home tile by `e_City` id (0 where the file has no value). */
export interface CityRow {
  readonly id: number;
  readonly map: number;
  readonly x: number;
  readonly y: number;
}

/** The body keys of an obj.dat object (the content layer's `ObjectTemplate` fits). */
export interface ArmorObjectRow {
  readonly id: number;
  readonly body: number; // NumRopaje
  readonly bodyHumanMale: number;
  readonly bodyElfMale: number;
  readonly bodyDrowMale: number;
  readonly bodyDwarfMale: number;
  readonly bodyGnomeMale: number;
  readonly bodyOrcMale: number;
  readonly bodyHumanFemale: number;
  readonly bodyElfFemale: number;
  readonly bodyDrowFemale: number;
  readonly bodyDwarfFemale: number;
  readonly bodyGnomeFemale: number;
  readonly bodyOrcFemale: number;
}

export interface CreationTables {
  readonly balance: BalanceTableInput;
  readonly cities: readonly CityRow[];
  /** Lower-cased forbidden names; default none (the VB6 behaviour for a missing file). */
  readonly forbiddenNames?: ReadonlySet<string>;
  /**
   * The world's kit; default `EMPTY_STARTING_KIT` (nothing, as VB6 without a kit). Never a kit of
   * another data set: object numbers only mean something in their own `obj.dat`.
   */
  readonly startingKit?: StartingKit;
  /** Bodies of the kit's worn objects (`armorBodiesFromObjects` over the world's obj.dat); default none. */
  readonly armorBodies?: ReadonlyMap<number, ArmorBodies>;
  /** Default `AO20_CREATION_CITY_IDS`. */
  readonly creationCityIds?: readonly number[];
  readonly heads?: HeadRanges;
  readonly nakedBodies?: BodiesByRace;
}

function classBalance(row: ClassBalanceRow): ClassBalance {
  return {
    initialManaPerIntelligence: row.initialMana,
    manaPerIntelligencePerLevel: row.manaPerLevel,
    averageHpPerLevel: row.hpPerLevel,
    staminaPerLevel: row.staminaPerLevel,
    hitPerLevelUpTo36: row.hitPerLevelTo36,
    hitPerLevelAfter36: row.hitPerLevelAfter36,
    skillPointsPerLevel: row.skillPointsPerLevel,
  };
}

const NO_MODIFIERS: Attributes = [0, 0, 0, 0, 0];
const EMPTY_CLASS: ClassBalance = classBalance({
  hpPerLevel: 0,
  initialMana: 0,
  manaPerLevel: 0,
  staminaPerLevel: 0,
  hitPerLevelTo36: 0,
  hitPerLevelAfter36: 0,
  skillPointsPerLevel: 0,
});

/**
 * The `Balance.dat` part of the rules. A missing race or class row reads as all zeros, as VB6
 * reads missing keys (e.g. the 2024 file's `Drow*` keys leave the dark elf at +0). The `[EXTRA]`
 * HP globals are VB6 `Single`s and are stored rounded to float32 like the server does.
 */
export function balanceRulesFromTable(balance: BalanceTableInput): BalanceRules {
  const raceModifiers = {} as Record<RaceId, Attributes>;
  for (const race of RACE_IDS) {
    const row = balance.races[race - 1];
    raceModifiers[race] = row === undefined ? NO_MODIFIERS : [row.strength, row.agility, row.intelligence, row.charisma, row.constitution];
  }
  const classes = {} as Record<ClassId, ClassBalance>;
  for (const cls of CLASS_IDS) {
    const row = balance.classes[cls - 1];
    classes[cls] = row === undefined ? EMPTY_CLASS : classBalance(row);
  }
  const { globals } = balance;
  return {
    raceModifiers,
    classes,
    // Our table is indexed by level (index 0 unused); the parser's starts at level 1.
    expToLevelUp: [0, ...balance.expToLevelUp],
    hpVariance: {
      range: vbSingle(globals.hpRange),
      influence: vbSingle(globals.hpAverageInfluence),
      imbalance: vbSingle(globals.hpAverageImbalance),
      capAbove: vbSingle(globals.hpCapMax),
      capBelow: vbSingle(globals.hpCapMin),
    },
  };
}

/** Armor bodies (`ObtenerRopaje` keys) for the given objects, keyed by object number. */
export function armorBodiesFromObjects(objects: Iterable<ArmorObjectRow>): Map<number, ArmorBodies> {
  const out = new Map<number, ArmorBodies>();
  for (const o of objects) {
    out.set(o.id, {
      defaultBody: o.body,
      byRace: {
        1: { male: o.bodyHumanMale, female: o.bodyHumanFemale },
        2: { male: o.bodyElfMale, female: o.bodyElfFemale },
        3: { male: o.bodyDrowMale, female: o.bodyDrowFemale },
        4: { male: o.bodyGnomeMale, female: o.bodyGnomeFemale },
        5: { male: o.bodyDwarfMale, female: o.bodyDwarfFemale },
        6: { male: o.bodyOrcMale, female: o.bodyOrcFemale },
      },
    });
  }
  return out;
}

/**
 * Builds the creation rules from parsed tables. Head ranges, naked bodies and the creation-city
 * list fall back to the AO20 constants; the kit to none. Run `checkCreationRules` on the result
 * at boot.
 */
export function creationRulesFromTables(tables: CreationTables): CreationRules {
  const cities = new Map<number, CityPosition>();
  for (const city of tables.cities) cities.set(city.id, { map: city.map, x: city.x, y: city.y });
  return {
    balance: balanceRulesFromTable(tables.balance),
    cities,
    creationCityIds: tables.creationCityIds ?? AO20_CREATION_CITY_IDS,
    heads: tables.heads ?? AO20_HEAD_RANGES,
    nakedBodies: tables.nakedBodies ?? AO20_NAKED_BODIES,
    armorBodies: tables.armorBodies ?? new Map<number, ArmorBodies>(),
    startingKit: tables.startingKit ?? EMPTY_STARTING_KIT,
    forbiddenNames: tables.forbiddenNames ?? new Set<string>(),
  };
}
