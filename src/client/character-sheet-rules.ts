/**
 * The character window, the browser's stand-in for the stock client's statistics window
 * (`frmStatistics`): the five attributes (`Atributes`, also sent in the login burst) and the
 * counters of `MiniStats`. As the stock client's "Estadísticas" button does, opening it sends
 * `RequestAtributes` then `RequestMiniStats` (`ImgEstadisticas_MouseUp`); the answers are kept in
 * the state and the window draws them. Also its text (Spanish, as the rest of the client's). Pure.
 */
import { classInfo, genderInfo, raceInfo } from "../game/character-creation/index.ts";
import type { ServerPacketFields } from "../protocol/index.ts";
import type { GameState, MiniStatsView } from "./game-state.ts";

/** An `Atributes` answer. Each is a byte on the wire (0…255), so nothing a server sends can break the window. */
export function applyAttributes(state: GameState, fields: ServerPacketFields<"Atributes">): void {
  const { strength, agility, intelligence, constitution, charisma } = fields;
  state.stats.attributes = { strength, agility, intelligence, constitution, charisma };
}

/** A counter as the window shows it: a negative one (a hostile or broken server) reads 0. */
function counter(value: number): number {
  return Number.isInteger(value) && value > 0 ? value : 0;
}

/** A `MiniStats` answer; ids the client does not know are kept and shown as unknown. */
export function applyMiniStats(state: GameState, fields: ServerPacketFields<"MiniStats">): void {
  state.stats.miniStats = {
    citizensKilled: counter(fields.citizensKilled),
    criminalsKilled: counter(fields.criminalsKilled),
    factionStatus: fields.status,
    npcsKilled: counter(fields.npcsKilled),
    classId: fields.class,
    jailMinutes: counter(fields.penalty),
    deaths: counter(fields.deaths),
    gender: fields.gender,
    fishingPoints: counter(fields.fishingPoints),
    race: fields.race,
  };
}

/** The window's words. */
export const CHARACTER_TEXT = {
  title: "Personaje",
  button: "Personaje",
  buttonTitle: "Ver tus atributos y tus estadísticas",
  close: "Cerrar",
  attributesHeading: "Atributos",
  statsHeading: "Estadísticas",
  /** A value the server has not told yet. */
  unknownValue: "?",
  hint: "Se actualiza cada vez que abrís esta ventana. Escape cierra.",
  attributes: { strength: "Fuerza", agility: "Agilidad", intelligence: "Inteligencia", constitution: "Constitución", charisma: "Carisma" },
  stats: {
    factionStatus: "Alineación",
    classId: "Clase",
    race: "Raza",
    gender: "Género",
    criminalsKilled: "Criminales matados",
    citizensKilled: "Ciudadanos matados",
    npcsKilled: "Criaturas matadas",
    deaths: "Muertes",
    jailMinutes: "Cárcel",
    fishingPoints: "Puntos de pesca",
  },
  jailMinutes: (minutes: number): string => `${minutes} min`,
  unknownId: (id: number): string => `desconocido (${id})`,
  /** `e_Facciones` (VB6 `Declares.bas`): 4 is the Chaos council, 5 the royal one. */
  factions: ["Criminal", "Ciudadano", "Legión Oscura", "Armada Real", "Concilio de las Sombras", "Consejo de Banderbill"] as readonly string[],
} as const;

/** One row of the window: what it is, and its value as shown. */
export interface CharacterRow {
  /** `data-stat` of the row, for tests and styles. */
  readonly key: string;
  readonly label: string;
  readonly value: string;
}

const ATTRIBUTE_ORDER = ["strength", "agility", "intelligence", "constitution", "charisma"] as const;
const STAT_ORDER = ["factionStatus", "classId", "race", "gender", "criminalsKilled", "citizensKilled", "npcsKilled", "deaths", "jailMinutes", "fishingPoints"] as const;

/** The attribute rows, in the stock window's order; "?" until the server says. */
export function attributeRows(state: GameState): CharacterRow[] {
  const known = state.stats.attributes;
  return ATTRIBUTE_ORDER.map((key) => ({ key, label: CHARACTER_TEXT.attributes[key], value: known === null ? CHARACTER_TEXT.unknownValue : String(known[key]) }));
}

function statValue(stats: MiniStatsView, key: (typeof STAT_ORDER)[number]): string {
  switch (key) {
    case "factionStatus":
      return CHARACTER_TEXT.factions[stats.factionStatus] ?? CHARACTER_TEXT.unknownId(stats.factionStatus);
    case "classId":
      return classInfo(stats.classId)?.spanishName ?? CHARACTER_TEXT.unknownId(stats.classId);
    case "race":
      return raceInfo(stats.race)?.spanishName ?? CHARACTER_TEXT.unknownId(stats.race);
    case "gender":
      return genderInfo(stats.gender)?.spanishName ?? CHARACTER_TEXT.unknownId(stats.gender);
    case "jailMinutes":
      return CHARACTER_TEXT.jailMinutes(stats.jailMinutes);
    default:
      return String(stats[key]);
  }
}

/** The `MiniStats` rows; "?" until the server says. */
export function miniStatsRows(state: GameState): CharacterRow[] {
  const known = state.stats.miniStats;
  return STAT_ORDER.map((key) => ({ key, label: CHARACTER_TEXT.stats[key], value: known === null ? CHARACTER_TEXT.unknownValue : statValue(known, key) }));
}
