/**
 * Turns a layout into its decoder, encoder and input preparer. Compiled once per packet when the
 * tables load; decoding then runs a fixed array of small closures per packet.
 */
import {
  fieldNames,
  minBytes,
  type Condition,
  type CountType,
  type ItemSpec,
  type Layout,
  type LayoutNode,
  type ListNode,
  type ScalarType,
} from "./layout.ts";
import type { PacketReader } from "./packet-reader.ts";
import type { SafeArrayBound, SafeArrayInt8 } from "./safe-array.ts";
import type { PacketWriter } from "./packet-writer.ts";
import { ProtocolError } from "./protocol-error.ts";

export type Fields = Record<string, unknown>;
export type DecodeFn = (r: PacketReader, out: Fields) => void;
export type EncodeFn = (w: PacketWriter, fields: Fields) => void;

const I16_MIN = -0x8000;
const I16_MAX = 0x7fff;
const I32_MIN = -0x8000_0000;
const I32_MAX = 0x7fff_ffff;
const U8_MAX = 0xff;

/** Shared cell between a `countOf` node and its `countedBy` list within one layout level. */
type CountCells = Map<string, { value: number }>;

function cellFor(cells: CountCells, list: string): { value: number } {
  let cell = cells.get(list);
  if (!cell) {
    cell = { value: 0 };
    cells.set(list, cell);
  }
  return cell;
}

// ---------------------------------------------------------------------------------------------
// Decoding

function scalarReader(type: ScalarType): (r: PacketReader) => unknown {
  switch (type) {
    case "u8":
      return (r) => r.u8();
    case "i16":
      return (r) => r.i16();
    case "i32":
      return (r) => r.i32();
    case "f32":
      return (r) => r.f32();
    case "f64":
      return (r) => r.f64();
    case "bool":
      return (r) => r.bool();
    case "str":
      return (r) => r.str();
    case "varint":
      return (r) => r.varint();
    case "sa8":
      return (r) => r.sa8();
    case "bytes":
      return (r) => r.rest();
  }
}

function readCount(r: PacketReader, type: CountType): number {
  switch (type) {
    case "u8":
      return r.u8();
    case "varint":
      return r.varint();
    case "i16": {
      const at = r.pos;
      const n = r.i16();
      if (n < 0) r.fail("bad_count", `negative count ${n}`, at);
      return n;
    }
  }
}

function compileFieldDecoder(name: string, type: ScalarType): DecodeFn {
  // Specialised closures for the common types keep the hot decoders free of an extra call.
  switch (type) {
    case "u8":
      return (r, out) => {
        r.field = name;
        out[name] = r.u8();
      };
    case "i16":
      return (r, out) => {
        r.field = name;
        out[name] = r.i16();
      };
    case "i32":
      return (r, out) => {
        r.field = name;
        out[name] = r.i32();
      };
    case "str":
      return (r, out) => {
        r.field = name;
        out[name] = r.str();
      };
    default: {
      const read = scalarReader(type);
      return (r, out) => {
        r.field = name;
        out[name] = read(r);
      };
    }
  }
}

function compileListDecoder(node: ListNode, cells: CountCells): DecodeFn {
  const { name, count, item } = node;
  const itemMin = minBytes(item);
  const readItem: (r: PacketReader) => unknown =
    typeof item === "string"
      ? scalarReader(item)
      : (() => {
          const decodeItem = compileDecoder(item);
          return (r: PacketReader) => {
            const obj: Fields = {};
            decodeItem(r, obj);
            return obj;
          };
        })();
  const cell = "countedBy" in count ? cellFor(cells, name) : undefined;
  return (r, out) => {
    r.field = name;
    const at = r.pos;
    const n = "fixed" in count ? count.fixed : "prefix" in count ? readCount(r, count.prefix) : cell!.value;
    // Refuse counts the remaining bytes cannot hold before allocating anything for them.
    if (n * itemMin > r.remaining) r.fail("truncated", `${n} item(s) of at least ${itemMin} byte(s) each`, at);
    const items: unknown[] = [];
    for (let i = 0; i < n; i++) items.push(readItem(r));
    out[name] = items;
  };
}

function decodeTest(test: Condition): (r: PacketReader, out: Fields) => boolean {
  switch (test.kind) {
    case "set": {
      const f = test.field;
      return (_r, out) => isSet(out[f]);
    }
    case "eq": {
      const { field: f, value } = test;
      return (_r, out) => out[f] === value;
    }
    case "more":
      return (r) => r.remaining > 0;
  }
}

function isSet(value: unknown): boolean {
  return value !== undefined && value !== 0 && value !== false;
}

function compileNodeDecoder(node: LayoutNode, cells: CountCells): DecodeFn {
  switch (node.kind) {
    case "field":
      return compileFieldDecoder(node.name, node.type);
    case "list":
      return compileListDecoder(node, cells);
    case "count": {
      const cell = cellFor(cells, node.list);
      const { type, list } = node;
      return (r) => {
        r.field = list;
        cell.value = readCount(r, type);
      };
    }
    case "when": {
      const test = decodeTest(node.test);
      const inner = compileDecoder(node.nodes);
      return (r, out) => {
        if (test(r, out)) inner(r, out);
      };
    }
  }
}

/** The decoder of a layout: reads its fields from `r` into `out`, in wire order. */
export function compileDecoder(layout: Layout): DecodeFn {
  const cells: CountCells = new Map();
  const steps = layout.map((node) => compileNodeDecoder(node, cells));
  switch (steps.length) {
    case 0:
      return () => {};
    case 1:
      return steps[0]!;
    default:
      return (r, out) => {
        for (let i = 0; i < steps.length; i++) steps[i]!(r, out);
      };
  }
}

// ---------------------------------------------------------------------------------------------
// Encoding (inputs are trusted here: `prepareFields` has checked them)

function scalarWriter(type: ScalarType): (w: PacketWriter, value: unknown) => void {
  switch (type) {
    case "u8":
      return (w, v) => w.u8(v as number);
    case "i16":
      return (w, v) => w.i16(v as number);
    case "i32":
      return (w, v) => w.i32(v as number);
    case "f32":
      return (w, v) => w.f32(v as number);
    case "f64":
      return (w, v) => w.f64(v as number);
    case "bool":
      return (w, v) => w.bool(v as boolean);
    case "str":
      return (w, v) => w.str(v as string);
    case "varint":
      return (w, v) => w.varint(v as number);
    case "sa8":
      return (w, v) => w.sa8(v as SafeArrayInt8);
    case "bytes":
      return (w, v) => w.raw(v as Uint8Array);
  }
}

function writeCount(w: PacketWriter, type: CountType, n: number): void {
  if (type === "u8") w.u8(n);
  else if (type === "i16") w.i16(n);
  else w.varint(n);
}

function encodeTest(test: Condition, firstInnerField: string | undefined): (fields: Fields) => boolean {
  switch (test.kind) {
    case "set": {
      const f = test.field;
      return (fields) => isSet(fields[f]);
    }
    case "eq": {
      const { field: f, value } = test;
      return (fields) => fields[f] === value;
    }
    case "more":
      return (fields) => firstInnerField !== undefined && fields[firstInnerField] !== undefined;
  }
}

function compileNodeEncoder(node: LayoutNode): EncodeFn {
  switch (node.kind) {
    case "field": {
      const write = scalarWriter(node.type);
      const name = node.name;
      return (w, fields) => write(w, fields[name]);
    }
    case "count": {
      const { list, type } = node;
      return (w, fields) => writeCount(w, type, (fields[list] as unknown[]).length);
    }
    case "list": {
      const { name, count, item } = node;
      const writeItem: (w: PacketWriter, v: unknown) => void =
        typeof item === "string" ? scalarWriter(item) : ((enc) => (w: PacketWriter, v: unknown) => enc(w, v as Fields))(compileEncoder(item));
      return (w, fields) => {
        const items = fields[name] as unknown[];
        if ("prefix" in count) writeCount(w, count.prefix, items.length);
        for (let i = 0; i < items.length; i++) writeItem(w, items[i]);
      };
    }
    case "when": {
      const test = encodeTest(node.test, fieldNames(node.nodes)[0]);
      const inner = compileEncoder(node.nodes);
      return (w, fields) => {
        if (test(fields)) inner(w, fields);
      };
    }
  }
}

/** The encoder of a layout: writes `fields` (already prepared) in wire order. */
export function compileEncoder(layout: Layout): EncodeFn {
  const steps = layout.map(compileNodeEncoder);
  if (steps.length === 0) return () => {};
  return (w, fields) => {
    for (let i = 0; i < steps.length; i++) steps[i]!(w, fields);
  };
}

// ---------------------------------------------------------------------------------------------
// Preparing untrusted input: wire-order arrays or objects, JSON-friendly byte forms, range checks

function badField(path: string, message: string): never {
  throw new ProtocolError("bad_field", `${path || "fields"}: ${message}`, { field: path || undefined });
}

function isPlainObject(value: unknown): value is Fields {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// Native where the engine has it (ES2024); the regex covers older browsers.
const HAS_IS_WELL_FORMED = typeof (String.prototype as { isWellFormed?: unknown }).isWellFormed === "function";

function isWellFormedText(value: string): boolean {
  return HAS_IS_WELL_FORMED ? value.isWellFormed() : !LONE_SURROGATE.test(value);
}

function checkInteger(value: unknown, min: number, max: number, prefix: string, name: string, type: string): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    badField(`${prefix}${name}`, `${type} must be an integer in ${min}..${max}, got ${JSON.stringify(value)}`);
  }
  return value;
}

/** Accepts a `Uint8Array`, an array of byte values or a hex string (spaces allowed). */
export function toBytes(value: unknown, path: string): Uint8Array {
  if (value instanceof Uint8Array) return value;
  if (Array.isArray(value)) {
    const out = new Uint8Array(value.length);
    value.forEach((b, i) => {
      out[i] = checkInteger(b, 0, U8_MAX, path, `[${i}]`, "byte");
    });
    return out;
  }
  if (typeof value === "string") {
    const hex = value.replace(/\s+/g, "");
    if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) badField(path, "hex string expected");
    const out = new Uint8Array(hex.length / 2);
    for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
    return out;
  }
  return badField(path, "bytes expected (Uint8Array, byte array or hex string)");
}

function checkSafeArray(value: unknown, path: string): SafeArrayInt8 {
  if (!isPlainObject(value) || !Array.isArray(value.bounds)) badField(path, "safe array {bounds, data} expected");
  const bounds: SafeArrayBound[] = value.bounds.map((b: unknown, i: number) => {
    if (!isPlainObject(b)) badField(`${path}.bounds[${i}]`, "{lowerBound, count} expected");
    return {
      lowerBound: checkInteger(b.lowerBound, 0, Number.MAX_SAFE_INTEGER, path, `.bounds[${i}].lowerBound`, "varint"),
      count: checkInteger(b.count, 0, Number.MAX_SAFE_INTEGER, path, `.bounds[${i}].count`, "varint"),
    };
  });
  const data = toBytes(value.data, `${path}.data`);
  const expected = bounds.length === 0 ? 0 : bounds.reduce((n, b) => n * b.count, 1);
  if (data.length !== expected) badField(`${path}.data`, `${expected} byte(s) expected by the bounds, got ${data.length}`);
  return { bounds, data };
}

/** Checks one scalar; the path (`prefix` + `name`) is only built for the error message. */
function checkScalar(type: ScalarType, value: unknown, prefix: string, name: string): unknown {
  switch (type) {
    case "u8":
      return checkInteger(value, 0, U8_MAX, prefix, name, type);
    case "i16":
      return checkInteger(value, I16_MIN, I16_MAX, prefix, name, type);
    case "i32":
      return checkInteger(value, I32_MIN, I32_MAX, prefix, name, type);
    case "varint":
      return checkInteger(value, 0, Number.MAX_SAFE_INTEGER, prefix, name, type);
    case "f32":
    case "f64":
      if (typeof value !== "number") badField(`${prefix}${name}`, `${type} must be a number`);
      return value;
    case "bool":
      if (typeof value !== "boolean") badField(`${prefix}${name}`, "bool must be true or false");
      return value;
    case "str":
      if (typeof value !== "string") badField(`${prefix}${name}`, "string expected");
      if (!isWellFormedText(value)) badField(`${prefix}${name}`, "string has a lone UTF-16 surrogate");
      return value;
    case "sa8":
      return checkSafeArray(value, `${prefix}${name}`);
    case "bytes":
      return toBytes(value, `${prefix}${name}`);
  }
}

const fieldNameSets = new WeakMap<Layout, ReadonlySet<string>>();
const fieldNameLists = new WeakMap<Layout, readonly string[]>();

/** `fieldNames(layout)`, computed once per layout (layouts are immutable table constants). */
function namesOf(layout: Layout): readonly string[] {
  let names = fieldNameLists.get(layout);
  if (!names) {
    names = fieldNames(layout);
    fieldNameLists.set(layout, names);
  }
  return names;
}

function nameSetOf(layout: Layout): ReadonlySet<string> {
  let set = fieldNameSets.get(layout);
  if (!set) {
    set = new Set(namesOf(layout));
    fieldNameSets.set(layout, set);
  }
  return set;
}

const COUNT_MAX: Record<CountType, number> = { u8: U8_MAX, i16: I16_MAX, varint: Number.MAX_SAFE_INTEGER };

function prepareItem(item: ItemSpec, value: unknown, path: string): unknown {
  return typeof item === "string" ? checkScalar(item, value, path, "") : prepareFieldsAt(item, value, `${path}.`);
}

function prepareList(node: ListNode, value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) badField(path, "array expected");
  const c = node.count;
  if ("fixed" in c) {
    if (value.length !== c.fixed) badField(path, `exactly ${c.fixed} item(s) expected, got ${value.length}`);
  } else {
    const type = "prefix" in c ? c.prefix : c.countedBy;
    if (value.length > COUNT_MAX[type]) badField(path, `at most ${COUNT_MAX[type]} item(s) fit a ${type} count`);
  }
  return value.map((v, i) => prepareItem(node.item, v, `${path}[${i}]`));
}

function prepareFieldsAt(layout: Layout, input: unknown, prefix: string): Fields {
  const out: Fields = {};
  const path = (name: string) => `${prefix}${name}`;
  if (Array.isArray(input)) {
    let next = 0;
    const walk = (nodes: Layout): void => {
      for (const node of nodes) {
        if (node.kind === "field" || node.kind === "list") {
          if (next >= input.length) badField(path(node.name), `missing (only ${input.length} value(s) given)`);
          const value = input[next++];
          out[node.name] = node.kind === "field" ? checkScalar(node.type, value, prefix, node.name) : prepareList(node, value, path(node.name));
        } else if (node.kind === "when") {
          const present = node.test.kind === "more" ? next < input.length : testPrepared(node.test, out);
          if (present) walk(node.nodes);
        }
      }
    };
    walk(layout);
    if (next < input.length) badField(prefix.replace(/\.$/, ""), `${input.length - next} value(s) more than the layout has`);
    return out;
  }
  if (!isPlainObject(input)) return badField(prefix.replace(/\.$/, ""), "object or wire-order array expected");
  const known = nameSetOf(layout);
  for (const key of Object.keys(input)) {
    if (!known.has(key)) badField(path(key), "unknown field");
  }
  const walk = (nodes: Layout): void => {
    for (const node of nodes) {
      if (node.kind === "field" || node.kind === "list") {
        const value = input[node.name];
        if (value === undefined) badField(path(node.name), "missing");
        out[node.name] = node.kind === "field" ? checkScalar(node.type, value, prefix, node.name) : prepareList(node, value, path(node.name));
      } else if (node.kind === "when") {
        const inner = namesOf(node.nodes);
        const present = node.test.kind === "more" ? inner.some((n) => input[n] !== undefined) : testPrepared(node.test, out);
        if (present) walk(node.nodes);
        else {
          const stray = inner.find((n) => input[n] !== undefined);
          if (stray !== undefined) badField(path(stray), `not on the wire unless ${describeCondition(node.test)}`);
        }
      }
    }
  };
  walk(layout);
  return out;
}

function testPrepared(test: Condition, out: Fields): boolean {
  if (test.kind === "set") return isSet(out[test.field]);
  if (test.kind === "eq") return out[test.field] === test.value;
  return false;
}

function describeCondition(test: Condition): string {
  if (test.kind === "set") return `${test.field} is set`;
  if (test.kind === "eq") return `${test.field} = ${test.value}`;
  return "more bytes follow";
}

/**
 * Checks and normalises untrusted field values for a layout: an object by field name or an
 * array in wire order (list items likewise), bytes as `Uint8Array`, byte array or hex string.
 * Throws a `ProtocolError` with code `bad_field`; the public encoders turn it into a value.
 */
export function prepareFields(layout: Layout, input: unknown): Fields {
  return prepareFieldsAt(layout, input, "");
}
