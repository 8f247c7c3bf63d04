/**
 * World names: what `argentum import --name` accepts and what a pack manifest may carry. The
 * name is how a database recognises its world, and it is printed in one-line start-up errors
 * and logs, so it must be short and printable.
 */

/** Longest world name, in characters (code points). */
export const MAX_WORLD_NAME_LENGTH = 64;

export type WorldNameCheck = { ok: true } | { ok: false; reason: string };

/** Control characters (C0, DEL, C1) and the Unicode line and paragraph separators. */
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;

export function checkWorldName(name: string): WorldNameCheck {
  if (name.trim() === "") return { ok: false, reason: "a world name cannot be empty" };
  if (name !== name.trim()) return { ok: false, reason: "a world name cannot start or end with blanks" };
  if (UNPRINTABLE.test(name)) return { ok: false, reason: "a world name cannot contain control characters" };
  const length = [...name].length;
  if (length > MAX_WORLD_NAME_LENGTH) return { ok: false, reason: `a world name has at most ${MAX_WORLD_NAME_LENGTH} characters (this one has ${length})` };
  return { ok: true };
}
