/**
 * Character-name rules: the syntax check of the VB6 `ValidarNombre` and the forbidden-name
 * list of `NombrePermitido` (character-creation.md §2.1, §2.2). Uniqueness is NOT checked
 * here: the database does it case-insensitively over every row (§2.3).
 */

/** Shortest valid name, in UTF-16 units (VB6 `Len`), spaces included. */
export const NAME_MIN_LENGTH = 3;
/** Longest valid name, in UTF-16 units, spaces included. */
export const NAME_MAX_LENGTH = 18;

const SPACE = 0x20;

/** Why a name fails the syntax check; all of them become a plain close in AO20. */
export type NameProblem = "too_short" | "too_long" | "bad_character" | "double_space" | "edge_space";

export type NameCheck = { readonly ok: true } | { readonly ok: false; readonly problem: NameProblem };

function isAsciiLetter(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

/**
 * The VB6 `ValidarNombre`: 3..18 UTF-16 units; only ASCII letters and single spaces; no space
 * at either end. Nothing is trimmed or normalised: the name is stored as typed (case kept).
 *
 * Decision (§2.1 note): VB6 upper-cases with the Windows locale first, so a few non-ASCII
 * letters whose upper case is ASCII (U+0131 dotless i → `I`) slip through there. We apply the
 * intended ASCII rule, equivalent to `^[A-Za-z]+( [A-Za-z]+)*$` plus the length bounds.
 * The first problem in VB6's order of checks is reported (length, then characters from left to
 * right, then the edges).
 */
export function validateCharacterName(name: string): NameCheck {
  if (name.length < NAME_MIN_LENGTH) return { ok: false, problem: "too_short" };
  if (name.length > NAME_MAX_LENGTH) return { ok: false, problem: "too_long" };
  let previous = -1;
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    if (code !== SPACE && !isAsciiLetter(code)) return { ok: false, problem: "bad_character" };
    if (code === SPACE && previous === SPACE) return { ok: false, problem: "double_space" };
    previous = code;
  }
  if (name.charCodeAt(0) === SPACE || name.charCodeAt(name.length - 1) === SPACE) {
    return { ok: false, problem: "edge_space" };
  }
  return { ok: true };
}

/**
 * Builds the forbidden-name set from the lines of `NombresInvalidos.txt` (already decoded to
 * text, split on CRLF/LF/CR). Like `CargarForbidenWords` every entry is lower-cased and NOT
 * trimmed, so `"pepe "` forbids nothing a valid name can be; empty lines are dropped (an empty
 * entry can never equal a valid name either).
 */
export function forbiddenNamesFromLines(lines: Iterable<string>): ReadonlySet<string> {
  const names = new Set<string>();
  for (const line of lines) if (line.length > 0) names.add(line.toLowerCase());
  return names;
}

/** Splits the decoded text of `NombresInvalidos.txt` into lines (CRLF, LF or CR) and builds the set. */
export function forbiddenNamesFromText(text: string): ReadonlySet<string> {
  return forbiddenNamesFromLines(text.split(/\r\n|\n|\r/));
}

/**
 * The VB6 `NombrePermitido` negated: true when the whole lower-cased name equals an entry.
 * No substring matching: with a list holding `pepe`, "Pepe" is forbidden and "Pepes" is not.
 * `forbidden` must hold lower-cased entries (use `forbiddenNamesFromLines`).
 */
export function isNameForbidden(name: string, forbidden: ReadonlySet<string>): boolean {
  return forbidden.has(name.toLowerCase());
}
