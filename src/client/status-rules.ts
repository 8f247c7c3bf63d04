/**
 * Faction status as the browser shows it (combat-and-progression §8.2): the colour of the name
 * under a player by its status (the stock client's `ColoresPJ`: citizens blue, criminals red), kept
 * up to date by `UpdateTagAndStatus` (a citizen who attacks a citizen turns criminal for everyone
 * who sees it), and the safe toggle ("seguro", `/SEG`) the server reports with `SafeModeOn` and
 * `SafeModeOff`. Pure.
 */
import { CharacterKind } from "../protocol/index.ts";
import { NAME_TAG_MAX_CHARS } from "./constants.ts";
import { pushConsole, type GameState } from "./game-state.ts";
import { SAFE_TEXT } from "./ui-text.ts";

/**
 * `e_Facciones`, the `status` of `CharacterCreate` and `UpdateTagAndStatus` (protocol doc,
 * `AccountCharacterList`: 0 criminal, 1 citizen, 2 chaos, 3 royal army, 4 chaos council, 5
 * royal council). The server's copy is game/faction, which the client does not import.
 */
export const FactionStatus = {
  criminal: 0,
  citizen: 1, // Ciudadano
  chaos: 2, // Legión Oscura
  royalArmy: 3, // Ejército Real
  chaosCouncil: 4, // Concilio de las Sombras
  royalCouncil: 5, // Consejo de Banderbill
} as const;

/** Name colours by status, after the stock client's `Char_Render` (criminal `ColoresPJ(50)`, citizen 49, chaos 6, army 7). */
export const STATUS_NAME_COLOURS: Readonly<Record<number, string>> = {
  [FactionStatus.criminal]: "#ff6b5e",
  [FactionStatus.citizen]: "#7fb7ff",
  [FactionStatus.chaos]: "#ff8c42",
  [FactionStatus.royalArmy]: "#6fe0d2",
  [FactionStatus.chaosCouncil]: "#ff8c42",
  [FactionStatus.royalCouncil]: "#6fe0d2",
};
/** NPC names. */
export const NPC_NAME_COLOUR = "#f0e6c8";
/** Game masters and administrators (privileges above a plain user's). */
export const STAFF_NAME_COLOUR = "#f5c542";

/** The colour of the name under a char: NPCs one colour, staff another, players by status. */
export function nameColour(kind: number, status: number, privileges: number): string {
  if (kind !== CharacterKind.Player) return NPC_NAME_COLOUR;
  if (privileges > 1) return STAFF_NAME_COLOUR;
  return STATUS_NAME_COLOURS[status] ?? STATUS_NAME_COLOURS[FactionStatus.citizen]!;
}

/** True when the status reads as a criminal's (red). */
export function isCriminal(status: number): boolean {
  return status === FactionStatus.criminal;
}

/**
 * `UpdateTagAndStatus`: the char's new status and the name drawn under it (the tag: the name,
 * with the guild when there is one). Unknown chars are ignored; an empty tag keeps the name.
 */
export function applyTagAndStatus(state: GameState, charIndex: number, status: number, tag: string): void {
  const char = state.chars.get(charIndex);
  if (!char) return;
  char.status = status;
  const name = tag.trim().slice(0, NAME_TAG_MAX_CHARS);
  if (name.length > 0) char.name = name;
}

/**
 * `SafeModeOn` / `SafeModeOff`: the HUD follows; a change of a state already known (the answer to
 * `/SEG`) is said in the console too, the one in the login burst is not.
 */
export function applySafeMode(state: GameState, on: boolean, nowMs: number): void {
  const before = state.safeMode;
  state.safeMode = on;
  if (before !== null && before !== on) pushConsole(state, on ? SAFE_TEXT.turnedOn : SAFE_TEXT.turnedOff, "info", nowMs);
}
