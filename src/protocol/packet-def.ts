import type { Layout } from "./layout.ts";

/**
 * Where a packet's layout comes from:
 * - `reference`: the layout tables of docs/ao20-protocol.md (§3.3, §3.4, §4);
 * - `vb6-source`: the reference gives no layout ("variable — see routine", "—"); derived from the
 *   VB6 writer and the reader on the other side (routines named in `note`);
 * - `opaque`: no layout known (the id is never sent); the body is kept as raw `payload` bytes.
 */
export type LayoutSource = "reference" | "vb6-source" | "opaque";

/** One row of a packet table: id, layout in wire order, provenance and an optional note. */
export interface PacketDef<I extends number = number, L extends Layout = Layout> {
  readonly id: I;
  readonly layout: L;
  readonly source: LayoutSource;
  readonly note?: string;
}

/** Declares a table row; `const` type parameters keep literal ids and field names for typing. */
export function packet<const I extends number, const L extends Layout>(
  id: I,
  layout: L,
  meta: { readonly source?: LayoutSource; readonly note?: string } = {},
): PacketDef<I, L> {
  return { id, layout, source: meta.source ?? "reference", ...(meta.note === undefined ? {} : { note: meta.note }) };
}
