/**
 * The INI-like reader with the semantics of the AO20 server's `clsIniManager` (ao-data-formats
 * §3.0): a section header is a line starting with `[` in column 1 that has a `]` after it; its
 * name is the text between, trimmed of spaces and upper-cased, and anything after `]` is
 * ignored. Any other line with `=` at position 2 or later is a key line: the key is the text
 * before that `=`, upper-cased and NOT trimmed; the value is everything after it, NOT trimmed
 * (trailing comments included). Lines before the first section and all other lines are ignored.
 *
 * Where VB6 is undefined (duplicates are found by binary search over an unstable quicksort) we
 * take the first occurrence, like `GetPrivateProfileString`, and record every duplicate.
 */
import { decodeTextLines, vbUpperCase, type TextEncodingName } from "./text-decoding.ts";
import { vbVal, vbValInteger } from "./vb-val.ts";

/** One `KEY=value` line. */
export interface IniEntry {
  /** Upper-cased, untrimmed key as VB6 stores it (`"NAME"`, `"'AGARRABLE"`, `"MAXHIT "`). */
  readonly key: string;
  /** Raw value after the first `=`: untrimmed, trailing comments kept. */
  readonly value: string;
  /** 1-based line number in the file. */
  readonly line: number;
}

/** One `[SECTION]` with its keys (first occurrence of each key wins). */
export interface IniSection {
  /** Upper-cased, space-trimmed name. */
  readonly name: string;
  /** 1-based line of the header. */
  readonly line: number;
  /** Key → first entry with that key, in file order. */
  readonly entries: ReadonlyMap<string, IniEntry>;
}

/** A section or key that appeared again; the first occurrence is the one used. */
export interface IniDuplicate {
  readonly kind: "section" | "key";
  readonly section: string;
  /** Set for `kind: "key"`. */
  readonly key?: string;
  /** Line of the ignored repeat. */
  readonly line: number;
  /** Line of the occurrence that wins. */
  readonly firstLine: number;
}

/** A parsed INI file. Plain data; use the helpers below to read values with VB6 rules. */
export interface IniDocument {
  readonly fileName: string;
  /** How the text was decoded (per line: strict UTF-8 when valid, otherwise Windows-1252). */
  readonly encoding: TextEncodingName;
  readonly lineEnding: "crlf" | "lf" | "cr" | "mixed" | "none";
  readonly lineCount: number;
  /** Sections by upper-cased name, first occurrence, in file order. */
  readonly sections: ReadonlyMap<string, IniSection>;
  /** Repeated sections (the whole repeat is ignored) and repeated keys inside a section. */
  readonly duplicates: readonly IniDuplicate[];
}

const SECTION_OPEN = "[";
const SECTION_CLOSE = "]";
const KEY_SEPARATOR = "=";

/** VB6 `Trim$` removes spaces only (not tabs). */
export function vbTrim(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) === 0x20) start++;
  while (end > start && text.charCodeAt(end - 1) === 0x20) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

interface MutableSection {
  name: string;
  line: number;
  entries: Map<string, IniEntry>;
}

/**
 * Parses an INI-like file. Any byte sequence is accepted (garbage yields sections or nothing);
 * the function never throws. `fileName` is kept for error messages of the callers.
 */
export function readIni(bytes: Uint8Array, fileName: string): IniDocument {
  const decoded = decodeTextLines(bytes);
  const sections = new Map<string, MutableSection>();
  const duplicates: IniDuplicate[] = [];
  let current: MutableSection | undefined;
  for (const { line, text } of decoded.lines) {
    if (text.length === 0) continue;
    if (text[0] === SECTION_OPEN) {
      const close = text.indexOf(SECTION_CLOSE, 1);
      if (close < 0) continue;
      const name = vbUpperCase(vbTrim(text.slice(1, close)));
      const existing = sections.get(name);
      if (existing) {
        duplicates.push({ kind: "section", section: name, line, firstLine: existing.line });
        // Keys of the repeat go to a detached section: VB6 would find only one of the two.
        current = { name, line, entries: new Map() };
      } else {
        current = { name, line, entries: new Map() };
        sections.set(name, current);
      }
      continue;
    }
    const separator = text.indexOf(KEY_SEPARATOR, 1);
    if (separator < 0 || current === undefined) continue;
    const key = vbUpperCase(text.slice(0, separator));
    const previous = current.entries.get(key);
    if (previous) {
      duplicates.push({ kind: "key", section: current.name, key, line, firstLine: previous.line });
      continue;
    }
    current.entries.set(key, { key, value: text.slice(separator + 1), line });
  }
  return {
    fileName,
    encoding: decoded.encoding,
    lineEnding: decoded.lineEnding,
    lineCount: decoded.lines.length,
    sections,
    duplicates,
  };
}

/** The section with that name (case-insensitive, space-trimmed like VB6 does on load). */
export function getSection(doc: IniDocument, section: string): IniSection | undefined {
  return doc.sections.get(vbUpperCase(vbTrim(section)));
}

/** The entry for a key (case-insensitive; whitespace is significant, as in VB6). */
export function getEntry(doc: IniDocument, section: string, key: string): IniEntry | undefined {
  return getSection(doc, section)?.entries.get(vbUpperCase(key));
}

/** True when the key exists in the section. */
export function hasKey(doc: IniDocument, section: string, key: string): boolean {
  return getEntry(doc, section, key) !== undefined;
}

/** Raw value, or `fallback` (default `""`, what `GetValue` returns) when section or key is missing. */
export function getString(doc: IniDocument, section: string, key: string, fallback = ""): string {
  return getEntry(doc, section, key)?.value ?? fallback;
}

/** `Val()` of the value: 0 for a missing key, an empty value or text without a leading number. */
export function getNumber(doc: IniDocument, section: string, key: string): number {
  const entry = getEntry(doc, section, key);
  return entry === undefined ? 0 : vbVal(entry.value);
}

/** `Val()` assigned to a VB6 integer field (half-to-even rounding). */
export function getInteger(doc: IniDocument, section: string, key: string): number {
  const entry = getEntry(doc, section, key);
  return entry === undefined ? 0 : vbValInteger(entry.value);
}
