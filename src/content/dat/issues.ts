/**
 * Problems found while reading the data tables. Bad data is an expected outcome (the real files
 * are full of quirks), so it is reported as values, never thrown.
 */
import type { IniDocument } from "./ini-reader.ts";

export type DatIssueCode =
  /** The file could not be read from disk. */
  | "unreadable-file"
  /** An optional file is absent. */
  | "missing-file"
  /** The bytes are not a text table of the expected kind (binary data, no matching sections). */
  | "not-a-table"
  /** A section repeated; the first one is used. */
  | "duplicate-section"
  /** A numbered section the count key promises is absent (e.g. `[QUEST10]` below `NumQuests`). */
  | "missing-section"
  /** A key the loader does not read (a typo, or a list entry beyond its count). */
  | "ignored-key"
  /** A key repeated inside a section; the first one is used. */
  | "duplicate-key"
  /** A section whose name the table does not use, or a numbered section above the declared count. */
  | "ignored-section"
  /** Sections that exist but hold no key at all (VB6 reads them as all zero). */
  | "empty-sections"
  /** A value the loader cannot interpret (e.g. a class name that is not a class). */
  | "bad-value"
  /** A key the VB6 loader reads is missing where it matters (e.g. a city without a map). */
  | "missing-value"
  /** A binary file ends inside a record. */
  | "truncated"
  /** A binary record or text line holds impossible values (e.g. 0 frames). */
  | "bad-record"
  /** Bytes after the last record the reader expects. */
  | "trailing-bytes";

/** One problem, naming the file and, where it applies, the section, key and line. */
export interface DatIssue {
  readonly code: DatIssueCode;
  readonly file: string;
  readonly section?: string;
  readonly key?: string;
  readonly line?: number;
  /** Byte offset, for problems found in the raw bytes. */
  readonly offset?: number;
  readonly message: string;
}

/** The outcome of parsing one table file: a value (null when unusable) plus what was noticed. */
export interface DatResult<T> {
  readonly value: T | null;
  readonly errors: DatIssue[];
  readonly warnings: DatIssue[];
}

/** Duplicate sections and keys of a document as warnings. */
export function duplicateWarnings(doc: IniDocument): DatIssue[] {
  return doc.duplicates.map((dup) =>
    dup.kind === "section"
      ? {
          code: "duplicate-section" as const,
          file: doc.fileName,
          section: dup.section,
          line: dup.line,
          message: `section [${dup.section}] repeated at line ${dup.line}; the one at line ${dup.firstLine} is used`,
        }
      : {
          code: "duplicate-key" as const,
          file: doc.fileName,
          section: dup.section,
          key: dup.key!,
          line: dup.line,
          message: `key ${dup.key} repeated in [${dup.section}] at line ${dup.line}; the one at line ${dup.firstLine} is used`,
        },
  );
}

/** Offset of the first NUL byte, or -1. Text tables never contain NUL; binary files nearly always do. */
export function firstNulOffset(bytes: Uint8Array): number {
  return bytes.indexOf(0);
}

/** An error issue for bytes that are binary rather than text, or undefined when they look like text. */
export function binaryDataIssue(bytes: Uint8Array, fileName: string): DatIssue | undefined {
  const offset = firstNulOffset(bytes);
  if (offset < 0) return undefined;
  return {
    code: "not-a-table",
    file: fileName,
    offset,
    message: `${fileName}: NUL byte at offset ${offset}; this is binary data, not a text table`,
  };
}
