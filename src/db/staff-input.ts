/**
 * What every staff repository checks before it writes: text lengths, unprintable characters,
 * whole numbers in range. A GM's reason comes from a client packet and an operator's from a
 * console form, so both are hostile input: too long, control characters or NUL (which Postgres
 * cannot store in text at all) are refused as an outcome value, never sent to the database.
 * The schema's CHECK constraints hold the same limits as a last line of defence.
 */

/** A ban's, a mute's, a jail sentence's or a warning's reason, in characters (VB6 stored 255 bytes). */
export const MAX_REASON_LENGTH = 500;
/** A punishment-record entry (`/PENAS`): the reason plus VB6's prefix and date. */
export const MAX_PUNISHMENT_TEXT_LENGTH = 1_000;
/** A `/GM` message or the header of a `/DENUNCIAR` report. */
export const MAX_REPORT_TEXT_LENGTH = 2_000;
/** A `/GM` category ("Consulta regular", "Reporte de bug", ...). */
export const MAX_REPORT_CATEGORY_LENGTH = 64;
/** `/DENUNCIAR` keeps the target's last 15 lines (`flags.ChatHistory(1 To 15)`). */
export const MAX_CHAT_EXCERPT_LINES = 15;
/** One chat line of an excerpt: the protocol's strings are far shorter. */
export const MAX_CHAT_LINE_LENGTH = 500;
/** A report's resolution note. */
export const MAX_RESOLUTION_LENGTH = 1_000;
/** An actor's or a character's name as copied into rows (character names are at most 18). */
export const MAX_ACTOR_NAME_LENGTH = 64;
/** `/SILENCIAR` carries the minutes as an i16 (the game's bound). */
export { MAX_MUTE_MINUTES } from "../game/staff/index.ts";
/**
 * The longest jail sentence the database takes: a year. The game's `MaxJailTime`
 * (`Configuracion.ini`, default 8640) is the rule; this only bounds what reaches a row.
 */
export const MAX_JAIL_MINUTES = 525_600;
/** Bans shorter than a second or longer than a century are mistakes. */
export const MIN_BAN_DURATION_MS = 1_000;
export const MAX_BAN_DURATION_MS = 100 * 365 * 24 * 3_600_000;

export type InputProblem = "empty" | "too_long" | "unprintable" | "out_of_range" | "malformed";

/** An argument refused before the database: which field and why. Nothing was written. */
export interface InvalidInput {
  kind: "invalid";
  field: string;
  problem: InputProblem;
}

/** Control characters (C0 with NUL, DEL, C1), Unicode line separators, unpaired surrogates. */
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/u;
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Length in code points, as Postgres' `char_length` counts. */
export function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

export function invalid(field: string, problem: InputProblem): InvalidInput {
  return { kind: "invalid", field, problem };
}

/** No control characters, line separators or unpaired surrogates. */
export function isPrintable(text: string): boolean {
  return !UNPRINTABLE.test(text) && !UNPAIRED_SURROGATE.test(text);
}

/** Null when `value` is acceptable text for `field`. */
export function checkText(value: string, field: string, max: number, options: { allowEmpty?: boolean } = {}): InvalidInput | null {
  if (typeof value !== "string") return invalid(field, "empty");
  if (!options.allowEmpty && value.trim() === "") return invalid(field, "empty");
  if (!isPrintable(value)) return invalid(field, "unprintable");
  if (codePoints(value) > max) return invalid(field, "too_long");
  return null;
}

/** Null when `value` is a whole number in min..max. */
export function checkWhole(value: number, field: string, min: number, max: number): InvalidInput | null {
  return Number.isSafeInteger(value) && value >= min && value <= max ? null : invalid(field, "out_of_range");
}

/**
 * Text that must be stored whatever it holds (the audit log never refuses a row for its
 * content): NUL and unpaired surrogates become U+FFFD, which Postgres can store, and the text is
 * cut to `max` code points with an ellipsis.
 */
export function storable(text: string, max: number): string {
  const clean = text.replaceAll("\u0000", "\ufffd").toWellFormed();
  if (clean.length <= max) return clean;
  const points = [...clean];
  return points.length <= max ? clean : `${points.slice(0, max - 1).join("")}…`;
}
