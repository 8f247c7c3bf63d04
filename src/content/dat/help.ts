/**
 * `Help.dat`: the lines `/AYUDA` prints (VB6 `SendHelp`, ao-org/argentum-online-server
 * `Codigo/GameLogic.bas`: `[INIT] NumLines`, then `[Help] Line1 … LineN`, each sent as a console
 * line). VB6 reads the file on every `/AYUDA`; a world pack carries the lines instead.
 *
 * The file is hostile input: a count that is not a number, negative or huge, lines that are missing
 * or enormous. The count is capped at {@link MAX_HELP_LINES} and each line at
 * {@link MAX_HELP_LINE_CHARS} characters (a warning says so); a missing line is an empty one, as
 * VB6's `GetVar` gives "" for it (a warning names it).
 */
import { z } from "zod";
import { getEntry, getSection, readIni } from "./ini-reader.ts";
import { binaryDataIssue, duplicateWarnings, type DatIssue, type DatResult } from "./issues.ts";
import { vbRound, vbVal } from "./vb-val.ts";

/** At most this many help lines (AO20's file has 5). */
export const MAX_HELP_LINES = 100;
/** At most this many characters per line (AO20's longest is under 250). */
export const MAX_HELP_LINE_CHARS = 500;

export const HelpTableSchema = z.object({
  /** `Line1 … LineN` in order. */
  lines: z.array(z.string().max(MAX_HELP_LINE_CHARS)).max(MAX_HELP_LINES),
});
export type HelpTable = z.infer<typeof HelpTableSchema>;

/** Parses `Help.dat`; never throws. */
export function parseHelpDat(bytes: Uint8Array, fileName: string): DatResult<HelpTable> {
  const binary = binaryDataIssue(bytes, fileName);
  if (binary) return { value: null, errors: [binary], warnings: [] };
  const doc = readIni(bytes, fileName);
  if (getSection(doc, "INIT") === undefined && getSection(doc, "HELP") === undefined) {
    return { value: null, errors: [{ code: "not-a-table", file: fileName, message: `${fileName}: no [INIT] and no [Help]; not a Help.dat` }], warnings: [] };
  }
  const warnings: DatIssue[] = duplicateWarnings(doc);
  const declared = vbRound(vbVal(getEntry(doc, "INIT", "NumLines")?.value ?? "")) + 0;
  let count = Number.isFinite(declared) && declared > 0 ? declared : 0;
  if (declared < 0 || !Number.isFinite(declared)) {
    warnings.push({ code: "bad-value", file: fileName, section: "INIT", key: "NUMLINES", message: `[INIT] NumLines=${declared} is no count; no help lines` });
  }
  if (count > MAX_HELP_LINES) {
    warnings.push({ code: "bad-value", file: fileName, section: "INIT", key: "NUMLINES", message: `[INIT] NumLines=${count} is more than ${MAX_HELP_LINES}; the first ${MAX_HELP_LINES} are kept` });
    count = MAX_HELP_LINES;
  }
  const lines: string[] = [];
  for (let n = 1; n <= count; n++) {
    const entry = getEntry(doc, "HELP", `Line${n}`);
    if (entry === undefined) {
      warnings.push({ code: "missing-value", file: fileName, section: "HELP", key: `LINE${n}`, message: `[Help] Line${n} is missing; it is an empty line` });
      lines.push("");
      continue;
    }
    if (entry.value.length > MAX_HELP_LINE_CHARS) {
      warnings.push({ code: "bad-value", file: fileName, section: "HELP", key: `LINE${n}`, line: entry.line, message: `[Help] Line${n} is longer than ${MAX_HELP_LINE_CHARS} characters; it is cut` });
    }
    lines.push(entry.value.slice(0, MAX_HELP_LINE_CHARS));
  }
  return { value: { lines }, errors: [], warnings };
}
