/**
 * The `[PREFIX<n>]` + `[INIT] Num…=N` pattern shared by obj.dat, npcs.dat and Hechizos.dat. The
 * VB6 loaders iterate n = 1..N and look up `"PREFIX" & n`, so only exact decimal names without
 * leading zeros are reachable, and sections above N are never read.
 */
import { getNumber, getSection, readIni, type IniDocument } from "./ini-reader.ts";
import { binaryDataIssue, duplicateWarnings, type DatIssue, type DatResult } from "./issues.ts";

/** Highest id VB6 will read (`NumObjs` etc. are integers; VB6 `Integer` caps at 32767). */
const MAX_VB6_INTEGER = 32_767;

export interface NumberedSections {
  /** `[INIT] <countKey>` as read by VB6: the highest id, not the number of sections. */
  readonly declaredCount: number;
  /** Ids of sections that exist, have at least one key, and are within 1..declaredCount, ascending. */
  readonly ids: number[];
}

/** Lists the usable `[PREFIX<n>]` sections and reports the ones VB6 would not read. */
export function numberedSections(
  doc: IniDocument,
  prefix: string,
  countKey: string,
  warnings: DatIssue[],
): NumberedSections {
  const declaredCount = Math.max(0, Math.min(MAX_VB6_INTEGER, Math.trunc(getNumber(doc, "INIT", countKey))));
  const pattern = new RegExp(`^${prefix}([1-9][0-9]{0,8})$`);
  const ids: number[] = [];
  const emptyIds: number[] = [];
  for (const section of doc.sections.values()) {
    if (section.name === "INIT") continue;
    const match = pattern.exec(section.name);
    if (match === null) {
      warnings.push({
        code: "ignored-section",
        file: doc.fileName,
        section: section.name,
        line: section.line,
        message: `section [${section.name}] is not a [${prefix}<n>] section; ignored`,
      });
      continue;
    }
    const id = Number(match[1]);
    if (id > declaredCount) {
      warnings.push({
        code: "ignored-section",
        file: doc.fileName,
        section: section.name,
        line: section.line,
        message: `[${section.name}] is above [INIT] ${countKey}=${declaredCount}; the VB6 loader never reads it`,
      });
      continue;
    }
    if (section.entries.size === 0) {
      emptyIds.push(id);
      continue;
    }
    ids.push(id);
  }
  if (emptyIds.length > 0) {
    warnings.push({
      code: "empty-sections",
      file: doc.fileName,
      message: `${emptyIds.length} [${prefix}<n>] sections have no keys and were skipped (first: ${prefix}${emptyIds[0]})`,
    });
  }
  ids.sort((a, b) => a - b);
  return { declaredCount, ids };
}

/** True when the document has the `[INIT]` section or at least one `[PREFIX<n>]` section. */
export function looksLikeNumberedTable(doc: IniDocument, prefix: string): boolean {
  if (getSection(doc, "INIT") !== undefined) return true;
  const pattern = new RegExp(`^${prefix}[0-9]+$`);
  for (const name of doc.sections.keys()) if (pattern.test(name)) return true;
  return false;
}

/**
 * Reads a counted list `<countKey>=n` + `<itemKey>1..n` from a section; each raw value goes to
 * `parse`. Missing items are passed as "" (VB6 `GetValue` returns an empty string).
 */
export function countedList<T>(
  doc: IniDocument,
  section: string,
  count: number,
  itemKey: (index: number) => string,
  parse: (raw: string, index: number) => T,
  limit = 10_000,
): T[] {
  const out: T[] = [];
  const n = Math.max(0, Math.min(limit, Math.trunc(count)));
  const entries = getSection(doc, section)?.entries;
  for (let i = 1; i <= n; i++) {
    const raw = entries?.get(itemKey(i).toUpperCase())?.value ?? "";
    out.push(parse(raw, i));
  }
  return out;
}

/** VB6 `ReadField(n, text, "-")`-style split: the n-th (1-based) field, "" when absent. */
export function field(raw: string, index: number, separator: string): string {
  return raw.split(separator)[index - 1] ?? "";
}

/**
 * The shared shape of obj.dat, npcs.dat and Hechizos.dat: refuse binary data and files with
 * neither `[INIT]` nor a `[<prefix><n>]` section, collect duplicate warnings, then read each
 * numbered section with `readEntry`.
 */
export function parseNumberedTable<T>(
  bytes: Uint8Array,
  fileName: string,
  prefix: string,
  countKey: string,
  readEntry: (doc: IniDocument, id: number, warnings: DatIssue[]) => T,
): DatResult<{ declaredCount: number; entries: T[] }> {
  const binary = binaryDataIssue(bytes, fileName);
  if (binary) return { value: null, errors: [binary], warnings: [] };
  const doc = readIni(bytes, fileName);
  if (!looksLikeNumberedTable(doc, prefix)) {
    return {
      value: null,
      errors: [{ code: "not-a-table", file: fileName, message: `${fileName}: no [INIT] and no [${prefix}<n>] section` }],
      warnings: [],
    };
  }
  const warnings = duplicateWarnings(doc);
  const { declaredCount, ids } = numberedSections(doc, prefix, countKey, warnings);
  return { value: { declaredCount, entries: ids.map((id) => readEntry(doc, id, warnings)) }, errors: [], warnings };
}
