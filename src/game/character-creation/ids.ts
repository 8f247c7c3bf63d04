/**
 * Ids and names of races, genders, classes and cities as the AO20 client sends them
 * (`e_Raza`, `e_Genero`, `e_Class`, `e_City` in the VB6 server's `Codigo/Declares.bas`;
 * character-creation.md §2.4, §6.1). The `balanceKey` is the word `Balance.dat` uses.
 */

/** Race id (`e_Raza`). Watch the order: gnome is 4, dwarf is 5. */
export type RaceId = 1 | 2 | 3 | 4 | 5 | 6;
/** Gender id (`e_Genero`): 1 male (Hombre), 2 female (Mujer). */
export type GenderId = 1 | 2;
/** Class id (`e_Class`). */
export type ClassId = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12;
/** City id (`e_City`, the character's home: Hogar). */
export type CityId = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10;

export interface RaceInfo {
  readonly id: RaceId;
  /** English name used in code and logs. */
  readonly name: string;
  /** Spanish name as in the VB6 `ListaRazas`. */
  readonly spanishName: string;
  /** Prefix of the `[MODRAZA]` keys in Balance.dat (`ElfoOscuroFuerza`, not `DrowFuerza`). */
  readonly balanceKey: string;
}

export interface ClassInfo {
  readonly id: ClassId;
  readonly name: string;
  readonly spanishName: string;
  /** Key of the per-class sections in Balance.dat (accents and spaces removed). */
  readonly balanceKey: string;
}

export interface GenderInfo {
  readonly id: GenderId;
  readonly name: string;
  readonly spanishName: string;
}

export interface CityInfo {
  readonly id: CityId;
  readonly name: string;
  /** Section of Ciudades.Dat the VB6 loader reads for this id (`NIX` is upper case there). */
  readonly section: string;
}

export const RACE_HUMAN: RaceId = 1;
export const RACE_ELF: RaceId = 2;
export const RACE_DROW: RaceId = 3;
export const RACE_GNOME: RaceId = 4;
export const RACE_DWARF: RaceId = 5;
export const RACE_ORC: RaceId = 6;

export const GENDER_MALE: GenderId = 1;
export const GENDER_FEMALE: GenderId = 2;

export const RACES: readonly RaceInfo[] = [
  { id: 1, name: "Human", spanishName: "Humano", balanceKey: "Humano" },
  { id: 2, name: "Elf", spanishName: "Elfo", balanceKey: "Elfo" },
  // VB6 lists "Elfo Oscuro"; the Balance.dat key drops the space.
  { id: 3, name: "Drow", spanishName: "Elfo Oscuro", balanceKey: "ElfoOscuro" },
  { id: 4, name: "Gnome", spanishName: "Gnomo", balanceKey: "Gnomo" },
  { id: 5, name: "Dwarf", spanishName: "Enano", balanceKey: "Enano" },
  { id: 6, name: "Orc", spanishName: "Orco", balanceKey: "Orco" },
];

export const GENDERS: readonly GenderInfo[] = [
  { id: 1, name: "Male", spanishName: "Hombre" },
  { id: 2, name: "Female", spanishName: "Mujer" },
];

export const CLASSES: readonly ClassInfo[] = [
  { id: 1, name: "Mage", spanishName: "Mago", balanceKey: "Mago" },
  { id: 2, name: "Cleric", spanishName: "Clérigo", balanceKey: "Clerigo" },
  { id: 3, name: "Warrior", spanishName: "Guerrero", balanceKey: "Guerrero" },
  { id: 4, name: "Assassin", spanishName: "Asesino", balanceKey: "Asesino" },
  { id: 5, name: "Bard", spanishName: "Bardo", balanceKey: "Bardo" },
  { id: 6, name: "Druid", spanishName: "Druida", balanceKey: "Druida" },
  { id: 7, name: "Paladin", spanishName: "Paladín", balanceKey: "Paladin" },
  { id: 8, name: "Hunter", spanishName: "Cazador", balanceKey: "Cazador" },
  { id: 9, name: "Worker", spanishName: "Trabajador", balanceKey: "Trabajador" },
  { id: 10, name: "Pirate", spanishName: "Pirata", balanceKey: "Pirata" },
  { id: 11, name: "Thief", spanishName: "Ladrón", balanceKey: "Ladron" },
  { id: 12, name: "Bandit", spanishName: "Bandido", balanceKey: "Bandido" },
];

export const CITIES: readonly CityInfo[] = [
  { id: 1, name: "Ullathorpe", section: "Ullathorpe" },
  { id: 2, name: "Nix", section: "NIX" },
  { id: 3, name: "Banderbill", section: "Banderbill" },
  { id: 4, name: "Lindos", section: "Lindos" },
  { id: 5, name: "Arghal", section: "Arghal" },
  { id: 6, name: "Arkhein", section: "Arkhein" },
  { id: 7, name: "Forgat", section: "Forgat" },
  { id: 8, name: "Eldoria", section: "Eldoria" },
  { id: 9, name: "Penthar", section: "Penthar" },
  { id: 10, name: "Morgrim", section: "Morgrim" },
];

export const RACE_IDS: readonly RaceId[] = RACES.map((r) => r.id);
export const GENDER_IDS: readonly GenderId[] = GENDERS.map((g) => g.id);
export const CLASS_IDS: readonly ClassId[] = CLASSES.map((c) => c.id);
export const CITY_IDS: readonly CityId[] = CITIES.map((c) => c.id);

/**
 * Cities the VB6 `IsValidCharacterCreationCity` accepts (Ullathorpe, Nix, Arghal, Forgat,
 * Eldoria, Penthar, Morgrim), provided the city also has a map and coordinates. With both
 * shared `Ciudades.Dat` files only 1, 2 and 5 qualify (§6.1).
 */
export const AO20_CREATION_CITY_IDS: readonly CityId[] = [1, 2, 5, 7, 8, 9, 10];

export function isRaceId(value: number): value is RaceId {
  return Number.isInteger(value) && value >= 1 && value <= RACES.length;
}

export function isGenderId(value: number): value is GenderId {
  return value === GENDER_MALE || value === GENDER_FEMALE;
}

export function isClassId(value: number): value is ClassId {
  return Number.isInteger(value) && value >= 1 && value <= CLASSES.length;
}

export function isCityId(value: number): value is CityId {
  return Number.isInteger(value) && value >= 1 && value <= CITIES.length;
}

/** Race info by id; `undefined` for an unknown id. */
export function raceInfo(id: number): RaceInfo | undefined {
  return isRaceId(id) ? RACES[id - 1] : undefined;
}

export function classInfo(id: number): ClassInfo | undefined {
  return isClassId(id) ? CLASSES[id - 1] : undefined;
}

export function genderInfo(id: number): GenderInfo | undefined {
  return isGenderId(id) ? GENDERS[id - 1] : undefined;
}

export function cityInfo(id: number): CityInfo | undefined {
  return isCityId(id) ? CITIES[id - 1] : undefined;
}
