/**
 * Fixed AO20 enumerations the tables are keyed by (ao-org/argentum-online-server
 * `Codigo/Declares.bas`, `Codigo/General.bas`): class, race, weapon-type and city names in
 * their VB6 order, so index + 1 is the VB6 id.
 */

/** `e_Class` 1..12 → the `Balance.dat` key (ListaClases without accents or spaces). */
export const CLASS_KEYS = [
  "Mago", // 1 mage
  "Clerigo", // 2 cleric (Clérigo)
  "Guerrero", // 3 warrior
  "Asesino", // 4 assassin
  "Bardo", // 5 bard
  "Druida", // 6 druid
  "Paladin", // 7 paladin (Paladín)
  "Cazador", // 8 hunter
  "Trabajador", // 9 worker
  "Pirata", // 10 pirate
  "Ladron", // 11 thief (Ladrón)
  "Bandido", // 12 bandit
] as const;
export type ClassKey = (typeof CLASS_KEYS)[number];

/** `e_Raza` 1..6 → the `Balance.dat` prefix. Gnome is 4 and dwarf 5. */
export const RACE_KEYS = [
  "Humano", // 1 human
  "Elfo", // 2 elf
  "ElfoOscuro", // 3 drow ("Elfo Oscuro")
  "Gnomo", // 4 gnome
  "Enano", // 5 dwarf
  "Orco", // 6 orc
] as const;
export type RaceKey = (typeof RACE_KEYS)[number];

/** `e_WeaponType` 1..11 → the key of the per-class weapon hit bonus (`[Asesino] Dagger=20`). */
export const WEAPON_TYPE_KEYS = [
  "Sword",
  "Dagger",
  "Bow",
  "Staff",
  "Mace",
  "ThrowableAxe",
  "Axe",
  "Knuckle",
  "Fist",
  "Spear",
  "GunPowder",
] as const;
export type WeaponTypeKey = (typeof WEAPON_TYPE_KEYS)[number];

/** `e_City` 1..10 → the `Ciudades.dat` section `CargarCiudades` reads. */
export const CITY_SECTIONS = [
  "Ullathorpe",
  "NIX",
  "Banderbill",
  "Lindos",
  "Arghal",
  "Arkhein",
  "Forgat",
  "Eldoria",
  "Penthar",
  "Morgrim",
] as const;

/** The five attributes in `[MODRAZA]` key order of our records: STR, AGI, INT, CHA, CON. */
export const ATTRIBUTE_KEYS = ["Fuerza", "Agilidad", "Inteligencia", "Carisma", "Constitucion"] as const;

/** `STAT_MAXELV`: levels with an `[EXP]` entry. */
export const MAX_LEVEL = 47;

/** `MAX_ELEMENT_TAGS`: size of `[ElementalMatrixForNpcs]`. */
export const ELEMENT_TAG_COUNT = 4;

/**
 * Class name as written in `CP<n>` of obj.dat → class id. VB6 compares `UCase$` of the value
 * with `Tilde(ListaClases(n))` after `Trim$`; accents are already gone in the keys above.
 */
export function classIdFromName(name: string): number {
  const wanted = stripAccents(name).trim().toUpperCase();
  const index = CLASS_KEYS.findIndex((key) => key.toUpperCase() === wanted);
  return index < 0 ? 0 : index + 1;
}

/** Race name as written in `RP<n>` of obj.dat ("HUMANO", "ELFO OSCURO", "DROW") → race id. */
export function raceIdFromName(name: string): number {
  const wanted = stripAccents(name).trim().toUpperCase().replace(/ /g, "");
  if (wanted === "DROW") return 3;
  const index = RACE_KEYS.findIndex((key) => key.toUpperCase() === wanted);
  return index < 0 ? 0 : index + 1;
}

/** VB6 `Tilde`: removes the accents of Spanish vowels. */
export function stripAccents(text: string): string {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
}
