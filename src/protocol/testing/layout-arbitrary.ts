/**
 * Test support (not part of the protocol's public face; imports fast-check): random field values
 * for any layout, honouring conditions and counts, and the wire-order array form of a fields
 * object.
 */
import fc from "fast-check";
import type { Condition, ItemSpec, Layout, ListNode, ScalarType } from "../layout.ts";
import type { Fields } from "../layout-codec.ts";

const MAX_RANDOM_LIST_ITEMS = 4;
const MAX_RANDOM_STRING_LENGTH = 24;

const text = fc.oneof(
  fc.string({ maxLength: MAX_RANDOM_STRING_LENGTH }),
  fc.string({ unit: "binary", maxLength: MAX_RANDOM_STRING_LENGTH }),
);

const safeArray = fc
  .array(fc.record({ lowerBound: fc.nat(1000), count: fc.nat(4) }), { maxLength: 3 })
  .chain((bounds) => {
    const size = bounds.length === 0 ? 0 : bounds.reduce((n, b) => n * b.count, 1);
    return fc.uint8Array({ minLength: size, maxLength: size }).map((data) => ({ bounds, data }));
  });

/** A random value of one wire type. */
export function scalarArbitrary(type: ScalarType): fc.Arbitrary<unknown> {
  switch (type) {
    case "u8":
      return fc.integer({ min: 0, max: 0xff });
    case "i16":
      return fc.integer({ min: -0x8000, max: 0x7fff });
    case "i32":
      return fc.integer();
    case "f32":
      return fc.float();
    case "f64":
      return fc.double();
    case "bool":
      return fc.boolean();
    case "str":
      return text;
    case "varint":
      return fc.oneof(fc.nat(0x3fff), fc.maxSafeNat());
    case "sa8":
      return safeArray;
    case "bytes":
      return fc.uint8Array({ maxLength: 16 });
  }
}

function itemArbitrary(item: ItemSpec): fc.Arbitrary<unknown> {
  return typeof item === "string" ? scalarArbitrary(item) : fieldsArbitrary(item);
}

function listArbitrary(node: ListNode): fc.Arbitrary<unknown[]> {
  const item = itemArbitrary(node.item);
  if ("fixed" in node.count) return fc.array(item, { minLength: node.count.fixed, maxLength: node.count.fixed });
  return fc.array(item, { maxLength: MAX_RANDOM_LIST_ITEMS });
}

/** Names of fields that a `when` tests: they get their "off" value half of the time. */
function controllingFields(layout: Layout): Map<string, Condition> {
  const out = new Map<string, Condition>();
  for (const node of layout) {
    if (node.kind === "when") {
      if (node.test.kind !== "more") out.set(node.test.field, node.test);
      for (const [k, v] of controllingFields(node.nodes)) out.set(k, v);
    }
  }
  return out;
}

function holds(test: Condition, fields: Fields, moreFlag: boolean): boolean {
  if (test.kind === "more") return moreFlag;
  const value = fields[test.field];
  if (test.kind === "eq") return value === test.value;
  return value !== 0 && value !== false && value !== undefined;
}

/**
 * Random fields for a layout: every field present exactly when the layout puts it on the wire,
 * keys in wire order (like the decoder's output).
 */
export function fieldsArbitrary(layout: Layout): fc.Arbitrary<Fields> {
  const controls = controllingFields(layout);
  const pool: Record<string, fc.Arbitrary<unknown>> = {};
  const collect = (nodes: Layout) => {
    for (const node of nodes) {
      if (node.kind === "field") {
        const base = scalarArbitrary(node.type);
        const test = controls.get(node.name);
        if (test === undefined) pool[node.name] = base;
        else {
          const off = node.type === "bool" ? false : 0;
          const on = test.kind === "eq" ? fc.constant(test.value) : base;
          pool[node.name] = fc.oneof(fc.constant(off), on, base);
        }
      } else if (node.kind === "list") pool[node.name] = listArbitrary(node);
      else if (node.kind === "when") collect(node.nodes);
    }
  };
  collect(layout);
  return fc.record({ values: fc.record(pool), more: fc.boolean() }).map(({ values, more }) => {
    const out: Fields = {};
    const walk = (nodes: Layout) => {
      for (const node of nodes) {
        if (node.kind === "field" || node.kind === "list") out[node.name] = values[node.name];
        else if (node.kind === "when" && holds(node.test, out, more)) walk(node.nodes);
      }
    };
    walk(layout);
    return out;
  });
}

/** The wire-order array form of a fields object (list items as arrays too). */
export function toWireOrderArray(layout: Layout, fields: Fields): unknown[] {
  const out: unknown[] = [];
  const walk = (nodes: Layout) => {
    for (const node of nodes) {
      if (node.kind === "field") {
        if (node.name in fields) out.push(fields[node.name]);
      } else if (node.kind === "list") {
        if (!(node.name in fields)) continue;
        const items = fields[node.name] as unknown[];
        out.push(typeof node.item === "string" ? items : items.map((i) => toWireOrderArray(node.item as Layout, i as Fields)));
      } else if (node.kind === "when") walk(node.nodes);
    }
  };
  walk(layout);
  return out;
}

/**
 * How many values a decoded fields object holds (scalars, list items, string and byte lengths).
 * Every one of them costs at least one wire byte, so for any decoded body the total is at most
 * the body length: a decoder that allocates more than the frame is caught by this measure.
 */
export function decodedSize(value: unknown): number {
  if (typeof value === "string") return value.length;
  if (value instanceof Uint8Array) return value.length;
  if (Array.isArray(value)) return value.reduce<number>((n, v) => n + Math.max(1, decodedSize(v)), 0);
  if (typeof value === "object" && value !== null) {
    return Object.values(value).reduce<number>((n, v) => n + decodedSize(v), 0);
  }
  return 1;
}
