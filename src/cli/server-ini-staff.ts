/**
 * The staff lists of a VB6 `Server.ini` (gm-and-moderation §1.2, `loadAdministrativeUsers`), read
 * for `argentum admin staff import`: `[INIT]` counts `Admines`, `Dioses`, `SemiDioses`,
 * `Consejeros`, `RolesMasters`, and entries `[Admines] Admin1…`, `[Dioses] Dios<i>`, `[SemiDioses]
 * SemiDios<i>`, `[Consejeros] Consejero<i>`, `[RolesMasters] RM<i>`, each `Nick|email`.
 *
 * VB6 rules kept: keys and sections in any case; the count is `Val()` of its value; an entry
 * without `|email` grants nothing; a name in several lists gets the first of Admin, Dios,
 * SemiDios, Consejero (`UserDarPrivilegioLevel`) plus the RM bit if it is in the RM list; the
 * example file's `RoleMaster1=` is not read, as VB6 reads `RM1=` (G2): such keys are reported.
 * Names are trimmed of spaces (a character name never has them at its ends).
 *
 * Hostile files are refused whole, with one line: larger than a megabyte, with NUL bytes (not
 * text), a count that is not a whole number 0…1000, a name with control characters or longer
 * than a character name can be. Nothing is granted from a refused file.
 */
import { getEntry, getNumber, getSection, readIni, vbTrim, vbUpperCase, type IniDocument } from "../content/dat/index.ts";
import type { StaffGrant, StaffRank } from "../db/index.ts";

/** A Server.ini is a few kilobytes; a megabyte is no staff list. */
export const MAX_SERVER_INI_BYTES = 1_048_576;
/** Entries per list: VB6 reads the count into an Integer; no server has a thousand GMs. */
export const MAX_SERVER_INI_ENTRIES = 1_000;
/** Longest name taken from the file (character names are at most 18 characters). */
export const MAX_SERVER_INI_NAME_LENGTH = 64;

interface StaffList {
  /** `[INIT]` key with the count, also the section of the entries. */
  section: string;
  /** Entry key prefix: `Admin` + i. */
  key: string;
  rank: StaffRank | null;
}

/** VB6's order: the first list a name is in gives its rank (RM adds the flag). */
const LISTS: readonly StaffList[] = [
  { section: "Admines", key: "Admin", rank: "admin" },
  { section: "Dioses", key: "Dios", rank: "dios" },
  { section: "SemiDioses", key: "SemiDios", rank: "semidios" },
  { section: "Consejeros", key: "Consejero", rank: "consejero" },
  { section: "RolesMasters", key: "RM", rank: null },
];

/** Where a name was listed. */
export interface ServerIniSource {
  /** `Admin3`, `RM1`… as written in VB6's spelling. */
  key: string;
  line: number;
  /** The email the entry pairs with the name (upper-cased, as VB6 keeps it). */
  email: string;
}

export interface ServerIniStaffEntry {
  /** As the file spells it, trimmed. */
  name: string;
  grant: StaffGrant;
  sources: ServerIniSource[];
}

/** A line that grants nothing, and why. */
export interface ServerIniSkip {
  section: string;
  key: string;
  line: number | null;
  reason: "missing" | "no_email" | "empty_name" | "not_read";
}

export type ServerIniStaffParse = { ok: true; entries: ServerIniStaffEntry[]; skipped: ServerIniSkip[] } | { ok: false; message: string };

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;

function countOf(doc: IniDocument, list: StaffList): { ok: true; count: number } | { ok: false; message: string } {
  const entry = getEntry(doc, "INIT", list.section);
  if (entry === undefined) return { ok: true, count: 0 };
  const count = getNumber(doc, "INIT", list.section);
  if (!Number.isInteger(count) || count < 0 || count > MAX_SERVER_INI_ENTRIES) {
    return { ok: false, message: `line ${entry.line}: [INIT] ${list.section}=${JSON.stringify(entry.value.slice(0, 40))} is not a count from 0 to ${MAX_SERVER_INI_ENTRIES}` };
  }
  return { ok: true, count };
}

/** The staff lists of a Server.ini's bytes, or why the file is refused. */
export function parseServerIniStaff(bytes: Uint8Array, fileName: string): ServerIniStaffParse {
  if (bytes.length > MAX_SERVER_INI_BYTES) return { ok: false, message: `${fileName} is ${bytes.length} bytes; a Server.ini is at most ${MAX_SERVER_INI_BYTES}` };
  if (bytes.includes(0)) return { ok: false, message: `${fileName} has NUL bytes: it is not a text file` };
  const doc = readIni(bytes, fileName);
  const byName = new Map<string, ServerIniStaffEntry>();
  const skipped: ServerIniSkip[] = [];
  for (const list of LISTS) {
    const counted = countOf(doc, list);
    if (!counted.ok) return counted;
    const read = new Set<string>();
    for (let index = 1; index <= counted.count; index++) {
      const key = `${list.key}${index}`;
      read.add(vbUpperCase(key));
      const entry = getEntry(doc, list.section, key);
      if (entry === undefined) {
        skipped.push({ section: list.section, key, line: null, reason: "missing" });
        continue;
      }
      const parts = vbUpperCase(entry.value).split("|");
      // VB6 keeps the name before the first "|" and the email after it.
      const name = vbTrim(entry.value.split("|")[0]!);
      if (CONTROL.test(entry.value)) return { ok: false, message: `line ${entry.line}: [${list.section}] ${key} has control characters` };
      if ([...name].length > MAX_SERVER_INI_NAME_LENGTH) return { ok: false, message: `line ${entry.line}: [${list.section}] ${key} names someone longer than ${MAX_SERVER_INI_NAME_LENGTH} characters` };
      if (parts.length < 2) {
        skipped.push({ section: list.section, key, line: entry.line, reason: "no_email" });
        continue;
      }
      if (name === "") {
        skipped.push({ section: list.section, key, line: entry.line, reason: "empty_name" });
        continue;
      }
      const id = vbUpperCase(name);
      const source: ServerIniSource = { key, line: entry.line, email: vbTrim(parts[1]!) };
      const known = byName.get(id);
      if (known === undefined) {
        byName.set(id, { name, grant: { rank: list.rank, rolemaster: list.rank === null }, sources: [source] });
        continue;
      }
      known.sources.push(source);
      if (list.rank === null) known.grant = { ...known.grant, rolemaster: true };
      else if (known.grant.rank === null) known.grant = { ...known.grant, rank: list.rank };
    }
    // Keys of the section VB6 never reads (RoleMaster1 where it reads RM1; entries past the count).
    const section = getSection(doc, list.section);
    for (const entry of section?.entries.values() ?? []) {
      if (!read.has(entry.key)) skipped.push({ section: list.section, key: entry.key, line: entry.line, reason: "not_read" });
    }
  }
  return { ok: true, entries: [...byName.values()], skipped };
}
