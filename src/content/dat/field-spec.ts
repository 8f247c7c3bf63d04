/**
 * Table-driven field reading: each game table lists its scalar fields once (our name → VB6 key
 * and value kind); the reader and the zod schema are both derived from that list, so the JSON
 * stored in a world pack and the parser can never drift apart.
 */
import { z } from "zod";
import { getSection, type IniDocument } from "./ini-reader.ts";
import { vbUpperCase } from "./text-decoding.ts";
import { vbVal, vbValInteger } from "./vb-val.ts";

/**
 * How a value is converted, mirroring the VB6 field it lands in:
 * `int` = `Val()` into Integer/Long/Byte (half-to-even rounding); `num` = `Val()` into
 * Single/Double; `text` = the raw string; `flag` = `Val(x) <> 0`.
 */
export type FieldKind = "int" | "num" | "text" | "flag";

export interface FieldSpec<K extends FieldKind = FieldKind> {
  /** The VB6 key (case-insensitive). */
  readonly key: string;
  readonly kind: K;
}

export type FieldTable = Readonly<Record<string, FieldSpec>>;

type KindValue<K extends FieldKind> = K extends "text" ? string : K extends "flag" ? boolean : number;

/** The plain values a field table produces. */
export type FieldValues<T extends FieldTable> = { -readonly [P in keyof T]: KindValue<T[P]["kind"]> };

export const intField = (key: string): FieldSpec<"int"> => ({ key, kind: "int" });
export const numField = (key: string): FieldSpec<"num"> => ({ key, kind: "num" });
export const textField = (key: string): FieldSpec<"text"> => ({ key, kind: "text" });
export const flagField = (key: string): FieldSpec<"flag"> => ({ key, kind: "flag" });

/** Reads every field of `table` from one section; missing keys give 0 / "" / false like VB6. */
export function readFields<T extends FieldTable>(doc: IniDocument, section: string, table: T): FieldValues<T> {
  const out: Record<string, number | string | boolean> = {};
  const entries = getSection(doc, section)?.entries;
  for (const [name, kind, upperKey] of compiled(table)) {
    out[name] = convert(kind, entries?.get(upperKey)?.value);
  }
  return out as FieldValues<T>;
}

/** Field tables with their keys upper-cased once (readFields runs for every section of big files). */
const compiledTables = new WeakMap<FieldTable, readonly (readonly [string, FieldKind, string])[]>();

function compiled(table: FieldTable): readonly (readonly [string, FieldKind, string])[] {
  let list = compiledTables.get(table);
  if (list === undefined) {
    list = Object.entries(table).map(([name, spec]) => [name, spec.kind, vbUpperCase(spec.key)] as const);
    compiledTables.set(table, list);
  }
  return list;
}

/** Converts a raw value (undefined = missing) by kind. */
export function convert(kind: FieldKind, raw: string | undefined): number | string | boolean {
  switch (kind) {
    case "text":
      return raw ?? "";
    case "flag":
      return raw !== undefined && vbVal(raw) !== 0;
    case "int":
      return raw === undefined ? 0 : vbValInteger(raw);
    case "num":
      return raw === undefined ? 0 : vbVal(raw);
  }
}

const DEFAULTS: Record<FieldKind, number | string | boolean> = { int: 0, num: 0, text: "", flag: false };

type KindSchema<K extends FieldKind> = K extends "text" ? z.ZodString : K extends "flag" ? z.ZodBoolean : z.ZodNumber;

/** The zod shape of a field table; every field is optional on input (it has its VB6 default). */
export type FieldsShape<T extends FieldTable> = { [P in keyof T]: z.ZodDefault<KindSchema<T[P]["kind"]>> };

/**
 * The zod shape of a field table. Every field has its VB6 default, so stored JSON may omit
 * defaults (see {@link compactFields}) and still parse to the full record.
 */
export function fieldsShape<T extends FieldTable>(table: T): FieldsShape<T> {
  const shape: Record<string, z.ZodType> = {};
  for (const name in table) {
    const kind = table[name]!.kind;
    shape[name] =
      kind === "text"
        ? z.string().default("")
        : kind === "flag"
          ? z.boolean().default(false)
          : kind === "int"
            ? z.number().int().default(0)
            : z.number().default(0);
  }
  return shape as FieldsShape<T>;
}

/** Drops fields that hold their default value, for compact storage. */
export function compactFields<T extends FieldTable>(
  table: T,
  record: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(record)) {
    const spec = table[name];
    if (spec !== undefined && value === DEFAULTS[spec.kind]) continue;
    out[name] = value;
  }
  return out;
}
