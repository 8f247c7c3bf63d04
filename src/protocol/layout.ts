/**
 * A small declarative language for packet layouts. One layout (an array of nodes in wire order)
 * per packet; the decoder, the encoder, the validator, the wire-order array reader and the
 * human-readable description are all derived from it, so they cannot disagree.
 *
 * The TypeScript type of a packet's fields is derived from the same layout (`FieldsOf`).
 */
import type { SafeArrayInt8 } from "./safe-array.ts";

/** Wire types of §1.3, plus `bytes` = "the rest of the body, unparsed". */
export type ScalarType = "u8" | "i16" | "i32" | "f32" | "f64" | "bool" | "str" | "varint" | "sa8" | "bytes";

/** The JS value of each wire type. */
export interface ScalarValues {
  u8: number;
  i16: number;
  i32: number;
  f32: number;
  f64: number;
  bool: boolean;
  str: string;
  varint: number;
  sa8: SafeArrayInt8;
  bytes: Uint8Array;
}

/** Wire types a list count can have. */
export type CountType = "u8" | "i16" | "varint";

export interface FieldNode<K extends string = string, T extends ScalarType = ScalarType> {
  readonly kind: "field";
  readonly name: K;
  readonly type: T;
}

/**
 * How many items a list has:
 * - `prefix`: a count of that type written just before the items;
 * - `fixed`: always that many items, no count on the wire;
 * - `countedBy`: the count is written earlier by a `count` node (e.g. `ShopInit`).
 */
export type ListCount =
  | { readonly prefix: CountType }
  | { readonly fixed: number }
  | { readonly countedBy: CountType };

export type ItemSpec = ScalarType | readonly LayoutNode[];

export interface ListNode<K extends string = string, I extends ItemSpec = ItemSpec> {
  readonly kind: "list";
  readonly name: K;
  readonly count: ListCount;
  readonly item: I;
}

/** Writes the length of a later `countedBy` list; carries no field of its own. */
export interface CountNode {
  readonly kind: "count";
  readonly list: string;
  readonly type: CountType;
}

/**
 * When a group of fields is on the wire:
 * - `set`: an earlier field is true / non-zero;
 * - `eq`: an earlier field equals a value;
 * - `more`: bytes remain in the body (trailing optional group; when encoding, present iff its
 *   fields are given).
 */
export type Condition =
  | { readonly kind: "set"; readonly field: string }
  | { readonly kind: "eq"; readonly field: string; readonly value: number }
  | { readonly kind: "more" };

export interface WhenNode<N extends readonly LayoutNode[] = readonly LayoutNode[]> {
  readonly kind: "when";
  readonly test: Condition;
  readonly nodes: N;
}

export type LayoutNode = FieldNode | ListNode | CountNode | WhenNode;
export type Layout = readonly LayoutNode[];

// ---------------------------------------------------------------------------------------------
// Builders

function field<const K extends string, const T extends ScalarType>(name: K, type: T): FieldNode<K, T> {
  return { kind: "field", name, type };
}

export const u8 = <const K extends string>(name: K) => field(name, "u8");
export const i16 = <const K extends string>(name: K) => field(name, "i16");
export const i32 = <const K extends string>(name: K) => field(name, "i32");
export const f32 = <const K extends string>(name: K) => field(name, "f32");
export const f64 = <const K extends string>(name: K) => field(name, "f64");
export const bool = <const K extends string>(name: K) => field(name, "bool");
export const str = <const K extends string>(name: K) => field(name, "str");
export const varint = <const K extends string>(name: K) => field(name, "varint");
export const sa8 = <const K extends string>(name: K) => field(name, "sa8");
/** The rest of the body as raw bytes (packets whose layout is unknown). */
export const bytes = <const K extends string>(name: K) => field(name, "bytes");

/** A list whose count (of type `count`) is written just before its items. */
export function list<const K extends string, const I extends ItemSpec>(name: K, count: CountType, item: I): ListNode<K, I> {
  return { kind: "list", name, count: { prefix: count }, item };
}

/** Exactly `count` items, no count on the wire. */
export function fixedList<const K extends string, const I extends ItemSpec>(name: K, count: number, item: I): ListNode<K, I> {
  return { kind: "list", name, count: { fixed: count }, item };
}

/** The count of list `listName`, written where this node stands (before the list itself). */
export function countOf(listName: string, type: CountType): CountNode {
  return { kind: "count", list: listName, type };
}

/** A list whose count was written earlier by `countOf(name, type)`. */
export function countedList<const K extends string, const I extends ItemSpec>(name: K, type: CountType, item: I): ListNode<K, I> {
  return { kind: "list", name, count: { countedBy: type }, item };
}

/** Fields present only when `fieldName` is true / non-zero. */
export function ifSet<const N extends readonly LayoutNode[]>(fieldName: string, nodes: N): WhenNode<N> {
  return { kind: "when", test: { kind: "set", field: fieldName }, nodes };
}

/** Fields present only when `fieldName` equals `value`. */
export function ifEq<const N extends readonly LayoutNode[]>(fieldName: string, value: number, nodes: N): WhenNode<N> {
  return { kind: "when", test: { kind: "eq", field: fieldName, value }, nodes };
}

/** Trailing fields present only when the body has bytes left. */
export function ifMore<const N extends readonly LayoutNode[]>(nodes: N): WhenNode<N> {
  return { kind: "when", test: { kind: "more" }, nodes };
}

// ---------------------------------------------------------------------------------------------
// Types derived from layouts

type UnionToIntersection<U> = (U extends unknown ? (arg: U) => void : never) extends (arg: infer I) => void ? I : never;
type Simplify<T> = { [K in keyof T]: T[K] } & {};

type ItemValue<I> = I extends ScalarType ? ScalarValues[I] : I extends readonly LayoutNode[] ? FieldsOf<I> : never;

type NodeFields<N> =
  N extends FieldNode<infer K, infer T>
    ? { [P in K]: ScalarValues[T] }
    : N extends ListNode<infer K, infer I>
      ? { [P in K]: ItemValue<I>[] }
      : N extends WhenNode<infer Inner>
        ? Partial<FieldsOf<Inner>>
        : never;

/** The fields object of a layout: one property per field, in wire order; `when` groups optional. */
export type FieldsOf<L extends readonly LayoutNode[]> = [NodeFields<L[number]>] extends [never]
  ? Record<string, never>
  : Simplify<UnionToIntersection<NodeFields<L[number]>>>;

// ---------------------------------------------------------------------------------------------
// Static facts about layouts

const SCALAR_MIN_BYTES: Record<ScalarType, number> = {
  u8: 1,
  i16: 2,
  i32: 4,
  f32: 4,
  f64: 8,
  bool: 1,
  str: 1,
  varint: 1,
  sa8: 1,
  bytes: 0,
};

const COUNT_BYTES: Record<CountType, number> = { u8: 1, i16: 2, varint: 1 };

/** Fewest bytes a layout can occupy (used to refuse impossible counts before allocating). */
export function minBytes(item: ItemSpec): number {
  if (typeof item === "string") return SCALAR_MIN_BYTES[item];
  let total = 0;
  for (const node of item) {
    switch (node.kind) {
      case "field":
        total += SCALAR_MIN_BYTES[node.type];
        break;
      case "count":
        total += COUNT_BYTES[node.type];
        break;
      case "list":
        if ("prefix" in node.count) total += COUNT_BYTES[node.count.prefix];
        else if ("fixed" in node.count) total += node.count.fixed * minBytes(node.item);
        break;
      case "when":
        break;
    }
  }
  return total;
}

/** Field names of a layout at its own level (`when` groups included), in wire order. */
export function fieldNames(layout: Layout): string[] {
  const names: string[] = [];
  for (const node of layout) {
    if (node.kind === "field" || node.kind === "list") names.push(node.name);
    else if (node.kind === "when") names.push(...fieldNames(node.nodes));
  }
  return names;
}

/** One-line human description, e.g. `u8 heading, i32 counter`. */
export function describeLayout(layout: Layout): string {
  if (layout.length === 0) return "(no payload)";
  return layout.map(describeNode).join(", ");
}

function describeItem(item: ItemSpec): string {
  return typeof item === "string" ? item : `{${describeLayout(item)}}`;
}

function describeNode(node: LayoutNode): string {
  switch (node.kind) {
    case "field":
      return `${node.type} ${node.name}`;
    case "count":
      return `${node.type} count(${node.list})`;
    case "list": {
      const c = node.count;
      if ("prefix" in c) return `${node.name}: ${c.prefix} count × ${describeItem(node.item)}`;
      if ("fixed" in c) return `${node.name}: ${c.fixed} × ${describeItem(node.item)}`;
      return `${node.name}: count(${node.name}) × ${describeItem(node.item)}`;
    }
    case "when": {
      const t = node.test;
      const head = t.kind === "set" ? `if ${t.field}` : t.kind === "eq" ? `if ${t.field} = ${t.value}` : "if more bytes";
      return `${head} [${describeLayout(node.nodes)}]`;
    }
  }
}

/**
 * Checks a layout for mistakes the type system cannot see; returns the problems found
 * (empty = fine). Run by the table tests for every packet.
 */
export function checkLayout(layout: Layout, path = ""): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const counted = new Set<string>();
  const earlier: Array<{ name: string; type?: ScalarType }> = [];
  const visit = (nodes: Layout, prefix: string) => {
    for (const node of nodes) {
      if (node.kind === "field" || node.kind === "list") {
        if (seen.has(node.name)) problems.push(`${prefix}${node.name}: duplicate field`);
        seen.add(node.name);
        earlier.push({ name: node.name, type: node.kind === "field" ? node.type : undefined });
      }
      if (node.kind === "field" && node.type === "bytes" && node !== nodes[nodes.length - 1]) {
        problems.push(`${prefix}${node.name}: bytes must be the last field`);
      }
      if (node.kind === "count") counted.add(node.list);
      if (node.kind === "list") {
        if ("countedBy" in node.count && !counted.has(node.name)) {
          problems.push(`${prefix}${node.name}: countedBy list without an earlier countOf`);
        }
        if (!("fixed" in node.count) && minBytes(node.item) === 0) {
          problems.push(`${prefix}${node.name}: counted list items must occupy at least one byte`);
        }
        if (typeof node.item !== "string") problems.push(...checkLayout(node.item, `${prefix}${node.name}[].`));
      }
      if (node.kind === "when") {
        if (node.test.kind !== "more") {
          const ref = node.test.field;
          const target = earlier.find((e) => e.name === ref);
          if (!target || target.type === undefined) problems.push(`${prefix}when: ${ref} is not an earlier scalar field`);
        } else if (node !== nodes[nodes.length - 1]) {
          problems.push(`${prefix}when(more) must be the last node`);
        }
        visit(node.nodes, prefix);
      }
    }
  };
  visit(layout, path);
  return problems;
}
